/**
 * Compose view (/show/{showId}[/{docId}]): 'Document not found' when the project is disabled or unknown,
 * the password box when encrypted, then the composed tree, its extra pages and the docs. A deep link to a doc loads
 * the reader's chunk and this small one: the gates, the project's intro and its extra pages are chunks of their own
 * (antd's Form, Card and Result, the Markdown renderer), fetched when shown.
 */
import { FolderType, type TreeNode } from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { ApiError } from '../../lib/api';
import { composeInfoKey, composeInfoQuery } from '../doc-view/doc-source';
import { DocView } from '../doc-view/doc-view';
import { readGrant, storeGrant } from '../doc-view/grants';
import { SearchBox } from '../search/search-box';
import { firstDoc, GateMessage, gate, PasswordBox, spin } from '../share/share-page';
import { LangPicker } from '../view/lang-picker';
import { useLiveRevision } from '../view/live';
import { ReaderLayout } from '../view/reader-layout';
import { composeMenuKey, fetchComposeMenu, fetchComposeRevision } from './show-api';

const ShowIntro = lazy(() => import('./show-extras').then((m) => ({ default: m.ShowIntro })));
const ExtraPage = lazy(() => import('./show-extras').then((m) => ({ default: m.ExtraPage })));

const PAGE_PREFIX = 'page-';

export function ShowPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showId = '', docId } = useParams();
  const info = useQuery(composeInfoQuery(showId));
  const grant = info.data ? info.data.grant || readGrant('compose', showId) : '';
  // The key leaves the grant out too: a public project's info re-signs it on every read, and a key holding it
  // fetched the menu again after each live refresh of the info (the fetch uses the grant of the latest render).
  const menu = useQuery({
    queryKey: composeMenuKey(showId),
    enabled: !!info.data && (!info.data.needPassword || !!grant),
    retry: false,
    meta: { silent: true },
    queryFn: () => fetchComposeMenu(showId, grant),
  });
  // Live docs: the compose tree, its pages and the open doc follow changes to what it references.
  // The scope leaves the grant out: a public project's info hands out a freshly signed grant each time it is
  // refetched, and a scope that changed with it started over, refetched the info, and so on every second.
  useLiveRevision({
    scope: ['show', showId],
    enabled: !!info.data && (!info.data.needPassword || !!grant),
    fetchRevision: () => fetchComposeRevision(showId, grant),
    // The info was read before the poll could start (it says whether a password is asked), with the revision it was
    // built from: refetched at the baseline only when that moved, then on every change (`follow`).
    follow: [composeInfoKey(showId)],
    refresh: [composeMenuKey(showId), ['show', showId, 'page'], ['viewDoc', 'compose', showId]],
  });
  useEffect(() => {
    if (info.data?.grant) storeGrant('compose', showId, info.data.grant);
  }, [info.data, showId]);

  // Extra pages come first in the tree, as plain leaves.
  const nodes = useMemo<TreeNode[]>(() => {
    const pages = (info.data?.pages ?? []).map((p) => ({
      id: `${PAGE_PREFIX}${p.id}`,
      label: p.title,
      name: p.title,
      type: FolderType.DOC,
      docId: `${PAGE_PREFIX}${p.id}`,
      parentId: '',
      url: '',
      httpMethod: '',
      isFolder: 0,
      apiCount: 0,
      docType: 3,
      deprecated: '$false$',
      children: [],
    }));
    return [...pages, ...(menu.data ?? [])];
  }, [info.data, menu.data]);

  useEffect(() => {
    if (docId || !menu.data) return;
    const first = firstDoc(nodes);
    if (first) navigate(`/show/${showId}/${first.docId || first.id}`, { replace: true });
  }, [docId, menu.data, nodes, navigate, showId]);

  if (info.isLoading) return spin;
  if (info.error || !info.data) return gate(<GateMessage status="404" title={t('view.docNotFound')} />);
  const data = info.data;
  const menuError = menu.error as ApiError | null;
  if ((data.needPassword && !grant) || menuError?.error === 'share_password_required') {
    if (menuError) storeGrant('compose', showId, '');
    return gate(<PasswordBox kind="compose" id={showId} title={data.name} />);
  }
  if (menuError) return gate(<GateMessage status="404" title={t('view.docNotFound')} />);

  const isPage = docId?.startsWith(PAGE_PREFIX);
  return (
    <ReaderLayout
      brand={<span data-testid="reader-brand">{data.name}</span>}
      actions={
        <>
          <SearchBox source={{ kind: 'compose', showId, grant }} compact />
          <LangPicker />
        </>
      }
      nodes={nodes}
      treeLoading={menu.isLoading}
      basePath={`/show/${showId}`}
      docId={docId}
    >
      {!docId ? (
        <Suspense>
          <ShowIntro name={data.name} description={data.description} />
        </Suspense>
      ) : isPage ? (
        <Suspense>
          <ExtraPage showId={showId} pageId={docId.slice(PAGE_PREFIX.length)} grant={grant} />
        </Suspense>
      ) : (
        <DocView key={docId} docId={docId} source={{ kind: 'compose', showId, grant }} />
      )}
    </ReaderLayout>
  );
}
