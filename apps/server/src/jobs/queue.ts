/**
 * Durable background work driven by the `jobs` table: enqueue returns at once with a public id; workers
 * claim queued jobs atomically with a lease (this server's id and an expiry renewed every JOB_LEASE_MS / 3
 * while the job runs), report progress, and store the result or the error. Any server re-queues a running
 * job whose lease expired (its server died); a job another live server runs is never taken over. A kind may
 * allow several attempts: a job of it that the database aborted (a deadlock, a lock wait timeout) is queued
 * again after a short pause, the attempts counted in its row, until it succeeds or has used them all.
 * Tests call `drainJobs(app)` instead of starting workers.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Dialect } from '../config.js';
import { type Conn, insertId, isTransactionConflict } from '../db/database.js';
import { randomToken } from '../lib/crypto.js';

export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobContext {
  id: number;
  publicId: string;
  kind: string;
  moduleId: number;
  createdBy: number;
  payload: unknown;
  /** Reports progress 0..100 (written at most every 250 ms). */
  progress(pct: number): Promise<void>;
}

export type JobHandler = (app: FastifyInstance, job: JobContext) => Promise<unknown>;

/** How long a claim holds without renewal: a job whose server died is taken over after this. */
export const JOB_LEASE_MS = 60_000;

/** This server's id in job leases (one per app instance). */
const owners = new WeakMap<FastifyInstance, string>();
function ownerOf(app: FastifyInstance): string {
  let id = owners.get(app);
  if (!id) {
    id = randomUUID();
    owners.set(app, id);
  }
  return id;
}

/** Pause before a job the database aborted runs again, times the attempts it has used. */
export const JOB_RETRY_MS = 250;

const handlers = new Map<string, JobHandler>();
/** Kinds whose jobs for the same module must not run at the same time. */
const serialByModule = new Set<string>();
/** Attempts per kind for jobs the database aborted (isTransactionConflict); 1 when absent. */
const attemptsByKind = new Map<string, number>();

/**
 * Registers the handler of a job kind (once per process; later registrations replace it). `attempts`: how many
 * times a job of it runs when the database aborts it (a deadlock, a lock wait timeout); only for handlers whose
 * work such an abort rolls back whole, or that can be run again (1, the default: never again).
 */
export function registerJobHandler(kind: string, handler: JobHandler, opts: { serialPerModule?: boolean; attempts?: number } = {}): void {
  handlers.set(kind, handler);
  if (opts.serialPerModule) serialByModule.add(kind);
  else serialByModule.delete(kind);
  attemptsByKind.set(kind, Math.max(1, opts.attempts ?? 1));
}

/** Queues a job and returns its public id. */
export async function enqueueJob(
  app: FastifyInstance,
  input: { kind: string; payload: unknown; moduleId?: number; createdBy?: number; runAfter?: number },
): Promise<string> {
  const publicId = await insertJob(app.ctx.db, app.ctx.dialect, input);
  kick.get(app)?.();
  return publicId;
}

/**
 * Writes a queued job row (on a connection or inside a caller's transaction) for whichever server claims it
 * first; for code that runs without an app, like a command line tool. Returns its public id.
 */
export async function insertJob(
  conn: Conn,
  dialect: Dialect,
  input: { kind: string; payload: unknown; moduleId?: number; createdBy?: number; runAfter?: number },
): Promise<string> {
  const publicId = randomToken(12);
  const now = Date.now();
  await insertId(conn, dialect, 'jobs', {
    publicId,
    kind: input.kind,
    state: 'queued',
    progress: 0,
    moduleId: input.moduleId ?? 0,
    payload: JSON.stringify(input.payload ?? null),
    createdBy: input.createdBy ?? 0,
    runAfter: input.runAfter ?? 0,
    createdAt: now,
    updatedAt: now,
  });
  return publicId;
}

export interface JobView {
  jobId: string;
  kind: string;
  state: JobState;
  progress: number;
  moduleId: number;
  createdBy: number;
  result: unknown;
  error: string;
  createdAt: number;
  updatedAt: number;
}

/** Reads a job by public id, or null. */
export async function getJob(app: FastifyInstance, publicId: string): Promise<JobView | null> {
  const j = await app.ctx.db.selectFrom('jobs').selectAll().where('publicId', '=', publicId).executeTakeFirst();
  if (!j) return null;
  let result: unknown = null;
  try {
    result = j.result ? JSON.parse(j.result) : null;
  } catch {
    result = null;
  }
  return {
    jobId: j.publicId,
    kind: j.kind,
    state: j.state as JobState,
    progress: j.progress,
    moduleId: j.moduleId,
    createdBy: j.createdBy,
    result,
    error: j.error,
    createdAt: j.createdAt,
    updatedAt: j.updatedAt,
  };
}

/**
 * Starts after which a job whose server stopped while running it is failed instead of taken over (a job that
 * crashes or exhausts its server would otherwise be handed from server to server for ever). Every start counts,
 * retries after a database abort included: a job already started this many times is not taken over again.
 */
export const JOB_MAX_TAKEOVERS = 3;

/**
 * Queues again every running job whose lease expired (its server stopped renewing it), counting that start as an
 * attempt; a job that reaches JOB_MAX_TAKEOVERS starts so is failed instead. Returns the jobs queued again.
 */
export async function requeueAbandonedJobs(app: FastifyInstance): Promise<number> {
  const now = Date.now();
  const abandoned = app.ctx.db
    .updateTable('jobs')
    .where('state', '=', 'running')
    .where('leaseUntil', '<', now)
    .set({ attempts: sql`attempts + 1`, leaseOwner: '', leaseUntil: 0, updatedAt: now });
  await abandoned
    .where('attempts', '>=', JOB_MAX_TAKEOVERS - 1)
    .set({ state: 'failed', error: `stopped: its server stopped while running it (started ${JOB_MAX_TAKEOVERS} times)` })
    .execute();
  const r = await abandoned.set({ state: 'queued' }).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Claims and runs one queued job; returns false when nothing could be claimed. */
export async function runOneJob(app: FastifyInstance): Promise<boolean> {
  const { db } = app.ctx;
  const owner = ownerOf(app);
  const now = Date.now();
  // Only jobs this server can run now: of a kind it handles, and for a kind serial per application, of an
  // application none of whose jobs of that kind runs under a live lease (on any server). Filtered here, not after
  // the limit, so that jobs waiting for a busy application never hold back the others.
  const serial = [...serialByModule].filter((k) => handlers.has(k));
  if (!handlers.size) return false;
  const candidates = await db
    .selectFrom('jobs as j')
    .select(['j.id'])
    .where('j.state', '=', 'queued')
    .where('j.runAfter', '<=', now)
    .where('j.kind', 'in', [...handlers.keys()])
    .$if(serial.length > 0, (q) =>
      q.where((eb) =>
        eb.or([
          eb('j.kind', 'not in', serial),
          eb.not(
            eb.exists(
              eb
                .selectFrom('jobs as r')
                .select('r.id')
                .whereRef('r.kind', '=', 'j.kind')
                .whereRef('r.moduleId', '=', 'j.moduleId')
                .where('r.state', '=', 'running')
                .where('r.leaseUntil', '>=', now),
            ),
          ),
        ]),
      ),
    )
    .orderBy('j.id')
    .limit(20)
    .execute();
  for (const c of candidates) {
    const claimed = await db
      .updateTable('jobs')
      .set({ state: 'running', leaseOwner: owner, leaseUntil: Date.now() + JOB_LEASE_MS, updatedAt: Date.now() })
      .where('id', '=', c.id)
      .where('state', '=', 'queued')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    // Renew the lease while the job runs, so no other server takes it over.
    const renew = setInterval(() => {
      db.updateTable('jobs')
        .set({ leaseUntil: Date.now() + JOB_LEASE_MS })
        .where('id', '=', c.id)
        .where('state', '=', 'running')
        .where('leaseOwner', '=', owner)
        .execute()
        .catch((err) => app.log.warn({ err, jobId: c.id }, 'job lease renewal failed'));
    }, JOB_LEASE_MS / 3);
    renew.unref();
    try {
      await app.ctx.settings.refresh();
      await execute(app, c.id);
    } finally {
      clearInterval(renew);
    }
    return true;
  }
  return false;
}

async function execute(app: FastifyInstance, id: number): Promise<void> {
  const { db } = app.ctx;
  const j = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const handler = handlers.get(j.kind);
  let lastWrite = 0;
  const ctx: JobContext = {
    id: j.id,
    publicId: j.publicId,
    kind: j.kind,
    moduleId: j.moduleId,
    createdBy: j.createdBy,
    payload: j.payload ? JSON.parse(j.payload) : null,
    async progress(pct: number) {
      const now = Date.now();
      if (now - lastWrite < 250 && pct < 100) return;
      lastWrite = now;
      await db
        .updateTable('jobs')
        .set({ progress: Math.max(0, Math.min(100, Math.round(pct))), updatedAt: now })
        .where('id', '=', id)
        .execute();
    },
  };
  try {
    if (!handler) throw new Error(`no handler for job kind ${j.kind}`);
    const result = await handler(app, ctx);
    await db
      .updateTable('jobs')
      .set({
        state: 'done',
        progress: 100,
        result: JSON.stringify(result ?? null),
        error: '',
        attempts: j.attempts + 1,
        leaseOwner: '',
        leaseUntil: 0,
        updatedAt: Date.now(),
      })
      .where('id', '=', id)
      .execute();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const attempts = j.attempts + 1;
    if (isTransactionConflict(err) && attempts < (attemptsByKind.get(j.kind) ?? 1)) {
      app.log.warn({ err, jobId: j.publicId, kind: j.kind, attempts }, 'job aborted by the database; queued again');
      await db
        .updateTable('jobs')
        .set({
          state: 'queued',
          error: message,
          attempts,
          runAfter: Date.now() + JOB_RETRY_MS * attempts,
          leaseOwner: '',
          leaseUntil: 0,
          updatedAt: Date.now(),
        })
        .where('id', '=', id)
        .execute();
      return;
    }
    app.log.error({ err, jobId: j.publicId, kind: j.kind }, 'job failed');
    const result = (err as { result?: unknown }).result;
    await db
      .updateTable('jobs')
      .set({
        state: 'failed',
        error: message,
        result: result === undefined ? '' : JSON.stringify(result),
        attempts,
        leaseOwner: '',
        leaseUntil: 0,
        updatedAt: Date.now(),
      })
      .where('id', '=', id)
      .execute();
  }
}

/** Runs queued jobs until none is left (tests and one-shot tools). */
export async function drainJobs(app: FastifyInstance, maxJobs = 1000): Promise<number> {
  let n = 0;
  while (n < maxJobs && (await runOneJob(app))) n++;
  return n;
}

const kick = new WeakMap<FastifyInstance, () => void>();
const periodic: ((app: FastifyInstance) => Promise<void>)[] = [];

/** Registers work that runs on every worker tick (e.g. webhook retries); it must be cheap when idle. */
export function registerPeriodic(fn: (app: FastifyInstance) => Promise<void>): void {
  periodic.push(fn);
}

/** Starts the worker loop (two lanes); each tick first re-queues jobs whose server stopped renewing their lease. */
export function startWorkers(app: FastifyInstance, lanes = 2): void {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let active = 0;
  let lastRequeue = 0;
  const tick = async () => {
    if (stopped || active >= lanes) return;
    active++;
    try {
      if (Date.now() - lastRequeue >= JOB_LEASE_MS / 4) {
        lastRequeue = Date.now();
        await requeueAbandonedJobs(app);
      }
      while (!stopped && (await runOneJob(app))) {
        /* keep draining */
      }
      if (periodic.length && !stopped) await app.ctx.settings.refresh();
      for (const fn of periodic) if (!stopped) await fn(app);
    } catch (err) {
      app.log.error({ err }, 'worker tick failed');
    } finally {
      active--;
    }
  };
  kick.set(app, () => void tick());
  app.addHook('onReady', async () => {
    timer = setInterval(() => void tick(), 500);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearInterval(timer);
    for (let i = 0; i < 100 && active > 0; i++) await new Promise((r) => setTimeout(r, 50));
  });
}
