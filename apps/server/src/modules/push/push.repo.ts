/** Kysely queries of Folio's own push calls; every function takes the connection or transaction. */
import type { Conn } from '../../db/database.js';

/** The live application of a push token. */
export function moduleByToken(conn: Conn, token: string) {
  return conn.selectFrom('modules').select(['id']).where('token', '=', token).where('isDeleted', '=', 0).executeTakeFirst();
}

/** An application's push token and name (the caller has found it). */
export function moduleTokenAndName(conn: Conn, id: number) {
  return conn.selectFrom('modules').select(['token', 'name']).where('id', '=', id).executeTakeFirstOrThrow();
}
