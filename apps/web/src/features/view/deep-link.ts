/**
 * A deep link's data starts loading as soon as the app's entry runs, in parallel with the code of its page
 * (which used to start these fetches only once it had loaded, 0.3–0.5 s later on a fresh visit):
 *   - /view/{docId}: the doc, where it lives and, as soon as its project is known, that project's tree (the tree
 *     the page shows by default), plus the remembered project's or space's tree;
 *   - /share/{shareId}[/{docId}]: the share, its tree (the grant kept from an earlier visit goes along) and the doc;
 *   - /show/{showId}[/{docId}]: the compose view's info, its menu and the doc, likewise (an encrypted project's
 *     server answers its menu and doc to the grant only: without one the page shows its password box).
 * The pages read the same query keys, so nothing is asked twice; the server checks everything on each call.
 * The first tree and doc (and /show's info) carry the live revision they were built from, for the page's poller.
 */
import { DEFAULT_DIMENSION, Dimension } from '@folio/shared';
import { getToken } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { readLocal } from '../../lib/storage';
import { composeMenuKey, fetchComposeMenu } from '../compose/show-api';
import { composeInfoQuery, type DocViewSource, fetchViewDoc, viewDocKey } from '../doc-view/doc-source';
import { readGrant } from '../doc-view/grants';
import { fetchShareMenu, shareInfoQuery, shareMenuKey } from '../share/api';
import { docLocationKey, fetchDocLocation, fetchViewTree, viewTreeKey } from './view-api';

/** Local storage keys of the preview's tree: its dimension and the selected project and space. */
export const DIM_KEY = 'folio.view.dimension';
export const PROJECT_KEY = 'folio.view.projectId';
export const SPACE_KEY = 'folio.view.spaceId';

const USER: DocViewSource = { kind: 'user' };
const quiet = { retry: false, meta: { silent: true } } as const;

/** The preview tree of a project or space, fetched ahead (the page's query keeps it 30 s, as here). */
const prefetchViewTree = (bySpace: boolean, id: string) =>
  queryClient.prefetchQuery({
    queryKey: viewTreeKey(bySpace, id),
    queryFn: () => fetchViewTree(bySpace, id, true),
    meta: { silent: true },
    staleTime: 30_000,
  });

/** Starts fetching what the page at `pathname` shows first (nothing for other pages). */
export function prefetchDeepLink(pathname: string): void {
  if (pathname === '/view' || pathname.startsWith('/view/')) {
    if (!getToken()) return;
    const bySpace = readLocal<number>(DIM_KEY, DEFAULT_DIMENSION) === Dimension.SPACE;
    const docId = /^\/view\/([^/]+)/.exec(pathname)?.[1];
    if (docId) {
      // The page's poller starts after these: they say which revision of the doc's tree they were built from.
      const scope = bySpace ? 'space' : 'project';
      void queryClient.prefetchQuery({ queryKey: viewDocKey(docId, USER), queryFn: () => fetchViewDoc(docId, USER, scope), ...quiet });
      void queryClient.prefetchQuery({
        queryKey: docLocationKey(docId),
        // The page shows the doc's own project: its tree need not wait for the project's space.
        queryFn: () => fetchDocLocation(docId, bySpace ? undefined : (projectId) => void prefetchViewTree(false, projectId)),
        ...quiet,
      });
    }
    // The remembered project/space tree too (usually the deep-linked doc's own).
    const sel = readLocal(bySpace ? SPACE_KEY : PROJECT_KEY, '');
    if (sel) void prefetchViewTree(bySpace, sel);
    return;
  }
  if (pathname.startsWith('/show/')) {
    prefetchShow(pathname);
    return;
  }
  const m = /^\/share\/([^/]+)(?:\/([^/]+))?/.exec(pathname);
  if (m) {
    const [, shareId, docId] = m;
    const source = { kind: 'share', shareId } as const;
    void queryClient.prefetchQuery(shareInfoQuery(shareId));
    void queryClient.prefetchQuery({
      queryKey: shareMenuKey(shareId),
      queryFn: () => fetchShareMenu(shareId, readGrant('share', shareId), true),
      ...quiet,
    });
    if (docId)
      void queryClient.prefetchQuery({
        queryKey: viewDocKey(docId, source),
        queryFn: () => fetchViewDoc(docId, source, 'share'),
        ...quiet,
      });
  }
}

/** A compose view's info, menu and doc (not an extra page: `page-…`, read from the info's list when shown). */
function prefetchShow(pathname: string): void {
  const m = /^\/show\/([^/]+)(?:\/([^/]+))?/.exec(pathname);
  if (!m) return;
  const [, showId, docId] = m;
  const source = { kind: 'compose', showId } as const;
  void queryClient.prefetchQuery(composeInfoQuery(showId));
  void queryClient.prefetchQuery({
    queryKey: composeMenuKey(showId),
    queryFn: () => fetchComposeMenu(showId, readGrant('compose', showId), true),
    ...quiet,
  });
  if (docId && !docId.startsWith('page-'))
    void queryClient.prefetchQuery({
      queryKey: viewDocKey(docId, source),
      queryFn: () => fetchViewDoc(docId, source, 'compose'),
      ...quiet,
    });
}
