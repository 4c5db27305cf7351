/**
 * Mock feature. Management under /api: `GET /doc/mock/list?docId=`, `POST /doc/mock/save`, `POST /doc/mock/delete`,
 * `POST /doc/mock/preview` (runs a body or script in the same sandbox before saving). Public, CORS-enabled
 * URLs outside /api: `/mock/{applicationId}/{path}`, Torna's `/mock/{path}`, and `/mockjs/script/{path}` (the
 * raw script text of a rule).
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  MockListQuery,
  MockPreviewInput,
  MockPreviewSchema,
  MockRuleSchema,
  MockSaveInput,
  MockScriptResponse,
  SavedIdSchema,
} from '@folio/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { t } from '../../i18n/messages.js';
import { AppError } from '../../lib/errors.js';
import { IdString } from '../../lib/schemas.js';
import { accessOf } from '../../permissions/declared.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { onDocChanges } from '../doc-events.js';
import { ensureDefaultMock, loadRuleById, onDocChangesForMock, respond } from './mock.service.js';
import type { MockRule } from './mock-match.js';
import { resolveMock, resolveMockScript } from './mock-resolve.js';
import * as rules from './mock-rules.service.js';

onDocChanges(onDocChangesForMock);

const tags = ['mock'];

/** Rule management under /api (contracts: packages/shared/src/schemas/mock.ts). */
export const mockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/doc/mock/list',
    {
      config: { action: 'doc.read', resource: { kind: 'doc', from: 'query.docId' } },
      schema: {
        tags,
        summary: "A doc's mock rules, the default first",
        querystring: MockListQuery,
        response: okResponse(Type.Array(MockRuleSchema)),
      },
    },
    async (req) => {
      const a = accessOf(req);
      return ok(await rules.listRules(ctx, a.id, a.moduleId as number));
    },
  );

  app.post(
    '/doc/mock/save',
    {
      config: { action: 'doc.mock', resource: { kind: 'doc', from: 'body.docId' } },
      schema: { tags, summary: 'Create or update a mock rule of a doc', body: MockSaveInput, response: okResponse(SavedIdSchema) },
    },
    async (req) => {
      const a = accessOf(req);
      const id = await rules.saveRule(ctx, requireUser(req), a.id, a.moduleId as number, req.body);
      return ok({ id: ctx.ids.encode(id) });
    },
  );

  app.post(
    '/doc/mock/delete',
    {
      config: { action: 'doc.mock', resource: { kind: 'mockRule', from: 'body.id' } },
      schema: { tags, summary: 'Delete a mock rule', body: Type.Object({ id: IdString }), response: okNull },
    },
    async (req) => {
      const a = accessOf(req);
      await rules.deleteRule(ctx, a.id);
      return ok(null);
    },
  );

  app.post(
    '/doc/mock/preview',
    {
      config: { action: 'doc.mock', resource: { kind: 'doc', from: 'body.docId' } },
      schema: {
        tags,
        summary: 'Run a body or script as a rule of the doc would answer, before saving',
        body: MockPreviewInput,
        response: okResponse(MockPreviewSchema),
      },
    },
    async (req) => {
      const a = accessOf(req);
      return ok(await rules.previewRule(ctx, a.id, a.moduleId as number, req.body));
    },
  );
};

// ------------------------------------------------------------ public mock URLs

function parseMockBody(req: FastifyRequest): { body: unknown; form: Record<string, string | string[]> | null } {
  const raw = req.body;
  if (!Buffer.isBuffer(raw) || !raw.length) return { body: null, form: null };
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  const text = raw.toString('utf8');
  if (type.includes('json')) {
    try {
      return { body: JSON.parse(text), form: null };
    } catch {
      return { body: text, form: null };
    }
  }
  if (type.includes('x-www-form-urlencoded')) {
    const form: Record<string, string | string[]> = {};
    for (const [k, v] of new URLSearchParams(text)) {
      const cur = form[k];
      form[k] = cur === undefined ? v : Array.isArray(cur) ? [...cur, v] : [cur, v];
    }
    return { body: form, form };
  }
  return { body: text.length > 1_000_000 ? text.slice(0, 1_000_000) : text, form: null };
}

function queryOf(req: FastifyRequest): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(req.url.split('?')[1] ?? '')) {
    const cur = out[k];
    out[k] = cur === undefined ? v : Array.isArray(cur) ? [...cur, v] : [cur, v];
  }
  return out;
}

/** Response headers a rule may not set on Folio's origin. */
const GUARDED_HEADERS = new Set([
  'set-cookie',
  'content-security-policy',
  'x-content-type-options',
  'content-length',
  'transfer-encoding',
  'connection',
]);

async function send(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  matched: MockRule,
  params: Record<string, string>,
  path: string,
) {
  let rule = matched;
  if (rule.isDefault && Number(rule.pending)) {
    // A default created without its body: generated from the doc now, once.
    await ensureDefaultMock(app.ctx, rule.docId, rule.moduleId);
    rule = (await loadRuleById(app.ctx, rule.id)) ?? rule;
  }
  const { body } = parseMockBody(req);
  const r = await respond(app.ctx.settings, rule, {
    method: req.method,
    path: `/${path}`,
    query: queryOf(req),
    headers: req.headers as Record<string, unknown>,
    body,
    params,
  });
  if (r.delayMs) await new Promise((res) => setTimeout(res, r.delayMs));
  reply.code(r.status);
  for (const [k, v] of r.headers) if (!GUARDED_HEADERS.has(k.toLowerCase())) reply.header(k, v);
  reply.header('content-type', r.contentType);
  // Mock bodies are written by users and served from Folio's origin: a browser must never run them as a
  // page here (an HTML mock could otherwise read the Folio token). API clients are not affected.
  reply.header('content-security-policy', "sandbox; default-src 'none'");
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-folio-mock-rule', app.ctx.ids.encode(rule.id));
  return reply.send(r.body);
}

/** The rest of a wildcard URL (`/mock/*`, `/mockjs/script/*`). */
const WildcardParams = Type.Object({ '*': Type.String({ description: 'the path after the prefix' }) });

/** Routes outside the /api prefix. */
export async function mockRootRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 2 * 1024 * 1024 }, (_req, body, done) => done(null, body));

    scope.route({
      method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'],
      url: '/mock/*',
      config: { auth: 'public' },
      schema: { tags: ['mock'], params: WildcardParams },
      handler: async (req, reply) => {
        const rest = req.params['*'].split('?')[0];
        const { body, form } = parseMockBody(req);
        const found = await resolveMock(app.ctx, rest, req.url.split('?')[1], {
          method: req.method,
          path: '',
          query: queryOf(req),
          body,
          form,
        });
        if ('rule' in found) return send(app, req, reply, found.rule, found.params, found.path);
        // Anonymous callers (anyone on the network) learn nothing about the application's rules.
        if (!req.user) {
          return reply
            .code(404)
            .header('content-type', 'application/json; charset=utf-8')
            .send({
              code: '100',
              msg: t(req.lang, 'error.not_found', { what: 'mock' }),
              error: 'not_found',
              data: null,
              requestId: req.id,
            });
        }
        const { tried } = found;
        const msg = t(req.lang, 'error.mock_not_found', { method: req.method, path: `/mock/${rest}`, tried: tried.join('; ') });
        return reply
          .code(404)
          .header('content-type', 'application/json; charset=utf-8')
          .send({ code: '100', msg, error: 'not_found', data: { tried }, requestId: req.id });
      },
    });

    scope.get(
      '/mockjs/script/*',
      { config: { auth: 'public' }, schema: { tags: ['mock'], params: WildcardParams, response: MockScriptResponse } },
      async (req, reply) => {
        const rest = req.params['*'].split('?')[0];
        const rule = await resolveMockScript(app.ctx, rest, req.url.split('?')[1]);
        if (!rule)
          throw new AppError(404, 'not_found', 'error.mock_not_found', { method: 'GET', path: `/mockjs/script/${rest}`, tried: rest });
        return reply
          .header('content-type', 'text/plain; charset=utf-8')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "sandbox; default-src 'none'")
          .send(rule.mockScript);
      },
    );
  });
}
