/** Queries of the mock rule management routes (the public mock URLs read rules through mock.service.ts). */
import type { Selectable } from 'kysely';
import type { Dialect } from '../../config.js';
import { type Conn, insertId } from '../../db/database.js';
import type { MockConfigsTable } from '../../db/types.js';

/** A stored mock rule. */
export type MockConfigRow = Selectable<MockConfigsTable>;

/** The doc fields a rule's management needs. */
export function docOf(conn: Conn, docId: number) {
  return conn
    .selectFrom('docs')
    .select(['id', 'moduleId', 'type', 'isFolder', 'url', 'httpMethod'])
    .where('id', '=', docId)
    .executeTakeFirstOrThrow();
}

/** A doc's live rules, the default first. */
export function rulesOfDoc(conn: Conn, docId: number): Promise<MockConfigRow[]> {
  return conn
    .selectFrom('mockConfigs')
    .selectAll()
    .where('docId', '=', docId)
    .where('isDeleted', '=', 0)
    .orderBy('isDefault', 'desc')
    .orderBy('id')
    .execute();
}

/** A live rule's doc and default state. */
export function liveRule(conn: Conn, id: number) {
  return conn
    .selectFrom('mockConfigs')
    .select(['docId', 'isDefault', 'mockResult'])
    .where('id', '=', id)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
}

/** The highest rule version of a doc (0 when none). */
export async function maxVersion(conn: Conn, docId: number): Promise<number> {
  const max = await conn
    .selectFrom('mockConfigs')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('docId', '=', docId)
    .executeTakeFirst();
  return Number(max?.v ?? 0);
}

/** The columns a save writes. */
export type RuleValues = Pick<
  MockConfigRow,
  | 'name'
  | 'path'
  | 'dataId'
  | 'requestDataType'
  | 'requestData'
  | 'httpStatus'
  | 'delayMills'
  | 'responseHeaders'
  | 'resultType'
  | 'responseBody'
  | 'mockScript'
  | 'remark'
  | 'modifierName'
  | 'updatedAt'
>;

/** Updates a rule. */
export async function updateRule(conn: Conn, id: number, values: RuleValues): Promise<void> {
  await conn.updateTable('mockConfigs').set(values).where('id', '=', id).execute();
}

/** Inserts a rule; returns its id. */
export function insertRule(
  conn: Conn,
  dialect: Dialect,
  row: RuleValues & Pick<MockConfigRow, 'docId' | 'version' | 'isDefault' | 'mockResult' | 'creatorName' | 'createdAt'>,
): Promise<number> {
  return insertId(conn, dialect, 'mockConfigs', row);
}

/** Soft-deletes a rule. */
export async function deleteRule(conn: Conn, id: number): Promise<void> {
  await conn.updateTable('mockConfigs').set({ isDeleted: 1, updatedAt: Date.now() }).where('id', '=', id).execute();
}
