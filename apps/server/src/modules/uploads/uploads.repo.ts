/** Queries of uploads and downloads. */
import type { Dialect } from '../../config.js';
import { type Conn, insertId } from '../../db/database.js';

/** Records an uploaded file. */
export async function insertUpload(
  conn: Conn,
  dialect: Dialect,
  row: {
    fileId: string;
    filename: string;
    contentType: string;
    size: number;
    storagePath: string;
    userId: number;
    docId: number;
    moduleId: number;
    createdAt: number;
  },
): Promise<void> {
  await insertId(conn, dialect, 'uploads', row);
}

/** An uploaded file by its public id. */
export function findUpload(conn: Conn, fileId: string) {
  return conn.selectFrom('uploads').selectAll().where('fileId', '=', fileId).executeTakeFirst();
}

/** Whether a doc is live (a file of a deleted doc is not served). */
export async function docIsLive(conn: Conn, docId: number): Promise<boolean> {
  const doc = await conn.selectFrom('docs').select('isDeleted').where('id', '=', docId).executeTakeFirst();
  return !!doc && !doc.isDeleted;
}
