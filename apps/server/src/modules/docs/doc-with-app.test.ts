/** GET /api/doc/detail?with=app: the doc with its application's common params and environments, in one answer. */
import { REVISION_HEADER } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';

const APP_FIELDS = ['globalHeaders', 'globalParams', 'globalReturns', 'globalErrorCodes', 'environments'];

describe('doc detail with its application (with=app)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof createWorld>>;
  let guest: { id: string; token: string };
  let outsider: { id: string; token: string };
  let docId: string;
  const admin = (method: 'GET' | 'POST', url: string, body: Record<string, unknown>) => call(t.app, t.adminToken, method, url, body);

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t, { isPrivate: 1 });
    guest = await createUser(t, 'app_guest');
    outsider = await createUser(t, 'app_outsider');
    await admin('POST', '/api/project/member/add', { projectId: w.projectId, userIds: [guest.id], roleCode: 'guest' });
    await admin('POST', '/api/space/member/add', { spaceId: w.spaceId, userIds: [outsider.id], roleCode: 'dev' });
    const lists = [
      [1, [{ name: 'X-Trace', type: 'string', example: 't-1' }]],
      [2, [{ name: 'tenant', type: 'string', required: 1, example: 'acme' }]],
      [3, [{ name: 'data', type: 'object', children: [{ name: 'id', type: 'number' }] }]],
      [4, [{ name: 'E500', description: 'server error', example: 'retry' }]],
    ] as const;
    for (const [style, params] of lists) {
      expect((await admin('POST', '/api/module/commonParam/save', { moduleId: w.moduleId, style, params })).code).toBe('0');
    }
    for (const name of ['test', 'prod']) {
      const env = { moduleId: w.moduleId, name, url: `https://${name}.example.com`, headers: [{ name: 'X-Env', example: name }] };
      expect((await admin('POST', '/api/module/environment/add', env)).code).toBe('0');
    }
    const saved = await admin('POST', '/api/doc/save', { moduleId: w.moduleId, name: 'Get order', url: '/orders', httpMethod: 'GET' });
    docId = saved.data.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers what the doc, common params and environments routes answer, in one answer', async () => {
    for (const token of [t.adminToken, guest.token]) {
      const plain = await call(t.app, token, 'GET', '/api/doc/detail', { id: docId });
      const common = await call(t.app, token, 'GET', '/api/module/commonParam/list', { moduleId: w.moduleId });
      const envs = await call(t.app, token, 'GET', '/api/module/environment/list', { moduleId: w.moduleId });
      const one = await call(t.app, token, 'GET', '/api/doc/detail', { id: docId, with: 'app' });
      expect(one.status).toBe(200);
      const { globalHeaders, globalParams, globalReturns, globalErrorCodes, environments, ...doc } = one.data;
      expect(doc).toEqual(plain.data);
      expect({ headers: globalHeaders, params: globalParams, returns: globalReturns, errorCodes: globalErrorCodes }).toEqual(common.data);
      expect(globalHeaders).toHaveLength(1);
      expect(globalErrorCodes).toHaveLength(1);
      expect(environments).toEqual(envs.data);
      expect(environments.map((e: { name: string }) => e.name).sort()).toEqual(['prod', 'test']);
    }
  });

  it('keeps the default answer unchanged, and still carries the live revision when asked', async () => {
    const plain = await call(t.app, guest.token, 'GET', '/api/doc/detail', { id: docId });
    for (const f of APP_FIELDS) expect(plain.data).not.toHaveProperty(f);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/doc/detail',
      headers: { token: guest.token },
      query: { id: docId, live: 'project', with: 'app' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers[REVISION_HEADER.toLowerCase()]).toBeTruthy();
    expect(res.json().data.environments).toHaveLength(2);
  });

  it('gives a reader outside the private project neither the doc nor its environments', async () => {
    const envs = await call(t.app, outsider.token, 'GET', '/api/module/environment/list', { moduleId: w.moduleId });
    expect(envs.status).toBeGreaterThanOrEqual(403);
    const one = await call(t.app, outsider.token, 'GET', '/api/doc/detail', { id: docId, with: 'app' });
    expect(one.status).toBe(404);
    expect(JSON.stringify(one.body)).not.toContain('example.com');
    expect((await call(t.app, null, 'GET', '/api/doc/detail', { id: docId, with: 'app' })).status).toBe(401);
  });

  it('refuses an unknown flag value', async () => {
    expect((await call(t.app, guest.token, 'GET', '/api/doc/detail', { id: docId, with: 'everything' })).status).toBe(422);
  });
});
