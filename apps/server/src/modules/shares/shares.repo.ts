/** Kysely queries of the shares feature; every method takes the connection or transaction to run on. */
import type { Selectable } from 'kysely';
import type { Dialect } from '../../config.js';
import { type Conn, insertId, insertMany, type Tx } from '../../db/database.js';
import type { SharesTable } from '../../db/types.js';

export type ShareRow = Selectable<SharesTable>;

/** Columns written when a share is added or updated. */
export interface ShareWrite {
  type: number;
  passwordEnc: string;
  expiresAt: number | null;
  remark: string;
  isAll: number;
  allowDebug: number;
  isAllSelectedDebug: number;
}

/** A live (not deleted) share by row id. */
export function findShare(conn: Conn, id: number): Promise<ShareRow | undefined> {
  return conn.selectFrom('shares').selectAll().where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
}

/** The live shares of an application, newest first, with their picked docs and environments (three queries). */
export async function listShares(conn: Conn, moduleId: number) {
  const rows = await conn
    .selectFrom('shares')
    .selectAll()
    .where('moduleId', '=', moduleId)
    .where('isDeleted', '=', 0)
    .orderBy('id', 'desc')
    .execute();
  const shareIds = rows.map((r) => r.id);
  const [contents, envs] = shareIds.length
    ? await Promise.all([
        conn.selectFrom('shareContents').select(['shareId', 'docId', 'isShareFolder']).where('shareId', 'in', shareIds).execute(),
        conn.selectFrom('shareEnvironments').select(['shareId', 'environmentId']).where('shareId', 'in', shareIds).execute(),
      ])
    : [[], []];
  return { rows, contents, envs };
}

/** Of the given doc ids, those that are live docs or folders of the application (in chunks of 500). */
export async function liveDocIdsIn(conn: Conn, moduleId: number, docIds: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < docIds.length; i += 500) {
    const rows = await conn
      .selectFrom('docs')
      .select('id')
      .where('moduleId', '=', moduleId)
      .where('isDeleted', '=', 0)
      .where('id', 'in', docIds.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.id);
  }
  return found;
}

/** Of the given environment ids, how many belong to the application. */
export async function countEnvironmentsIn(conn: Conn, moduleId: number, envIds: number[]): Promise<number> {
  const rows = await conn
    .selectFrom('moduleEnvironments')
    .select('id')
    .where('moduleId', '=', moduleId)
    .where('id', 'in', envIds)
    .execute();
  return rows.length;
}

/** Inserts a share row; returns its id. */
export function insertShare(
  tx: Tx,
  dialect: Dialect,
  row: ShareWrite & { publicId: string; moduleId: number; creatorId: number; creatorName: string; now: number },
): Promise<number> {
  const { now, ...rest } = row;
  return insertId(tx, dialect, 'shares', { ...rest, status: 1, createdAt: now, updatedAt: now });
}

/** Replaces a share's editable columns. */
export async function updateShare(tx: Tx, id: number, row: ShareWrite): Promise<void> {
  await tx
    .updateTable('shares')
    .set({ ...row, updatedAt: Date.now() })
    .where('id', '=', id)
    .execute();
}

/** Replaces a share's picked docs (none when it shares everything) and environments. */
export async function replaceShareRefs(
  tx: Tx,
  shareId: number,
  contents: { docId: number; isShareFolder: number }[],
  environmentIds: number[],
): Promise<void> {
  await tx.deleteFrom('shareContents').where('shareId', '=', shareId).execute();
  await tx.deleteFrom('shareEnvironments').where('shareId', '=', shareId).execute();
  await insertMany(
    tx,
    'shareContents',
    contents.map((c) => ({ shareId, docId: c.docId, parentId: 0, isShareFolder: c.isShareFolder })),
  );
  await insertMany(
    tx,
    'shareEnvironments',
    environmentIds.map((environmentId) => ({ shareId, environmentId })),
  );
}

/** Sets some columns of a share (status, public id). */
export async function setShareColumns(conn: Conn, id: number, set: { status?: number; publicId?: string }): Promise<void> {
  await conn
    .updateTable('shares')
    .set({ ...set, updatedAt: Date.now() })
    .where('id', '=', id)
    .execute();
}

/** Soft-deletes a share and drops its picked docs and environments. */
export async function deleteShare(tx: Tx, id: number): Promise<void> {
  await tx.updateTable('shares').set({ isDeleted: 1, status: 0, updatedAt: Date.now() }).where('id', '=', id).execute();
  await tx.deleteFrom('shareContents').where('shareId', '=', id).execute();
  await tx.deleteFrom('shareEnvironments').where('shareId', '=', id).execute();
}

/** The share of a public id, if it and its application and project are live. */
export function findLiveShareByPublicId(conn: Conn, publicId: string): Promise<ShareRow | undefined> {
  return conn
    .selectFrom('shares as s')
    .innerJoin('modules as m', 'm.id', 's.moduleId')
    .innerJoin('projects as p', 'p.id', 'm.projectId')
    .selectAll('s')
    .where('s.publicId', '=', publicId)
    .where('s.isDeleted', '=', 0)
    .where('m.isDeleted', '=', 0)
    .where('p.isDeleted', '=', 0)
    .executeTakeFirst();
}

/** The application's name. */
export async function moduleName(conn: Conn, moduleId: number): Promise<string> {
  const m = await conn.selectFrom('modules').select('name').where('id', '=', moduleId).executeTakeFirst();
  return m?.name ?? '';
}

/** The debug environments a share exposes, in the application's order. */
export function shareEnvironments(conn: Conn, shareId: number) {
  return conn
    .selectFrom('shareEnvironments as se')
    .innerJoin('moduleEnvironments as e', 'e.id', 'se.environmentId')
    .select(['e.id', 'e.name', 'e.url'])
    .where('se.shareId', '=', shareId)
    .orderBy('e.orderIndex')
    .execute();
}

/** The tree revision of an application (bumped by the `docs` triggers at every write; 0 before the first). */
export async function treeRevision(conn: Conn, moduleId: number): Promise<number> {
  const r = await conn.selectFrom('treeRevisions').select('rev').where('moduleId', '=', moduleId).executeTakeFirst();
  return Number(r?.rev ?? 0);
}

/** A share's picked docs (none when it shares everything), in a stable order. */
export function shareContents(conn: Conn, shareId: number) {
  return conn
    .selectFrom('shareContents')
    .select(['docId', 'isShareFolder'])
    .where('shareId', '=', shareId)
    .orderBy('docId')
    .orderBy('isShareFolder')
    .execute();
}

/** A live doc or folder of an application: whether it is a folder and shown (for a share's check of one doc). */
export function liveDocOf(conn: Conn, moduleId: number, docId: number) {
  return conn
    .selectFrom('docs')
    .select(['isFolder', 'isShow'])
    .where('id', '=', docId)
    .where('moduleId', '=', moduleId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
}
