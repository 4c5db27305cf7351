/** Queries and calls of application management (modules, tree, docs, environments, shares, dictionaries). */
import type { DocDetail, DocParam, TreeNode } from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export interface ModuleItem {
  id: string;
  projectId: string;
  name: string;
  type?: number;
  orderIndex?: number;
  gmtCreate?: number;
}

export interface Environment {
  id?: string;
  moduleId?: string;
  name: string;
  url: string;
  isPublic: number;
  orderIndex: number;
  headers: DocParam[];
  params: DocParam[];
}

/** Applications of a project. */
export const useModules = (projectId?: string) =>
  useQuery({
    queryKey: ['modules', projectId],
    queryFn: () => api.get<ModuleItem[]>('module/list', { projectId }),
    enabled: !!projectId,
  });

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
export const useEnvironments = (moduleId?: string) =>
  useQuery({
    queryKey: ['envs', moduleId],
    queryFn: () => api.get<Environment[]>('module/environment/list', { moduleId }),
    enabled: !!moduleId,
  });

/** Refreshes every view of an application's docs after a change. */
export function invalidateModule(moduleId?: string) {
  queryClient.invalidateQueries({ queryKey: ['tree', moduleId] });
  queryClient.invalidateQueries({ queryKey: ['doc'] });
}
