/**
 * Mock feature. Management under /api: `GET /doc/mock/list?docId=`, `POST /doc/mock/save`, `POST /doc/mock/delete`,
 * `POST /doc/mock/preview` (runs a body or script in the same sandbox before saving). Public, CORS-enabled
 * URLs outside /api: `/mock/{applicationId}/{path}`, Torna's `/mock/{path}`, and `/mockjs/script/{path}` (the
 * raw script text of a rule).
 */
import { DocType } from '@folio/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { insertId } from '../../db/database.js';
import { t } from '../../i18n/messages.js';
import { md5 } from '../../lib/crypto.js';
import { AppError, type FieldError, notFound, validation } from '../../lib/errors.js';
import { IdString } from '../../lib/schemas.js';
import { authorizeDoc } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull } from '../../plugins/envelope.js';
import { onDocChanges } from '../doc-events.js';
import {
  ensureDefaultMock,
  invalidateMockCache,
  loadModuleRules,
  loadRuleById,
  loadRulesByDataIds,
  onDocChangesForMock,
  PENDING_DEFAULT,
  respond,
} from './mock.service.js';
import { type MockRequest, type MockRule, matchPath, normalizeMockPath, pickRule } from './mock-match.js';
import type { MockRequestData } from './mock-sandbox.js';

onDocChanges(onDocChangesForMock);

const HeaderName = Type.String({ minLength: 1, maxLength: 128, pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$" });
const NameValue = Type.Object({ name: Type.String({ maxLength: 255 }), value: Type.Optional(Type.String({ maxLength: 4000 })) });

const SaveBody = Type.Object({
  docId: IdString,
  id: Type.Optional(Type.String({ maxLength: 64 })),
  name: Type.String({ minLength: 1, maxLength: 255 }),
  path: Type.String({ minLength: 1, maxLength: 1024 }),
  requestDataType: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  dataKv: Type.Optional(Type.Array(NameValue, { maxItems: 100 })),
  dataJson: Type.Optional(Type.String({ maxLength: 100_000 })),
  httpStatus: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
  delayMills: Type.Optional(Type.Integer({ minimum: 0, maximum: 600_000 })),
  responseHeaders: Type.Optional(
    Type.Array(Type.Object({ name: HeaderName, value: Type.Optional(Type.String({ maxLength: 4000 })) }), { maxItems: 50 }),
  ),
  resultType: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  responseBody: Type.Optional(Type.String({ maxLength: 2_000_000 })),
  mockScript: Type.Optional(Type.String({ maxLength: 200_000 })),
  remark: Type.Optional(Type.String({ maxLength: 2000 })),
});
interface SaveInput {
  docId: string;
  id?: string;
  name: string;
  path: string;
  requestDataType?: 0 | 1;
  dataKv?: { name: string; value?: string }[];
  dataJson?: string;
  httpStatus?: number;
  delayMills?: number;
  responseHeaders?: { name: string; value?: string }[];
  resultType?: 0 | 1;
  responseBody?: string;
  mockScript?: string;
  remark?: string;
}

const MockRequestSchema = Type.Object({
  method: Type.Optional(Type.String({ maxLength: 16 })),
  path: Type.Optional(Type.String({ maxLength: 1024 })),
  query: Type.Optional(Type.Record(Type.String({ maxLength: 255 }), Type.Unknown())),
  headers: Type.Optional(Type.Record(Type.String({ maxLength: 255 }), Type.Unknown())),
  body: Type.Optional(Type.Unknown()),
});

export async function mockRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect, ids, settings } = app.ctx;

  const docOf = async (docId: number) =>
    db
      .selectFrom('docs')
      .select(['id', 'moduleId', 'type', 'isFolder', 'url', 'httpMethod'])
      .where('id', '=', docId)
      .executeTakeFirstOrThrow();

  app.get(
    '/doc/mock/list',
    { config: { action: 'doc.read' }, schema: { tags: ['mock'], querystring: Type.Object({ docId: IdString }) } },
    async (req) => {
      const docId = ids.decode((req.query as { docId: string }).docId, 'doc');
      const a = await authorizeDoc(req, docId, 'doc.read');
      const doc = await docOf(docId);
      if (!doc.isFolder && doc.type === DocType.HTTP) await ensureDefaultMock(app.ctx, docId, a.moduleId);
      const rows = await db
        .selectFrom('mockConfigs')
        .selectAll()
        .where('docId', '=', docId)
        .where('isDeleted', '=', 0)
        .orderBy('isDefault', 'desc')
        .orderBy('id')
        .execute();
      const appId = ids.encode(a.moduleId);
      return ok(
        rows.map((r) => {
          const kv = r.requestDataType === 0 ? safeJson(r.requestData, []) : [];
          return {
            id: ids.encode(r.id),
            docId: ids.encode(r.docId),
            name: r.name,
            path: r.path,
            dataId: r.dataId,
            version: r.version,
            isDefault: r.isDefault,
            requestDataType: r.requestDataType,
            dataKv: Array.isArray(kv) ? kv : [],
            dataJson: r.requestDataType === 1 ? r.requestData : '',
            httpStatus: r.httpStatus,
            delayMills: r.delayMills,
            responseHeaders: safeJson(r.responseHeaders, []),
            resultType: r.resultType,
            responseBody: r.responseBody,
            mockScript: r.mockScript,
            remark: r.remark,
            creatorName: r.creatorName,
            modifierName: r.modifierName,
            gmtCreate: Number(r.createdAt),
            gmtModified: Number(r.updatedAt),
            url: `/mock/${appId}/${r.path}`,
            tornaUrl: `/mock/${r.path}`,
            idUrl: `/mock/${ids.encode(r.id)}`,
          };
        }),
      );
    },
  );

  app.post('/doc/mock/save', { config: { action: 'doc.mock' }, schema: { tags: ['mock'], body: SaveBody } }, async (req) => {
    const u = requireUser(req);
    const b = req.body as SaveInput;
    const docId = ids.decode(b.docId, 'doc');
    const a = await authorizeDoc(req, docId, 'doc.mock');
    const errors: FieldError[] = [];
    const path = normalizeMockPath(b.path);
    if (!path) errors.push({ field: 'path', message: 'cannot be empty' });
    const requestDataType = b.requestDataType ?? 0;
    let requestData = '';
    if (requestDataType === 1) {
      const text = (b.dataJson ?? '').trim();
      if (text) {
        try {
          JSON.parse(text);
          requestData = text;
        } catch {
          errors.push({ field: 'dataJson', message: 'please enter JSON' });
        }
      }
    } else {
      const kv = (b.dataKv ?? []).filter((x) => x.name.trim()).map((x) => ({ name: x.name.trim(), value: x.value ?? '' }));
      requestData = kv.length ? JSON.stringify(kv) : '';
    }
    if (errors.length) throw validation(errors);
    const now = Date.now();
    const values = {
      name: b.name.trim(),
      path,
      dataId: md5(path),
      requestDataType,
      requestData,
      httpStatus: b.httpStatus ?? 200,
      delayMills: b.delayMills ?? 0,
      responseHeaders: JSON.stringify((b.responseHeaders ?? []).map((h) => ({ name: h.name, value: h.value ?? '' }))),
      resultType: b.resultType ?? 0,
      responseBody: b.responseBody ?? '',
      mockScript: b.mockScript ?? '',
      remark: b.remark ?? '',
      modifierName: u.nickname,
      updatedAt: now,
    };
    let id: number;
    if (b.id) {
      id = ids.decode(b.id, 'mock');
      const old = await db
        .selectFrom('mockConfigs')
        .select(['docId', 'isDefault', 'mockResult'])
        .where('id', '=', id)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (!old || old.docId !== docId) throw notFound('mock');
      // An edited default keeps what was generated for it (the base later refreshes merge against).
      if (old.isDefault && old.mockResult === PENDING_DEFAULT) await ensureDefaultMock(app.ctx, docId, a.moduleId);
      await db.updateTable('mockConfigs').set(values).where('id', '=', id).execute();
    } else {
      const max = await db
        .selectFrom('mockConfigs')
        .select((eb) => eb.fn.max('version').as('v'))
        .where('docId', '=', docId)
        .executeTakeFirst();
      id = await insertId(db, dialect, 'mockConfigs', {
        ...values,
        docId,
        version: Number(max?.v ?? 0) + 1,
        isDefault: 0,
        mockResult: '',
        creatorName: u.nickname,
        createdAt: now,
      });
    }
    invalidateMockCache(a.moduleId);
    return ok({ id: ids.encode(id) });
  });

  app.post(
    '/doc/mock/delete',
    { config: { action: 'doc.mock' }, schema: { tags: ['mock'], body: Type.Object({ id: IdString }), response: okNull } },
    async (req) => {
      const id = ids.decode((req.body as { id: string }).id, 'mock');
      const row = await db.selectFrom('mockConfigs').select(['docId']).where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
      if (!row) throw notFound('mock');
      const a = await authorizeDoc(req, row.docId, 'doc.mock');
      await db.updateTable('mockConfigs').set({ isDeleted: 1, updatedAt: Date.now() }).where('id', '=', id).execute();
      invalidateMockCache(a.moduleId);
      return ok(null);
    },
  );

  app.post(
    '/doc/mock/preview',
    {
      config: { action: 'doc.mock' },
      schema: {
        tags: ['mock'],
        body: Type.Object({
          docId: IdString,
          resultType: Type.Union([Type.Literal(0), Type.Literal(1)]),
          responseBody: Type.Optional(Type.String({ maxLength: 2_000_000 })),
          mockScript: Type.Optional(Type.String({ maxLength: 200_000 })),
          path: Type.Optional(Type.String({ maxLength: 1024 })),
          request: Type.Optional(MockRequestSchema),
        }),
      },
    },
    async (req) => {
      const b = req.body as {
        docId: string;
        resultType: 0 | 1;
        responseBody?: string;
        mockScript?: string;
        path?: string;
        request?: Partial<MockRequestData>;
      };
      const docId = ids.decode(b.docId, 'doc');
      const a = await authorizeDoc(req, docId, 'doc.mock');
      const doc = await docOf(docId);
      const rule: MockRule = {
        id: 0,
        docId,
        moduleId: a.moduleId,
        name: 'preview',
        path: b.path ?? '',
        isDefault: 0,
        requestDataType: 0,
        requestData: '',
        httpStatus: 200,
        delayMills: 0,
        resultType: b.resultType,
        responseHeaders: '[]',
        responseBody: b.responseBody ?? '',
        mockScript: b.mockScript ?? '',
        docMethod: doc.httpMethod,
      };
      const started = performance.now();
      const r = await respond(settings, rule, {
        method: b.request?.method ?? doc.httpMethod ?? 'GET',
        path: b.request?.path ?? `/${normalizeMockPath(b.path ?? doc.url)}`,
        query: b.request?.query ?? {},
        headers: b.request?.headers ?? {},
        body: b.request?.body ?? null,
        params: {},
      });
      const text = typeof r.body === 'string' ? r.body : r.body.toString('utf8');
      if (b.resultType === 1 && r.status !== 200) {
        const msg = safeJson(text, { msg: text }) as { msg?: string };
        return ok({ ok: false, error: msg.msg ?? text, body: '', contentType: '', timeMs: performance.now() - started });
      }
      return ok({ ok: true, error: '', body: text, contentType: r.contentType, timeMs: performance.now() - started });
    },
  );
}

function safeJson<T>(s: string, fallback: T): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return fallback;
  }
}

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
