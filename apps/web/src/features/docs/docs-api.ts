/** Queries and calls of application management (modules, tree, docs, environments, shares, dictionaries). */
import type { DocDetail, TreeNode } from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { useEnvironmentsQuery, useModulesQuery } from '../application/api';

/** An application (the contract of packages/shared/src/schemas/applications.ts). */
export type { EnvironmentInfo as Environment, ModuleInfo as ModuleItem } from '@folio/shared';

/** Applications of a project. */
export const useModules = useModulesQuery;

/** Folder/doc tree of one application. */
export const useDocTree = (moduleId?: string) =>
  useQuery({
    queryKey: ['tree', moduleId],
    queryFn: async () => {
      const r = await api.get<TreeNode[] | { children?: TreeNode[] }>('doc/tree', { moduleId });
      return Array.isArray(r) ? r : (r.children ?? []);
    },
    enabled: !!moduleId,
  });

/** One doc with all its parameters. */
export const useDocDetail = (id?: string) =>
  useQuery({ queryKey: ['doc', id], queryFn: () => api.get<DocDetail>('doc/detail', { id }), enabled: !!id });

/** Environments of an application. */
export const useEnvironments = useEnvironmentsQuery;

/**
 * The one refresh rule for docs: after any change to an application's docs (save, status, lock, move, delete,
 * restore, import), every view that shows them is refreshed: the management tree, the doc detail, the reading
 * view (header included), the history lists. Without moduleId, every application's tree.
 */
export function invalidateModule(moduleId?: string) {
  queryClient.invalidateQueries({ queryKey: moduleId ? ['tree', moduleId] : ['tree'] });
  for (const key of ['doc', 'viewDoc', 'doc-snapshots', 'doc-changelog']) queryClient.invalidateQueries({ queryKey: [key] });
}

/** A mutation of an application's docs that refreshes every view of them (invalidateModule). Silent: callers show the error. */
const useDocsMutation = <V, R>(moduleId: string, send: (v: V) => Promise<R>) =>
  useMutation({ mutationFn: send, onSuccess: () => invalidateModule(moduleId), meta: { silent: true } });

/** Adds a folder under a folder ('' the root). */
export const useAddFolderMutation = (moduleId: string) =>
  useDocsMutation(moduleId, (v: { parentId: string; name: string }) => api.post<{ id: string }>('doc/folder/add', { moduleId, ...v }));

/** Renames a folder. */
export const useRenameFolderMutation = (moduleId: string) =>
  useDocsMutation(moduleId, (v: { id: string; name: string }) => api.post<null>('doc/folder/update', v));

/** Moves a doc or folder under a folder ('' the root), at a position among its new siblings (absent: last). */
export const useMoveDocMutation = (moduleId: string) =>
  useDocsMutation(moduleId, (v: { id: string; parentId: string; position?: number }) => api.post<null>('doc/move', v));

/** Locks or unlocks a doc. */
export const useDocLockMutation = (moduleId: string) =>
  useDocsMutation(moduleId, ({ id, locked }: { id: string; locked: boolean }) =>
    api.post<null>(locked ? 'doc/lock' : 'doc/unlock', { id }),
  );

/** Changes a doc's status. */
export const useDocStatusMutation = (moduleId: string) =>
  useDocsMutation(moduleId, (v: { id: string; status: number }) => api.post<null>('doc/status/update', v));

/**
 * Moves the doc a page shows to the trash; answers the trash item. A plain call, not a mutation: the page leaves the
 * doc as soon as this answers, and a mutation's state change would first re-render it on the deleted doc, which
 * then asks for the doc again and shows "not found".
 */
export const deleteShownDoc = (id: string) => api.post<{ trashId: string }>('doc/delete', { id });

/**
 * Moves a doc or folder to the trash (a folder with its docs when deleteChildren); answers the trash item.
 * It does not refresh by itself: a page showing the doc leaves it first, and a batch refreshes once.
 */
export const useDeleteDocMutation = () =>
  useMutation({
    mutationFn: (v: { id: string; deleteChildren?: boolean }) => api.post<{ trashId: string }>('doc/delete', v),
    meta: { silent: true },
  });
