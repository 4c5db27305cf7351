/**
 * The admin console's "Migrate from Torna" (super admins only): test a connection, dry run, start the
 * migration as a durable job (the source URL encrypted in its payload) and follow its progress and report.
 * The Hashids salt the migration stores applies on every server at its next request; the migration queues
 * the search index rebuild itself.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { enqueueJob, getJob, registerJobHandler } from '../../jobs/queue.js';
import { decrypt, encrypt } from '../../lib/crypto.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import { migrateTorna } from './migration.js';
import { openTornaSource, schemaProblem } from './source.js';

export const TORNA_MIGRATION_JOB = 'torna-migration';

const Source = {
  from: Type.String({ minLength: 8, maxLength: 1024, pattern: '^(mysql|mariadb|postgres|postgresql)://' }),
  salt: Type.Optional(Type.String({ maxLength: 128 })),
  timezone: Type.Optional(Type.String({ maxLength: 16, pattern: '^(local|[+-]\\d\\d:\\d\\d)?$' })),
};
type SourceBody = { from: string; salt?: string; timezone?: string };

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

export async function tornaMigrationRoutes(app: FastifyInstance): Promise<void> {
  const superOnly = { auth: 'super' as const };
  const fail = (err: unknown) => badRequest('error.torna_migration', { error: (err as Error).message ?? String(err) });

  app.post(
    '/admin/tornaMigration/test',
    { config: superOnly, schema: { tags: ['admin'], body: Type.Object({ from: Source.from, timezone: Source.timezone }) } },
    async (req) => {
      const b = req.body as SourceBody;
      try {
        const src = await openTornaSource(b.from, b.timezone || undefined);
        try {
          const problem = schemaProblem(src.columns, src.version);
          return ok({ ok: !problem, database: src.database, version: src.version, tables: src.columns.size, problem: problem ?? '' });
        } finally {
          await src.close();
        }
      } catch (err) {
        return ok({ ok: false, database: '', version: null, tables: 0, problem: (err as Error).message });
      }
    },
  );

  app.post('/admin/tornaMigration/dryRun', { config: superOnly, schema: { tags: ['admin'], body: Type.Object(Source) } }, async (req) => {
    const b = req.body as SourceBody;
    try {
      const report = await migrateTorna({
        from: b.from,
        target: { db: app.ctx.db, dialect: app.ctx.dialect },
        salt: b.salt || undefined,
        timezone: b.timezone || undefined,
        dryRun: true,
      });
      return ok(report);
    } catch (err) {
      throw fail(err);
    }
  });

  app.post('/admin/tornaMigration/start', { config: superOnly, schema: { tags: ['admin'], body: Type.Object(Source) } }, async (req) => {
    const u = requireUser(req);
    const b = req.body as SourceBody;
    const jobId = await enqueueJob(app, {
      kind: TORNA_MIGRATION_JOB,
      payload: { from: encrypt(app.ctx.installKey, b.from), salt: b.salt ?? '', timezone: b.timezone ?? '' },
      createdBy: u.id,
    });
    const host = (() => {
      try {
        return new URL(b.from).host;
      } catch {
        return '';
      }
    })();
    await audit(app, req, AuditAction.SETTINGS_CHANGE, 'torna-migration', { host });
    return ok({ jobId });
  });

  app.get(
    '/admin/tornaMigration/status',
    { config: superOnly, schema: { tags: ['admin'], querystring: Type.Object({ jobId: Type.String({ minLength: 1, maxLength: 64 }) }) } },
    async (req) => {
      const job = await getJob(app, (req.query as { jobId: string }).jobId);
      if (!job || job.kind !== TORNA_MIGRATION_JOB) throw notFound('job');
      return ok({
        jobId: job.jobId,
        state: job.state,
        progress: job.state === 'done' ? 100 : job.progress,
        report: job.result,
        error: job.error,
      });
    },
  );
}
