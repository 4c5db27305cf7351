/** Queries of a doc's history: change records and their details, snapshots. */
import type { Conn } from '../../db/database.js';

/** A doc, live or deleted, with its application (history stays readable after a delete). */
export function docPlace(conn: Conn, docId: number) {
  return conn.selectFrom('docs').select(['id', 'moduleId', 'isFolder']).where('id', '=', docId).executeTakeFirst();
}

/** The latest `limit` change records of a doc, newest first. */
export function changeRecords(conn: Conn, docId: number, limit: number) {
  return conn.selectFrom('docChangeRecords').selectAll().where('docId', '=', docId).orderBy('id', 'desc').limit(limit).execute();
}

/** The field-level details of these records, in the order they were written. */
export async function changeDetails(conn: Conn, recordIds: number[]) {
  if (!recordIds.length) return [];
  return conn.selectFrom('docChangeDetails').selectAll().where('recordId', 'in', recordIds).orderBy('id').execute();
}

/** One change record of a doc. */
export function changeRecord(conn: Conn, docId: number, recordId: number) {
  return conn
    .selectFrom('docChangeRecords')
    .select(['md5Old', 'md5New', 'modifyType'])
    .where('id', '=', recordId)
    .where('docId', '=', docId)
    .executeTakeFirst();
}

/** A doc's snapshots (without content), newest first. */
export function snapshotList(conn: Conn, docId: number) {
  return conn
    .selectFrom('docSnapshots')
    .select(['id', 'md5', 'modifierName', 'modifiedAt'])
    .where('docId', '=', docId)
    .orderBy('modifiedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A doc's snapshot by id or by md5 (the newest with that md5). */
export function findSnapshot(conn: Conn, docId: number, by: { id: number } | { md5: string }) {
  let q = conn.selectFrom('docSnapshots').selectAll().where('docId', '=', docId);
  q = 'id' in by ? q.where('id', '=', by.id) : q.where('md5', '=', by.md5);
  return q.orderBy('id', 'desc').executeTakeFirst();
}

/** The content hash a doc row holds. */
export async function docMd5(conn: Conn, docId: number): Promise<string | undefined> {
  return (await conn.selectFrom('docs').select('md5').where('id', '=', docId).executeTakeFirst())?.md5;
}
