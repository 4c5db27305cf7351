/** Unread messages: polled every 30 s by the bell (spec §9). */
import { MESSAGE_POLL_MS } from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

export interface UserMessage {
  id: string;
  message: string;
  type: number;
  isRead: number;
  sourceId: string;
  gmtCreate?: number;
}

export interface MessagePage {
  total: number;
  list: UserMessage[];
}

/** Normalizes the unread answer (a page object, or a bare list) to {total, list}. */
export function unreadPage(data: unknown): MessagePage {
  if (Array.isArray(data)) return { total: data.length, list: data as UserMessage[] };
  if (data && typeof data === 'object' && Array.isArray((data as { list?: unknown }).list)) {
    const d = data as { list: UserMessage[]; total?: number };
    return { total: Number(d.total ?? d.list.length), list: d.list };
  }
  return { total: 0, list: [] };
}

/** Unread messages, refreshed every 30 s. */
export function useUnreadMessages() {
  return useQuery({
    queryKey: ['messages', 'unread'],
    queryFn: async () => unreadPage(await api.get<unknown>('user/message/unread')),
    refetchInterval: MESSAGE_POLL_MS,
    refetchIntervalInBackground: false,
    meta: { silent: true },
  });
}
