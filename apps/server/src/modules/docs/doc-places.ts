/**
 * Where a doc or folder sits in its application's tree: the next order index among siblings, the parent check,
 * the row identity (data id) a write claims, and a folder's descendants. Used by every doc write.
 */
import { INITIAL_ORDER_INDEX, ORDER_STEP } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/database.js';
import type { DocRow } from '../../db/types.js';
import { AppError, conflict } from '../../lib/errors.js';

/** The next order index among the children of a parent (max + 10, or the initial order). */
export async function nextOrderIndex(app: FastifyInstance, tx: Tx, moduleId: number, parentId: number): Promise<number> {
  const r = await tx
    .selectFrom('docs')
    .select((eb) => eb.fn.max('orderIndex').as('m'))
    .where('moduleId', '=', moduleId)
    .where('parentId', '=', parentId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (r?.m === null || r?.m === undefined) return app.ctx.settings.getInt('folio.init-order', INITIAL_ORDER_INDEX);
  return Number(r.m) + ORDER_STEP;
}

/** Checks that a parent id is root or a live folder of the module. */
export async function checkParent(tx: Tx, moduleId: number, parentId: number): Promise<void> {
  if (!parentId) return;
  const p = await tx.selectFrom('docs').select(['moduleId', 'isFolder', 'isDeleted']).where('id', '=', parentId).executeTakeFirst();
  if (!p || p.isDeleted || !p.isFolder || p.moduleId !== moduleId) {
    throw new AppError(422, 'validation_failed', 'error.parent_not_folder', {}, [
      { field: 'parentId', message: 'parent must be a folder' },
    ]);
  }
}

/**
 * Makes room for a row identity: a live row with the same data id is a conflict; a deleted one is
 * returned so the caller can revive it (create) or is renamed out of the way (update).
 */
export async function claimDataId(tx: Tx, moduleId: number, did: string, selfId: number, revive: boolean): Promise<DocRow | null> {
  const clash = await tx.selectFrom('docs').selectAll().where('moduleId', '=', moduleId).where('dataId', '=', did).executeTakeFirst();
  if (!clash || clash.id === selfId) return null;
  if (!clash.isDeleted) {
    throw conflict(clash.isFolder ? 'error.folder_exists' : 'error.doc_exists', { name: clash.name }, 'duplicate');
  }
  if (revive) return clash;
  await tx
    .updateTable('docs')
    .set({ dataId: `del-${clash.id}-${Date.now()}`.slice(0, 64) })
    .where('id', '=', clash.id)
    .execute();
  return null;
}

/** Ids of every live descendant of the given folders (one query per level). */
export async function descendants(tx: Tx, moduleId: number, rootIds: number[]): Promise<number[]> {
  const out: number[] = [];
  let level = rootIds;
  for (let depth = 0; level.length && depth < 64; depth++) {
    const rows = await tx
      .selectFrom('docs')
      .select('id')
      .where('moduleId', '=', moduleId)
      .where('parentId', 'in', level)
      .where('isDeleted', '=', 0)
      .execute();
    level = rows.map((r) => r.id);
    for (const r of level) out.push(r);
  }
  return out;
}
