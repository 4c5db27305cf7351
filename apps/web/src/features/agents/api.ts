/**
 * Calls of the access tokens page (personal read-only tokens for agents and scripts), typed by the contracts
 * in packages/shared/src/schemas/agents.ts. Each mutation refreshes the token list; they are silent: the
 * create form and confirmAction show the error.
 */
import type { AccessToken, AccessTokenCreated } from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export type { AccessToken } from '@folio/shared';

const KEY = ['access-tokens'];
const refresh = () => {
  queryClient.invalidateQueries({ queryKey: KEY });
};

/** The caller's personal access tokens (never the tokens themselves). */
export const useAccessTokensQuery = () => useQuery({ queryKey: KEY, queryFn: () => api.get<AccessToken[]>('user/token/list') });

/** Creates a token; answers it, shown this once. */
export const useCreateAccessTokenMutation = () =>
  useMutation({
    mutationFn: (v: { name: string; expiresInDays?: number }) => api.post<AccessTokenCreated>('user/token/create', v),
    onSuccess: refresh,
    meta: { silent: true },
  });

/** Revokes a token. */
export const useRevokeAccessTokenMutation = () =>
  useMutation({ mutationFn: (id: string) => api.post<null>('user/token/revoke', { id }), onSuccess: refresh, meta: { silent: true } });
