/**
 * The admin console's "Migrate from Torna" (super admins only): test a connection, dry run, start the
 * migration as a durable job (the source URL encrypted in its payload) and follow its progress and report.
 * The Hashids salt the migration stores applies on every server at its next request; the migration queues
 * the search index rebuild itself. Contracts: packages/shared/src/schemas/torna-migration.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  TornaJobSchema,
  TornaReportSchema,
  TornaSourceBody,
  TornaStatusQuery,
  TornaStatusSchema,
  TornaTestBody,
  TornaTestSchema,
} from '@folio/shared';
import { requireUser } from '../../plugins/auth.js';
import { ok, okResponse } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import * as migration from './torna-migration.service.js';

const tags = ['admin'];
const superOnly = { auth: 'super' } as const;

export const tornaMigrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/tornaMigration/test',
    {
      config: superOnly,
      schema: {
        tags,
        summary: "Connect to Torna's database and read its version",
        body: TornaTestBody,
        response: okResponse(TornaTestSchema),
      },
    },
    async (req) => ok(await migration.testSource(req.body.from, req.body.timezone)),
  );

  app.post(
    '/admin/tornaMigration/dryRun',
    {
      config: superOnly,
      schema: {
        tags,
        summary: 'What a migration would move, writing nothing',
        body: TornaSourceBody,
        response: okResponse(TornaReportSchema),
      },
    },
    async (req) => ok(await migration.dryRun(app, req.body)),
  );

  app.post(
    '/admin/tornaMigration/start',
    {
      config: superOnly,
      schema: { tags, summary: 'Start the migration (a job)', body: TornaSourceBody, response: okResponse(TornaJobSchema) },
    },
    async (req) => {
      const { jobId, host } = await migration.startMigration(app, requireUser(req).id, req.body);
      await audit(app, req, AuditAction.SETTINGS_CHANGE, 'torna-migration', { host });
      return ok({ jobId });
    },
  );

  app.get(
    '/admin/tornaMigration/status',
    {
      config: superOnly,
      schema: {
        tags,
        summary: "A migration's progress and report",
        querystring: TornaStatusQuery,
        response: okResponse(TornaStatusSchema),
      },
    },
    async (req) => ok(await migration.migrationStatus(app, req.query.jobId)),
  );
};
