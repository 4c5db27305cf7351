/**
 * Keeping the search index: the doc change listener (in the writing transaction), the catch-up job of a large
 * write, the full rebuild job and its status, and the rebuild an upgraded installation needs once.
 */
import type { ReindexStatus } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { inTx, type Tx } from '../../db/database.js';
import { enqueueJob, getJob, insertJob, registerJobHandler } from '../../jobs/queue.js';
import { notFound } from '../../lib/errors.js';
import { type DocChangeListener, onDocChanges } from '../doc-events.js';
import * as repo from './search.repo.js';
import { indexDocIds, indexDocs, indexModuleExtras } from './search-index.js';
import { reindexAll } from './search-rebuild.js';

/** Job kind of the full rebuild. */
export const REINDEX_JOB = 'search.reindex';

/** Job kind that indexes the docs of a large write (a push or import) just after it commits. */
export const DOCS_JOB = 'search.docs';
/** Writes of at least this many docs are indexed by the catch-up job instead of inside their transaction. */
export const LARGE_WRITE = 100;

/**
 * Keeps the index of changed docs (and their applications' folders and dictionaries): in the writing
 * transaction for ordinary writes; a large push or import queues a durable job in that transaction instead
 * (workers poll every 500 ms), so the write itself stays fast and the index catches up within about a second.
 */
export const indexDocChanges: DocChangeListener = async (app, tx, changes) => {
  if (changes.length >= LARGE_WRITE) {
    await queueDocIndex(
      app,
      tx,
      changes[0].moduleId,
      changes[0].userId,
      changes.map((c) => c.docId),
    );
    return;
  }
  const docs = [];
  const removed: number[] = [];
  for (const c of changes) {
    if (c.after) docs.push({ id: c.docId, moduleId: c.moduleId, detail: c.after });
    else removed.push(c.docId);
  }
  await indexDocs(app.ctx, tx, docs, removed);
  // Pushes and imports also write folders and dictionaries: those of the touched applications follow.
  await indexModuleExtras(app.ctx, tx, [...new Set(changes.map((c) => c.moduleId))]);
};
onDocChanges(indexDocChanges);

/** Queues the catch-up job that indexes docs just after the writing transaction commits. */
export async function queueDocIndex(app: FastifyInstance, tx: Tx, moduleId: number, userId: number, docIds: number[]): Promise<void> {
  await insertJob(tx, app.ctx.dialect, { kind: DOCS_JOB, payload: { docIds }, moduleId, createdBy: userId });
}

/**
 * Runs of a job the database aborts (a deadlock, a lock wait timeout: queue.ts) before it counts as failed. Both
 * jobs can run again: the catch-up is one transaction, rolled back whole; the rebuild rewrites what differs.
 */
const ATTEMPTS = 5;

registerJobHandler(
  DOCS_JOB,
  async (app, job) => {
    const { docIds } = job.payload as { docIds: number[] };
    await inTx(app.ctx.db, (tx) => indexDocIds(app.ctx, tx, docIds));
    return { docs: docIds.length };
  },
  { serialPerModule: true, attempts: ATTEMPTS },
);
registerJobHandler(REINDEX_JOB, async (app, job) => ({ entries: await reindexAll(app.ctx, (pct) => job.progress(pct)) }), {
  attempts: ATTEMPTS,
});

/** Queues a full rebuild of the index; returns its job id. */
export function queueReindex(app: FastifyInstance, userId?: number): Promise<string> {
  return enqueueJob(app, { kind: REINDEX_JOB, payload: null, createdBy: userId });
}

/** A rebuild's progress (404 for any other job). */
export async function reindexStatus(app: FastifyInstance, jobId: string): Promise<ReindexStatus> {
  const job = await getJob(app, jobId);
  if (!job || job.kind !== REINDEX_JOB) throw notFound('job');
  const entries = Number((job.result as { entries?: number } | null)?.entries ?? 0);
  return { jobId: job.jobId, state: job.state, progress: job.progress, entries, error: job.error };
}

/** An installation upgraded to a version with search has content but an empty index: queue its rebuild once. */
export async function reindexIfMissing(app: FastifyInstance): Promise<void> {
  if (await repo.indexMissing(app.ctx.db, REINDEX_JOB)) await queueReindex(app);
}
