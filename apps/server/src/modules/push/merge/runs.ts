/**
 * The smart-doc run of a replace push (push-runs.ts): read before the merge plans (inside its transaction),
 * written after it deletes.
 */
import { continues, loadRun, runSignature, saveRun, topKeys } from '../push-runs.js';
import type { MergeState } from './state.js';

/** Finds the run a replace push continues, or starts one (imports and non-replace pushes have none). */
export async function openRun(s: MergeState): Promise<void> {
  if (s.input.source !== 'push' || !s.doDelete) return;
  const signature = runSignature(s.norm, s.input.runHint ?? '');
  const keys = topKeys(s.norm);
  const prev = await loadRun(s.tx, s.moduleId);
  const continuing = continues(s.app, prev, signature, keys, s.now);
  s.run = {
    runId: continuing && prev ? prev.runId : s.outcome.batchId,
    signature,
    keys: [...(continuing && prev ? prev.topKeys : []), ...keys],
    continuing,
    touched: continuing && prev ? prev.touched : new Set(),
    deleted: prev?.pending ?? new Set(),
  };
  s.outcome.runId = s.run.runId;
}

/** Records this push as the start or the next chunk of its run, with the deletions still to settle. */
export async function closeRunChunk(s: MergeState): Promise<void> {
  const run = s.run;
  if (!run) return;
  const pending = new Set([...run.deleted].filter((id) => !s.touched.has(id)));
  for (const id of s.outcome.pendingDeleteIds) pending.add(id);
  await saveRun(s.tx, s.moduleId, {
    runId: run.runId,
    signature: run.signature,
    lastAt: s.now,
    topKeys: new Set(run.keys),
    touched: new Set([...run.touched, ...s.touched]),
    pending,
  });
}
