/** Current user and permissions (loaded on entering the layouts), plus login/logout. */
import { type Action, can, type LoginResult, type Perms, type UserInfo } from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
import { api, getToken, setToken } from './api';
import { queryClient } from './query';

/** The logged-in user (GET /api/user/info; packages/shared/src/schemas/users.ts). */
export type Me = UserInfo;

/** The logged-in user. */
export function useMe() {
  return useQuery({ queryKey: ['me'], queryFn: () => api.get<Me>('user/info'), enabled: !!getToken(), staleTime: 60_000 });
}

/** Roles of the logged-in user (spec §6). */
export function usePerms() {
  return useQuery({ queryKey: ['perms'], queryFn: () => api.get<Perms>('user/perm/get'), enabled: !!getToken(), staleTime: 30_000 });
}

/** A `can(action, scopeId)` bound to the loaded permissions (false while loading). */
export function useCan(): (action: Action, scopeId?: string) => boolean {
  const { data } = usePerms();
  return (action, scopeId) => can(data, action, scopeId);
}

/** Logs in and keeps the token; returns the account status (2 = must set a password). */
export async function login(username: string, password: string, silent = false): Promise<{ status: number }> {
  const r = await api.post<LoginResult>('user/login', { username, password }, { silentSession: silent });
  setToken(r.token);
  queryClient.removeQueries({ queryKey: ['me'] });
  queryClient.removeQueries({ queryKey: ['perms'] });
  return { status: r.status };
}

/** Revokes the session and forgets the token. */
export async function logout(): Promise<void> {
  try {
    await api.post('user/logout', {}, { silentSession: true });
  } catch {
    /* the token is dropped either way */
  }
  setToken(null);
  queryClient.clear();
}
