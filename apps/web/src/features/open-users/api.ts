/**
 * Calls of the open users of a space (app key + secret pairs), typed by the contracts in
 * packages/shared/src/schemas/open-users.ts. Mutations are silent: the page shows the error.
 */
import type { OpenUser, OpenUserAddInput, OpenUserWithSecret } from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export type { OpenUser, OpenUserWithSecret } from '@folio/shared';

const openUsersKey = (spaceId: string) => ['openusers', spaceId];
const refresh = (spaceId: string) => queryClient.invalidateQueries({ queryKey: openUsersKey(spaceId) });

/** The open users of a space. */
export const useOpenUsersQuery = (spaceId: string) =>
  useQuery({ queryKey: openUsersKey(spaceId), queryFn: () => api.get<OpenUser[]>('space/openuser/list', { spaceId }) });

/** Creates a pair; answers it with its secret (shown once). */
export const useAddOpenUserMutation = (spaceId: string) =>
  useMutation({
    mutationFn: (applicant: string) =>
      api.post<OpenUserWithSecret>('space/openuser/add', { spaceId, applicant } satisfies OpenUserAddInput),
    onSuccess: () => refresh(spaceId),
    meta: { silent: true },
  });

/** Gives a pair a new secret; answers it with the secret (shown once). */
export const useResetOpenUserSecretMutation = (spaceId: string) =>
  useMutation({
    mutationFn: (id: string) => api.post<OpenUserWithSecret>('space/openuser/resetSecret', { id }),
    onSuccess: () => refresh(spaceId),
    meta: { silent: true },
  });

/** Turns a pair on or off. */
export const useOpenUserStatusMutation = (spaceId: string) =>
  useMutation({
    mutationFn: ({ id, status }: { id: string; status: 0 | 1 }) => api.post<null>('space/openuser/setStatus', { id, status }),
    onSuccess: () => refresh(spaceId),
    meta: { silent: true },
  });

/** Deletes a pair. */
export const useDeleteOpenUserMutation = (spaceId: string) =>
  useMutation({
    mutationFn: (id: string) => api.post<null>('space/openuser/delete', { id }),
    onSuccess: () => refresh(spaceId),
    meta: { silent: true },
  });
