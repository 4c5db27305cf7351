/**
 * Push routes: the Torna open API at the root path `/api` (GET and POST), the job status poll, the
 * OpenAPI-file push for any CI, and the push guide.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { t } from '../../i18n/messages.js';
import { getJob } from '../../jobs/queue.js';
import { AppError, notFound } from '../../lib/errors.js';
import { authorizeModule } from '../../permissions/authorize.js';
import { ok } from '../../plugins/envelope.js';
import { importTextLang } from '../imports/imports.service.js';
import { openApiToPush } from '../imports/openapi-to-push.js';
import { ImportInputError, parseStructured } from '../imports/spec-text.js';
import { publicUrl } from '../webhooks/webhook-queue.js';
import { handleOpenApi } from './open-api.js';
import { pushGuide } from './push-guide.js';
import { flag, PushInputError } from './push-normalize.js';
import { runWindowMs } from './push-runs.js';
import { PUSH_JOB, queuePush, runPush } from './push-service.js';
import { pt } from './texts.js';

const MB = 1024 * 1024;

/** Routes under /api. */
export async function pushRoutes(api: FastifyInstance): Promise<void> {
  api.get(
    '/push/status',
    {
      config: { auth: 'public' },
      schema: { querystring: Type.Object({ jobId: Type.String({ minLength: 1, maxLength: 64 }) }) },
    },
    async (req) => {
      const { jobId } = req.query as { jobId: string };
      const job = await getJob(api, jobId);
      if (!job || job.kind !== PUSH_JOB) throw notFound('job');
      return ok({ jobId: job.jobId, state: job.state, progress: job.progress, result: job.result, error: job.error });
    },
  );

  api.get(
    '/openapi/push.md',
    {
      // The guide itself is public; its token part needs an application admin (never a must-set-password account).
      config: { auth: 'optional', allowSetPassword: true },
      schema: { querystring: Type.Object({ moduleId: Type.Optional(Type.String({ maxLength: 64 })) }) },
    },
    async (req, reply) => {
      const { moduleId } = req.query as { moduleId?: string };
      let token = '';
      let appName = '';
      if (moduleId && req.user) {
        const id = api.ctx.ids.decode(moduleId, 'module');
        await authorizeModule(req, id, 'module.manageToken');
        const m = await api.ctx.db.selectFrom('modules').select(['token', 'name']).where('id', '=', id).executeTakeFirstOrThrow();
        token = m.token;
        appName = m.name;
      }
      const md = pushGuide({
        lang: req.lang,
        baseUrl: publicUrl(api) || `${req.protocol}://${req.host}`,
        token,
        appName,
        asyncThreshold: api.ctx.settings.getInt('folio.push.async-threshold', 2000),
        runWindowSeconds: Math.round(runWindowMs(api) / 1000),
      });
      return reply.type('text/markdown; charset=utf-8').send(md);
    },
  );

  // The OpenAPI-file push keeps its body as text (JSON or YAML) in its own parser scope.
  await api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * MB }, (_req, body, done) => done(null, body));
    scope.post(
      '/push/openapi',
      {
        config: { auth: 'public' },
        schema: {
          querystring: Type.Object({
            isReplace: Type.Optional(Type.String({ maxLength: 8 })),
            isOverride: Type.Optional(Type.String({ maxLength: 8 })),
            async: Type.Optional(Type.String({ maxLength: 8 })),
            author: Type.Optional(Type.String({ maxLength: 128 })),
          }),
        },
      },
      async (req) => {
        const lang = req.lang;
        const q = req.query as { isReplace?: string; isOverride?: string; async?: string; author?: string };
        const token = (typeof req.headers.token === 'string' ? req.headers.token : '').trim();
        const mod = token
          ? await api.ctx.db
              .selectFrom('modules')
              .select(['id'])
              .where('token', '=', token.slice(0, 64))
              .where('isDeleted', '=', 0)
              .executeTakeFirst()
          : undefined;
        if (!mod) throw new AppError(401, 'unauthorized', pt(lang, token ? 'push.api.badToken' : 'push.api.missingToken'));
        let payload: Awaited<ReturnType<typeof openApiToPush>>['payload'];
        try {
          const spec = parseStructured(String(req.body ?? ''));
          payload = (await openApiToPush(spec, { author: q.author || 'OpenAPI', lang: importTextLang(api, req) })).payload;
        } catch (err) {
          if (err instanceof ImportInputError) throw new AppError(422, 'validation_failed', t(lang, err.key, err.params));
          throw err;
        }
        const request = {
          moduleId: mod.id,
          payload,
          author: q.author || 'OpenAPI',
          isReplace: flag(q.isReplace, 1) === 1,
          isOverride: flag(q.isOverride, 0) === 1,
        };
        if (flag(q.async, 0) === 1) return ok({ jobId: await queuePush(api, request) });
        try {
          return ok(await runPush(api, request));
        } catch (err) {
          if (err instanceof PushInputError)
            throw new AppError(422, 'validation_failed', pt(lang, 'push.api.invalidParams', { detail: err.message }), {}, err.fields);
          throw err;
        }
      },
    );
  });
}

/** The Torna open API at `/api` itself (outside the /api prefix scope). */
export async function pushRootRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // Every body arrives as text: JSON, form or text envelopes, and malformed JSON must answer code 13, not HTTP 400.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * MB }, (_req, body, done) => done(null, body));
    scope.route({
      method: ['GET', 'POST'],
      url: '/api',
      config: { auth: 'public' },
      handler: async (req, reply) => reply.status(200).send(await handleOpenApi(app, req)),
    });
  });
}
