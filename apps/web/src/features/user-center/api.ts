/**
 * Calls of the user centre: the profile, followed docs (and following one), in-site messages and the avatar upload, typed by the
 * contracts in packages/shared/src/schemas/users.ts and messages.ts. Mutations are silent: their callers
 * (forms, confirmAction, buttons) show the error.
 */
import { type FollowedDoc, MESSAGE_POLL_MS, type MessagePage, type UserProfileInput } from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export type { FollowedDoc, InSiteMessage, MessagePage } from '@folio/shared';

const MESSAGES = ['messages'];
const refreshMessages = () => queryClient.invalidateQueries({ queryKey: MESSAGES });

/** Changes the caller's profile (fields absent are kept), without refreshing anything (the language selector). */
export const updateProfile = (body: UserProfileInput) => api.post<null>('user/info/update', body);

/** Changes the caller's profile and refreshes the logged-in user. */
export const useUpdateProfileMutation = () =>
  useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me'] }),
    meta: { silent: true },
  });

/** Stores an uploaded file (base64) and answers its URL. */
export const uploadFile = (body: { filename: string; contentType: string; data: string }) => api.post<{ url: string }>('upload', body);

const FOLLOWED = ['followed'];
const followingKey = (docId: string) => ['isFollow', docId];

/** The docs the caller follows. */
export const useFollowedDocsQuery = () =>
  useQuery({ queryKey: FOLLOWED, queryFn: () => api.get<FollowedDoc[]>('user/subscribe/doc/list') });

/** Stops following a doc; refreshes the followed list. */
export const useUnfollowDocMutation = () =>
  useMutation({
    mutationFn: (docId: string) => api.post<null>('user/subscribe/doc/unfollow', { docId }),
    onSuccess: (_r, docId) => {
      queryClient.invalidateQueries({ queryKey: FOLLOWED });
      queryClient.invalidateQueries({ queryKey: followingKey(docId) });
    },
    meta: { silent: true },
  });

/** Whether the caller follows a doc. */
export const useFollowingDocQuery = (docId: string) =>
  useQuery({ queryKey: followingKey(docId), queryFn: () => api.get<boolean>('user/subscribe/doc/isFollow', { docId }) });

/**
 * Follows a doc (true) or stops following it (false). It stays pending until the doc's follow state has been read
 * again, so its button does not flip back meanwhile; its errors toast.
 */
export const useFollowDocMutation = (docId: string) =>
  useMutation({
    mutationFn: (follow: boolean) => api.post<null>(follow ? 'user/subscribe/doc/follow' : 'user/subscribe/doc/unfollow', { docId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: followingKey(docId) }),
        queryClient.invalidateQueries({ queryKey: FOLLOWED }),
      ]),
  });

/** A page of the caller's messages, unread only or all. */
export const useMessagePageQuery = (filter: 'unread' | 'all', page: { pageIndex: number; pageSize: number }) =>
  useQuery({
    queryKey: [...MESSAGES, 'page', filter, page],
    queryFn: () => api.get<MessagePage>('user/message/page', { ...page, ...(filter === 'unread' ? { isRead: 0 } : {}) }),
  });

/** Unread messages (count and latest), refreshed every 30 s by the bell (spec §9). */
export const useUnreadMessagesQuery = () =>
  useQuery({
    queryKey: [...MESSAGES, 'unread'],
    queryFn: () => api.get<MessagePage>('user/message/unread'),
    refetchInterval: MESSAGE_POLL_MS,
    refetchIntervalInBackground: false,
    meta: { silent: true },
  });

/** Marks one message read; refreshes the message lists and the bell. */
export const useSetMessageReadMutation = () =>
  useMutation({
    mutationFn: (id: string) => api.post<null>('user/message/setRead', { id }),
    onSuccess: () => {
      refreshMessages();
    },
    meta: { silent: true },
  });

/** Marks every message read; refreshes the message lists and the bell. */
export const useSetAllMessagesReadMutation = () =>
  useMutation({
    mutationFn: () => api.post<null>('user/message/setReadAll', {}),
    onSuccess: () => {
      refreshMessages();
    },
    meta: { silent: true },
  });
