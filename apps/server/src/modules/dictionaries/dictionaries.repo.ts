/** Kysely queries of the dictionaries (enum infos and items); every function takes the connection or transaction. */
import type { Dialect } from '../../config.js';
import { type Conn, insertId, type Tx } from '../../db/database.js';

/** The application of a live dictionary. */
export async function moduleOfEnum(conn: Conn, enumId: number): Promise<number | undefined> {
  const e = await conn.selectFrom('enumInfos').select('moduleId').where('id', '=', enumId).where('isDeleted', '=', 0).executeTakeFirst();
  return e?.moduleId;
}

/** The dictionary an item belongs to. */
export async function enumOfItem(conn: Conn, itemId: number): Promise<number | undefined> {
  const i = await conn.selectFrom('enumItems').select('enumId').where('id', '=', itemId).executeTakeFirst();
  return i?.enumId;
}

/** The live dictionaries of an application, by name. */
export function listEnums(conn: Conn, moduleId: number) {
  return conn
    .selectFrom('enumInfos')
    .select(['id', 'name', 'description'])
    .where('moduleId', '=', moduleId)
    .where('isDeleted', '=', 0)
    .orderBy('name')
    .execute();
}

/** The items of a dictionary, in their order. */
export function listItems(conn: Conn, enumId: number) {
  return conn.selectFrom('enumItems').selectAll().where('enumId', '=', enumId).orderBy('orderIndex').orderBy('id').execute();
}

/** The dictionary (live or deleted) of an application that holds a data id. */
export function findEnumByDataId(conn: Conn, moduleId: number, dataId: string) {
  return conn
    .selectFrom('enumInfos')
    .select(['id', 'isDeleted'])
    .where('moduleId', '=', moduleId)
    .where('dataId', '=', dataId)
    .executeTakeFirst();
}

/** Removes a dictionary and its items for good (a deleted one whose name an edit takes over). */
export async function purgeEnum(tx: Tx, enumId: number): Promise<void> {
  await tx.deleteFrom('enumItems').where('enumId', '=', enumId).execute();
  await tx.deleteFrom('enumInfos').where('id', '=', enumId).execute();
}

/** Renames a dictionary (and sets its description when given). */
export async function updateEnum(tx: Tx, enumId: number, patch: { name: string; dataId: string; description?: string }, now: number) {
  await tx
    .updateTable('enumInfos')
    .set({ ...patch, updatedAt: now })
    .where('id', '=', enumId)
    .execute();
}

/** Marks a dictionary deleted (its items stay, so a push of the same name revives it). */
export async function softDeleteEnum(tx: Tx, enumId: number, now: number): Promise<void> {
  await tx.updateTable('enumInfos').set({ isDeleted: 1, updatedAt: now }).where('id', '=', enumId).execute();
}

/** Another item of the dictionary with this name. */
export function findItemByName(conn: Conn, enumId: number, name: string, exceptId: number) {
  return conn
    .selectFrom('enumItems')
    .select('id')
    .where('enumId', '=', enumId)
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
}

/** The columns an item save may write. */
export interface ItemWrite {
  name: string;
  type?: string;
  value?: string;
  description?: string;
  orderIndex?: number;
}

/** Updates an item of the dictionary; false when there is no such item in it. */
export async function updateItem(tx: Tx, enumId: number, itemId: number, values: ItemWrite): Promise<boolean> {
  const r = await tx.updateTable('enumItems').set(values).where('id', '=', itemId).where('enumId', '=', enumId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The largest order index of a dictionary's items (0 when it has none). */
export async function maxItemOrder(conn: Conn, enumId: number): Promise<number> {
  const max = await conn
    .selectFrom('enumItems')
    .select((eb) => eb.fn.max('orderIndex').as('m'))
    .where('enumId', '=', enumId)
    .executeTakeFirst();
  return Number(max?.m ?? 0);
}

/** Inserts an item; returns its id. */
export function insertItem(tx: Tx, dialect: Dialect, enumId: number, values: ItemWrite & { orderIndex: number }): Promise<number> {
  return insertId(tx, dialect, 'enumItems', { enumId, ...values });
}

/** Deletes an item. */
export async function deleteItem(tx: Tx, itemId: number): Promise<void> {
  await tx.deleteFrom('enumItems').where('id', '=', itemId).execute();
}
