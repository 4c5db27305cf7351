/** Kysely queries of imports outside the job itself; every function takes the connection or transaction. */
import type { Conn } from '../../db/database.js';

/** What an application keeps of its last import's source (URL or text, format, basic auth), if anything. */
export function sourceConfig(conn: Conn, moduleId: number) {
  return conn.selectFrom('moduleSwaggerConfigs').selectAll().where('moduleId', '=', moduleId).executeTakeFirst();
}
