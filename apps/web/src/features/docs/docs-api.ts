/** Queries and calls of application management (modules, tree, docs, environments, shares, dictionaries). */
import type { DocDetail, TreeNode } from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
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
