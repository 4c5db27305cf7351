/**
 * Calls of sign-in methods: what the login page offers, LDAP/form sign-in, and the super admin's OAuth2/OIDC
 * providers and test buttons, typed by the contracts in packages/shared/src/schemas/sso.ts and users.ts.
 * Mutations are silent: their callers (forms, buttons) show the error.
 */
import type { LoginResult, OAuthProviderItem, OAuthProviderSaveInput, OAuthProviderView, SsoMethods, SsoTestResult } from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export type { OAuthProviderItem, SsoMethods, SsoTestResult } from '@folio/shared';

const PROVIDERS = ['admin', 'oauth'];
const refreshProviders = () => {
  queryClient.invalidateQueries({ queryKey: PROVIDERS });
};

/** The sign-in methods the administrator enabled (asked before logging in: no session broadcast). */
export const useSignInMethodsQuery = () =>
  useQuery({
    queryKey: ['sso-methods'],
    queryFn: () => api.get<SsoMethods>('sso/methods', undefined, { silentSession: true }),
    staleTime: 60_000,
  });

/** Signs in through LDAP or the form source; answers the session token and the account status. */
export const loginWithSource = (v: { username: string; password: string; source: 'ldap' | 'form' }) =>
  api.post<LoginResult>('user/login', v, { silentSession: true });

/** Tries the LDAP or form settings, with a username and password or (LDAP) without: the server's full answer. */
export const testCredentials = (kind: 'ldap' | 'form', body: { username?: string; password?: string }) =>
  api.post<SsoTestResult>(`admin/sso/${kind}/test`, body);

/** The OAuth2/OIDC providers, with their callback URLs. */
export const useOAuthProvidersQuery = () =>
  useQuery({ queryKey: PROVIDERS, queryFn: () => api.get<OAuthProviderItem[]>('admin/sso/oauth/list') });

/** Adds a provider (id '') or changes one; refreshes the list. */
export const useSaveOAuthProviderMutation = () =>
  useMutation({
    mutationFn: (body: OAuthProviderSaveInput) => api.post<OAuthProviderView>('admin/sso/oauth/save', body),
    onSuccess: refreshProviders,
    meta: { silent: true },
  });

/** Deletes a provider; refreshes the list. */
export const useDeleteOAuthProviderMutation = () =>
  useMutation({
    mutationFn: (id: string) => api.post<null>('admin/sso/oauth/delete', { id }),
    onSuccess: refreshProviders,
    meta: { silent: true },
  });

/** Tries a provider's discovery/endpoints: the server's full answer. */
export const testOAuthProvider = (id: string) => api.post<SsoTestResult>('admin/sso/oauth/test', { id });
