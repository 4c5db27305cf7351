/**
 * Partitioned pushes (smart-doc `apiUploadNums`): smart-doc splits `apis` into chunks and sends one
 * `doc.push` per chunk, each with the same author, debugEnvs, commonErrorCodes and isReplace. With
 * replace, Torna deletes the earlier chunks' docs at every call. Folio treats consecutive replace pushes
 * to one application as one *run* when
 *   - they carry the same run signature (author, debug envs, common error codes, replace/override flags,
 *     app_key), and
 *   - each arrives within the run window (`folio.push.run-window-seconds`, default 60 s) of the previous
 *     one, and
 *   - its top-level items (folders by name, docs by identity) are disjoint from those already received
 *     in the run (a repeated full push overlaps, so it starts a new run).
 * Within a run, the replace step never deletes docs that an earlier chunk of the run wrote. Docs that an
 * earlier chunk deleted and a later chunk sends again come back with the same ids, and because deletion
 * history is recorded only when the run settles (a durable `push.settle` job after the window), such
 * docs leave no delete/add noise in the history or in notices.
 */
import type { FastifyInstance } from 'fastify';
import { md5 } from '../../lib/crypto.js';
import type { NPayload } from './push-normalize.js';

export interface RunState {
  runId: string;
  signature: string;
  lastAt: number;
  topKeys: Set<string>;
  /** Doc and folder ids written by the run's chunks so far. */
  touched: Set<number>;
}

const runs = new Map<number, RunState>();

/** The run window in ms (setting `folio.push.run-window-seconds`, default 60). */
export function runWindowMs(app: FastifyInstance): number {
  return Math.max(0, app.ctx.settings.getInt('folio.push.run-window-seconds', 60)) * 1000;
}

/** The run signature of a push: what every chunk of one smart-doc run repeats. */
export function runSignature(p: NPayload, extra = ''): string {
  return md5(
    JSON.stringify([
      p.author,
      p.debugEnvs.map((e) => [e.name, e.url]),
      p.commonErrorCodes.map((c) => [c.code, c.msg, c.solution]),
      p.isReplace ?? 1,
      p.isOverride ?? 0,
      extra,
    ]),
  );
}

/** Identities of the top-level items of a push. */
export function topKeys(p: NPayload): string[] {
  return p.items.map((it) =>
    it.kind === 'folder' ? `f:${it.name}` : `d:${it.type}:${it.httpMethod}:${it.url}:${it.version}:${it.url ? '' : it.name}`,
  );
}

/** The run this push continues, or null when it starts a new one. */
export function continuingRun(
  app: FastifyInstance,
  moduleId: number,
  signature: string,
  keys: string[],
  now = Date.now(),
): RunState | null {
  const r = runs.get(moduleId);
  if (!r) return null;
  const win = runWindowMs(app);
  if (win <= 0 || now - r.lastAt > win || r.signature !== signature) return null;
  for (const k of keys) if (r.topKeys.has(k)) return null;
  return r;
}

/** Records a push as the start or continuation of a run. */
export function recordRun(
  moduleId: number,
  prev: RunState | null,
  input: { runId: string; signature: string; keys: string[]; touched: Iterable<number> },
  now = Date.now(),
): RunState {
  const r: RunState = prev ?? { runId: input.runId, signature: input.signature, lastAt: now, topKeys: new Set(), touched: new Set() };
  r.lastAt = now;
  for (const k of input.keys) r.topKeys.add(k);
  for (const id of input.touched) r.touched.add(id);
  runs.set(moduleId, r);
  return r;
}

/** The current run of a module, if any. */
export function currentRun(moduleId: number): RunState | undefined {
  return runs.get(moduleId);
}

/** True while the run may still receive chunks. */
export function runIsOpen(app: FastifyInstance, moduleId: number, runId: string, now = Date.now()): boolean {
  const r = runs.get(moduleId);
  return !!r && r.runId === runId && now - r.lastAt <= runWindowMs(app);
}

/** Forgets a module's run (tests, and when the run is settled). */
export function closeRun(moduleId: number): void {
  runs.delete(moduleId);
}
