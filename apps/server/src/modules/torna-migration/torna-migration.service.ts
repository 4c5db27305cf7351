/**
 * The admin console's migration from Torna: test a connection, dry run, queue the migration as a durable job
 * (the source URL, which holds a password, encrypted in its payload) and read its progress. No HTTP types.
 */
import type { TornaSourceRequest, TornaStatus, TornaTestAnswer } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { enqueueJob, getJob, registerJobHandler } from '../../jobs/queue.js';
import { decrypt, encrypt } from '../../lib/crypto.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { type MigrationReport, migrateTorna } from './migration.js';
import { openTornaSource, schemaProblem } from './source.js';

/** Job kind of a migration. */
export const TORNA_MIGRATION_JOB = 'torna-migration';

registerJobHandler(TORNA_MIGRATION_JOB, async (app, job) => {
  const p = job.payload as { from: string; salt: string; timezone: string };
  return migrateTorna({
    from: decrypt(app.ctx.installKey, p.from),
    target: { db: app.ctx.db, dialect: app.ctx.dialect },
    salt: p.salt || undefined,
    timezone: p.timezone || undefined,
    secretKey: app.ctx.config.secretKey,
    progress: (_m, done) => {
      if (done !== undefined) job.progress(Math.min(99, Math.round(done * 100))).catch(() => {});
    },
  });
});

/** Connects to a Torna database and reads its schema version; a failure is an answer, not an error. */
export async function testSource(from: string, timezone?: string): Promise<TornaTestAnswer> {
  try {
    const src = await openTornaSource(from, timezone || undefined);
    try {
      const problem = schemaProblem(src.columns, src.version);
      return { ok: !problem, database: src.database, version: src.version, tables: src.columns.size, problem: problem ?? '' };
    } finally {
      await src.close();
    }
  } catch (err) {
    return { ok: false, database: '', version: null, tables: 0, problem: (err as Error).message };
  }
}

/** What a migration would move, writing nothing; a source that cannot be read is a readable refusal. */
export async function dryRun(app: FastifyInstance, b: TornaSourceRequest): Promise<MigrationReport> {
  try {
    return await migrateTorna({
      from: b.from,
      target: { db: app.ctx.db, dialect: app.ctx.dialect },
      salt: b.salt || undefined,
      timezone: b.timezone || undefined,
      dryRun: true,
    });
  } catch (err) {
    throw badRequest('error.torna_migration', { error: (err as Error).message ?? String(err) });
  }
}

/** Queues the migration; returns its job id and the source's host (for the audit log: no user or password). */
export async function startMigration(
  app: FastifyInstance,
  userId: number,
  b: TornaSourceRequest,
): Promise<{ jobId: string; host: string }> {
  const jobId = await enqueueJob(app, {
    kind: TORNA_MIGRATION_JOB,
    payload: { from: encrypt(app.ctx.installKey, b.from), salt: b.salt ?? '', timezone: b.timezone ?? '' },
    createdBy: userId,
  });
  let host = '';
  try {
    host = new URL(b.from).host;
  } catch {
    host = '';
  }
  return { jobId, host };
}

/** A migration job's progress and, once done, its report (404 for any other job). */
export async function migrationStatus(app: FastifyInstance, jobId: string): Promise<TornaStatus> {
  const job = await getJob(app, jobId);
  if (!job || job.kind !== TORNA_MIGRATION_JOB) throw notFound('job');
  return {
    jobId: job.jobId,
    state: job.state,
    progress: job.state === 'done' ? 100 : job.progress,
    report: (job.result as MigrationReport | null) ?? null,
    error: job.error,
  };
}
