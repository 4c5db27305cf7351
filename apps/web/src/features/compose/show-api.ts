/**
 * The anonymous reads of a compose view (/show/{publicId}; the grant of a password is sent as a header), apart from
 * the management calls in api.ts: the page's chunk carries only these.
 */
import type { ComposeViewPage, Revision, TreeNode } from '@folio/shared';
import { api } from '../../lib/api';
import { grantHeaders } from '../doc-view/grants';
import { keepRevision } from '../view/live';

/** Key of a compose view's menu (the grant left out: a public project's info signs a fresh one on every read). */
export const composeMenuKey = (showId: string) => ['show', showId, 'menu'];

/**
 * The menu of a compose view; `live`: with the view's live revision it was built from (a deep link's first menu,
 * fetched before the page's poller starts).
 */
export const fetchComposeMenu = (showId: string, grant: string, live = false) =>
  live
    ? api.get<TreeNode[]>(
        'compose/doc/menu',
        { projectId: showId, live: '1' },
        { ...grantHeaders(grant), ...keepRevision(composeMenuKey(showId)) },
      )
    : api.get<TreeNode[]>('compose/doc/menu', { projectId: showId }, grantHeaders(grant));

/** The revision of what a compose view shows (live docs poll it). */
export const fetchComposeRevision = (showId: string, grant: string) =>
  api.get<Revision>('compose/doc/revision', { projectId: showId }, grantHeaders(grant));

/** An extra page of a compose view. */
export const fetchComposePage = (showId: string, pageId: string, grant: string) =>
  api.get<ComposeViewPage>('compose/page/get', { projectId: showId, id: pageId }, grantHeaders(grant));
