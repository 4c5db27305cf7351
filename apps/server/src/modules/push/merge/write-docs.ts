/**
 * Phase 4: the rows (one bulk upsert for changed and moved docs, one bulk insert for new ones), then every
 * param set of the written docs (one delete and one multi-row insert per chunk) and the Dubbo props.
 */
import { ParamOwner } from '@folio/shared';
import { insertManyReturningIds } from '../../../db/database.js';
import { turnTaker } from '../../../lib/turns.js';
import { type ParamSet, replaceParams } from '../../docs/doc-params.js';
import { fullDubbo, upsertDocRows, writeDubboProps } from '../push-writes.js';
import { docParamSets, docRow } from './doc-content.js';
import type { MergeState } from './state.js';

export async function writeDocs(s: MergeState): Promise<void> {
  await writeRows(s);
  s.outcome.unchanged += s.structural.length;
  const sets: ParamSet[] = [];
  const turn = turnTaker();
  for (const p of s.writes) {
    await turn();
    const id = s.idOf.get(p.dataId);
    if (!id) continue;
    s.touched.add(id);
    s.parentOf.set(id, p.parentId);
    if (isUpdate(s, p)) s.outcome.updated++;
    else s.outcome.added++;
    if (s.outcome.changedNames.length < 50) s.outcome.changedNames.push(p.item.name);
    // The param trees built for the hash are written as they are.
    sets.push(...docParamSets(s, p, id));
    if (p.item.dubboInfo) s.dubboWrites.push({ refId: id, info: fullDubbo(p.item.dubboInfo) });
  }
  for (const p of s.structural) {
    const id = s.idOf.get(p.dataId);
    if (id) s.parentOf.set(id, p.parentId);
  }
  // The rows written for the docs read back after the merge are what a reload would read (emit-changes.ts).
  s.written = { owners: new Set(s.writes.filter((p) => p.existing).map((p) => s.idOf.get(p.dataId) ?? 0)), rows: [] };
  await replaceParams(s.tx, ParamOwner.DOC, sets, s.written);
  await writeDubboProps(s.tx, s.dubboWrites);
  await s.progress(70);
}

/** True when the written doc was live before (an update), false when it is new or revived (an add). */
export function isUpdate(s: MergeState, p: { existing?: { id: number; isDeleted: number } }): boolean {
  const ex = p.existing;
  return !!ex && (!ex.isDeleted || !!s.run?.deleted.has(ex.id));
}

/**
 * Rows the application never had are plain inserts (the application's row is locked, so no other merge
 * can add them meanwhile); the others are upserted by (moduleId, dataId).
 */
async function writeRows(s: MergeState): Promise<void> {
  const rows = [...s.writes.filter((p) => p.existing).map((p) => docRow(s, p, true)), ...s.structural.map((p) => docRow(s, p, false))];
  if (rows.length) s.idOf = await upsertDocRows(s.app, s.tx, s.moduleId, rows);
  const fresh = s.writes.filter((p) => !p.existing);
  if (!fresh.length) return;
  const ids = await insertManyReturningIds(
    s.tx,
    s.app.ctx.dialect,
    'docs',
    fresh.map((p) => docRow(s, p, true)),
  );
  fresh.forEach((p, i) => {
    s.idOf.set(p.dataId, ids[i]);
  });
}
