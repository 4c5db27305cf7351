/**
 * Dictionaries (enum info + items) per application: the rules of the management calls (names unique per
 * application and per dictionary, one transaction per write with the search entries rebuilt in it) and the
 * upsert that form saves and pushes share. No HTTP types: routes decode and authorise, then call these.
 */
import type { DictionaryBase, DictionaryItem, DictionaryItemSaveInput, DictionarySaveInput } from '@folio/shared';
import type { AppContext } from '../../context.js';
import { insertId, insertMany, inTx, type Tx } from '../../db/database.js';
import { md5 } from '../../lib/crypto.js';
import { conflict, notFound } from '../../lib/errors.js';
import { defineResource } from '../../permissions/declared.js';
import { indexModuleExtras } from '../search/search-index.js';
import * as repo from './dictionaries.repo.js';

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'ids'>;

// A dictionary, and an item through its dictionary, is read and edited with the role of its application.
defineResource('dictionary', async (ctx, id) => {
  const moduleId = await repo.moduleOfEnum(ctx.db, id);
  return moduleId ? { kind: 'module', id: moduleId } : null;
});
defineResource('dictionaryItem', async (ctx, id) => {
  const enumId = await repo.enumOfItem(ctx.db, id);
  const moduleId = enumId ? await repo.moduleOfEnum(ctx.db, enumId) : undefined;
  return moduleId ? { kind: 'module', id: moduleId } : null;
});

/** A dictionary as received from a form or a push. */
export interface EnumInput {
  name: string;
  description?: string;
  items?: { name: string; type?: string; value?: string; description?: string }[];
}

/** data_id of a dictionary: md5(moduleId:name) (torna-compat §1b). */
export const enumDataId = (moduleId: number, name: string): string => md5(`${moduleId}:${name.trim()}`);

/**
 * Creates or updates a dictionary by name (reviving a deleted one) and upserts its items by name
 * (items not named are kept, as Torna's pushes do). Returns the dictionary's id.
 */
export async function upsertEnum(tx: Tx, app: { ctx: Pick<AppContext, 'dialect'> }, moduleId: number, info: EnumInput): Promise<number> {
  const name = info.name.trim();
  const dataId = enumDataId(moduleId, name);
  const now = Date.now();
  const existing = await tx
    .selectFrom('enumInfos')
    .select(['id', 'description', 'isDeleted'])
    .where('moduleId', '=', moduleId)
    .where('dataId', '=', dataId)
    .executeTakeFirst();
  let enumId: number;
  if (existing) {
    enumId = existing.id;
    const description = info.description ?? existing.description;
    if (existing.isDeleted || description !== existing.description) {
      await tx.updateTable('enumInfos').set({ description, isDeleted: 0, updatedAt: now }).where('id', '=', enumId).execute();
    }
  } else {
    enumId = await insertId(tx, app.ctx.dialect, 'enumInfos', {
      moduleId,
      dataId,
      name,
      description: info.description ?? '',
      createdAt: now,
      updatedAt: now,
    });
  }
  await upsertEnumItems(tx, enumId, info.items ?? []);
  return enumId;
}

/** Upserts items by name: changed ones are updated, new ones inserted in one multi-row insert. */
export async function upsertEnumItems(tx: Tx, enumId: number, items: NonNullable<EnumInput['items']>): Promise<void> {
  if (!items.length) return;
  const current = await tx.selectFrom('enumItems').selectAll().where('enumId', '=', enumId).execute();
  const byName = new Map(current.map((c) => [c.name, c]));
  let order = current.reduce((m, c) => Math.max(m, c.orderIndex), 0);
  const fresh: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  for (const it of items) {
    const name = it.name.trim();
    if (!name || seen.has(name)) continue;
    seen.add(name);
    const c = byName.get(name);
    const type = it.type?.trim() || c?.type || 'string';
    const value = it.value ?? c?.value ?? '';
    const description = it.description ?? c?.description ?? '';
    if (!c) {
      order += 10;
      fresh.push({ enumId, name, type, value, description, orderIndex: order });
    } else if (c.type !== type || c.value !== value || c.description !== description) {
      await tx.updateTable('enumItems').set({ type, value, description }).where('id', '=', c.id).execute();
    }
  }
  await insertMany(tx, 'enumItems', fresh);
}

/** The live dictionaries of an application. */
export async function listDictionaries(ctx: Ctx, moduleId: number): Promise<DictionaryBase[]> {
  const rows = await repo.listEnums(ctx.db, moduleId);
  const mid = ctx.ids.encode(moduleId);
  return rows.map((r) => ({ id: ctx.ids.encode(r.id), name: r.name, description: r.description, moduleId: mid }));
}

/** The items of a dictionary. */
export async function listDictionaryItems(ctx: Ctx, enumId: number): Promise<DictionaryItem[]> {
  const rows = await repo.listItems(ctx.db, enumId);
  return rows.map((r) => ({
    id: ctx.ids.encode(r.id),
    enumId: ctx.ids.encode(r.enumId),
    name: r.name,
    type: r.type,
    value: r.value,
    description: r.description,
    orderIndex: r.orderIndex,
  }));
}

/**
 * Creates a dictionary (with items) or renames one of the application. A live dictionary of the same name is a
 * conflict; a deleted one gives its name up (an edit purges it, a new one revives it). Returns the id.
 */
export async function saveDictionary(ctx: Ctx, moduleId: number, b: DictionarySaveInput): Promise<number> {
  const name = b.name.trim();
  const editId = b.id ? ctx.ids.decode(b.id, 'dictionary') : 0;
  if (editId && (await repo.moduleOfEnum(ctx.db, editId)) !== moduleId) throw notFound('dictionary');
  return inTx(ctx.db, async (tx) => {
    const dataId = enumDataId(moduleId, name);
    const clash = await repo.findEnumByDataId(tx, moduleId, dataId);
    let id: number;
    if (editId) {
      if (clash && clash.id !== editId) {
        if (!clash.isDeleted) throw conflict('error.enum_name_exists', { name }, 'duplicate');
        await repo.purgeEnum(tx, clash.id);
      }
      await repo.updateEnum(
        tx,
        editId,
        { name, dataId, ...(b.description !== undefined ? { description: b.description } : {}) },
        Date.now(),
      );
      id = editId;
    } else {
      if (clash && !clash.isDeleted) throw conflict('error.enum_name_exists', { name }, 'duplicate');
      id = await upsertEnum(tx, { ctx }, moduleId, { name, description: b.description ?? '', items: b.items });
    }
    await indexModuleExtras(ctx, tx, [moduleId]);
    return id;
  });
}

/** Deletes a dictionary of the application. */
export async function deleteDictionary(ctx: Ctx, moduleId: number, enumId: number): Promise<void> {
  await inTx(ctx.db, async (tx) => {
    await repo.softDeleteEnum(tx, enumId, Date.now());
    await indexModuleExtras(ctx, tx, [moduleId]);
  });
}

/** Adds an item to a dictionary (after the last unless an order is given) or edits one of it; names are unique in it. */
export async function saveDictionaryItem(ctx: Ctx, moduleId: number, enumId: number, b: DictionaryItemSaveInput): Promise<number> {
  const name = b.name.trim();
  return inTx(ctx.db, async (tx) => {
    const itemId = b.id ? ctx.ids.decode(b.id, 'item') : 0;
    if (await repo.findItemByName(tx, enumId, name, itemId)) throw conflict('error.enum_item_exists', { name }, 'duplicate');
    const values: repo.ItemWrite = { name };
    if (b.type !== undefined) values.type = b.type.trim() || 'string';
    if (b.value !== undefined) values.value = b.value;
    if (b.description !== undefined) values.description = b.description;
    if (b.orderIndex !== undefined) values.orderIndex = b.orderIndex;
    let id = itemId;
    if (itemId) {
      if (!(await repo.updateItem(tx, enumId, itemId, values))) throw notFound('item');
    } else {
      const orderIndex = values.orderIndex ?? (await repo.maxItemOrder(tx, enumId)) + 10;
      id = await repo.insertItem(tx, ctx.dialect, enumId, { ...values, orderIndex });
    }
    await indexModuleExtras(ctx, tx, [moduleId]);
    return id;
  });
}

/** Deletes an item of the application's dictionaries. */
export async function deleteDictionaryItem(ctx: Ctx, moduleId: number, itemId: number): Promise<void> {
  await inTx(ctx.db, async (tx) => {
    await repo.deleteItem(tx, itemId);
    await indexModuleExtras(ctx, tx, [moduleId]);
  });
}
