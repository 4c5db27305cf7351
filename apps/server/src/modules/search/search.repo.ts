/** Queries of the search module outside the index itself: is a rebuild needed at startup. */
import type { Conn } from '../../db/database.js';

/** True when the index has no entry, there are live docs, and no rebuild of kind `reindexJob` is queued or running. */
export async function indexMissing(conn: Conn, reindexJob: string): Promise<boolean> {
  const [entry, doc, pending] = await Promise.all([
    conn.selectFrom('searchEntries').select('id').limit(1).executeTakeFirst(),
    conn.selectFrom('docs').select('id').where('isDeleted', '=', 0).limit(1).executeTakeFirst(),
    conn
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', reindexJob)
      .where('state', 'in', ['queued', 'running'])
      .limit(1)
      .executeTakeFirst(),
  ]);
  return !entry && !!doc && !pending;
}
