/**
 * Calls of the spaces feature: the caller's spaces, one space, its readable projects, create/rename/delete,
 * typed by the contracts in packages/shared/src/schemas/spaces.ts. Mutations are silent: their callers show the error.
 */
import type { SpaceAddInput, SpaceInfo, SpaceItem, SpaceProject } from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export type { SpaceInfo, SpaceItem, SpaceProject as ProjectItem } from '@folio/shared';

/** The caller's spaces. */
export const fetchSpaces = () => api.get<SpaceItem[]>('space/listNormal');

/** The caller's spaces, as a query. */
export const useSpacesQuery = () => useQuery({ queryKey: ['spaces'], queryFn: fetchSpaces });

export const useSpaceInfo = (spaceId?: string) =>
  useQuery({
    queryKey: ['space', 'info', spaceId],
    queryFn: () => api.get<SpaceInfo>('space/info', { spaceId }),
    enabled: !!spaceId,
    meta: { silent: true },
    retry: false,
  });

/** The projects of a space the caller may read. */
export const fetchSpaceProjects = (spaceId: string) => api.get<SpaceProject[]>('space/project/list', { spaceId });

export const useSpaceProjects = (spaceId?: string) =>
  useQuery({
    queryKey: ['space', 'projects', spaceId],
    queryFn: () => fetchSpaceProjects(spaceId ?? ''),
    enabled: !!spaceId,
  });

/** Creates a space (the caller becomes its admin); answers its id. */
export const useAddSpaceMutation = () =>
  useMutation({
    mutationFn: (body: SpaceAddInput) => api.post<{ id: string }>('space/add', body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['spaces'] });
      await queryClient.invalidateQueries({ queryKey: ['perms'] });
    },
    meta: { silent: true },
  });

/** Renames a space. */
export const useRenameSpaceMutation = () =>
  useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api.post<null>('space/update', { id, name }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['space'] });
      queryClient.invalidateQueries({ queryKey: ['spaces'] });
    },
    meta: { silent: true },
  });

/** Moves a space to the trash; answers the trash item. */
export const useDeleteSpaceMutation = () =>
  useMutation({
    mutationFn: (id: string) => api.post<{ trashId: string }>('space/delete', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['spaces'] }),
    meta: { silent: true },
  });
