/**
 * Mock rules: loading per application (read from the database on every call), the default mock kept in
 * step with each doc (doc-change listener, in the writing transaction), and producing a response for a rule.
 */
import { type DocDetail, type DocParam, DocType, ParamOwner, ParamStyle } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { type Conn, insertMany } from '../../db/database.js';
import { md5 } from '../../lib/crypto.js';
import { turnTaker } from '../../lib/turns.js';
import type { DocChange } from '../doc-events.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { buildParamTrees, loadParamTreeRows } from '../docs/doc-params.js';
import { generateDefaultBody, mergeDefault } from './mock-default.js';
import type { MockRule } from './mock-match.js';
import type { MockRequestData } from './mock-sandbox.js';
import { hasTemplate, mockRender } from './mock-template.js';
import { sandboxPool } from './sandbox-pool.js';

const CHUNK = 500;
const ruleColumns = [
  'mc.id',
  'mc.docId',
  'd.moduleId',
  'mc.name',
  'mc.path',
  'mc.isDefault',
  'mc.requestDataType',
  'mc.requestData',
  'mc.httpStatus',
  'mc.delayMills',
  'mc.resultType',
  'mc.responseHeaders',
  'mc.responseBody',
  'mc.mockScript',
  'd.httpMethod as docMethod',
] as const;

/**
 * `mockResult` of a default mock created without its body: the body is generated from the doc when the mock
 * is first read (listed, served or edited), so a push or import of thousands of docs does not generate
 * thousands of bodies nobody may open. Its `responseBody` is empty until then.
 */
export const PENDING_DEFAULT = '#folio:pending';

/** Live rules of an application (docs not deleted). */
export function loadModuleRules(ctx: Pick<AppContext, 'db'>, moduleId: number): Promise<MockRule[]> {
  return ctx.db
    .selectFrom('mockConfigs as mc')
    .innerJoin('docs as d', 'd.id', 'mc.docId')
    .select([...ruleColumns])
    .select((eb) => eb('mc.mockResult', '=', PENDING_DEFAULT).as('pending'))
    .where('d.moduleId', '=', moduleId)
    .where('d.isDeleted', '=', 0)
    .where('mc.isDeleted', '=', 0)
    .execute() as Promise<MockRule[]>;
}

/** Rules found by Torna's data id (md5 of the path, with or without its query) across applications. */
export async function loadRulesByDataIds(ctx: Pick<AppContext, 'db'>, dataIds: string[]): Promise<MockRule[]> {
  return (await ctx.db
    .selectFrom('mockConfigs as mc')
    .innerJoin('docs as d', 'd.id', 'mc.docId')
    .select([...ruleColumns])
    .select((eb) => eb('mc.mockResult', '=', PENDING_DEFAULT).as('pending'))
    .where('mc.dataId', 'in', dataIds)
    .where('d.isDeleted', '=', 0)
    .where('mc.isDeleted', '=', 0)
    .orderBy('mc.id', 'desc')
    .execute()) as MockRule[];
}

/** One rule by id (live doc). */
export async function loadRuleById(ctx: Pick<AppContext, 'db'>, id: number): Promise<MockRule | null> {
  const r = await ctx.db
    .selectFrom('mockConfigs as mc')
    .innerJoin('docs as d', 'd.id', 'mc.docId')
    .select([...ruleColumns])
    .select((eb) => eb('mc.mockResult', '=', PENDING_DEFAULT).as('pending'))
    .where('mc.id', '=', id)
    .where('d.isDeleted', '=', 0)
    .where('mc.isDeleted', '=', 0)
    .executeTakeFirst();
  return (r as MockRule | undefined) ?? null;
}

/** Default path of a doc's mock: its URL without the leading slash. */
export function defaultMockPath(ctx: Pick<AppContext, 'ids'>, doc: { id: number; url: string }): string {
  const p = doc.url
    .trim()
    .replace(/^[a-z]+:\/\/[^/]+/i, '')
    .split('?')[0]
    .replace(/\/{2,}/g, '/')
    .replace(/^\/+|\/+$/g, '');
  return p || `doc/${ctx.ids.encode(doc.id)}`;
}

const DEFAULT_HEADERS = JSON.stringify([{ name: 'Content-Type', value: 'application/json;charset=UTF-8' }]);

/** Common response params of applications, by module id. */
async function commonReturns(conn: Conn, ctx: Pick<AppContext, 'ids'>, moduleIds: number[]): Promise<Map<number, DocParam[]>> {
  const rows = (await loadParamTreeRows(conn, ParamOwner.MODULE, moduleIds)).filter((r) => r.style === ParamStyle.RESPONSE);
  const trees = buildParamTrees(rows, ctx.ids);
  const out = new Map<number, DocParam[]>();
  for (const [owner, byStyle] of trees) out.set(owner, byStyle.get(ParamStyle.RESPONSE) ?? []);
  return out;
}

/** An HTTP doc (a webhook is a call the API makes: nothing to mock). */
const isMockable = (d: DocDetail | null): d is DocDetail =>
  !!d && !d.isFolder && (d.type === DocType.HTTP || d.type === undefined) && !d.webhook;

/**
 * Creates or refreshes the default mock of each doc (one read per 500 docs, one insert for the new ones,
 * one update per doc whose default actually changed).
 */
export async function refreshDefaultMocks(
  conn: Conn,
  ctx: Pick<AppContext, 'ids' | 'dialect'>,
  docs: { id: number; moduleId: number; detail: DocDetail; created?: boolean }[],
  nickname: string,
  opts: { lazy?: boolean } = {},
): Promise<void> {
  const list = docs.filter((d) => isMockable(d.detail));
  if (!list.length) return;
  // Lazy (a doc-change listener): new defaults are created pending, and pending ones stay so (their body
  // is generated from the doc as it is when first read). Otherwise every body is generated now.
  const lazy = opts.lazy === true;
  let commonsOf: Map<number, DocParam[]> | null = null;
  const commons = async () => {
    commonsOf ??= await commonReturns(
      conn,
      ctx,
      list.map((d) => d.moduleId),
    );
    return commonsOf;
  };
  const existing = new Map<number, { id: number; path: string; responseBody: string; mockResult: string; isDeleted: number }>();
  // A doc whose row was created by the same write has no mock yet.
  const known = list.filter((d) => !d.created).map((d) => d.id);
  for (let i = 0; i < known.length; i += CHUNK) {
    const rows = await conn
      .selectFrom('mockConfigs')
      .select(['id', 'docId', 'path', 'responseBody', 'mockResult', 'isDeleted'])
      .where('isDefault', '=', 1)
      .where('docId', 'in', known.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) existing.set(r.docId, r);
  }
  const now = Date.now();
  const inserts: Record<string, unknown>[] = [];
  const generate = async (d: (typeof list)[number]) =>
    generateDefaultBody(d.detail, d.detail.isUseGlobalReturns ? ((await commons()).get(d.moduleId) ?? []) : []);
  const turn = turnTaker();
  for (const d of list) {
    await turn();
    const path = defaultMockPath(ctx, { id: d.id, url: d.detail.url });
    const old = existing.get(d.id);
    if (lazy && (!old || old.mockResult === PENDING_DEFAULT)) {
      if (!old) inserts.push(defaultRow(d, path, nickname, now, '', PENDING_DEFAULT));
      else if (!old.isDeleted && old.path !== path)
        await conn
          .updateTable('mockConfigs')
          .set({ path, dataId: md5(path), updatedAt: now })
          .where('id', '=', old.id)
          .execute();
      continue;
    }
    const generated = await generate(d);
    if (!old) {
      inserts.push(defaultRow(d, path, nickname, now, JSON.stringify(generated, null, 2), JSON.stringify(generated)));
      continue;
    }
    if (old.isDeleted) continue; // a person deleted the default: do not bring it back
    let current: unknown;
    let last: unknown;
    try {
      current = JSON.parse(old.responseBody);
    } catch {
      current = undefined;
    }
    try {
      last = JSON.parse(old.mockResult);
    } catch {
      last = undefined;
    }
    const merged = current === undefined ? generated : mergeDefault(current, last, generated);
    const body = JSON.stringify(merged, null, 2);
    const result = JSON.stringify(generated);
    if (body === old.responseBody && result === old.mockResult && path === old.path) continue;
    await conn
      .updateTable('mockConfigs')
      .set({ responseBody: body, mockResult: result, path, dataId: md5(path), modifierName: nickname, updatedAt: now })
      .where('id', '=', old.id)
      .execute();
  }
  if (inserts.length) await insertMany(conn, 'mockConfigs', inserts);
}

/** The row of a new default mock. */
function defaultRow(
  d: { id: number; detail: DocDetail },
  path: string,
  nickname: string,
  now: number,
  responseBody: string,
  mockResult: string,
): Record<string, unknown> {
  return {
    docId: d.id,
    name: `${d.detail.name}-default`.slice(0, 255),
    dataId: md5(path),
    path,
    version: 1,
    isDefault: 1,
    requestDataType: 0,
    requestData: '',
    httpStatus: 200,
    delayMills: 0,
    resultType: 0,
    responseHeaders: DEFAULT_HEADERS,
    responseBody,
    mockScript: '',
    mockResult,
    remark: '',
    creatorName: nickname,
    modifierName: nickname,
    createdAt: now,
    updatedAt: now,
  };
}
/** Doc-change listener: keeps default mocks in step with docs. */
export async function onDocChangesForMock(app: FastifyInstance, tx: Conn, changes: DocChange[]): Promise<void> {
  const docs = changes
    .filter((c) => c.kind !== 'delete' && c.after)
    .map((c) => ({ id: c.docId, moduleId: c.moduleId, detail: c.after as DocDetail, created: c.created }));
  if (!docs.length) return;
  await refreshDefaultMocks(tx, app.ctx, docs, changes[0]?.nickname ?? '', { lazy: true });
}

/**
 * Makes sure a doc has its default mock with its body: created for docs made before this feature (or by
 * paths that emit no event), generated for one created pending.
 */
export async function ensureDefaultMock(ctx: Pick<AppContext, 'db' | 'ids' | 'dialect'>, docId: number, moduleId: number): Promise<void> {
  const has = await ctx.db
    .selectFrom('mockConfigs')
    .select(['id', 'mockResult'])
    .where('docId', '=', docId)
    .where('isDefault', '=', 1)
    .executeTakeFirst();
  if (has && has.mockResult !== PENDING_DEFAULT) return;
  const detail = (await loadDocDetails(ctx, [docId])).get(docId);
  if (!detail) return;
  await refreshDefaultMocks(ctx.db, ctx, [{ id: docId, moduleId, detail }], detail.modifierName || detail.creatorName);
}

export interface MockResponse {
  status: number;
  headers: [string, string][];
  body: string | Buffer;
  contentType: string;
  delayMs: number;
}

const parsedBodies = new Map<string, { tpl: unknown; template: boolean }>();

function parseFixed(body: string): { tpl: unknown; template: boolean } | null {
  const cached = parsedBodies.get(body);
  if (cached) return cached;
  const t = body.trim();
  if (!t || (t[0] !== '{' && t[0] !== '[')) return null;
  let v: unknown;
  try {
    v = JSON.parse(t);
  } catch {
    return null;
  }
  const out = { tpl: v, template: hasTemplate(v) };
  if (parsedBodies.size > 500) parsedBodies.clear();
  parsedBodies.set(body, out);
  return out;
}

function ruleHeaders(raw: string): [string, string][] {
  try {
    const list = JSON.parse(raw || '[]');
    if (!Array.isArray(list)) return [];
    return list
      .filter((h) => h && typeof h.name === 'string' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/.test(h.name))
      .map((h) => [h.name, String(h.value ?? '').replace(/[\r\n]/g, ' ')] as [string, string]);
  } catch {
    return [];
  }
}

/** Produces the response of a rule for a request (scripts run in the sandbox). */
export async function respond(
  settings: { getInt(key: string, fallback: number): number },
  rule: MockRule,
  req: MockRequestData,
): Promise<MockResponse> {
  const headers = ruleHeaders(rule.responseHeaders);
  const declaredType = headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  const delayMs = Math.max(0, Math.min(rule.delayMills || 0, settings.getInt('folio.mock.max-delay-ms', 10_000)));
  const status = rule.httpStatus >= 100 && rule.httpStatus <= 599 ? rule.httpStatus : 200;
  const others = headers.filter(([k]) => k.toLowerCase() !== 'content-type' && k.toLowerCase() !== 'content-length');
  if (rule.resultType === 1) {
    const r = await sandboxPool().run(
      rule.mockScript,
      req,
      {
        timeoutMs: settings.getInt('folio.mock.script-timeout-ms', 1000),
        memoryBytes: settings.getInt('folio.mock.script-memory-mb', 32) * 1024 * 1024,
      },
      String(rule.moduleId),
    );
    if (!r.ok && 'busy' in r) {
      // 429: this application has too many scripts in this server; 503: the server's workers are saturated.
      return {
        status: r.busy === 'app' ? 429 : 503,
        headers: [['retry-after', String(r.retryAfter)]],
        body: JSON.stringify({ code: '100', error: 'mock_script_busy', msg: `Mock script not run: ${r.error}`, data: null }),
        contentType: 'application/json; charset=utf-8',
        delayMs: 0,
      };
    }
    if (!r.ok) {
      return {
        status: 500,
        headers: [],
        body: JSON.stringify({ code: '100', error: 'mock_script_error', msg: `Mock script error: ${r.error}`, data: null }),
        contentType: 'application/json; charset=utf-8',
        delayMs: 0,
      };
    }
    const isText = typeof r.value === 'string';
    return {
      status,
      headers: others,
      body: isText ? (r.value as string) : JSON.stringify(r.value),
      contentType: declaredType ?? (isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8'),
      delayMs,
    };
  }
  const fixed = parseFixed(rule.responseBody);
  if (fixed?.template) {
    return {
      status,
      headers: others,
      body: JSON.stringify(mockRender(fixed.tpl)),
      contentType: declaredType ?? 'application/json; charset=utf-8',
      delayMs,
    };
  }
  return {
    status,
    headers: others,
    body: rule.responseBody,
    contentType: declaredType ?? (fixed ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8'),
    delayMs,
  };
}
