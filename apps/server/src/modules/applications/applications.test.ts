import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { wrapResponse } from '../docs/param-input.js';

describe('applications', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof createWorld>>;
  let dev: { id: string; token: string };
  let guest: { id: string; token: string };
  let outsider: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t, { isPrivate: 1 });
    dev = await createUser(t, 'app_dev');
    guest = await createUser(t, 'app_guest');
    outsider = await createUser(t, 'app_outsider');
    await call(t.app, t.adminToken, 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [dev.id], roleCode: 'dev' });
    await call(t.app, t.adminToken, 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [guest.id], roleCode: 'guest' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, lists, reads, renames and deletes an application', async () => {
    const add = await call(t.app, dev.token, 'POST', '/api/module/add', { projectId: w.projectId, name: '  Orders  ' });
    expect(add.code).toBe('0');
    const list = await call(t.app, guest.token, 'GET', '/api/module/list', { projectId: w.projectId });
    expect(list.data.map((m: { name: string }) => m.name)).toEqual(['app', 'Orders']);
    const info = await call(t.app, guest.token, 'GET', '/api/module/info', { moduleId: add.data.id });
    expect(info.data).toMatchObject({ id: add.data.id, projectId: w.projectId, name: 'Orders', creatorName: 'app_dev' });
    expect((await call(t.app, dev.token, 'POST', '/api/module/update', { id: add.data.id, name: 'Billing' })).code).toBe('0');
    expect((await call(t.app, guest.token, 'GET', '/api/module/info', { moduleId: add.data.id })).data.name).toBe('Billing');
    // Deleting needs a project admin.
    expect((await call(t.app, dev.token, 'POST', '/api/module/delete', { id: add.data.id })).status).toBe(403);
    expect((await call(t.app, t.adminToken, 'POST', '/api/module/delete', { id: add.data.id })).code).toBe('0');
    expect((await call(t.app, guest.token, 'GET', '/api/module/info', { moduleId: add.data.id })).status).toBe(404);
  });

  it('answers 403 to a guest writing and 404 to a stranger of a private project', async () => {
    const g = await call(t.app, guest.token, 'POST', '/api/module/add', { projectId: w.projectId, name: 'x' });
    expect([g.status, g.error]).toEqual([403, 'forbidden']);
    const o = await call(t.app, outsider.token, 'GET', '/api/module/info', { moduleId: w.moduleId });
    expect([o.status, o.error]).toEqual([404, 'not_found']);
    const bad = await call(t.app, dev.token, 'POST', '/api/module/add', { projectId: w.projectId, name: '' });
    expect(bad.status).toBe(422);
    expect(bad.fields?.[0].field).toBe('name');
  });

  it('finds the application of a doc', async () => {
    const doc = await call(t.app, dev.token, 'POST', '/api/doc/save', { moduleId: w.moduleId, name: 'd', url: '/a', httpMethod: 'GET' });
    const r = await call(t.app, guest.token, 'GET', '/api/module/infoByDocId', { docId: doc.data.id });
    expect(r.data).toMatchObject({ id: w.moduleId, projectId: w.projectId });
  });

  it('gives the push token to admins only and resets it at once', async () => {
    const a = await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId });
    expect(a.data.token).toMatch(/^[0-9a-f]{32}$/);
    expect((await call(t.app, dev.token, 'GET', '/api/module/token/get', { moduleId: w.moduleId })).status).toBe(403);
    const r = await call(t.app, t.adminToken, 'POST', '/api/module/token/reset', { moduleId: w.moduleId });
    expect(r.data.token).toMatch(/^[0-9a-f]{32}$/);
    expect(r.data.token).not.toBe(a.data.token);
    expect((await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId })).data.token).toBe(r.data.token);
    const rows = await t.app.ctx.db.selectFrom('modules').select('token').where('token', '=', a.data.token).execute();
    expect(rows).toHaveLength(0);
  });

  it('stores settings, keeping the swagger password write-only and encrypted', async () => {
    const up = await call(t.app, dev.token, 'POST', '/api/module/setting/update', {
      moduleId: w.moduleId,
      override: true,
      printContent: 0,
      debugProxy: 1,
      testTool: 'metersphere',
      swagger: { url: 'https://x.test/v3/api-docs', authUsername: 'u', authPassword: 'p4ss' },
    });
    expect(up.code).toBe('0');
    const s = await call(t.app, guest.token, 'GET', '/api/module/setting/get', { moduleId: w.moduleId });
    expect(s.data).toEqual({
      override: true,
      printContent: false,
      debugProxy: true,
      testTool: 'metersphere',
      swagger: { url: 'https://x.test/v3/api-docs', format: '', authUsername: 'u', hasPassword: true },
    });
    const row = await t.app.ctx.db.selectFrom('moduleSwaggerConfigs').select('authPasswordEnc').executeTakeFirstOrThrow();
    expect(row.authPasswordEnc).not.toContain('p4ss');
    expect((await call(t.app, guest.token, 'POST', '/api/module/setting/update', { moduleId: w.moduleId, override: 0 })).status).toBe(403);
  });

  it('manages environments with their own headers and params', async () => {
    const add = await call(t.app, dev.token, 'POST', '/api/module/environment/add', {
      moduleId: w.moduleId,
      name: 'test',
      url: '  http://test.local:8080/api//  ',
      isPublic: 1,
      headers: [{ name: 'X-Token', example: 'abc' }],
      params: [{ name: 'tenant', example: 't1', required: 0 }],
    });
    expect(add.code).toBe('0');
    const list = await call(t.app, guest.token, 'GET', '/api/module/environment/list', { moduleId: w.moduleId });
    expect(list.data).toHaveLength(1);
    const env = list.data[0];
    expect(env).toMatchObject({ id: add.data.id, name: 'test', url: 'http://test.local:8080/api', isPublic: 1 });
    expect(env.headers[0]).toMatchObject({ name: 'X-Token', example: 'abc', required: 1, maxLength: '64', orderIndex: 10000 });
    expect(env.params[0]).toMatchObject({ name: 'tenant', required: 0 });

    const dup = await call(t.app, dev.token, 'POST', '/api/module/environment/add', {
      moduleId: w.moduleId,
      name: 'test',
      url: 'http://x',
    });
    expect([dup.status, dup.error]).toEqual([409, 'duplicate']);
    const badUrl = await call(t.app, dev.token, 'POST', '/api/module/environment/add', {
      moduleId: w.moduleId,
      name: 'b',
      url: 'not a url',
    });
    expect(badUrl.status).toBe(422);
    expect(badUrl.fields).toEqual([{ field: 'url', message: 'URL format incorrect' }]);
    const badName = await call(t.app, dev.token, 'POST', '/api/module/environment/add', {
      moduleId: w.moduleId,
      name: 'c',
      url: 'http://c',
      headers: [{ name: 'bad\tname' }],
    });
    expect(badName.status).toBe(422);
    expect(badName.fields?.[0].field).toBe('headers.0.name');
    // Nothing of the refused calls was written.
    expect((await call(t.app, guest.token, 'GET', '/api/module/environment/list', { moduleId: w.moduleId })).data).toHaveLength(1);

    const upd = await call(t.app, dev.token, 'POST', '/api/module/environment/update', {
      id: add.data.id,
      name: 'staging',
      url: 'https://staging.local/',
      headers: [],
    });
    expect(upd.code).toBe('0');
    const after = (await call(t.app, guest.token, 'GET', '/api/module/environment/list', { moduleId: w.moduleId })).data[0];
    expect(after).toMatchObject({ name: 'staging', url: 'https://staging.local', headers: [] });
    expect(after.params).toHaveLength(1);
    expect((await call(t.app, guest.token, 'POST', '/api/module/environment/delete', { id: add.data.id })).status).toBe(403);
    expect((await call(t.app, dev.token, 'POST', '/api/module/environment/delete', { id: add.data.id })).code).toBe('0');
    expect((await call(t.app, guest.token, 'GET', '/api/module/environment/list', { moduleId: w.moduleId })).data).toEqual([]);
    const rows = await t.app.ctx.db.selectFrom('paramSets').select('id').where('ownerType', '=', 2).execute();
    expect(rows).toHaveLength(0);
  });

  it('saves common headers and response params, with the $data$ marker wrapping doc responses', async () => {
    const save = await call(t.app, dev.token, 'POST', '/api/module/commonParam/save', {
      moduleId: w.moduleId,
      style: 3,
      params: [
        { name: 'code', type: 'string', example: '0' },
        { name: 'data', type: 'object', example: '$data$' },
        { name: 'msg', type: 'string' },
      ],
    });
    expect(save.code).toBe('0');
    await call(t.app, dev.token, 'POST', '/api/module/commonParam/save', { moduleId: w.moduleId, style: 1, params: [{ name: 'token' }] });
    const returns = await call(t.app, guest.token, 'GET', '/api/module/commonParam/list', { moduleId: w.moduleId, style: 3 });
    expect(returns.data.map((p: { name: string; orderIndex: number }) => [p.name, p.orderIndex])).toEqual([
      ['code', 10000],
      ['data', 10010],
      ['msg', 10020],
    ]);
    const all = await call(t.app, guest.token, 'GET', '/api/module/commonParam/list', { moduleId: w.moduleId });
    expect(all.data.headers.map((p: { name: string }) => p.name)).toEqual(['token']);
    const own = [{ name: 'id', type: 'number', required: 1, maxLength: '64', example: '1', description: '', orderIndex: 1, children: [] }];
    const wrapped = wrapResponse(returns.data, own);
    expect(wrapped[1]).toMatchObject({ name: 'data', example: '', children: own });
    expect(wrapResponse([], own)).toBe(own);
    expect(
      (await call(t.app, guest.token, 'POST', '/api/module/commonParam/save', { moduleId: w.moduleId, style: 1, params: [] })).status,
    ).toBe(403);
    const bad = await call(t.app, dev.token, 'POST', '/api/module/commonParam/save', { moduleId: w.moduleId, style: 5, params: [] });
    expect(bad.status).toBe(422);
  });

  it("keeps the application's error codes (style 4) with codes that are not parameter names", async () => {
    const save = await call(t.app, dev.token, 'POST', '/api/module/commonParam/save', {
      moduleId: w.moduleId,
      style: 4,
      params: [
        { name: '10001', description: 'token error', example: 'send a token' },
        { name: 'E.AUTH', description: 'not signed in', example: '' },
      ],
    });
    expect(save.code).toBe('0');
    const codes = await call(t.app, guest.token, 'GET', '/api/module/commonParam/list', { moduleId: w.moduleId, style: 4 });
    expect(codes.data.map((p: { name: string; description: string; example: string }) => [p.name, p.description, p.example])).toEqual([
      ['10001', 'token error', 'send a token'],
      ['E.AUTH', 'not signed in', ''],
    ]);
    const all = await call(t.app, guest.token, 'GET', '/api/module/commonParam/list', { moduleId: w.moduleId });
    expect(all.data.errorCodes).toHaveLength(2);
    // A header's name follows the param name rule (E.AUTH is a valid one; a control character is not).
    const badHeader = await call(t.app, dev.token, 'POST', '/api/module/commonParam/save', {
      moduleId: w.moduleId,
      style: 1,
      params: [{ name: 'E\tAUTH' }],
    });
    expect(badHeader.status).toBe(422);
  });
});
