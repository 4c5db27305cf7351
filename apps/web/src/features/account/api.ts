/**
 * Calls of the account pages (first password, sign-up, forgot/reset/change password), typed by the contracts
 * in packages/shared/src/schemas/users.ts. Mutations are silent: their forms show the error beside the fields.
 * Login and logout live in lib/auth.ts (the shell needs them too).
 */
import type {
  FirstPasswordInput,
  ForgotPasswordInput,
  PasswordChangeInput,
  RegisterInput,
  ResetAvailable,
  ResetPasswordInput,
  UserInfo,
} from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

/** The logged-in user, read once without broadcasting a session code (the login page asks right after logging in). */
export const fetchMeQuietly = () => api.get<UserInfo>('user/info', undefined, { silentSession: true });

/** Sets the first password of a new or reset account; every cached answer is refreshed (the status changed). */
export const useSetFirstPasswordMutation = () =>
  useMutation({
    mutationFn: (body: FirstPasswordInput) => api.post<null>('user/password/setFirst', body),
    onSuccess: () => {
      queryClient.invalidateQueries();
    },
    meta: { silent: true },
  });

/** Signs up (when the system setting allows it). */
export const useRegisterMutation = () =>
  useMutation({ mutationFn: (body: RegisterInput) => api.post<null>('user/reg', body), meta: { silent: true } });

/** Whether reset links can be e-mailed (SMTP configured). */
export const useResetAvailableQuery = () =>
  useQuery({
    queryKey: ['resetAvailable'],
    queryFn: () => api.get<ResetAvailable>('user/password/resetAvailable', undefined, { silentSession: true }),
  });

/** E-mails a reset link to the account named (answers the same whether or not it exists). */
export const useForgotPasswordMutation = () =>
  useMutation({
    mutationFn: (body: ForgotPasswordInput) => api.post<null>('user/password/forgot', body, { silentSession: true }),
    meta: { silent: true },
  });

/** Sets a new password from an e-mailed link. */
export const useResetPasswordMutation = () =>
  useMutation({
    mutationFn: (body: ResetPasswordInput) => api.post<null>('user/password/reset', body, { silentSession: true }),
    meta: { silent: true },
  });

/** Changes the logged-in user's password. */
export const useChangePasswordMutation = () =>
  useMutation({
    mutationFn: (body: PasswordChangeInput) => api.post<null>('user/password/update', body),
    meta: { silent: true },
  });
