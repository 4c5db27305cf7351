/**
 * Calls of the projects feature: one project, where it lives, the reader's projects across spaces, and
 * create/change/delete, typed by the contracts in packages/shared/src/schemas/projects.ts. Mutations are
 * silent: their callers (forms, confirmAction) show the error.
 */
import type { ProjectAddInput, ProjectInfo, ProjectPlace, ProjectUpdateInput, ViewProject } from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export type { ProjectInfo, ProjectPlace, ViewProject } from '@folio/shared';

export const useProjectInfo = (projectId?: string) =>
  useQuery({
    queryKey: ['project', 'info', projectId],
    queryFn: () => api.get<ProjectInfo>('project/info', { projectId }),
    enabled: !!projectId,
    meta: { silent: true },
    retry: false,
  });

/** Where a project lives (its space). */
export const fetchProjectPlace = (projectId: string) => api.get<ProjectPlace>('project/space', { projectId });

/** Every project the caller may read, across spaces. */
export const fetchViewProjects = () => api.get<ViewProject[]>('doc/view/projects');

/** Creates a project in a space; answers its id. */
export const useAddProjectMutation = (spaceId: string) =>
  useMutation({
    mutationFn: (body: Omit<ProjectAddInput, 'spaceId'>) => api.post<{ id: string }>('project/add', { ...body, spaceId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['space', 'projects', spaceId] });
      await queryClient.invalidateQueries({ queryKey: ['perms'] });
    },
    meta: { silent: true },
  });

/** Changes a project's name, description or privacy. */
export const useUpdateProjectMutation = () =>
  useMutation({
    mutationFn: (body: ProjectUpdateInput) => api.post<null>('project/update', body),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['project'] });
      queryClient.invalidateQueries({ queryKey: ['space', 'projects'] });
    },
    meta: { silent: true },
  });

/** Moves a project to the trash; answers the trash item. */
export const useDeleteProjectMutation = () =>
  useMutation({
    mutationFn: (id: string) => api.post<{ trashId: string }>('project/delete', { id }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['space', 'projects'] });
    },
    meta: { silent: true },
  });
