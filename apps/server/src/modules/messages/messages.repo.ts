/** Kysely queries of subscriptions and in-site messages; every function takes the connection or transaction. */
import { SubscribeType } from '@folio/shared';
import type { Conn } from '../../db/database.js';

const MESSAGE_COLS = ['id', 'message', 'messageKey', 'messageParams', 'type', 'sourceId', 'isRead', 'createdAt'] as const;

/** True when the user follows that doc or project. */
export async function isFollowing(conn: Conn, userId: number, type: number, sourceId: number): Promise<boolean> {
  const r = await conn
    .selectFrom('subscriptions')
    .select('id')
    .where('userId', '=', userId)
    .where('type', '=', type)
    .where('sourceId', '=', sourceId)
    .executeTakeFirst();
  return !!r;
}

/** Adds a subscription (the unique index refuses a second one). */
export async function insertSubscription(conn: Conn, userId: number, type: number, sourceId: number): Promise<void> {
  await conn.insertInto('subscriptions').values({ userId, type, sourceId, createdAt: Date.now() }).execute();
}

/** Removes a subscription if there is one. */
export async function deleteSubscription(conn: Conn, userId: number, type: number, sourceId: number): Promise<void> {
  await conn.deleteFrom('subscriptions').where('userId', '=', userId).where('type', '=', type).where('sourceId', '=', sourceId).execute();
}

/** The user's followed docs that still exist (with their application and project), newest subscription first. */
export function followedDocs(conn: Conn, userId: number) {
  return conn
    .selectFrom('subscriptions as s')
    .innerJoin('docs as d', 'd.id', 's.sourceId')
    .innerJoin('modules as mo', 'mo.id', 'd.moduleId')
    .innerJoin('projects as p', 'p.id', 'mo.projectId')
    .select([
      's.id as subId',
      's.createdAt',
      'd.id',
      'd.name',
      'd.url',
      'd.httpMethod',
      'd.type',
      'd.moduleId',
      'mo.name as moduleName',
      'p.id as projectId',
      'p.name as projectName',
      'p.spaceId',
      'p.isPrivate',
    ])
    .where('s.userId', '=', userId)
    .where('s.type', '=', SubscribeType.DOC)
    .where('d.isDeleted', '=', 0)
    .where('mo.isDeleted', '=', 0)
    .where('p.isDeleted', '=', 0)
    .orderBy('s.id', 'desc')
    .execute();
}

/** A page of the user's messages (all, or only read/unread ones), newest first, and how many there are. */
export async function pageMessages(conn: Conn, userId: number, opts: { isRead?: number; limit: number; offset: number }) {
  let base = conn.selectFrom('messages').where('userId', '=', userId);
  if (opts.isRead !== undefined) base = base.where('isRead', '=', opts.isRead);
  const [list, count] = await Promise.all([
    base.select(MESSAGE_COLS).orderBy('id', 'desc').limit(opts.limit).offset(opts.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { list, total: Number(count?.n ?? 0) };
}
export type MessageRow = Awaited<ReturnType<typeof pageMessages>>['list'][number];

/** Marks one of the user's messages read; false when the user has no message with that id. */
export async function markRead(conn: Conn, userId: number, id: number): Promise<boolean> {
  const r = await conn.updateTable('messages').set({ isRead: 1 }).where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  if (Number(r.numUpdatedRows) > 0) return true;
  // MySQL counts changed rows only: a message already read updates nothing, yet it is the user's.
  const mine = await conn.selectFrom('messages').select('id').where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  return !!mine;
}

/** Marks all the user's unread messages read. */
export async function markAllRead(conn: Conn, userId: number): Promise<void> {
  await conn.updateTable('messages').set({ isRead: 1 }).where('userId', '=', userId).where('isRead', '=', 0).execute();
}
