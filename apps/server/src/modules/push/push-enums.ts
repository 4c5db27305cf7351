/**
 * Bulk dictionary upsert for pushes (`enumInfo` on params, `enum.push`, `enum.batch.push`): a dictionary
 * is identified by md5(moduleId:name); items are upserted by name and never deleted by a push (Torna 1.27).
 * Unchanged dictionaries cost reads only.
 */
import type { Dialect } from '../../config.js';
import { type Conn, insertMany, insertManyReturningIds } from '../../db/database.js';
import { md5 } from '../../lib/crypto.js';
import { LIMITS, type NEnum, PushInputError } from './push-normalize.js';

/** data_id of a dictionary. */
export const enumDataId = (moduleId: number, name: string) => md5(`${moduleId}:${name}`);

const CHUNK = 500;

/** Upserts dictionaries of an application; returns name → enum id. Same-named inputs are merged. */
export async function upsertEnums(conn: Conn, dialect: Dialect, moduleId: number, input: NEnum[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!input.length) return out;
  const errors: { field: string; message: string }[] = [];
  const byName = new Map<string, NEnum>();
  for (const e of input) {
    if (e.name.length > LIMITS.name) errors.push({ field: `enum ${e.name.slice(0, 40)}…`, message: `name longer than ${LIMITS.name}` });
    const seen = byName.get(e.name);
    if (!seen) byName.set(e.name, { name: e.name, description: e.description, items: [...e.items] });
    else {
      if (e.description) seen.description = e.description;
      seen.items.push(...e.items);
    }
    for (const it of e.items) {
      if (it.name.length > LIMITS.name)
        errors.push({ field: `enum ${e.name}.${it.name.slice(0, 40)}`, message: `name longer than ${LIMITS.name}` });
      if (it.value.length > LIMITS.enumValue)
        errors.push({ field: `enum ${e.name}.${it.name}.value`, message: `length exceeds ${LIMITS.enumValue}` });
      if (it.type.length > LIMITS.paramType)
        errors.push({ field: `enum ${e.name}.${it.name}.type`, message: `length exceeds ${LIMITS.paramType}` });
    }
  }
  if (errors.length) throw new PushInputError(errors);
  const list = [...byName.values()];
  const dataIds = list.map((e) => enumDataId(moduleId, e.name));
  const existing = new Map<string, { id: number; description: string; isDeleted: number }>();
  for (let i = 0; i < dataIds.length; i += CHUNK) {
    const rows = await conn
      .selectFrom('enumInfos')
      .select(['id', 'dataId', 'description', 'isDeleted'])
      .where('moduleId', '=', moduleId)
      .where('dataId', 'in', dataIds.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) existing.set(r.dataId, r);
  }
  const now = Date.now();
  const toInsert: { e: NEnum; dataId: string }[] = [];
  for (let i = 0; i < list.length; i++) {
    const e = list[i];
    const ex = existing.get(dataIds[i]);
    if (!ex) {
      toInsert.push({ e, dataId: dataIds[i] });
      continue;
    }
    out.set(e.name, ex.id);
    const description = e.description || ex.description;
    if (ex.isDeleted || description !== ex.description) {
      await conn.updateTable('enumInfos').set({ description, isDeleted: 0, updatedAt: now }).where('id', '=', ex.id).execute();
    }
  }
  if (toInsert.length) {
    const ids = await insertManyReturningIds(
      conn,
      dialect,
      'enumInfos',
      toInsert.map(({ e, dataId }) => ({
        moduleId,
        dataId,
        name: e.name,
        description: e.description,
        createdAt: now,
        updatedAt: now,
        isDeleted: 0,
      })),
    );
    toInsert.forEach(({ e }, i) => {
      out.set(e.name, ids[i]);
    });
  }
  // Items: upsert by (enum, name). Dictionaries inserted just now have none to read.
  const enumIds = [...new Set([...existing.values()].map((r) => r.id))];
  const itemsByEnum = new Map<number, Map<string, { id: number; type: string; value: string; description: string; orderIndex: number }>>();
  for (let i = 0; i < enumIds.length; i += CHUNK) {
    const rows = await conn
      .selectFrom('enumItems')
      .select(['id', 'enumId', 'name', 'type', 'value', 'description', 'orderIndex'])
      .where('enumId', 'in', enumIds.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) {
      const m = itemsByEnum.get(r.enumId) ?? new Map();
      m.set(r.name, r);
      itemsByEnum.set(r.enumId, m);
    }
  }
  const newItems: Record<string, unknown>[] = [];
  for (const e of list) {
    const enumId = out.get(e.name) as number;
    const have = itemsByEnum.get(enumId) ?? new Map();
    const seen = new Set<string>();
    let order = have.size;
    for (const it of e.items) {
      if (seen.has(it.name)) continue;
      seen.add(it.name);
      const ex = have.get(it.name);
      if (!ex) {
        newItems.push({ enumId, name: it.name, type: it.type, value: it.value, description: it.description, orderIndex: order++ });
      } else if (ex.type !== it.type || ex.value !== it.value || (it.description && ex.description !== it.description)) {
        await conn
          .updateTable('enumItems')
          .set({ type: it.type, value: it.value, description: it.description || ex.description })
          .where('id', '=', ex.id)
          .execute();
      }
    }
  }
  if (newItems.length) await insertMany(conn, 'enumItems', newItems);
  return out;
}
