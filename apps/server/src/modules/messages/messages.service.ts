/**
 * Subscriptions (following docs and projects) and in-site messages: the one multi-row insert other features
 * (notices, pushes) use to notify users, and the reader's lists. No HTTP types.
 */
import { type FollowedDoc, type InSiteMessage, type MessagePage, UNREAD_BADGE_MAX } from '@folio/shared';
import type { AppContext } from '../../context.js';
import { insertMany, type Tx } from '../../db/database.js';
import { parseParams, renderText, type StoredText } from '../../i18n/stored-text.js';
import { notFound } from '../../lib/errors.js';
import { type Memberships, projectRole } from '../../permissions/authorize.js';
import type { SessionUser } from '../../plugins/auth.js';
import * as repo from './messages.repo.js';

type Ctx = Pick<AppContext, 'db' | 'ids'>;

/** Max stored length of a message text. */
export const MESSAGE_MAX = 1000;

/**
 * Sends one message to many users in one multi-row insert (inside the caller's transaction). A message is a
 * key with params, written in each reader's language when listed; `message` keeps it in `lang` (the server's
 * default language) for readers of the table itself. A plain string is stored as it is.
 */
export async function sendMessages(
  tx: Tx,
  userIds: number[],
  msg: { message: StoredText | string; type: number; sourceId: number },
  lang = 'zh-CN',
): Promise<void> {
  const unique = [...new Set(userIds.filter((x) => x > 0))];
  if (!unique.length) return;
  const now = Date.now();
  const keyed = typeof msg.message === 'string' ? null : msg.message;
  const message = renderText(lang, msg.message).slice(0, MESSAGE_MAX);
  const messageKey = keyed ? keyed.key : null;
  const messageParams = keyed?.params ? JSON.stringify(keyed.params) : null;
  await insertMany(
    tx,
    'messages',
    unique.map((userId) => ({
      userId,
      message,
      messageKey,
      messageParams,
      type: msg.type,
      sourceId: msg.sourceId,
      isRead: 0,
      createdAt: now,
    })),
    500,
  );
}

/** A listed message's text in the reader's language (rows without a key: their stored text). */
export function messageText(lang: string, row: { message: string; messageKey: string | null; messageParams: string | null }): string {
  if (!row.messageKey) return row.message;
  return renderText(lang, { key: row.messageKey, params: parseParams(row.messageParams) ?? {} }).slice(0, MESSAGE_MAX);
}

/** Follows (on) or unfollows a doc or project; asking for the state it is already in changes nothing. */
export async function follow(ctx: Ctx, userId: number, type: number, sourceId: number, on: boolean): Promise<void> {
  if (!on) return repo.deleteSubscription(ctx.db, userId, type, sourceId);
  if (await repo.isFollowing(ctx.db, userId, type, sourceId)) return;
  try {
    await repo.insertSubscription(ctx.db, userId, type, sourceId);
  } catch (e) {
    // A concurrent follow won the unique index: the state is what was asked.
    if (!(await repo.isFollowing(ctx.db, userId, type, sourceId))) throw e;
  }
}

/** True when the user follows that doc or project. */
export function isFollowing(ctx: Ctx, userId: number, type: number, sourceId: number): Promise<boolean> {
  return repo.isFollowing(ctx.db, userId, type, sourceId);
}

/** The user's followed docs that still exist and that the user can still see. */
export async function followedDocs(ctx: Ctx, user: SessionUser, m: Memberships): Promise<FollowedDoc[]> {
  const rows = await repo.followedDocs(ctx.db, user.id);
  return rows
    .filter((r) => projectRole(user, m, { id: r.projectId, spaceId: r.spaceId, isPrivate: r.isPrivate }))
    .map((r) => ({
      id: ctx.ids.encode(r.subId),
      docId: ctx.ids.encode(r.id),
      name: r.name,
      url: r.url,
      httpMethod: r.httpMethod,
      docType: r.type,
      moduleId: ctx.ids.encode(r.moduleId),
      moduleName: r.moduleName,
      projectId: ctx.ids.encode(r.projectId),
      projectName: r.projectName,
      gmtCreate: Number(r.createdAt),
    }));
}

const present = (ctx: Ctx, lang: string, m: repo.MessageRow): InSiteMessage => ({
  id: ctx.ids.encode(m.id),
  message: messageText(lang, m),
  type: m.type,
  sourceId: ctx.ids.encode(m.sourceId),
  isRead: m.isRead,
  gmtCreate: Number(m.createdAt),
});

/** A page of the user's messages in the reader's language (only read or unread ones when isRead is given). */
export async function messagePage(
  ctx: Ctx,
  userId: number,
  lang: string,
  q: { pageIndex?: number; pageSize?: number; isRead?: number },
): Promise<MessagePage> {
  const pageSize = q.pageSize ?? 20;
  const page = await repo.pageMessages(ctx.db, userId, { isRead: q.isRead, limit: pageSize, offset: ((q.pageIndex ?? 1) - 1) * pageSize });
  return { total: page.total, list: page.list.map((m) => present(ctx, lang, m)) };
}

/** The unread count and the latest unread messages (polled every 30 s by every open tab: two indexed queries). */
export function unreadMessages(ctx: Ctx, userId: number, lang: string): Promise<MessagePage> {
  return messagePage(ctx, userId, lang, { isRead: 0, pageSize: UNREAD_BADGE_MAX });
}

/** Marks one of the user's messages read; someone else's id answers like a missing one. */
export async function setRead(ctx: Ctx, userId: number, id: number): Promise<void> {
  if (!(await repo.markRead(ctx.db, userId, id))) throw notFound('message');
}

/** Marks all the user's messages read. */
export function setAllRead(ctx: Ctx, userId: number): Promise<void> {
  return repo.markAllRead(ctx.db, userId);
}
