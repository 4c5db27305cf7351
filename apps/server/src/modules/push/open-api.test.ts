/**
 * Contract tests of the Torna open API: envelopes shaped exactly as smart-doc and torna-sdk send them
 * (torna-compat S1–S4, §1c), the merge rules of §1b, and Folio's improvements.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocType, ParamOwner, ParamStyle } from '@folio/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { drainJobs } from '../../jobs/queue.js';
import { encrypt } from '../../lib/crypto.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { loadParamTreeRows } from '../docs/doc-params.js';
import { computeOpenApiSign } from '../open-users/signature.js';
import { openApi, smartDocEnvelope, tornaSdkEnvelope } from './open-api.helpers.js';
import { closeRun } from './push-runs.js';
import { settleAllRuns } from './push-service.js';

let t: TestApp;

async function newApp(name = 'app') {
  const w = await createWorld(t);
  const tok = await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId });
  const id = t.app.ctx.ids.decode(w.moduleId);
  return { ...w, token: tok.data.token as string, id, name };
}

const db = () => t.app.ctx.db;
const liveDocs = (moduleId: number) =>
  db().selectFrom('docs').selectAll().where('moduleId', '=', moduleId).where('isDeleted', '=', 0).orderBy('id').execute();

/** An HTTP interface as smart-doc's TornaUtil.buildApis writes it (string flags, absent fields, `<br>`). */
function smartDocApi(name: string, url: string, method = 'GET', extra: Record<string, unknown> = {}) {
  return {
    isFolder: '0',
    name,
    url,
    httpMethod: method,
    contentType: 'application/json; charset=utf-8',
    description: `${name} detail<br>second line`,
    isShow: '1',
    author: 'smart',
    orderIndex: 1,
    version: '',
    headerParams: [{ name: 'token', type: 'string', required: '1', example: 'abc', description: 'auth token@since 1.0' }],
    responseParams: [
      { name: 'code', type: 'int', required: '1', description: 'code', example: '0', value: 'ignored', version: '1.0' },
      {
        name: 'data',
        type: 'object',
        required: '0',
        description: 'payload',
        children: [
          { name: 'id', type: 'int64', required: '1', description: 'id', example: '1' },
          {
            name: 'status',
            type: 'enum',
            required: '0',
            description: 'status',
            enumInfo: { name: 'OrderStatus', items: [{ name: 'PAID', type: 'int', value: '1', description: 'paid' }] },
          },
        ],
      },
    ],
    isRequestArray: 0,
    isResponseArray: 0,
    ...extra,
  };
}

/** A doc.push `data` as smart-doc builds it: group folder → controller folders → interfaces. */
function smartDocPush(controllers: Record<string, unknown[]>, opts: { group?: string; replace?: number } = {}) {
  const folders = Object.entries(controllers).map(([name, items], i) => ({
    isFolder: '1',
    name,
    description: `${name} controller`,
    author: 'smart',
    orderIndex: i + 1,
    items,
  }));
  return {
    debugEnvs: [{ name: 'test', url: 'http://127.0.0.1:8080' }],
    apis: opts.group ? [{ isFolder: '1', name: opts.group, description: '', author: 'smart', orderIndex: 1, items: folders }] : folders,
    author: 'smart',
    commonErrorCodes: [{ code: '10001', msg: 'token error<br>send a token' }],
    isReplace: opts.replace ?? 1,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.settings.set({ 'folio.push.run-window-seconds': '0' });
});
afterAll(async () => {
  await t.close();
});

describe('envelope and codes', () => {
  let a: Awaited<ReturnType<typeof newApp>>;
  beforeAll(async () => {
    a = await newApp();
  });

  it('answers HTTP 200 with Torna codes and messages in the Accept-Language language', async () => {
    const badToken = await openApi(t.app, smartDocEnvelope('doc.push', 'nope', smartDocPush({})), { lang: 'en' });
    expect(badToken.status).toBe(200);
    expect(badToken.body).toMatchObject({ code: '14', data: null });
    expect(badToken.body.msg).toMatch(/accessToken/);
    const zh = await openApi(t.app, smartDocEnvelope('doc.push', 'nope', smartDocPush({})), { lang: 'zh-CN' });
    expect(zh.body.msg).toMatch(/错误/);
    const malformed = await openApi(t.app, { name: 'doc.push', version: '1.0', access_token: a.token, data: '%7B%22apis%22%3A' });
    expect(malformed.body.code).toBe('13');
    const unknown = await openApi(t.app, tornaSdkEnvelope('doc.nothing', a.token, {}), { lang: 'en' });
    expect(unknown.body.code).toBe('1');
    expect(unknown.body.msg).toContain('doc.nothing');
    const empty = await openApi(t.app, tornaSdkEnvelope('doc.push', a.token, { apis: [] }), { lang: 'en' });
    expect(empty.body.code).toBe('2');
    expect(empty.body.msg).toContain('apis');
    // A malformed JSON body (not just data) still answers 200 and code 13.
    const raw = await t.app.inject({ method: 'POST', url: '/api', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(raw.statusCode).toBe(200);
    expect(raw.json().code).toBe('13');
  });

  it('rejects values that do not fit, naming the field, instead of clipping them', async () => {
    const long = `/x/${'a'.repeat(1100)}`;
    const r = await openApi(t.app, tornaSdkEnvelope('doc.push', a.token, { apis: [{ name: 'long', url: long, httpMethod: 'GET' }] }), {
      lang: 'en',
    });
    expect(r.body.code).toBe('2');
    expect(r.body.msg).toContain('apis[0].url');
    expect(await liveDocs(a.id)).toHaveLength(0);
  });

  it('accepts JSON, form-urlencoded and GET envelopes, data encoded or as a plain object', async () => {
    const data = { apis: [{ name: 'Ping', url: '/ping', httpMethod: 'GET', description: 'a+b 100% sure' }], isReplace: 0 };
    expect((await openApi(t.app, tornaSdkEnvelope('doc.push', a.token, data))).body.code).toBe('0');
    expect((await openApi(t.app, tornaSdkEnvelope('doc.push', a.token, data), { mode: 'form' })).body.code).toBe('0');
    expect((await openApi(t.app, tornaSdkEnvelope('doc.push', a.token, data), { mode: 'get' })).body.code).toBe('0');
    expect((await openApi(t.app, { name: 'doc.push', version: '1.0', access_token: a.token, data })).body.code).toBe('0');
    // Torna's exact answer (data null) when the install asks for it.
    await t.app.ctx.settings.set({ 'folio.push.null-result': 'true' });
    try {
      expect((await openApi(t.app, tornaSdkEnvelope('doc.push', a.token, data))).body).toEqual({ code: '0', msg: '', data: null });
    } finally {
      await t.app.ctx.settings.set({ 'folio.push.null-result': 'false' });
    }
    // Raw (un-encoded) JSON text keeps its '+' and '%'.
    expect((await openApi(t.app, { name: 'doc.push', version: '1.0', access_token: a.token, data: JSON.stringify(data) })).body.code).toBe(
      '0',
    );
    const docs = await liveDocs(a.id);
    expect(docs).toHaveLength(1);
    expect(docs[0].description).toBe('a+b 100% sure');
  });

  it('accepts a multipart envelope and the body_data field of easyopen', async () => {
    const boundary = '----folio123';
    const env = tornaSdkEnvelope('module.get', a.token, {});
    const part = (k: string, v: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
    const multipart = `${Object.entries(env)
      .map(([k, v]) => part(k, v))
      .join('')}--${boundary}--\r\n`;
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/api',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    expect(r1.json()).toMatchObject({ code: '0', data: { name: 'app' } });
    const r2 = await t.app.inject({
      method: 'POST',
      url: '/api',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${part('body_data', JSON.stringify(env))}--${boundary}--\r\n`,
    });
    expect(r2.json()).toMatchObject({ code: '0', data: { name: 'app' } });
    const r3 = await t.app.inject({ method: 'POST', url: '/api', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify(env) });
    expect(r3.json().code).toBe('0');
  });

  it('module.get, doc.list, doc.detail and doc.details read the application', async () => {
    const m = await openApi(t.app, tornaSdkEnvelope('module.get', a.token, {}));
    expect(m.body.data).toEqual({ id: a.moduleId, name: 'app' });
    const list = await openApi(t.app, tornaSdkEnvelope('doc.list', a.token, {}));
    const ping = list.body.data.docList.find((d: { url: string }) => d.url === '/ping');
    const detail = await openApi(t.app, tornaSdkEnvelope('doc.detail', a.token, { docId: ping.id }));
    expect(detail.body.data).toMatchObject({ name: 'Ping', url: '/ping', httpMethod: 'GET' });
    const details = await openApi(t.app, tornaSdkEnvelope('doc.details', a.token, { docIds: [ping.id] }));
    expect(details.body.data).toHaveLength(1);
    const other = await newApp();
    const foreign = await openApi(t.app, tornaSdkEnvelope('doc.detail', other.token, { docId: ping.id }));
    expect(foreign.body.code).toBe('8');
  });
});

describe('smart-doc push', () => {
  let a: Awaited<ReturnType<typeof newApp>>;
  beforeAll(async () => {
    a = await newApp();
  });

  it('stores dictionaries, the group/controller tree, envs and the error-code page, with loose typing', async () => {
    const enums = await openApi(
      t.app,
      smartDocEnvelope('enum.batch.push', a.token, {
        enums: [
          { name: 'OrderStatus', description: 'order status', items: [{ name: 'NEW', type: 'int', value: '0', description: 'new' }] },
        ],
      }),
    );
    expect(enums.body).toEqual({ code: '0', msg: '', data: null });
    const longDesc = `long<br>${'x'.repeat(3000)}`;
    const payload = smartDocPush(
      {
        OrderController: [
          smartDocApi('Get order', 'http://127.0.0.1:8080/order/{id}', 'GET', {
            pathParams: [{ name: 'id', type: 'int64', required: '1', description: 'id' }],
          }),
          smartDocApi('Create order', '/order', 'POST', {
            description: longDesc,
            requestParams: [{ name: 'sku', type: 'string', required: '1', description: 'sku' }],
          }),
          // A method without javadoc: no name at all.
          { ...smartDocApi('', '/order/raw', 'GET'), name: undefined },
        ],
        UserController: [smartDocApi('Get user', '/user/{id}', 'GET', { deprecated: 'Deprecated' })],
      },
      { group: 'Shop' },
    );
    const r = await openApi(t.app, smartDocEnvelope('doc.push', a.token, payload));
    expect(r.body.code).toBe('0');
    expect(r.body.data).toMatchObject({ added: 4, updated: 0, deleted: 0, folders: 3 });
    const docs = await liveDocs(a.id);
    const by = (n: string) => docs.find((d) => d.name === n);
    const shop = by('Shop');
    expect(shop?.isFolder).toBe(1);
    expect(by('OrderController')?.parentId).toBe(shop?.id);
    expect(by('Get order')).toMatchObject({ url: '/order/{id}', httpMethod: 'GET', parentId: by('OrderController')?.id, isShow: 1 });
    expect(by('Create order')?.description).toBe(longDesc);
    expect(by('/order/raw')?.url).toBe('/order/raw');
    expect(by('Get user')?.deprecated).toBe('Deprecated');
    // Dictionary pushed first, then extended by the param's enumInfo, and linked.
    const e = await db().selectFrom('enumInfos').selectAll().where('moduleId', '=', a.id).execute();
    expect(e.map((x) => x.name)).toEqual(['OrderStatus']);
    const items = await db().selectFrom('enumItems').select(['name']).where('enumId', '=', e[0].id).orderBy('orderIndex').execute();
    expect(items.map((i) => i.name)).toEqual(['NEW', 'PAID']);
    const status = (await loadParamTreeRows(db(), ParamOwner.DOC, [by('Get order')?.id as number])).find((p) => p.name === 'status');
    expect(status?.enumId).toBe(e[0].id);
    expect(status?.style).toBe(ParamStyle.RESPONSE);
    const envs = await db().selectFrom('moduleEnvironments').select(['name', 'url']).where('moduleId', '=', a.id).execute();
    expect(envs).toEqual([{ name: 'test', url: 'http://127.0.0.1:8080' }]);
    const page = await db().selectFrom('constantInfos').select('content').where('moduleId', '=', a.id).executeTakeFirstOrThrow();
    expect(page.content).toContain('<td>10001</td><td>token error<br>send a token</td>');
  });

  it('keeps ids on a second identical push and writes nothing (no history, no notices)', async () => {
    const before = await liveDocs(a.id);
    const records = await db().selectFrom('docChangeRecords').select('id').where('moduleId', '=', a.id).execute();
    const payload = smartDocPush(
      {
        OrderController: [
          smartDocApi('Get order', 'http://127.0.0.1:8080/order/{id}', 'GET', {
            pathParams: [{ name: 'id', type: 'int64', required: '1', description: 'id' }],
          }),
          smartDocApi('Create order', '/order', 'POST', {
            description: `long<br>${'x'.repeat(3000)}`,
            requestParams: [{ name: 'sku', type: 'string', required: '1', description: 'sku' }],
          }),
          { ...smartDocApi('', '/order/raw', 'GET'), name: undefined },
        ],
        UserController: [smartDocApi('Get user', '/user/{id}', 'GET', { deprecated: 'Deprecated' })],
      },
      { group: 'Shop' },
    );
    const r = await openApi(t.app, smartDocEnvelope('doc.push', a.token, payload));
    expect(r.body.data).toMatchObject({ added: 0, updated: 0, unchanged: 4, deleted: 0 });
    const after = await liveDocs(a.id);
    expect(after.map((d) => [d.id, d.updatedAt])).toEqual(before.map((d) => [d.id, d.updatedAt]));
    expect(await db().selectFrom('docChangeRecords').select('id').where('moduleId', '=', a.id).execute()).toHaveLength(records.length);
  });

  it('records history for a changed doc with field-level details', async () => {
    const payload = smartDocPush(
      { OrderController: [smartDocApi('Get order', '/order/{id}', 'GET', { description: 'new text' })] },
      { group: 'Shop', replace: 0 },
    );
    const r = await openApi(t.app, smartDocEnvelope('doc.push', a.token, payload));
    expect(r.body.data).toMatchObject({ updated: 1, deleted: 0 });
    const doc = (await liveDocs(a.id)).find((d) => d.name === 'Get order');
    const rec = await db()
      .selectFrom('docChangeRecords')
      .selectAll()
      .where('docId', '=', doc?.id as number)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(rec).toMatchObject({ modifySource: 0, modifyType: 0, modifyNickname: 'smart' });
    const details = await db().selectFrom('docChangeDetails').selectAll().where('recordId', '=', rec.id).execute();
    expect(details.find((d) => d.positionType === 4)?.content).toContain('new text');
    // The path param "id" is gone in this push: removed within its style.
    expect(details.find((d) => d.positionType === 40 && d.targetName === 'id')?.modifyType).toBe(2);
  });
});

describe('merge rules', () => {
  let a: Awaited<ReturnType<typeof newApp>>;
  beforeEach(async () => {
    a = await newApp();
  });
  const push = (data: unknown, lang = 'en') => openApi(t.app, tornaSdkEnvelope('doc.push', a.token, data), { lang });
  const doc = (name: string, url: string, extra: Record<string, unknown> = {}) => ({ name, url, httpMethod: 'GET', isFolder: 0, ...extra });

  it('leaves locked docs and locked folders with their subtree untouched', async () => {
    await push({ apis: [{ name: 'F', isFolder: 1, items: [doc('a', '/a'), doc('b', '/b')] }, doc('c', '/c')] });
    const docs = await liveDocs(a.id);
    const id = (n: string) => docs.find((d) => d.name === n)?.id as number;
    await db()
      .updateTable('docs')
      .set({ isLocked: 1 })
      .where('id', 'in', [id('F'), id('c')])
      .execute();
    const r = await push({ apis: [{ name: 'F', isFolder: 1, items: [doc('a2', '/a'), doc('new', '/new')] }, doc('c2', '/c')] });
    expect(r.body.data.skippedLocked).toBe(4);
    const after = await liveDocs(a.id);
    expect(after.map((d) => d.name).sort()).toEqual(['F', 'a', 'b', 'c']);
  });

  it('keeps a description a person edited, and still updates the rest', async () => {
    await push({ apis: [doc('a', '/a', { description: 'from code' })] });
    const [d] = await liveDocs(a.id);
    await db().updateTable('docs').set({ description: 'by hand' }).where('id', '=', d.id).execute();
    await db().insertInto('pushIgnoreFields').values({ moduleId: a.id, dataId: d.dataId, fieldName: 'description' }).execute();
    const r = await push({ apis: [doc('a renamed', '/a', { description: 'from code v2' })] });
    expect(r.body.data.updated).toBe(1);
    const [after] = await liveDocs(a.id);
    expect(after).toMatchObject({ id: d.id, name: 'a renamed', description: 'by hand' });
  });

  it('keeps a description edited in the form (doc/save), records the form change, and the push after it', async () => {
    await push({ author: 'ci', apis: [doc('Pushed', '/pushed', { description: 'from code', httpMethod: 'POST' })] });
    const [d] = await liveDocs(a.id);
    const id = t.app.ctx.ids.encode(d.id);
    const saved = await call(t.app, t.adminToken, 'POST', '/api/doc/save', {
      id,
      moduleId: a.moduleId,
      name: 'Pushed',
      url: '/pushed',
      httpMethod: 'POST',
      description: 'by a human',
    });
    expect(saved.code).toBe('0');
    const r = await push({
      author: 'ci',
      apis: [doc('Pushed', '/pushed', { description: 'from code v2', httpMethod: 'POST', author: 'bob' })],
    });
    expect(r.body.data).toMatchObject({ updated: 1 });
    const [after] = await liveDocs(a.id);
    expect(after).toMatchObject({ id: d.id, description: 'by a human', author: 'bob' });
    const log = await call(t.app, t.adminToken, 'GET', '/api/doc/changelog/list', { docId: id });
    expect(log.data.map((x: { modifySource: number }) => x.modifySource)).toEqual([0, 1, 0]);
    // Pushing the same again is a no-op even though the stored description differs from the pushed one.
    const again = await push({
      author: 'ci',
      apis: [doc('Pushed', '/pushed', { description: 'from code v2', httpMethod: 'POST', author: 'bob' })],
    });
    expect(again.body.data).toMatchObject({ updated: 0, unchanged: 1 });
  });

  it('a doc edited in the form since the last push is written again by an identical push', async () => {
    const body = { apis: [doc('Named by code', '/n', { description: 'd' })] };
    await push(body);
    expect((await push(body)).body.data).toMatchObject({ unchanged: 1 });
    const [d] = await liveDocs(a.id);
    const saved = await call(t.app, t.adminToken, 'POST', '/api/doc/save', {
      id: t.app.ctx.ids.encode(d.id),
      moduleId: a.moduleId,
      name: 'Renamed by hand',
      url: '/n',
      httpMethod: 'GET',
      description: 'd',
    });
    expect(saved.code).toBe('0');
    expect((await push(body)).body.data).toMatchObject({ updated: 1, unchanged: 0 });
    expect((await liveDocs(a.id))[0].name).toBe('Named by code');
  });

  it('replace deletes exactly the pushed docs no longer sent, and records the deletions', async () => {
    await push({
      apis: [{ name: 'F', isFolder: 1, items: [doc('a', '/a'), doc('b', '/b')] }, doc('c', '/c'), doc('v2', '/c', { version: '2.0' })],
    });
    // A doc created by hand (createMode 0) in the pushed folder survives.
    const folder = (await liveDocs(a.id)).find((d) => d.name === 'F');
    await db()
      .insertInto('docs')
      .values({
        moduleId: a.id,
        parentId: folder?.id as number,
        dataId: 'manual-1',
        docKey: 'manual-1',
        name: 'manual',
        url: '/manual',
        httpMethod: 'GET',
        creatorId: 1,
        creatorName: 'admin',
        modifierId: 1,
        modifierName: 'admin',
        createdAt: 1,
        updatedAt: 1,
      })
      .execute();
    const r = await push({ apis: [{ name: 'F', isFolder: 1, items: [doc('a', '/a')] }] });
    expect(r.body.data).toMatchObject({ deleted: 2, unchanged: 1 });
    expect((await liveDocs(a.id)).map((d) => d.name).sort()).toEqual(['F', 'a', 'manual', 'v2']);
    await settleAllRuns(t.app);
    await drainJobs(t.app);
    const recs = await db()
      .selectFrom('docChangeRecords')
      .select(['modifyType', 'docId'])
      .where('moduleId', '=', a.id)
      .where('modifyType', '=', 2)
      .execute();
    expect(recs).toHaveLength(2);
    // isReplace=0 appends; isOverride=1 deletes nothing.
    expect((await push({ apis: [doc('z', '/z')], isReplace: 0 })).body.data.deleted).toBe(0);
    expect((await push({ apis: [doc('y', '/y')], isOverride: 1 })).body.data.deleted).toBe(0);
    expect((await liveDocs(a.id)).map((d) => d.name).sort()).toEqual(['F', 'a', 'manual', 'v2', 'y', 'z']);
  });

  it('keeps versions apart (version field and url#version), and same names with other urls apart', async () => {
    const r = await push({
      apis: [
        doc('Get', '/g'),
        doc('Get', '/g', { version: '1.1' }),
        doc('Get', '/g#2.0'),
        doc('Get', '/g', { httpMethod: 'POST' }),
        doc('Get', '/h'),
      ],
    });
    expect(r.body.data.added).toBe(5);
    const docs = await liveDocs(a.id);
    expect(docs.map((d) => `${d.httpMethod} ${d.url} ${d.version}`).sort()).toEqual([
      'GET /g ',
      'GET /g 1.1',
      'GET /g 2.0',
      'GET /h ',
      'POST /g ',
    ]);
  });

  it('merges same-named top-level folders and types Dubbo folders and their docs', async () => {
    const dubboInfo = { interfaceName: 'com.x.OrderService', author: 'a', version: '1.0', protocol: 'dubbo', dependency: '<dependency/>' };
    const r = await push({
      apis: [
        { name: 'Same', isFolder: '1', items: [doc('a', '/a')] },
        { name: 'Same', isFolder: '1', items: [doc('b', '/b')] },
        {
          name: 'OrderService',
          isFolder: '1',
          dubboInfo,
          items: [
            { name: 'get', url: 'Order get(long id)', isFolder: '0' },
            { name: 'get', url: 'Order get(String code)', isFolder: '0' },
          ],
        },
      ],
    });
    expect(r.body.code).toBe('0');
    const docs = await liveDocs(a.id);
    expect(docs.filter((d) => d.name === 'Same')).toHaveLength(1);
    const rpc = docs.filter((d) => d.name === 'get');
    expect(rpc.map((d) => d.type)).toEqual([DocType.DUBBO, DocType.DUBBO]);
    const props = await db()
      .selectFrom('props')
      .select(['name', 'val'])
      .where('refId', '=', docs.find((d) => d.name === 'OrderService')?.id as number)
      .execute();
    expect(props.find((p) => p.name === 'interfaceName')?.val).toBe('com.x.OrderService');
  });

  it('debug env set/delete and category create/rename', async () => {
    expect((await openApi(t.app, tornaSdkEnvelope('module.debug.env.set', a.token, { name: 'dev', url: 'http://dev/' }))).body.code).toBe(
      '0',
    );
    expect((await openApi(t.app, tornaSdkEnvelope('module.debug.env.set', a.token, { name: 'dev', url: 'http://dev2' }))).body.code).toBe(
      '0',
    );
    let envs = await db().selectFrom('moduleEnvironments').select(['name', 'url']).where('moduleId', '=', a.id).execute();
    expect(envs).toEqual([{ name: 'dev', url: 'http://dev2' }]);
    await openApi(t.app, tornaSdkEnvelope('module.debug.env.delete', a.token, { name: 'dev' }));
    envs = await db().selectFrom('moduleEnvironments').select(['name', 'url']).where('moduleId', '=', a.id).execute();
    expect(envs).toEqual([]);
    const c = await openApi(t.app, tornaSdkEnvelope('doc.category.create', a.token, { name: 'Cat' }));
    expect(c.body.data.name).toBe('Cat');
    const again = await openApi(t.app, tornaSdkEnvelope('doc.category.create', a.token, { name: 'Cat' }));
    expect(again.body.data.id).toBe(c.body.data.id);
    expect(
      (await openApi(t.app, tornaSdkEnvelope('doc.category.name.update', a.token, { id: c.body.data.id, name: 'Dog' }))).body.code,
    ).toBe('0');
    expect((await liveDocs(a.id)).map((d) => d.name)).toEqual(['Dog']);
  });
});

describe('POST /api/push/openapi', () => {
  it('pushes an OpenAPI YAML file with the application token, with the same merge and outcome', async () => {
    const a = await newApp();
    const yaml = readFileSync(join(import.meta.dirname, '../../../test/fixtures/openapi/oai-petstore-v3.0.yaml'), 'utf8');
    const send = (token: string, body: string, query = 'isReplace=1&isOverride=0') =>
      t.app.inject({
        method: 'POST',
        url: `/api/push/openapi?${query}`,
        headers: { token, 'content-type': 'application/yaml' },
        payload: body,
      });
    const r = await send(a.token, yaml);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ code: '0', data: { added: 3, deleted: 0 } });
    const docs = (await liveDocs(a.id)).filter((d) => !d.isFolder);
    expect(docs.map((d) => `${d.httpMethod} ${d.url}`).sort()).toEqual(['GET /pets', 'GET /pets/{petId}', 'POST /pets']);
    expect((await send(a.token, yaml)).json().data).toMatchObject({ added: 0, unchanged: 3 });
    const bad = await send('not-a-token', yaml);
    expect([bad.statusCode, bad.json().code, bad.json().error]).toEqual([401, '100', 'unauthorized']);
    const broken = await send(a.token, 'openapi: [unclosed');
    expect(broken.statusCode).toBe(422);
    expect((await liveDocs(a.id)).filter((d) => !d.isFolder)).toHaveLength(3);
  });
});

describe('signature', () => {
  it('verifies sign only when app_key names an open user with a secret', async () => {
    const a = await newApp();
    const spaceId = t.app.ctx.ids.decode(a.spaceId);
    await db()
      .insertInto('openUsers')
      .values({ appKey: 'ak-test', secretEnc: encrypt(t.app.ctx.installKey, 'shh'), status: 1, spaceId, createdAt: 1 })
      .execute();
    const now = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    const timestamp = `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())} ${p(now.getHours())}:${p(now.getMinutes())}:${p(now.getSeconds())}`;
    const env: Record<string, string> = { ...tornaSdkEnvelope('module.get', a.token, {}), app_key: 'ak-test', timestamp };
    env.sign = computeOpenApiSign(env, 'shh');
    expect((await openApi(t.app, env)).body.code).toBe('0');
    expect((await openApi(t.app, { ...env, sign: 'BAD' })).body.code).toBe('6');
    const { sign: _s, ...unsigned } = env;
    expect((await openApi(t.app, unsigned)).body.code).toBe('5');
    // An unknown app_key is ignored, as Torna does.
    expect((await openApi(t.app, { ...env, app_key: 'nobody', sign: 'whatever' })).body.code).toBe('0');
    // An open user of another space does not sign for this application: ignored.
    const other = await newApp();
    expect((await openApi(t.app, { ...env, access_token: other.token, sign: 'whatever' })).body.code).toBe('0');
  });
});

describe('pushes sent as URL-encoded text', () => {
  /** What an application holds, without ids: folders by name, docs with every field and parameter. */
  async function snapshot(moduleId: number) {
    const rows = await liveDocs(moduleId);
    const folderName = new Map(rows.filter((r) => r.isFolder).map((r) => [r.id, r.name]));
    const details = await loadDocDetails(
      t.app.ctx,
      rows.filter((r) => !r.isFolder).map((r) => r.id),
    );
    const noIds = (v: unknown) =>
      JSON.parse(
        JSON.stringify(v, (k, x) =>
          ['id', 'docId', 'moduleId', 'parentId', 'enumId', 'gmtCreate', 'gmtModified'].includes(k) ? undefined : x,
        ),
      );
    return rows
      .map((r) => ({
        folder: folderName.get(r.parentId) ?? '',
        isFolder: r.isFolder,
        name: r.name,
        orderIndex: r.orderIndex,
        detail: r.isFolder ? null : noIds(details.get(r.id)),
      }))
      .sort((x, y) => `${x.folder}/${x.name}`.localeCompare(`${y.folder}/${y.name}`));
  }

  const odd = 'braces { } [ ] quotes " backslash \\ 100% a+b 中文';
  const base = () => ({
    Orders: [
      smartDocApi('List orders', '/order', 'GET', { description: `list ${odd}` }),
      smartDocApi('Get order', '/order/{id}', 'GET'),
      smartDocApi('Pay order', '/order/{id}/pay', 'POST'),
    ],
    Users: [smartDocApi('Get user', '/user/{id}'), smartDocApi('Find users', '/user', 'GET', { description: odd })],
  });

  it('stores, push after push, exactly what the same pushes sent as objects store', async () => {
    const viaText = await newApp();
    const viaObject = await newApp();
    const s1 = base();
    const s2 = { ...base(), Orders: base().Orders.map((d, i) => (i === 1 ? { ...d, description: 'edited { "x": 1 }' } : d)) };
    const s3 = { Orders: base().Orders.slice(0, 2), Users: [...base().Users, base().Orders[2]] };
    const s4 = base();
    const s5 = { Customers: base().Users, Orders: base().Orders };
    for (const controllers of [s1, s2, s2, s3, s4, s5]) {
      const data = smartDocPush(controllers, { group: 'Shop' });
      const text = await openApi(t.app, smartDocEnvelope('doc.push', viaText.token, data));
      const object = await openApi(t.app, { name: 'doc.push', version: '1.0', access_token: viaObject.token, data });
      expect(text.body.code).toBe('0');
      const counts = (d: Record<string, unknown>) => [d.added, d.updated, d.unchanged, d.deleted, d.folders];
      expect(counts(text.body.data)).toEqual(counts(object.body.data));
      expect(await snapshot(viaText.id)).toEqual(await snapshot(viaObject.id));
    }
    expect((await snapshot(viaText.id)).filter((d) => d.folder === 'Customers')).toHaveLength(2);
  });

  it('answers code 13 when one doc of the text is not JSON, and stores nothing', async () => {
    const a = await newApp();
    const good = JSON.stringify(smartDocApi('Good', '/good'));
    const data = `{"author":"ci","apis":[${good},{"name":"Broken","url":"/broken",}]}`;
    const r = await openApi(
      t.app,
      { name: 'doc.push', version: '1.0', access_token: a.token, data: encodeURIComponent(data) },
      { lang: 'en' },
    );
    expect(r.body.code).toBe('13');
    expect(await liveDocs(a.id)).toHaveLength(0);
  });
});

describe('runs, jobs and concurrency', () => {
  it('partitioned pushes of one run keep every chunk; a new full run replaces', async () => {
    await t.app.ctx.settings.set({ 'folio.push.run-window-seconds': '60' });
    try {
      const a = await newApp();
      const chunk = (folder: string, urls: string[]) =>
        smartDocEnvelope('doc.push', a.token, smartDocPush({ [folder]: urls.map((u) => smartDocApi(u, u)) }), { app_key: 'k1' });
      expect((await openApi(t.app, chunk('A', ['/a1', '/a2']))).body.data.added).toBe(2);
      const second = await openApi(t.app, chunk('B', ['/b1']));
      expect(second.body.data).toMatchObject({ added: 1, deleted: 0 });
      expect((await liveDocs(a.id)).filter((d) => !d.isFolder).map((d) => d.url)).toEqual(['/a1', '/a2', '/b1']);
      // The next run (A sent again) starts over: B is no longer sent, so it is removed.
      const next = await openApi(t.app, chunk('A', ['/a1']));
      expect(next.body.data).toMatchObject({ deleted: 2 });
      expect((await liveDocs(a.id)).filter((d) => !d.isFolder).map((d) => d.url)).toEqual(['/a1']);
      await closeRun(db(), a.id);
    } finally {
      await t.app.ctx.settings.set({ 'folio.push.run-window-seconds': '0' });
    }
  });

  it('answers a large or async push with a job id that can be polled', async () => {
    const a = await newApp();
    const r = await openApi(
      t.app,
      tornaSdkEnvelope('doc.push', a.token, { apis: [{ name: 'x', url: '/x', httpMethod: 'GET' }], async: 1 }),
    );
    const jobId = r.body.data.jobId as string;
    expect(jobId).toBeTruthy();
    await drainJobs(t.app);
    const s = await call(t.app, null, 'GET', '/api/push/status', { jobId });
    expect(s.data).toMatchObject({ state: 'done', progress: 100, result: { added: 1 } });
    await t.app.ctx.settings.set({ 'folio.push.async-threshold': '1' });
    try {
      const big = await openApi(
        t.app,
        tornaSdkEnvelope('doc.push', a.token, {
          apis: [
            { name: 'y', url: '/y' },
            { name: 'z', url: '/z' },
          ],
          isReplace: '0',
        }),
      );
      expect(big.body.data.jobId).toBeTruthy();
      await drainJobs(t.app);
    } finally {
      await t.app.ctx.settings.set({ 'folio.push.async-threshold': '2000' });
    }
    expect((await liveDocs(a.id)).map((d) => d.url)).toEqual(['/x', '/y', '/z']);
  });

  it('twenty concurrent pushes to one application end in the last processed one, nothing duplicated', async () => {
    const a = await newApp();
    const b = await newApp();
    const body = (i: number) => ({
      apis: [
        {
          name: 'F',
          isFolder: 1,
          items: [
            { name: `doc ${i}`, url: `/d/${i}` },
            { name: 'shared', url: '/shared', description: `v${i}` },
          ],
        },
      ],
    });
    const results = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => openApi(t.app, tornaSdkEnvelope('doc.push', a.token, body(i)))),
      openApi(t.app, tornaSdkEnvelope('doc.push', b.token, body(99))),
    ]);
    expect(results.every((r) => r.body.code === '0')).toBe(true);
    const docs = await liveDocs(a.id);
    expect(docs.map((d) => d.name).filter((n) => n !== 'F' && n !== 'shared')).toHaveLength(1);
    expect(docs.filter((d) => d.name === 'F')).toHaveLength(1);
    expect(docs.filter((d) => d.name === 'shared')).toHaveLength(1);
    const last = await db()
      .selectFrom('docChangeRecords')
      .select('docId')
      .where('moduleId', '=', a.id)
      .where('modifyType', '<>', 2)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const lastDoc = await db().selectFrom('docs').select(['name', 'url']).where('id', '=', last.docId).executeTakeFirstOrThrow();
    const i = Number((lastDoc.name === 'shared' ? docs.find((d) => d.name.startsWith('doc '))?.name : lastDoc.name)?.slice(4));
    expect(docs.find((d) => d.name === 'shared')?.description).toBe(`v${i}`);
    expect((await liveDocs(b.id)).map((d) => d.name)).toEqual(['F', 'doc 99', 'shared']);
  });
});

describe('notices', () => {
  it('sends one digest to project followers (not per doc) and a push outcome to the admins', async () => {
    const a = await newApp();
    const follower = await createUser(t, `follower_${a.id}`);
    const fid = t.app.ctx.ids.decode(follower.id);
    await call(t.app, t.adminToken, 'POST', '/api/project/member/add', {
      projectId: a.projectId,
      userIds: [follower.id],
      roleCode: 'guest',
    });
    await db()
      .insertInto('subscriptions')
      .values({ userId: fid, type: 2, sourceId: t.app.ctx.ids.decode(a.projectId), createdAt: 1 })
      .execute();
    await openApi(
      t.app,
      tornaSdkEnvelope('doc.push', a.token, {
        author: 'ci-bot',
        apis: [
          { name: 'a', url: '/a' },
          { name: 'b', url: '/b' },
        ],
      }),
    );
    await openApi(
      t.app,
      tornaSdkEnvelope('doc.push', a.token, {
        author: 'ci-bot',
        apis: [
          { name: 'a', url: '/a', description: 'x' },
          { name: 'b', url: '/b', description: 'y' },
        ],
      }),
    );
    const mine = await db().selectFrom('messages').select(['message', 'type']).where('userId', '=', fid).orderBy('id').execute();
    expect(mine).toHaveLength(2);
    expect(mine[1].message).toContain('ci-bot');
    expect(mine[1].message).toMatch(/【a】【b】/);
    // Unchanged push: nothing more.
    await openApi(
      t.app,
      tornaSdkEnvelope('doc.push', a.token, {
        author: 'ci-bot',
        apis: [
          { name: 'a', url: '/a', description: 'x' },
          { name: 'b', url: '/b', description: 'y' },
        ],
      }),
    );
    expect(await db().selectFrom('messages').select('id').where('userId', '=', fid).execute()).toHaveLength(2);
    const adminId = (await db().selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const adminMsgs = await db()
      .selectFrom('messages')
      .select(['message', 'type'])
      .where('userId', '=', adminId)
      .where('type', '=', 3)
      .where('sourceId', '=', a.id)
      .execute();
    expect(adminMsgs.length).toBe(2);
    expect(adminMsgs[0].message).toContain('ci-bot');
  });
});
