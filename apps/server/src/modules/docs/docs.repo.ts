/** Queries of the doc routes (the writes of saves, folders, moves and deletes are in the services). */
import { PropType } from '@folio/shared';
import { sql } from 'kysely';
import type { Conn, Db, Tx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { DocRow } from '../../db/types.js';

/**
 * Every column of `docs`, named: a select list with `*` makes db/sqlite-reader.ts leave the row to
 * better-sqlite3's slower dictionary objects (and the detail's rest/spread of them was slow too). A column
 * added to DocsTable and not here fails the type check below.
 */
export const DOC_COLUMNS = [
  'id',
  'moduleId',
  'parentId',
  'dataId',
  'docKey',
  'md5',
  'name',
  'description',
  'author',
  'type',
  'url',
  'version',
  'identityKey',
  'specExtras',
  'webhook',
  'definition',
  'httpMethod',
  'contentType',
  'deprecated',
  'isFolder',
  'isShow',
  'orderIndex',
  'status',
  'isLocked',
  'isUseGlobalHeaders',
  'isUseGlobalParams',
  'isUseGlobalReturns',
  'isRequestArray',
  'isResponseArray',
  'requestArrayType',
  'responseArrayType',
  'createMode',
  'modifySource',
  'remark',
  'creatorId',
  'creatorName',
  'modifierId',
  'modifierName',
  'isDeleted',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof DocRow)[];
type UnnamedDocColumn = Exclude<keyof DocRow, (typeof DOC_COLUMNS)[number]>;
const everyDocColumn: [UnnamedDocColumn] extends [never] ? true : UnnamedDocColumn = true;
void everyDocColumn;
const DETAIL_DOC_COLUMNS = DOC_COLUMNS.map((c) => `d.${c}` as const);

/**
 * The doc row, what authorization needs (its project, and the reader's memberships of that project and its
 * space) and its application's security schemes, for doc/detail: one statement, compiled once (it runs on every doc read).
 */
export const detailRow = prepared(2, (db: Db, id: number, userId: number) =>
  db
    .selectFrom('docs as d')
    .innerJoin('modules as m', 'm.id', 'd.moduleId')
    .innerJoin('projects as p', 'p.id', 'm.projectId')
    .leftJoin('projectMembers as pm', (j) => j.onRef('pm.projectId', '=', 'p.id').on('pm.userId', '=', userId))
    .leftJoin('spaceMembers as sm', (j) => j.onRef('sm.spaceId', '=', 'p.spaceId').on('sm.userId', '=', userId))
    .leftJoin('moduleSecurity as ms', 'ms.moduleId', 'd.moduleId')
    .select(DETAIL_DOC_COLUMNS)
    .select(['p.id as pId', 'p.spaceId as pSpaceId', 'p.isPrivate as pIsPrivate', 'pm.roleCode as pmRole', 'sm.roleCode as smRole'])
    .select('ms.body as securityBody')
    .where('d.id', '=', id)
    .where('d.isDeleted', '=', 0)
    .where('m.isDeleted', '=', 0)
    .where('p.isDeleted', '=', 0),
);

/** Locks (1) or unlocks (0) a doc. */
export async function setLocked(conn: Conn, id: number, locked: number): Promise<void> {
  await conn.updateTable('docs').set({ isLocked: locked }).where('id', '=', id).execute();
}

/** Sets a doc's status. */
export async function setStatus(conn: Conn, id: number, status: number): Promise<void> {
  await conn.updateTable('docs').set({ status }).where('id', '=', id).execute();
}

/** Where the live docs of these ids sit (application and parent). */
export function placesOf(conn: Conn, ids: number[]) {
  return conn.selectFrom('docs').select(['id', 'moduleId', 'parentId']).where('id', 'in', ids).where('isDeleted', '=', 0).execute();
}

/** Sets the order index of each doc in one statement. */
export async function setOrderIndexes(tx: Tx, items: { id: number; orderIndex: number }[]): Promise<void> {
  const cases = sql.join(
    items.map((x) => sql`when ${sql.lit(x.id)} then ${sql.lit(x.orderIndex)}`),
    sql` `,
  );
  await tx
    .updateTable('docs')
    .set({ orderIndex: sql<number>`case id ${cases} end` })
    .where('id', 'in', [...new Set(items.map((x) => x.id))])
    .execute();
}

/** An application's tree revision (bumped by the `docs` triggers; 0 before its first write). */
export async function treeRevision(conn: Conn, moduleId: number): Promise<number> {
  const r = await conn.selectFrom('treeRevisions').select('rev').where('moduleId', '=', moduleId).executeTakeFirst();
  return Number(r?.rev ?? 0);
}

/** A doc's props rows. */
export function docProps(conn: Conn, id: number) {
  return conn.selectFrom('props').select(['name', 'val']).where('refId', '=', id).where('type', '=', PropType.DOC).execute();
}
