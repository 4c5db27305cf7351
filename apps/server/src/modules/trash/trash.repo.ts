/** Queries of the trash routes (restores and purges are in trash.service.ts). */
import type { Conn, Db } from '../../db/database.js';
import { inTx } from '../../db/database.js';

/** A trash item's row as the access check reads it. */
export type ItemRow = { id: number; kind: string; spaceId: number; projectId: number; payload: string };
/** A project as the access check reads it (deleted ones too). */
export type ProjectRow = { id: number; spaceId: number; isPrivate: number; isDeleted: number };

/** One trash item. */
export function findItem(conn: Conn, id: number): Promise<ItemRow | undefined> {
  return conn.selectFrom('trashItems').select(['id', 'kind', 'spaceId', 'projectId', 'payload']).where('id', '=', id).executeTakeFirst();
}

/** Projects by id, deleted ones included. */
export async function projectsByIds(conn: Conn, ids: number[]): Promise<Map<number, ProjectRow>> {
  if (!ids.length) return new Map();
  const rows = await conn.selectFrom('projects').select(['id', 'spaceId', 'isPrivate', 'isDeleted']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The newest trash items (at most 5,000) of a space, or of the given spaces plus deleted spaces (`spaceIds`;
 * undefined: every space), whose name or path contains `text`.
 */
export function listItems(conn: Conn, where: { spaceId?: number; spaceIds?: number[]; text?: string }) {
  let query = conn
    .selectFrom('trashItems as t')
    .leftJoin('spaces as s', 's.id', 't.spaceId')
    .select([
      't.id',
      't.kind',
      't.targetId',
      't.spaceId',
      't.projectId',
      't.name',
      't.path',
      't.itemCount',
      't.payload',
      't.deletedByName',
      't.deletedAt',
      's.name as spaceName',
    ])
    .orderBy('t.deletedAt', 'desc')
    .orderBy('t.id', 'desc');
  if (where.spaceId !== undefined) query = query.where('t.spaceId', '=', where.spaceId);
  else if (where.spaceIds) {
    const spaces = where.spaceIds;
    query = query.where((eb) =>
      spaces.length ? eb.or([eb('t.spaceId', 'in', spaces), eb('t.kind', '=', 'space')]) : eb('t.kind', '=', 'space'),
    );
  }
  if (where.text) {
    const like = `%${where.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('t.name', 'like', like), eb('t.path', 'like', like)]));
  }
  return query.limit(5_000).execute();
}

/** Stores the retention setting (days; 0 keeps items). */
export async function setRetention(db: Db, key: string, days: number): Promise<void> {
  await inTx(db, async (tx) => {
    await tx.deleteFrom('systemConfigs').where('configKey', '=', key).execute();
    await tx
      .insertInto('systemConfigs')
      .values({ configKey: key, configValue: String(days), remark: 'trash retention in days (0: keep)', updatedAt: Date.now() })
      .execute();
  });
}
