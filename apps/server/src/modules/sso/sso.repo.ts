/** Kysely queries of sign-in; every function takes the connection or transaction. */
import type { Conn } from '../../db/database.js';

/** A user's account status, undefined when there is no such user. */
export async function userStatus(conn: Conn, userId: number): Promise<number | undefined> {
  const u = await conn.selectFrom('users').select(['status']).where('id', '=', userId).executeTakeFirst();
  return u?.status;
}
