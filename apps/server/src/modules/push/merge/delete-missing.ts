/**
 * Phase 5 (replace pushes and imports): docs and folders of the application that the push, or an earlier
 * chunk of its smart-doc run, did not send are deleted; folders survive while anything live remains below
 * them. Then the common error-code page.
 */
import { writeErrorCodePage } from '../push-writes.js';
import { closeRunChunk } from './runs.js';
import type { ExistingDoc, MergeState } from './state.js';

export async function deleteMissing(s: MergeState): Promise<void> {
  const { outcome } = s;
  if (s.doDelete) {
    const runTouched = s.run?.touched ?? new Set<number>();
    const keep = (r: ExistingDoc) => s.touched.has(r.id) || runTouched.has(r.id) || s.locked.has(r.id);
    const deleteDocs = s.existingRows.filter((r) => !r.isDeleted && !r.isFolder && r.createMode === 1 && r.version === '' && !keep(r));
    const deleted = new Set(deleteDocs.map((r) => r.id));
    const needed = neededFolders(s, deleted, keep);
    const deleteFolders = s.existingRows.filter((r) => !r.isDeleted && r.isFolder && r.createMode === 1 && !keep(r) && !needed.has(r.id));
    const all = [...deleteDocs.map((r) => r.id), ...deleteFolders.map((r) => r.id)];
    for (let i = 0; i < all.length; i += 500) {
      await s.tx
        .updateTable('docs')
        .set({ isDeleted: 1, modifierId: s.userId, modifierName: s.nickname, updatedAt: s.now })
        .where('id', 'in', all.slice(i, i + 500))
        .execute();
    }
    outcome.deleted = deleteDocs.length;
    outcome.pendingDeleteIds = deleteDocs.map((r) => r.id);
    for (const r of deleteDocs.slice(0, Math.max(0, 50 - outcome.changedNames.length))) outcome.changedNames.push(r.name);
  }
  await closeRunChunk(s);
  await writeErrorCodePage(s.tx, s.app, s.moduleId, s.norm.commonErrorCodes);
  await s.progress(85);
}

/** Folders with something live below them after the merge (ancestors of every kept row and of every row the push sent). */
function neededFolders(s: MergeState, deleted: Set<number>, keep: (r: ExistingDoc) => boolean): Set<number> {
  const needed = new Set<number>();
  const mark = (id: number) => {
    let cur = s.parentOf.get(id) ?? 0;
    const seen = new Set<number>();
    while (cur && !seen.has(cur)) {
      seen.add(cur);
      needed.add(cur);
      cur = s.parentOf.get(cur) ?? 0;
    }
  };
  for (const r of s.existingRows) {
    if (r.isDeleted || deleted.has(r.id)) continue;
    if (!r.isFolder || r.createMode !== 1 || keep(r)) mark(r.id);
  }
  for (const id of s.touched) mark(id);
  return needed;
}
