import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type EchoServer, PNG_1X1, startEchoServer } from '../../../test/echo-server.js';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { setOutboundResolver } from '../../lib/outbound.js';
import { writeDoc } from './debug-fixtures.js';

let t: TestApp;
let echo: EchoServer;
let w: { spaceId: string; projectId: string; moduleId: string };
let docId: string;
let envId: string;

beforeAll(async () => {
  t = await createTestApp();
  echo = await startEchoServer();
  // The echo server listens on loopback: the super admin allows it (the proxy refuses private addresses otherwise).
  await t.app.ctx.settings.set({ 'folio.outbound.allowlist': '127.0.0.1' });
  w = await createWorld(t, { isPrivate: 1 });
  const moduleId = t.app.ctx.ids.decode(w.moduleId, 'module');
  docId = t.app.ctx.ids.encode(await writeDoc(t.app, { moduleId, url: '/api/user/get' }));
  const env = await call(t.app, t.adminToken, 'POST', '/api/module/environment/add', {
    moduleId: w.moduleId,
    name: 'local',
    url: `${echo.url}/`,
    isPublic: 1,
    headers: [{ name: 'X-Env', example: 'env-1', type: 'string', required: 1 }],
    params: [],
  });
  expect(env.code).toBe('0');
  envId = env.data.id;
});
afterAll(async () => {
  await echo.close();
  await t.close();
});
afterEach(() => setOutboundResolver(null));

interface ProxyOpts {
  token?: string | null;
  grant?: string;
  method?: string;
  target: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  contentType?: string;
  doc?: string;
}

async function proxy(o: ProxyOpts) {
  const headers: Record<string, string> = { 'target-url': o.target, 'accept-language': 'en' };
  if (o.token !== null) headers.token = o.token ?? t.adminToken;
  if (o.grant) headers['x-share-grant'] = o.grant;
  if (o.headers) headers['target-headers'] = JSON.stringify(o.headers);
  if (o.contentType) headers['content-type'] = o.contentType;
  return t.app.inject({
    method: (o.method ?? 'GET') as 'GET',
    url: `/api/debug/proxy?docId=${o.doc ?? docId}`,
    headers,
    payload: o.body,
  });
}

describe('debug proxy: the request reaches the target exactly as composed', () => {
  it('forwards method, query, headers and a JSON body; returns status, body and target headers', async () => {
    const res = await proxy({
      method: 'POST',
      target: `${echo.url}/api/user/get?id=7&tag=a b`,
      headers: { 'X-Sign': 'abc', Authorization: 'Bearer target-token', Cookie: 'sid=1' },
      body: JSON.stringify({ name: '张三', n: 1 }),
      contentType: 'application/json',
    });
    expect(res.statusCode).toBe(200);
    const got = JSON.parse(res.body);
    expect(got.method).toBe('POST');
    expect(got.query).toEqual({ id: '7', tag: 'a b' });
    expect(got.headers['x-sign']).toBe('abc');
    expect(got.headers.authorization).toBe('Bearer target-token');
    expect(got.headers.cookie).toBe('sid=1');
    expect(got.headers.token).toBeUndefined();
    expect(got.headers['content-type']).toBe('application/json');
    expect(JSON.parse(got.body)).toEqual({ name: '张三', n: 1 });
    const th = JSON.parse(res.headers['target-response-headers'] as string);
    expect(th['x-echo']).toBe('yes');
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('forwards form-urlencoded bodies', async () => {
    const res = await proxy({
      method: 'PUT',
      target: `${echo.url}/form`,
      body: 'a=1&b=%E4%B8%AD',
      contentType: 'application/x-www-form-urlencoded',
    });
    const got = JSON.parse(res.body);
    expect(got.method).toBe('PUT');
    expect(got.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(got.body))).toEqual({ a: '1', b: '中' });
  });

  it('forwards multipart with a file byte for byte', async () => {
    const fd = new FormData();
    fd.append('title', 'hello');
    fd.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'dot.png');
    const r = new Request('http://x/', { method: 'POST', body: fd });
    const buf = Buffer.from(await r.arrayBuffer());
    const ct = r.headers.get('content-type') as string;
    const res = await proxy({ method: 'POST', target: `${echo.url}/upload`, body: buf, contentType: ct });
    expect(res.statusCode).toBe(200);
    const got = JSON.parse(res.body);
    expect(got.headers['content-type']).toBe(ct);
    const sent = Buffer.from(got.bodyBase64, 'base64');
    expect(sent.equals(buf)).toBe(true);
    expect(sent.includes(PNG_1X1)).toBe(true);
    expect(sent.toString('latin1')).toContain('filename="dot.png"');
  });

  it('appends the proxy query string (minus docId) and passes non-2xx statuses and binary bodies through', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/debug/proxy?docId=${docId}&extra=1`,
      headers: { token: t.adminToken, 'target-url': `${echo.url}/status/404?x=2` },
    });
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body).query).toEqual({ x: '2', extra: '1' });
    const png = await proxy({ target: `${echo.url}/png` });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.equals(PNG_1X1)).toBe(true);
    expect(png.headers['content-security-policy']).toContain('sandbox');
  });

  it('hands the target cookies back in target-response-headers, never as Folio cookies', async () => {
    const res = await proxy({ target: `${echo.url}/set-cookie?session=xyz` });
    expect(res.headers['set-cookie']).toBeUndefined();
    const th = JSON.parse(res.headers['target-response-headers'] as string);
    expect(th['set-cookie']).toEqual(['session=xyz; Path=/; HttpOnly']);
  });

  it('follows redirects inside the environment, or returns them when asked', async () => {
    const res = await proxy({ target: `${echo.url}/redirect?to=/after` });
    expect(JSON.parse(res.body).path).toBe('/after');
    expect(JSON.parse(res.headers['target-final-url'] as string)).toBe(`${echo.url}/after`);
    const raw = await t.app.inject({
      method: 'GET',
      url: `/api/debug/proxy?docId=${docId}`,
      headers: { token: t.adminToken, 'target-url': `${echo.url}/redirect?to=/after`, 'target-follow-redirects': 'false' },
    });
    expect(raw.statusCode).toBe(302);
    expect(JSON.parse(raw.headers['target-response-headers'] as string).location).toBe('/after');
  });
});

describe('debug proxy: refusals say why', () => {
  it('refuses 169.254.169.254', async () => {
    const res = await proxy({ target: 'http://169.254.169.254/latest/meta-data/' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('outbound_refused');
  });

  it('refuses a host name resolving to 169.254.169.254 even when it is an environment', async () => {
    setOutboundResolver(async (h) => (h === 'meta.internal.test' ? [{ address: '169.254.169.254', family: 4 }] : []));
    const env = await call(t.app, t.adminToken, 'POST', '/api/module/environment/add', {
      moduleId: w.moduleId,
      name: 'sneaky',
      url: 'http://meta.internal.test',
      headers: [],
      params: [],
    });
    expect(env.code).toBe('0');
    const res = await proxy({ target: 'http://meta.internal.test/latest/meta-data/' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/169\.254\.169\.254/);
    await call(t.app, t.adminToken, 'POST', '/api/module/environment/delete', { id: env.data.id });
  });

  it('refuses a redirect to the metadata address', async () => {
    const res = await proxy({ target: `${echo.url}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('outbound_refused');
  });

  it("refuses a target outside the application's environments", async () => {
    const res = await proxy({ target: 'http://example.org/x' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/environments/);
    // The admin allowlist opens it (name match), without touching the address rules.
    await t.app.ctx.settings.set({ 'folio.outbound.allowlist': `127.0.0.2` });
    const other = await proxy({ target: `http://127.0.0.2:${echo.port}/x` });
    expect(other.statusCode).not.toBe(403);
    await t.app.ctx.settings.set({ 'folio.outbound.allowlist': '127.0.0.1' });
  });

  it('refuses a loopback target declared as an environment unless the super admin allows it', async () => {
    await t.app.ctx.settings.set({ 'folio.outbound.allowlist': '' });
    try {
      const res = await proxy({ target: `${echo.url}/x` });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('outbound_refused');
      expect(res.json().msg).toMatch(/allowlist/);
      const typed = await proxy({ target: `http://localhost:${echo.port}/x` });
      expect(typed.statusCode).toBe(403);
    } finally {
      await t.app.ctx.settings.set({ 'folio.outbound.allowlist': '127.0.0.1' });
    }
    expect((await proxy({ target: `${echo.url}/x` })).statusCode).toBe(200);
  });

  it('refuses an anonymous caller without a grant, and a stranger', async () => {
    const anon = await proxy({ token: null, target: `${echo.url}/x` });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe('1000');
    const stranger = await createUser(t, 'dbg-stranger');
    const s = await proxy({ token: stranger.token, target: `${echo.url}/x` });
    expect(s.statusCode).toBe(404);
  });

  it('accepts a share grant only when the share allows debugging, and only towards its environments', async () => {
    const noDebug = await call(t.app, t.adminToken, 'POST', '/api/share/add', { moduleId: w.moduleId, type: 1, isAll: 1, allowDebug: 0 });
    expect(noDebug.code).toBe('0');
    const g1 = (await call(t.app, null, 'GET', '/api/share/get', { id: noDebug.data.publicId })).data.grant as string;
    const refused = await proxy({ token: null, grant: g1, target: `${echo.url}/x` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(/not allowed/i);

    const withDebug = await call(t.app, t.adminToken, 'POST', '/api/share/add', {
      moduleId: w.moduleId,
      type: 1,
      isAll: 1,
      allowDebug: 1,
      environmentIds: [envId],
    });
    const g2 = (await call(t.app, null, 'GET', '/api/share/get', { id: withDebug.data.publicId })).data.grant as string;
    const okRes = await proxy({ token: null, grant: g2, target: `${echo.url}/shared?q=1` });
    expect(okRes.statusCode).toBe(200);
    expect(JSON.parse(okRes.body).query).toEqual({ q: '1' });
    const ctx = await t.app.inject({ method: 'GET', url: `/api/debug/context?docId=${docId}`, headers: { 'x-share-grant': g2 } });
    expect(ctx.json().data.environments.map((e: { id: string }) => e.id)).toEqual([envId]);
    const forged = await proxy({ token: null, grant: `${g2.slice(0, -2)}xx`, target: `${echo.url}/x` });
    expect(forged.statusCode).toBe(404);
  });
});

describe('debug context, scripts and props', () => {
  it('gives the console environments with their headers, and the proxy switch per application', async () => {
    const r = await call(t.app, t.adminToken, 'GET', '/api/debug/context', { docId });
    expect(r.code).toBe('0');
    const local = r.data.environments.find((e: { name: string }) => e.name === 'local');
    expect(local.url).toBe(echo.url);
    expect(local.headers[0]).toMatchObject({ name: 'X-Env', example: 'env-1' });
    expect(r.data.proxy).toBeNull();
    await call(t.app, t.adminToken, 'POST', '/api/debug/props/set', { moduleId: w.moduleId, proxy: true, props: { envId } });
    const again = await call(t.app, t.adminToken, 'GET', '/api/debug/context', { docId });
    expect(again.data.proxy).toBe(true);
    expect(again.data.debugProps).toEqual({ envId });
  });

  it('saves scripts of the three scopes and lists them for a doc', async () => {
    const mk = (scope: number, refId: string, type: number, name: string) =>
      call(t.app, t.adminToken, 'POST', '/api/doc/debugscript/save', { name, content: 'return req;', type, scope, refId });
    const a = await mk(0, docId, 0, 'doc-pre');
    const b = await mk(1, w.moduleId, 1, 'module-after');
    const c = await mk(2, w.projectId, 0, 'project-pre');
    expect([a.code, b.code, c.code]).toEqual(['0', '0', '0']);
    await call(t.app, t.adminToken, 'POST', '/api/doc/debugscript/disable', { id: c.data.id });
    const list = await call(t.app, t.adminToken, 'GET', '/api/doc/debugscript/list', { docId });
    expect(list.data.map((s: { name: string; scope: number; enabled: number }) => [s.name, s.scope, s.enabled])).toEqual([
      ['doc-pre', 0, 1],
      ['module-after', 1, 1],
      ['project-pre', 2, 0],
    ]);
    const upd = await call(t.app, t.adminToken, 'POST', '/api/doc/debugscript/save', {
      id: a.data.id,
      name: 'doc-pre',
      content: 'req.headers.x = 1; return req;',
      type: 0,
      scope: 0,
      refId: docId,
    });
    expect(upd.code).toBe('0');
    const del = await call(t.app, t.adminToken, 'POST', '/api/doc/debugscript/delete', { id: b.data.id });
    expect(del.code).toBe('0');
    const after = await call(t.app, t.adminToken, 'GET', '/api/doc/debugscript/list', { docId });
    expect(after.data.map((s: { name: string }) => s.name)).toEqual(['doc-pre', 'project-pre']);
    expect(after.data[0].content).toContain('req.headers.x');
  });

  it('lets a guest debug but not edit scripts', async () => {
    const g = await createUser(t, 'dbg-guest');
    await call(t.app, t.adminToken, 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [g.id], roleCode: 'guest' });
    const list = await call(t.app, g.token, 'GET', '/api/doc/debugscript/list', { docId });
    expect(list.code).toBe('0');
    const save = await call(t.app, g.token, 'POST', '/api/doc/debugscript/save', {
      name: 'x',
      content: '',
      type: 0,
      scope: 0,
      refId: docId,
    });
    expect(save.status).toBe(403);
    const res = await proxy({ token: g.token, target: `${echo.url}/guest` });
    expect(res.statusCode).toBe(200);
  });
});
