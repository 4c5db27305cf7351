/** Dictionaries (enum info + items) per application: the upsert that form saves and pushes share. */
import type { FastifyInstance } from 'fastify';
import { insertId, insertMany, type Tx } from '../../db/database.js';
import { md5 } from '../../lib/crypto.js';

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
export async function upsertEnum(tx: Tx, app: FastifyInstance, moduleId: number, info: EnumInput): Promise<number> {
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
