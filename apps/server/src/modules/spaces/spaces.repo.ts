/** Kysely queries of spaces; every function takes the connection or transaction. */
import type { Dialect } from '../../config.js';
import { type Conn, insertId, type Tx } from '../../db/database.js';

const SPACE_COLS = ['id', 'name', 'isCompose', 'creatorName', 'createdAt'] as const;

/** Live spaces, all of them or those with these ids, by id. */
export function listSpaces(conn: Conn, only?: number[]) {
  let q = conn.selectFrom('spaces').select(SPACE_COLS).where('isDeleted', '=', 0);
  if (only) q = q.where('id', 'in', only);
  return q.orderBy('id').execute();
}

/** A space by id (the caller has found it live). */
export function getSpace(conn: Conn, id: number) {
  return conn.selectFrom('spaces').select(SPACE_COLS).where('id', '=', id).executeTakeFirstOrThrow();
}

/** Nicknames of a space's admins. */
export async function spaceAdminNames(conn: Conn, spaceId: number): Promise<string[]> {
  const rows = await conn
    .selectFrom('spaceMembers as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['u.nickname'])
    .where('m.spaceId', '=', spaceId)
    .where('m.roleCode', '=', 'admin')
    .execute();
  return rows.map((a) => a.nickname);
}

/** Inserts a space with its creator as admin; returns its id. */
export async function insertSpace(
  tx: Tx,
  dialect: Dialect,
  s: { name: string; isCompose: number; userId: number; nickname: string },
  now: number,
): Promise<number> {
  const id = await insertId(tx, dialect, 'spaces', {
    name: s.name,
    isCompose: s.isCompose,
    creatorId: s.userId,
    creatorName: s.nickname,
    modifierId: s.userId,
    modifierName: s.nickname,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insertInto('spaceMembers').values({ spaceId: id, userId: s.userId, roleCode: 'admin', createdAt: now }).execute();
  return id;
}

/** Renames a space. */
export async function renameSpace(tx: Tx, id: number, name: string, by: { id: number; nickname: string }, now: number): Promise<void> {
  await tx.updateTable('spaces').set({ name, modifierId: by.id, modifierName: by.nickname, updatedAt: now }).where('id', '=', id).execute();
}

/** The live projects of a space, in their order. */
export function listSpaceProjects(conn: Conn, spaceId: number) {
  return conn
    .selectFrom('projects')
    .selectAll()
    .where('spaceId', '=', spaceId)
    .where('isDeleted', '=', 0)
    .orderBy('orderIndex')
    .orderBy('id')
    .execute();
}
