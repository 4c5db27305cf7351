/**
 * Calls of the super admin's user management, typed by the contracts in packages/shared/src/schemas/users.ts.
 * Mutations are silent: their callers (forms, confirmAction) show the error; each refreshes the user list.
 */
import type {
  AdminUserAddInput,
  AdminUserCreated,
  AdminUserPage,
  AdminUserPageInput,
  AdminUserUpdateInput,
  AllocateProjectsInput,
} from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export type { UserInfo as AdminUser } from '@folio/shared';

const KEY = ['adminUsers'];
const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });

/** A page of users. */
export const useAdminUsersQuery = (q: Omit<AdminUserPageInput, 'pageSize'> & { pageSize?: number }) =>
  useQuery({ queryKey: [...KEY, q], queryFn: () => api.get<AdminUserPage>('admin/user/page', q) });

/** Adds a user; answers the one-time password. */
export const useAddUserMutation = () =>
  useMutation({
    mutationFn: (body: AdminUserAddInput) => api.post<AdminUserCreated>('admin/user/add', body),
    onSuccess: refresh,
    meta: { silent: true },
  });

/** Changes a user's nickname, e-mail or super-admin flag. */
export const useUpdateUserMutation = () =>
  useMutation({
    mutationFn: (body: AdminUserUpdateInput) => api.post<null>('admin/user/update', body),
    onSuccess: refresh,
    meta: { silent: true },
  });

/** Enables or disables a user. */
export const useUserEnabledMutation = () =>
  useMutation({
    mutationFn: ({ id, on }: { id: string; on: boolean }) => api.post<null>(on ? 'admin/user/enable' : 'admin/user/disable', { id }),
    onSuccess: refresh,
    meta: { silent: true },
  });

/** Resets a user's password; answers the one-time password. */
export const useResetUserPasswordMutation = () =>
  useMutation({
    mutationFn: (id: string) => api.post<{ password: string }>('admin/user/resetPassword', { id }),
    onSuccess: refresh,
    meta: { silent: true },
  });

/** Makes a user a member of projects. */
export const useAllocateProjectsMutation = () =>
  useMutation({
    mutationFn: (body: AllocateProjectsInput) => api.post<null>('admin/user/allocateProject', body),
    meta: { silent: true },
  });
