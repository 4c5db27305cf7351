/** The smart-doc run of a replace push (push-runs.ts): found before the merge plans, recorded after it deletes. */
import { continuingRun, recordRun, runSignature, topKeys } from '../push-runs.js';
import type { MergeState } from './state.js';

/** Finds the run a replace push continues, or starts one (imports and non-replace pushes have none). */
export async function openRun(s: MergeState): Promise<void> {
  if (s.input.source !== 'push' || !s.doDelete) return;
  const signature = runSignature(s.norm, s.input.runHint ?? '');
  const keys = topKeys(s.norm);
  const prev = continuingRun(s.app, s.moduleId, signature, keys);
  s.run = {
    runId: prev?.runId ?? s.outcome.batchId,
    signature,
    keys,
    continuing: !!prev,
    touched: prev?.touched ?? new Set(),
    deleted: new Set(),
  };
  s.outcome.runId = s.run.runId;
}

/** Records this push as the start or the next chunk of its run. */
export async function closeRunChunk(s: MergeState): Promise<void> {
  const run = s.run;
  if (!run) return;
  const prev = run.continuing ? continuingRun(s.app, s.moduleId, run.signature, []) : null;
  recordRun(s.moduleId, prev, { runId: run.runId, signature: run.signature, keys: run.keys, touched: s.touched });
}
