import { writtenResponse } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { writeDoc } from '../debug/debug-fixtures.js';
import { PENDING_DEFAULT } from './mock.service.js';

let t: TestApp;
let w: { spaceId: string; projectId: string; moduleId: string };
let moduleId: number;
let docInt: number;
let docId: string;

const response = (nameExample = 'Tom') => [
  { name: 'code', type: 'string', example: '0' },
  {
    name: 'data',
    type: 'object',
    children: [
      { name: 'id', type: 'integer', example: '42' },
      { name: 'name', type: 'string', example: nameExample },
      { name: 'tags', type: 'array', children: [{ name: 'label', example: 'x' }] },
    ],
  },
];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  moduleId = t.app.ctx.ids.decode(w.moduleId, 'module');
  docInt = await writeDoc(t.app, { moduleId, url: '/api/user/{id}', httpMethod: 'GET', response: response() });
  docId = t.app.ctx.ids.encode(docInt);
});
afterAll(() => t.close());

const mock = (method: string, path: string, opts: { payload?: unknown; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: method as 'GET',
    url: path,
    payload: opts.payload as string,
    headers: { 'accept-language': 'en', ...opts.headers },
  });

async function save(body: Record<string, unknown>) {
  const r = await call(t.app, t.adminToken, 'POST', '/api/doc/mock/save', { docId, name: 'rule', ...body });
  expect(r.code, JSON.stringify(r.body)).toBe('0');
  return r.data.id as string;
}

describe('default mock', () => {
  it('is created with the doc without its body, which is generated from the doc when first served or listed', async () => {
    const { db } = t.app.ctx;
    const row = async (id: number) =>
      db
        .selectFrom('mockConfigs')
        .select(['id', 'responseBody', 'mockResult', 'path'])
        .where('docId', '=', id)
        .where('isDefault', '=', 1)
        .executeTakeFirstOrThrow();
    // Served first: a new doc's default answers with the body generated from the doc as it is then.
    const served = await writeDoc(t.app, { moduleId, url: '/api/pending/served', httpMethod: 'GET', response: response('Pending') });
    expect(await row(served)).toMatchObject({ responseBody: '', mockResult: PENDING_DEFAULT });
    const res = await mock('GET', `/mock/${w.moduleId}/api/pending/served`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: '0', data: { id: 42, name: 'Pending', tags: [{ label: 'x' }] } });
    const stored = await row(served);
    expect(JSON.parse(stored.responseBody)).toEqual(res.json());
    expect(JSON.parse(stored.mockResult)).toEqual(res.json());

    // Changed while still pending: stays pending (with the new path); listed: generated from the doc as it is now.
    const listed = await writeDoc(t.app, { moduleId, url: '/api/pending/a', httpMethod: 'GET', response: response('First') });
    await writeDoc(t.app, { moduleId, url: '/api/pending/b', httpMethod: 'GET', response: response('Second') }, listed);
    expect(await row(listed)).toMatchObject({ responseBody: '', mockResult: PENDING_DEFAULT, path: 'api/pending/b' });
    const list = await call(t.app, t.adminToken, 'GET', '/api/doc/mock/list', { docId: t.app.ctx.ids.encode(listed) });
    expect(JSON.parse(list.data[0].responseBody)).toEqual({ code: '0', data: { id: 42, name: 'Second', tags: [{ label: 'x' }] } });
    expect((await row(listed)).mockResult).not.toBe(PENDING_DEFAULT);
  });

  it('edited while pending keeps the edit, and what was generated for it as the base of later refreshes', async () => {
    const id = await writeDoc(t.app, { moduleId, url: '/api/pending/edited', httpMethod: 'GET', response: response('Gen') });
    const def = await t.app.ctx.db
      .selectFrom('mockConfigs')
      .select(['id', 'path', 'name'])
      .where('docId', '=', id)
      .where('isDefault', '=', 1)
      .executeTakeFirstOrThrow();
    const r = await call(t.app, t.adminToken, 'POST', '/api/doc/mock/save', {
      docId: t.app.ctx.ids.encode(id),
      id: t.app.ctx.ids.encode(def.id),
      name: def.name,
      path: def.path,
      responseBody: '{"edited":true}',
    });
    expect(r.code, JSON.stringify(r.body)).toBe('0');
    const after = await t.app.ctx.db
      .selectFrom('mockConfigs')
      .select(['responseBody', 'mockResult'])
      .where('id', '=', def.id)
      .executeTakeFirstOrThrow();
    expect(after.responseBody).toBe('{"edited":true}');
    expect(JSON.parse(after.mockResult)).toEqual({ code: '0', data: { id: 42, name: 'Gen', tags: [{ label: 'x' }] } });
    const res = await mock('GET', `/mock/${w.moduleId}/api/pending/edited`);
    expect(res.json()).toEqual({ edited: true });
  });

  it('is generated from the response params and served at the application mock URL', async () => {
    const list = await call(t.app, t.adminToken, 'GET', '/api/doc/mock/list', { docId });
    expect(list.code).toBe('0');
    const def = list.data[0];
    expect(def.isDefault).toBe(1);
    expect(def.path).toBe('api/user/{id}');
    expect(def.url).toBe(`/mock/${w.moduleId}/api/user/{id}`);
    const res = await mock('GET', `/mock/${w.moduleId}/api/user/7`, { headers: { origin: 'http://front.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['access-control-allow-origin']).toBe('http://front.example');
    expect(res.json()).toEqual({ code: '0', data: { id: 42, name: 'Tom', tags: [{ label: 'x' }] } });
  });

  it('is refreshed when the doc changes, keeping values a person edited', async () => {
    const list = await call(t.app, t.adminToken, 'GET', '/api/doc/mock/list', { docId });
    const def = list.data[0];
    const edited = JSON.parse(def.responseBody);
    edited.data.name = 'Edited by a person';
    await save({ id: def.id, name: def.name, path: def.path, responseBody: JSON.stringify(edited), responseHeaders: def.responseHeaders });
    // The doc changes: id example changes, a field is added, tags removed.
    await writeDoc(
      t.app,
      {
        moduleId,
        url: '/api/user/{id}',
        response: [
          { name: 'code', type: 'string', example: '0' },
          {
            name: 'data',
            type: 'object',
            children: [
              { name: 'id', type: 'integer', example: '43' },
              { name: 'name', type: 'string', example: 'Jerry' },
              { name: 'email', type: 'string', example: 'a@b.c' },
            ],
          },
        ],
      },
      docInt,
    );
    const res = await mock('GET', `/mock/${w.moduleId}/api/user/1`);
    expect(res.json()).toEqual({ code: '0', data: { id: 43, name: 'Edited by a person', email: 'a@b.c' } });
  });

  it('wraps an array response in an array', async () => {
    const arr = await writeDoc(t.app, {
      moduleId,
      url: '/api/users',
      isResponseArray: 1,
      response: [{ name: 'id', type: 'number', example: '1' }],
    });
    expect(arr).toBeGreaterThan(0);
    const res = await mock('GET', `/mock/${w.moduleId}/api/users`);
    expect(res.json()).toEqual([{ id: 1 }]);
  });
});

describe('rules', () => {
  it('match on query or JSON body values, with the most specific rule winning', async () => {
    await save({
      path: '/api/user/{id}',
      requestDataType: 0,
      dataKv: [{ name: 'type', value: 'vip' }],
      responseBody: '{"vip":true}',
      httpStatus: 201,
    });
    await save({
      path: 'api/user/{id}',
      requestDataType: 1,
      dataJson: '{"role":"admin"}',
      responseBody: 'admin!',
      responseHeaders: [{ name: 'X-Mock', value: 'a' }],
    });
    const vip = await mock('GET', `/mock/${w.moduleId}/api/user/1?type=vip`);
    expect(vip.statusCode).toBe(201);
    expect(vip.json()).toEqual({ vip: true });
    const admin = await mock('POST', `/mock/${w.moduleId}/api/user/1`, {
      payload: JSON.stringify({ role: 'admin', other: 1 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(admin.body).toBe('admin!');
    expect(admin.headers['x-mock']).toBe('a');
    expect(admin.headers['content-type']).toContain('text/plain');
    const plain = await mock('GET', `/mock/${w.moduleId}/api/user/1?type=normal`);
    expect(plain.json().data.name).toBe('Edited by a person');
  });

  it('never lets a mock body run as a page on the Folio origin, nor set Folio cookies', async () => {
    await save({
      path: 'html/page',
      responseBody: '<script>fetch("/steal?" + localStorage.getItem("folio.token"))</script>',
      responseHeaders: [
        { name: 'Content-Type', value: 'text/html' },
        { name: 'Set-Cookie', value: 'sid=evil; Path=/' },
        { name: 'Content-Security-Policy', value: "script-src 'unsafe-inline'" },
        { name: 'X-Kept', value: 'yes' },
      ],
    });
    const res = await mock('GET', `/mock/${w.moduleId}/html/page`);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-kept']).toBe('yes');
  });

  it('renders Mock.js templates in a plain JSON body without a script', async () => {
    await save({ path: 'tpl/list', responseBody: JSON.stringify({ 'list|3': [{ 'id|+1': 1, email: '@email', 'n|1-100': 1 }] }) });
    const res = await mock('GET', `/mock/${w.moduleId}/tpl/list`);
    const list = res.json().list;
    expect(list.map((x: { id: number }) => x.id)).toEqual([1, 2, 3]);
    expect(list[0].email).toMatch(/@/);
  });

  it('runs script rules on the server with the request, answering 500 with the error when the script fails', async () => {
    await save({
      path: 'script/echo',
      resultType: 1,
      mockScript:
        "return { method: req.method, id: req.query.id, body: req.body, who: Random.cname(), list: Mock.mock({'a|2': ['z']}).a };",
    });
    const res = await mock('PUT', `/mock/${w.moduleId}/script/echo?id=9`, {
      payload: 'a=1&b=2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(v).toMatchObject({ method: 'PUT', id: '9', body: { a: '1', b: '2' }, list: ['z', 'z'] });
    expect(v.who).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);
    await save({ path: 'script/broken', resultType: 1, mockScript: 'return notDefined.x;' });
    const broken = await mock('GET', `/mock/${w.moduleId}/script/broken`);
    expect(broken.statusCode).toBe(500);
    expect(broken.json().msg).toMatch(/Mock script error: ReferenceError/);
  });

  it('survives hostile scripts: each answers an error and the server stays healthy', async () => {
    const payloads = [
      "return this.constructor.constructor('return process')().pid;",
      "return Function('return this')().process.pid;",
      'Object.prototype.polluted = 1; return ({}).polluted;',
      "return import('node:child_process');",
      'while (true) {}',
      "return 'x'.repeat(1024 * 1024 * 1024);",
      'function f() { return f() + 1; } return f();',
    ];
    for (const [i, script] of payloads.entries()) {
      await save({ path: `hostile/${i}`, resultType: 1, mockScript: script });
    }
    for (const i of payloads.keys()) {
      const t0 = Date.now();
      const res = await mock('GET', `/mock/${w.moduleId}/hostile/${i}`);
      expect(Date.now() - t0).toBeLessThan(8000);
      if (i === 2) {
        // pollution stays inside the sandbox realm
        expect(res.json()).toBe(1);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      } else {
        expect(res.statusCode).toBe(500);
      }
    }
    const health = await call(t.app, t.adminToken, 'GET', '/api/doc/mock/list', { docId });
    expect(health.code).toBe('0');
  });

  it("serves Torna's /mock/{path} form, the rule id form and /mockjs/script/{path}", async () => {
    const id = await save({ path: 'v1/torna/hello', resultType: 1, mockScript: "return {hello: 'torna'};" });
    const res = await mock('GET', '/mock/v1/torna/hello');
    expect(res.json()).toEqual({ hello: 'torna' });
    const byId = await mock('GET', `/mock/${id}`);
    expect(byId.json()).toEqual({ hello: 'torna' });
    const script = await mock('GET', '/mockjs/script/v1/torna/hello');
    expect(script.body).toBe("return {hello: 'torna'};");
    expect(script.headers['content-type']).toContain('text/plain');
  });

  it('answers an anonymous caller a plain 404 that lists no mock paths', async () => {
    const res = await mock('GET', `/mock/${w.moduleId}/nothing/here`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
    expect(res.body).not.toContain('tried');
    expect(res.body).not.toMatch(/paths:|\/orders|hello/);
  });

  it('answers a logged-in caller a 404 naming what was tried, without other paths', async () => {
    const res = await mock('GET', `/mock/${w.moduleId}/nothing/here`, { headers: { token: t.adminToken } });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toContain('nothing/here');
    expect(res.json().data.tried.length).toBeGreaterThan(0);
    expect(res.body).not.toContain('paths:');
  });

  it('caps the delay', async () => {
    await t.app.ctx.settings.set({ 'folio.mock.max-delay-ms': '50' });
    await save({ path: 'slow', delayMills: 600_000, responseBody: 'late' });
    const t0 = Date.now();
    const res = await mock('GET', `/mock/${w.moduleId}/slow`);
    expect(res.body).toBe('late');
    expect(Date.now() - t0).toBeLessThan(8000);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(45);
  });

  it('previews a script with the same sandbox', async () => {
    const okRes = await call(t.app, t.adminToken, 'POST', '/api/doc/mock/preview', {
      docId,
      resultType: 1,
      mockScript: "return Mock.mock({'n|3-3': 1, id: req.query.id});",
      request: { query: { id: '5' } },
    });
    expect(okRes.data.ok).toBe(true);
    expect(JSON.parse(okRes.data.body)).toEqual({ n: 3, id: '5' });
    const noReturn = await call(t.app, t.adminToken, 'POST', '/api/doc/mock/preview', { docId, resultType: 1, mockScript: 'var a = 1;' });
    expect(noReturn.data).toMatchObject({ ok: false });
    expect(noReturn.data.error).toMatch(/no data returned, is return missing\?/);
  });

  it('validates input and deletes rules', async () => {
    const bad = await call(t.app, t.adminToken, 'POST', '/api/doc/mock/save', {
      docId,
      name: 'x',
      path: 'a',
      requestDataType: 1,
      dataJson: '{not json',
    });
    expect(bad.status).toBe(422);
    const badHeader = await call(t.app, t.adminToken, 'POST', '/api/doc/mock/save', {
      docId,
      name: 'x',
      path: 'a',
      responseHeaders: [{ name: 'Bad Header\r\n', value: 'v' }],
    });
    expect(badHeader.status).toBe(422);
    const id = await save({ path: 'to/delete', responseBody: 'bye' });
    expect((await mock('GET', `/mock/${w.moduleId}/to/delete`)).body).toBe('bye');
    const del = await call(t.app, t.adminToken, 'POST', '/api/doc/mock/delete', { id });
    expect(del.code).toBe('0');
    expect((await mock('GET', `/mock/${w.moduleId}/to/delete`)).statusCode).toBe(404);
  });

  it('lets a guest read rules but not change them', async () => {
    const g = await createUser(t, 'mock-guest');
    await call(t.app, t.adminToken, 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [g.id], roleCode: 'guest' });
    expect((await call(t.app, g.token, 'GET', '/api/doc/mock/list', { docId })).code).toBe('0');
    const s = await call(t.app, g.token, 'POST', '/api/doc/mock/save', { docId, name: 'x', path: 'x' });
    expect(s.status).toBe(403);
  });
});

describe('default mock through the doc API', () => {
  const param = (name: string, type: string, example: string, children: unknown[] = []) => ({
    name,
    type,
    example,
    description: '',
    required: 1,
    children,
  });

  it('is created by doc/save and follows later saves, keeping an edited value', async () => {
    const saved = await call(t.app, t.adminToken, 'POST', '/api/doc/save', {
      moduleId: w.moduleId,
      parentId: '',
      name: 'Get product',
      url: '/products/{id}',
      httpMethod: 'GET',
      type: 0,
      isUseGlobalReturns: 0,
      responseParams: [param('sku', 'string', 'SKU-1'), param('price', 'number', '9.5')],
    });
    expect(saved.code, JSON.stringify(saved.body)).toBe('0');
    const id = saved.data.id as string;
    // No list call first: the doc-change event alone created the default mock.
    const first = await mock('GET', `/mock/${w.moduleId}/products/1`);
    expect(first.json()).toEqual({ sku: 'SKU-1', price: 9.5 });
    const list = await call(t.app, t.adminToken, 'GET', '/api/doc/mock/list', { docId: id });
    const def = list.data.find((r: { isDefault: number }) => r.isDefault);
    await call(t.app, t.adminToken, 'POST', '/api/doc/mock/save', {
      docId: id,
      id: def.id,
      name: def.name,
      path: def.path,
      responseHeaders: def.responseHeaders,
      responseBody: JSON.stringify({ sku: 'MY-SKU', price: 9.5 }),
    });
    const again = await call(t.app, t.adminToken, 'POST', '/api/doc/save', {
      id,
      moduleId: w.moduleId,
      parentId: '',
      name: 'Get product',
      url: '/products/{id}',
      httpMethod: 'GET',
      type: 0,
      isUseGlobalReturns: 0,
      responseParams: [param('sku', 'string', 'SKU-2'), param('price', 'number', '10'), param('stock', 'number', '3')],
    });
    expect(again.code, JSON.stringify(again.body)).toBe('0');
    const res = await mock('GET', `/mock/${w.moduleId}/products/1`);
    expect(res.json()).toEqual({ sku: 'MY-SKU', price: 10, stock: 3 });
  });

  it('answers the success example written in the editor, as an imported doc answers its spec’s example', async () => {
    const written = (status: string, value: string) => writtenResponse(status, [{ name: 'ok', summary: '', value }]);
    const body = {
      moduleId: w.moduleId,
      parentId: '',
      name: 'Get basket',
      url: '/baskets/{id}',
      httpMethod: 'GET',
      type: 0,
      isUseGlobalReturns: 0,
      responseParams: [param('id', 'string', 'B-1'), param('total', 'number', '3')],
      errorCodeParams: [{ code: '404', msg: 'No such basket' }],
      responses: [written('404', '{"error": "no basket"}')],
    };
    const saved = await call(t.app, t.adminToken, 'POST', '/api/doc/save', body);
    expect(saved.code, JSON.stringify(saved.body)).toBe('0');
    // Only a failure has an example: the body is generated from the response params.
    expect((await mock('GET', `/mock/${w.moduleId}/baskets/1`)).json()).toEqual({ id: 'B-1', total: 3 });
    // A success example written in the editor (its status needs no code): the default answers it.
    const again = await call(t.app, t.adminToken, 'POST', '/api/doc/save', {
      ...body,
      id: saved.data.id,
      responses: [written('200', '{"id": "B-7", "total": 42, "items": [{"sku": "A1"}]}'), written('404', '{"error": "no basket"}')],
    });
    expect(again.code, JSON.stringify(again.body)).toBe('0');
    expect((await mock('GET', `/mock/${w.moduleId}/baskets/1`)).json()).toEqual({ id: 'B-7', total: 42, items: [{ sku: 'A1' }] });
  });
});
