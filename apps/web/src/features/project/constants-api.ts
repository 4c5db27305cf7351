/**
 * Calls of the constants page of a project or an application, typed by the contracts in
 * packages/shared/src/schemas/constants.ts. Saving refreshes the page; the caller shows the error.
 */
import type { ConstantPage } from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

/** Whose constants: a project's or an application's. */
export interface ConstantOwner {
  scope: 'projectId' | 'moduleId';
  id: string;
}

const constantKey = ({ scope, id }: ConstantOwner) => ['constant', scope, id];

/** The constants text ('' before the first save). */
export const useConstantQuery = (owner: ConstantOwner) =>
  useQuery({
    queryKey: constantKey(owner),
    queryFn: async () => (await api.get<ConstantPage>('constant/get', { [owner.scope]: owner.id })).content,
  });

/** Saves the constants text; the page is asked again before the promise resolves. */
export const useSaveConstantMutation = (owner: ConstantOwner) =>
  useMutation({
    mutationFn: (content: string) => api.post<null>('constant/save', { [owner.scope]: owner.id, content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: constantKey(owner) }),
    meta: { silent: true },
  });
