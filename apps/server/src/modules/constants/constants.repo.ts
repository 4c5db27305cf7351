/** Kysely queries of the constants pages; every method takes the connection or transaction. */
import type { Conn, Tx } from '../../db/database.js';

/** A page's owner: a project (moduleId 0) or an application (projectId 0). */
export interface PageOwner {
  projectId: number;
  moduleId: number;
}

/** The page of an owner, if saved once. */
export function findPage(conn: Conn, o: PageOwner) {
  return conn
    .selectFrom('constantInfos')
    .select(['id', 'content', 'updatedAt'])
    .where('projectId', '=', o.projectId)
    .where('moduleId', '=', o.moduleId)
    .where('docId', '=', 0)
    .executeTakeFirst();
}

/** Writes an owner's page (update or first insert). */
export async function writePage(tx: Tx, o: PageOwner, content: string, now: number): Promise<void> {
  const cur = await findPage(tx, o);
  if (cur) await tx.updateTable('constantInfos').set({ content, updatedAt: now }).where('id', '=', cur.id).execute();
  else
    await tx
      .insertInto('constantInfos')
      .values({ ...o, docId: 0, content, createdAt: now, updatedAt: now })
      .execute();
}
