/**
 * Managing a doc's mock rules: the list (the default rule made on first look), save, delete, and a preview that
 * runs a body or script in the sandbox before saving. The routes declare doc.read / doc.mock on the doc (a rule
 * lives in its doc: resource kind `mockRule`). No HTTP types.
 */
import { DocType, type MockPreviewRequest, type MockRuleView, type MockSaveRequest } from '@folio/shared';
import type { AppContext } from '../../context.js';
import { md5 } from '../../lib/crypto.js';
import { type FieldError, notFound, validation } from '../../lib/errors.js';
import { defineResource } from '../../permissions/declared.js';
import type { SessionUser } from '../../plugins/auth.js';
import * as repo from './mock.repo.js';
import { ensureDefaultMock, PENDING_DEFAULT, respond } from './mock.service.js';
import { type MockRule, normalizeMockPath } from './mock-match.js';

type Ctx = Pick<AppContext, 'db' | 'ids' | 'dialect'>;

// A mock rule is managed with the doc it belongs to.
defineResource('mockRule', async (ctx, id) => {
  const row = await repo.liveRule(ctx.db, id);
  return row && { kind: 'doc', id: row.docId };
});

function safeJson<T>(s: string, fallback: T): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return fallback;
  }
}

/** The rules of a doc of application `moduleId`, the default first (made now for an HTTP doc that has none). */
export async function listRules(ctx: Ctx, docId: number, moduleId: number): Promise<MockRuleView[]> {
  const { ids } = ctx;
  const doc = await repo.docOf(ctx.db, docId);
  if (!doc.isFolder && doc.type === DocType.HTTP) await ensureDefaultMock(ctx, docId, moduleId);
  const rows = await repo.rulesOfDoc(ctx.db, docId);
  const appId = ids.encode(moduleId);
  return rows.map((r) => {
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
      responseHeaders: safeJson(r.responseHeaders, []) as MockRuleView['responseHeaders'],
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
  });
}

/** The stored request data of a rule (JSON text, or name/value pairs as JSON); bad JSON is a field error. */
function requestDataOf(b: MockSaveRequest, errors: FieldError[]): string {
  if ((b.requestDataType ?? 0) === 1) {
    const text = (b.dataJson ?? '').trim();
    if (!text) return '';
    try {
      JSON.parse(text);
      return text;
    } catch {
      errors.push({ field: 'dataJson', message: 'please enter JSON' });
      return '';
    }
  }
  const kv = (b.dataKv ?? []).filter((x) => x.name.trim()).map((x) => ({ name: x.name.trim(), value: x.value ?? '' }));
  return kv.length ? JSON.stringify(kv) : '';
}

/** Creates (no id) or updates a rule of a doc of application `moduleId`; returns its id. */
export async function saveRule(ctx: Ctx, user: SessionUser, docId: number, moduleId: number, b: MockSaveRequest): Promise<number> {
  const { db, ids } = ctx;
  const errors: FieldError[] = [];
  const path = normalizeMockPath(b.path);
  if (!path) errors.push({ field: 'path', message: 'cannot be empty' });
  const requestData = requestDataOf(b, errors);
  if (errors.length) throw validation(errors);
  const now = Date.now();
  const values = {
    name: b.name.trim(),
    path,
    dataId: md5(path),
    requestDataType: b.requestDataType ?? 0,
    requestData,
    httpStatus: b.httpStatus ?? 200,
    delayMills: b.delayMills ?? 0,
    responseHeaders: JSON.stringify((b.responseHeaders ?? []).map((h) => ({ name: h.name, value: h.value ?? '' }))),
    resultType: b.resultType ?? 0,
    responseBody: b.responseBody ?? '',
    mockScript: b.mockScript ?? '',
    remark: b.remark ?? '',
    modifierName: user.nickname,
    updatedAt: now,
  };
  let id: number;
  if (b.id) {
    id = ids.decode(b.id, 'mock');
    const old = await repo.liveRule(db, id);
    if (!old || old.docId !== docId) throw notFound('mock');
    // An edited default keeps what was generated for it (the base later refreshes merge against).
    if (old.isDefault && old.mockResult === PENDING_DEFAULT) await ensureDefaultMock(ctx, docId, moduleId);
    await repo.updateRule(db, id, values);
  } else {
    const version = (await repo.maxVersion(db, docId)) + 1;
    id = await repo.insertRule(db, ctx.dialect, {
      ...values,
      docId,
      version,
      isDefault: 0,
      mockResult: '',
      creatorName: user.nickname,
      createdAt: now,
    });
  }
  return id;
}

/** Deletes a rule. */
export async function deleteRule(ctx: Ctx, id: number): Promise<void> {
  await repo.deleteRule(ctx.db, id);
}

/** Runs a body or script as a rule of the doc would answer `b.request` (default: the doc's method and path). */
export async function previewRule(
  ctx: Ctx & Pick<AppContext, 'settings'>,
  docId: number,
  moduleId: number,
  b: MockPreviewRequest,
): Promise<{ ok: boolean; error: string; body: string; contentType: string; timeMs: number }> {
  const doc = await repo.docOf(ctx.db, docId);
  const rule: MockRule = {
    id: 0,
    docId,
    moduleId,
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
  const r = await respond(ctx.settings, rule, {
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
    return { ok: false, error: msg.msg ?? text, body: '', contentType: '', timeMs: performance.now() - started };
  }
  return { ok: true, error: '', body: text, contentType: r.contentType, timeMs: performance.now() - started };
}
