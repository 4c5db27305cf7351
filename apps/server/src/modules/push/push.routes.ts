/**
 * Push routes: the Torna open API at the root path `/api` (GET and POST; Torna's wire format, answered by
 * open-api.ts), the job status poll, the OpenAPI-file push for any CI, and the push guide. The file push
 * authorises by its `token` header (the application's push token); the guide's token part needs an
 * application admin when asked (a dynamic case: the guide itself is public). Contracts: packages/shared/src/schemas/push.ts.
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  PushGuideQuery,
  PushGuideResponse,
  PushOpenApiAnswer,
  PushOpenApiQuery,
  PushStatusQuery,
  PushStatusSchema,
  TornaOpenResponse,
} from '@folio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorizeModule } from '../../permissions/authorize.js';
import { ok, okResponse, sendJsonText } from '../../plugins/envelope.js';
import { importTextLang } from '../imports/imports.service.js';
import { handleOpenApi } from './open-api.js';
import * as files from './push-files.service.js';

const MB = 1024 * 1024;
const tags = ['push'];
/** The push token header. */
export const pushToken = (req: FastifyRequest) => (typeof req.headers.token === 'string' ? req.headers.token : '').trim();

/** Routes under /api. */
export const pushRoutes: FastifyPluginAsyncTypebox = async (api) => {
  api.get(
    '/push/status',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "A queued push's state, progress and outcome",
        querystring: PushStatusQuery,
        response: okResponse(PushStatusSchema),
      },
    },
    async (req) => ok(await files.pushStatus(api, req.query.jobId)),
  );

  api.get(
    '/openapi/push.md',
    {
      // The guide itself is public; its token part needs an application admin (never a must-set-password account).
      config: { auth: 'optional', allowSetPassword: true },
      schema: {
        tags,
        summary: 'The push guide (Markdown); with moduleId, for that application and its token',
        querystring: PushGuideQuery,
        response: PushGuideResponse,
      },
    },
    async (req, reply) => {
      let moduleId = 0;
      if (req.query.moduleId && req.user) {
        moduleId = api.ctx.ids.decode(req.query.moduleId, 'module');
        await authorizeModule(req, moduleId, 'module.manageToken');
      }
      const md = await files.guideMarkdown(api, req.lang, `${req.protocol}://${req.host}`, moduleId);
      return reply.type('text/markdown; charset=utf-8').send(md);
    },
  );

  // The OpenAPI-file push keeps its body as text (JSON or YAML) in its own parser scope.
  await api.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * MB }, (_req, body, done) => done(null, body));
    scope.post(
      '/push/openapi',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'Push an OpenAPI file (JSON or YAML, the body as it is) into the application of the `token` header',
          querystring: PushOpenApiQuery,
          response: okResponse(PushOpenApiAnswer),
        },
      },
      async (req) => {
        const moduleId = await files.moduleOfToken(api, pushToken(req), req.lang);
        return ok(await files.pushOpenApiFile(api, moduleId, String(req.body ?? ''), req.query, req.lang, importTextLang(api, req)));
      },
    );
  });
};

/** The Torna open API at `/api` itself (outside the /api prefix scope). */
export async function pushRootRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // Every body arrives as bytes (JSON, form or text envelopes; malformed JSON must answer code 13, not HTTP 400):
    // a big one is decoded on a worker thread (push-prepare.ts), not here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * MB }, (_req, body, done) => done(null, body));
    scope.route({
      method: ['GET', 'POST'],
      url: '/api',
      config: { auth: 'public' },
      schema: { tags: ['push'], summary: "Torna's open API (smart-doc, torna-sdk)", response: TornaOpenResponse },
      handler: async (req, reply) => sendJsonText(reply.status(200), await handleOpenApi(app, req)),
    });
  });
}
