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
 * docs leave no delete/add noise in the history or in notices: while a deletion is pending, a doc sent
 * again with the same content is unchanged, and with other content an update.
 * The run is state in the database (`push_runs`, one row per application, read and written inside the
 * merge's transaction, which holds the application's row lock), so chunks reaching different servers
 * are one run.
 */
import type { FastifyInstance } from 'fastify';
import type { Conn } from '../../db/database.js';
import { md5 } from '../../lib/crypto.js';
import type { NPayload } from './push-normalize.js';

export interface RunState {
  runId: string;
  signature: string;
  /** When the last chunk arrived; 0 once the run is closed. */
  lastAt: number;
  topKeys: Set<string>;
  /** Doc and folder ids written by the run's chunks so far. */
  touched: Set<number>;
  /** Doc ids deleted by replace pushes whose deletion is not recorded yet (kept across runs until settled). */
  pending: Set<number>;
}

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

/** The application's run row (open or closed), or null. */
export async function loadRun(conn: Conn, moduleId: number): Promise<RunState | null> {
  const r = await conn.selectFrom('pushRuns').selectAll().where('moduleId', '=', moduleId).executeTakeFirst();
  if (!r) return null;
  return {
    runId: r.runId,
    signature: r.signature,
    lastAt: Number(r.lastAt),
    topKeys: new Set(JSON.parse(r.topKeys) as string[]),
    touched: new Set(JSON.parse(r.touched) as number[]),
    pending: new Set(JSON.parse(r.pending) as number[]),
  };
}

/** True when a push with this signature and these top-level keys continues the run (see the rules above). */
export function continues(app: FastifyInstance, r: RunState | null, signature: string, keys: string[], now = Date.now()): boolean {
  if (!r?.lastAt) return false;
  const win = runWindowMs(app);
  if (win <= 0 || now - r.lastAt > win || r.signature !== signature) return false;
  return !keys.some((k) => r.topKeys.has(k));
}

/** Writes the application's run row (inside the merge's transaction). */
export async function saveRun(conn: Conn, moduleId: number, r: RunState): Promise<void> {
  const row = {
    runId: r.runId,
    signature: r.signature,
    lastAt: r.lastAt,
    topKeys: JSON.stringify([...r.topKeys]),
    touched: JSON.stringify([...r.touched]),
    pending: JSON.stringify([...r.pending]),
  };
  const res = await conn.updateTable('pushRuns').set(row).where('moduleId', '=', moduleId).executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0)
    await conn
      .insertInto('pushRuns')
      .values({ moduleId, ...row })
      .execute();
}

/** True while the run may still receive chunks. */
export async function runIsOpen(app: FastifyInstance, moduleId: number, runId: string, now = Date.now()): Promise<boolean> {
  const r = await loadRun(app.ctx.db, moduleId);
  return !!r && r.runId === runId && !!r.lastAt && now - r.lastAt <= runWindowMs(app);
}

/** Closes the application's run: the next push starts a new one (pending deletions stay until settled). */
export async function closeRun(conn: Conn, moduleId: number): Promise<void> {
  await conn.updateTable('pushRuns').set({ lastAt: 0 }).where('moduleId', '=', moduleId).execute();
}

/** Forgets pending deletions once they are settled (recorded, or the docs are live again). */
export async function settledRun(conn: Conn, moduleId: number, docIds: number[]): Promise<void> {
  const r = await loadRun(conn, moduleId);
  if (!r) return;
  for (const id of docIds) r.pending.delete(id);
  await saveRun(conn, moduleId, r);
}
