/**
 * Mock feature. Management under /api: `GET /doc/mock/list?docId=`, `POST /doc/mock/save`, `POST /doc/mock/delete`,
 * `POST /doc/mock/preview` (runs a body or script in the same sandbox before saving). Public, CORS-enabled
 * URLs outside /api: `/mock/{applicationId}/{path}`, Torna's `/mock/{path}`, and `/mockjs/script/{path}` (the
 * raw script text of a rule).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MockListQuery, MockPreviewInput, MockPreviewSchema, MockRuleSchema, MockSaveInput, SavedIdSchema } from '@folio/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { t } from '../../i18n/messages.js';
import { md5 } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { IdString } from '../../lib/schemas.js';
import { accessOf } from '../../permissions/declared.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { onDocChanges } from '../doc-events.js';
import { ensureDefaultMock, loadModuleRules, loadRuleById, loadRulesByDataIds, onDocChangesForMock, respond } from './mock.service.js';
import { type MockRequest, type MockRule, matchPath, pickRule } from './mock-match.js';
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

function tryDecode(app: FastifyInstance, s: string): number | null {
  if (!/^[A-Za-z0-9]{6,32}$/.test(s)) return null;
  try {
    return app.ctx.ids.decode(s, 'module');
  } catch {
    return null;
  }
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

/** Routes outside the /api prefix. */
export async function mockRootRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 2 * 1024 * 1024 }, (_req, body, done) => done(null, body));

    scope.route({
      method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'],
      url: '/mock/*',
      config: { auth: 'public' },
      schema: { tags: ['mock'] },
      handler: async (req, reply) => {
        const rest = ((req.params as { '*': string })['*'] ?? '').split('?')[0];
        const segs = rest.split('/').filter(Boolean);
        const tried: string[] = [];
        const { body, form } = parseMockBody(req);
        const mreq: MockRequest = { method: req.method, path: '', query: queryOf(req), body, form };
        // Folio form: /mock/{applicationId}/{path}
        const moduleId = segs.length ? tryDecode(app, segs[0]) : null;
        if (moduleId !== null) {
          const path = segs.slice(1).join('/');
          const rules = await loadModuleRules(app.ctx, moduleId);
          const m = pickRule(rules, { ...mreq, path });
          if (m) return send(app, req, reply, m.rule, m.params, path);
          const samePath = rules.filter((r) => matchPath(r.path, path));
          tried.push(
            samePath.length
              ? `application ${segs[0]}: ${samePath.length} rule(s) for "${path}" but their request data did not match`
              : `application ${segs[0]}: no rule with path "${path}"`,
          );
        }
        // Torna form: /mock/{path}[?query] by md5 of the path with and without its query, then a rule id.
        const query = req.url.split('?')[1];
        const dataIds = [...new Set([query ? md5(`${rest}?${query}`) : '', md5(rest)].filter(Boolean))];
        const byData = await loadRulesByDataIds(app.ctx, dataIds);
        if (byData.length) {
          const m = pickRule(byData, { ...mreq, path: rest }) ?? { rule: byData[0], params: {} };
          return send(app, req, reply, m.rule, m.params, rest);
        }
        tried.push(`Torna path "${rest}"`);
        if (segs.length === 1) {
          let id: number | null = null;
          try {
            id = app.ctx.ids.decode(segs[0], 'mock');
          } catch {
            id = null;
          }
          const rule = id ? await loadRuleById(app.ctx, id) : null;
          if (rule) return send(app, req, reply, rule, {}, rest);
          tried.push(`mock id "${segs[0]}"`);
        }
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
        const msg = t(req.lang, 'error.mock_not_found', { method: req.method, path: `/mock/${rest}`, tried: tried.join('; ') });
        return reply
          .code(404)
          .header('content-type', 'application/json; charset=utf-8')
          .send({ code: '100', msg, error: 'not_found', data: { tried }, requestId: req.id });
      },
    });

    scope.get('/mockjs/script/*', { config: { auth: 'public' }, schema: { tags: ['mock'] } }, async (req, reply) => {
      const rest = ((req.params as { '*': string })['*'] ?? '').split('?')[0];
      const query = req.url.split('?')[1];
      const dataIds = [...new Set([query ? md5(`${rest}?${query}`) : '', md5(rest)].filter(Boolean))];
      let rules = await loadRulesByDataIds(app.ctx, dataIds);
      const segs = rest.split('/').filter(Boolean);
      const moduleId = segs.length > 1 ? tryDecode(app, segs[0]) : null;
      if (!rules.length && moduleId !== null) {
        const path = segs.slice(1).join('/');
        rules = (await loadModuleRules(app.ctx, moduleId)).filter((r) => matchPath(r.path, path));
      }
      const rule = rules.find((r) => r.resultType === 1) ?? rules[0];
      if (!rule)
        throw new AppError(404, 'not_found', 'error.mock_not_found', { method: 'GET', path: `/mockjs/script/${rest}`, tried: rest });
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .send(rule.mockScript);
    });
  });
}
