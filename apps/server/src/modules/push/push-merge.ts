/**
 * The push merge (torna-compat §1b, done better): one transaction per push, identity keys so ids stay
 * stable, locked docs and their subtrees untouched, hand-edited descriptions kept, versioned docs
 * coexisting, unchanged content costing reads only, bulk writes, and doc-change events (with the push's
 * batchId) for history and notices. Used by the open API (`doc.push`, `swagger-json.push`,
 * `POST /api/push/openapi`) and by importers.
 *
 * The merge runs in named phases over one state (merge/state.ts):
 *   loadExisting → openRun → planFolders → planDocs → writeDocs → deleteMissing → emitChanges.
 */
import type { FastifyInstance } from 'fastify';
import { inTx, type Tx } from '../../db/database.js';
import { deleteMissing } from './merge/delete-missing.js';
import { emitChanges } from './merge/emit-changes.js';
import { loadExisting } from './merge/load-existing.js';
import { planDocs } from './merge/plan-docs.js';
import { planFolders } from './merge/plan-folders.js';
import { openRun } from './merge/runs.js';
import { type MergeInput, type MergeResult, newMergeState } from './merge/state.js';
import { writeDocs } from './merge/write-docs.js';
import { type NPayload, normalizePayloadWithTurns } from './push-normalize.js';

export { pushedDocKey } from './merge/doc-content.js';
export type { MergeInput, MergeResult } from './merge/state.js';

/**
 * Merges a push payload into an application. One transaction (the given one, or a new one). Callers
 * outside the open API that may race with pushes should wrap the call in `withModuleLock(moduleId, …)`
 * (push-lock.ts) when they do not pass their own transaction.
 */
export async function mergePush(app: FastifyInstance, input: MergeInput, tx?: Tx): Promise<MergeResult> {
  const norm = await normalizePayloadWithTurns(input.payload ?? {});
  return inTx(tx ?? app.ctx.db, (t) => mergeNormalized(app, t, input, norm));
}

/** The merge of an already normalised payload (inside a transaction). */
export async function mergeNormalized(app: FastifyInstance, tx: Tx, input: MergeInput, norm: NPayload): Promise<MergeResult> {
  const s = newMergeState(app, tx, input, norm);
  await loadExisting(s);
  await openRun(s);
  await planFolders(s);
  await planDocs(s);
  await writeDocs(s);
  await deleteMissing(s);
  await emitChanges(s);
  s.outcome.rowIds = [...s.touched].filter((id) => !s.locked.has(id));
  return s.outcome;
}
