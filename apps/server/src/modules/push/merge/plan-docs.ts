/**
 * Phase 3: every doc's detail and content hash; a doc whose hash equals the stored one costs nothing more
 * (or a row move when only its place or visibility changed). Docs are sorted into `writes` (content
 * changes) and `structural` (row moves only).
 */
import { turnTaker } from '../../../lib/turns.js';
import { loadDocDetails } from '../../docs/doc-detail.js';
import { contentHash } from '../../docs/doc-keys.js';
import { buildDetail } from './doc-content.js';
import type { ExistingDoc, MergeState, PlannedDoc } from './state.js';

export async function planDocs(s: MergeState): Promise<void> {
  const updateCandidates: PlannedDoc[] = [];
  // Building 20,000 docs' details and hashes takes long: other requests get a turn now and then.
  const turn = turnTaker();
  for (const p of s.planned.values()) {
    await turn();
    const ex = p.existing;
    if (ex && !ex.isDeleted && s.locked.has(ex.id)) {
      s.outcome.skippedLocked++;
      s.touched.add(ex.id);
      continue;
    }
    buildDetail(s, p);
    if (!ex || !isLive(s, ex)) {
      s.writes.push(p);
      continue;
    }
    s.touched.add(ex.id);
    if (ex.md5 !== p.hash) updateCandidates.push(p);
    else if (sameShape(ex, p) && !ex.isDeleted) s.outcome.unchanged++;
    else s.structural.push(p);
  }
  await compareContent(s, updateCandidates);
  await s.progress(40);
}

/**
 * Live for the merge: not deleted, or deleted by an earlier chunk of this push's run (its deletion is not
 * recorded yet, so sending it again is no change when its content is the same).
 */
export function isLive(s: MergeState, ex: ExistingDoc): boolean {
  return !ex.isDeleted || !!s.run?.deleted.has(ex.id);
}

function sameShape(ex: ExistingDoc, p: PlannedDoc): boolean {
  const it = p.item;
  return ex.parentId === p.parentId && ex.orderIndex === it.orderIndex && ex.isShow === it.isShow && !ex.isFolder && ex.createMode === 1;
}

/** A stale md5 column (e.g. written by an older version) must not fake a change: compare the real content. */
async function compareContent(s: MergeState, candidates: PlannedDoc[]): Promise<void> {
  s.before = await loadDocDetails(
    s.app.ctx,
    candidates.map((p) => (p.existing as ExistingDoc).id),
    s.tx,
    { includeDeleted: true },
  );
  for (const p of candidates) {
    const b = s.before.get((p.existing as ExistingDoc).id);
    if (b && contentHash(b) === p.hash) s.structural.push(p);
    else s.writes.push(p);
  }
}
