/** Kysely queries of the open users of a space; every function takes the connection or transaction. */
import type { Selectable } from 'kysely';
import type { Dialect } from '../../config.js';
import { type Conn, insertId } from '../../db/database.js';
import type { OpenUsersTable } from '../../db/types.js';

export type OpenUserRow = Selectable<OpenUsersTable>;

/** A live open user by row id. */
export function findOpenUser(conn: Conn, id: number): Promise<OpenUserRow | undefined> {
  return conn.selectFrom('openUsers').selectAll().where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
}

/** The live open users of a space, newest first. */
export function listOpenUsers(conn: Conn, spaceId: number): Promise<OpenUserRow[]> {
  return conn.selectFrom('openUsers').selectAll().where('spaceId', '=', spaceId).where('isDeleted', '=', 0).orderBy('id', 'desc').execute();
}

/** Inserts an open user; returns its id. */
export function insertOpenUser(conn: Conn, dialect: Dialect, row: Omit<OpenUserRow, 'id'>): Promise<number> {
  return insertId(conn, dialect, 'openUsers', row);
}

/** Writes some columns of an open user. */
export async function updateOpenUser(conn: Conn, id: number, set: Partial<Pick<OpenUserRow, 'secretEnc' | 'status' | 'isDeleted'>>) {
  await conn.updateTable('openUsers').set(set).where('id', '=', id).execute();
}
