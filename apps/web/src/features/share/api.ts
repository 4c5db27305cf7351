/**
 * Calls of the shares feature, typed by the contracts in packages/shared/src/schemas/shares.ts:
 * management (list, save, enable/disable, rotate, delete, password) and the visitor's reads.
 * Management mutations are silent: their callers (the dialog's form, confirmAction) show the error.
 */
import type {
  Revision,
  ShareAddInput,
  ShareCreated,
  ShareGrant,
  ShareInfo,
  ShareInput,
  ShareItem,
  ShareLink,
  SharePassword,
  TreeNode,
} from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { grantHeaders } from '../doc-view/grants';
import { keepRevision } from '../view/live';

export type { ShareInfo, ShareItem } from '@folio/shared';

const sharesKey = (moduleId: string) => ['shares', moduleId];
const refreshShares = (moduleId: string) => queryClient.invalidateQueries({ queryKey: sharesKey(moduleId) });

/** The shares of an application (for those who may manage them). */
export const useSharesQuery = (moduleId: string, enabled = true) =>
  useQuery({ queryKey: sharesKey(moduleId), queryFn: () => api.get<ShareItem[]>('share/list', { moduleId }), enabled });

/** Adds a share (no id) or replaces an existing one's settings. */
export const useSaveShareMutation = (moduleId: string) =>
  useMutation({
    mutationFn: ({ id, ...body }: ShareInput & { id?: string }): Promise<ShareCreated | null> =>
      id
        ? api.post<null>('share/update', { id, ...body })
        : api.post<ShareCreated>('share/add', { moduleId, ...body } satisfies ShareAddInput),
    onSuccess: () => refreshShares(moduleId),
    meta: { silent: true },
  });

/** Turns a share's link on or off. */
export const useShareStatusMutation = (moduleId: string) =>
  useMutation({
    mutationFn: ({ id, on }: { id: string; on: boolean }) => api.post<null>(on ? 'share/enable' : 'share/disable', { id }),
    onSuccess: () => refreshShares(moduleId),
    meta: { silent: true },
  });

/** Gives a share a new link. */
export const useRotateShareMutation = (moduleId: string) =>
  useMutation({
    mutationFn: (id: string) => api.post<ShareLink>('share/rotate', { id }),
    onSuccess: () => refreshShares(moduleId),
    meta: { silent: true },
  });

/** Deletes a share. */
export const useDeleteShareMutation = (moduleId: string) =>
  useMutation({
    mutationFn: (id: string) => api.post<null>('share/delete', { id }),
    onSuccess: () => refreshShares(moduleId),
    meta: { silent: true },
  });

/** The password of an encrypted share (read on demand, to copy it). */
export const fetchSharePassword = (id: string) => api.get<SharePassword>('share/password', { id });

/** What a visitor needs before reading a share. */
export const fetchShareInfo = (shareId: string) => api.get<ShareInfo>('share/get', { id: shareId }, { silentSession: true });

/** The query of what a visitor needs before reading a share (also prefetched by deep links). */
export const shareInfoQuery = (shareId: string) => ({
  queryKey: ['share', shareId],
  queryFn: () => fetchShareInfo(shareId),
  retry: false,
  meta: { silent: true },
});

/** What a visitor needs before reading a share, as a query. */
export const useShareInfoQuery = (shareId: string) => useQuery(shareInfoQuery(shareId));

/**
 * Key of a share's tree. The grant is not part of it: a public share's info signs a fresh grant each time it is
 * read, and a grant only changes otherwise through the password box, which reloads the page.
 */
export const shareMenuKey = (shareId: string) => ['share', shareId, 'menu'];

/**
 * The share's folder/doc tree, read with a grant (encrypted shares) or none; `live`: with the share's live revision
 * it was built from (a page's first menu, fetched before its poller starts).
 */
export const fetchShareMenu = (shareId: string, grant: string | undefined, live = false) =>
  live
    ? api.get<TreeNode[]>('share/menu', { id: shareId, live: '1' }, { ...grantHeaders(grant), ...keepRevision(shareMenuKey(shareId)) })
    : api.get<TreeNode[]>('share/menu', { id: shareId }, grantHeaders(grant));

/** The share's folder/doc tree, once the visitor holds a grant (or needs none). */
export const useShareMenuQuery = (shareId: string, grant: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: shareMenuKey(shareId),
    queryFn: () => fetchShareMenu(shareId, grant),
    enabled,
    retry: false,
    meta: { silent: true },
  });

/** The share's revision, polled by open pages (live docs). */
export const fetchShareRevision = (shareId: string, grant: string | undefined) =>
  api.get<Revision>('share/revision', { id: shareId }, grantHeaders(grant));

/** Checks an encrypted share's password (md5 of the trimmed text); returns the grant. */
export const checkSharePassword = (shareId: string, passwordMd5: string) =>
  api.post<ShareGrant>('share/checkPassword', { id: shareId, password: passwordMd5 }, { silentSession: true });
