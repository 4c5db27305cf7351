/** The public URL in force, shown beside its setting: the setting, else FOLIO_PUBLIC_URL, else the default. */

import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createWorld, type TestApp } from '../../../test/harness.js';
import { hostAllowed } from '../agents/mcp.js';
import { pushApis, sampleApi } from '../agents/test-fixtures.js';
import { callbackUrl, publicBase } from '../sso/oauth.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { FOLIO_PUBLIC_URL: 'https://docs.example.com/' } });
});
afterAll(() => t.close());

const guideUrl = async () =>
  /\*\*URL\*\*: `([^`]+)`/.exec((await t.app.inject({ method: 'GET', url: '/api/openapi/push.md', headers: { lang: 'en' } })).body)?.[1];

describe('public URL in force', () => {
  it('an empty setting shows the value FOLIO_PUBLIC_URL puts in force, and the push guide uses it', async () => {
    const r = await call(t.app, t.adminToken, 'GET', '/api/admin/setting/get');
    expect(r.data.values['folio.public-url']).toBe('');
    expect(r.data.publicUrl).toEqual({ value: 'https://docs.example.com', source: 'env', env: 'https://docs.example.com' });
    expect(await guideUrl()).toBe('https://docs.example.com/api');
  });

  it('a saved setting wins and says so, the environment value still shown; clearing it brings the environment back', async () => {
    const up = await call(t.app, t.adminToken, 'POST', '/api/admin/setting/update', {
      values: { 'folio.public-url': 'https://api.example.org' },
    });
    expect(up.data.publicUrl).toEqual({ value: 'https://api.example.org', source: 'setting', env: 'https://docs.example.com' });
    expect(await guideUrl()).toBe('https://api.example.org/api');
    const cleared = await call(t.app, t.adminToken, 'POST', '/api/admin/setting/update', { values: { 'folio.public-url': '' } });
    expect(cleared.data.publicUrl.source).toBe('env');
    expect(await guideUrl()).toBe('https://docs.example.com/api');
  });
});

describe('FOLIO_PUBLIC_URL is in force for agents and sign-in too (no setting saved)', () => {
  /** A request that reached this server under another name (a proxy's inner address, or a rebinding attack). */
  const reqAt = (host: string, origin?: string) =>
    ({
      protocol: 'http',
      host,
      hostname: host.replace(/:\d+$/, ''),
      headers: { host, ...(origin ? { origin } : {}) },
    }) as unknown as FastifyRequest;

  it('llms.txt links its docs under the public URL, not the Host the request came to', async () => {
    const w = await createWorld(t);
    const token = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId })).data.token;
    await pushApis(t.app, token, [{ name: 'Orders', isFolder: 1, items: [sampleApi()] }]);
    const pat = (await call(t.app, t.adminToken, 'POST', '/api/user/token/create', { name: 'agent' })).data.token;
    const r = await t.app.inject({
      method: 'GET',
      url: `/llms.txt?project=${w.projectId}`,
      headers: { authorization: `Bearer ${pat}`, host: '10.0.0.7:3000' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.body).toMatch(/\(https:\/\/docs\.example\.com\/view\/[^)]+\.md\)/);
    expect(r.body).not.toContain('10.0.0.7');
  });

  it("the MCP endpoint accepts only the public URL's host (or loopback) as Host", () => {
    expect(hostAllowed(t.app, reqAt('docs.example.com'))).toBe(true);
    expect(hostAllowed(t.app, reqAt('127.0.0.1:3000'))).toBe(true);
    expect(hostAllowed(t.app, reqAt('rebound.attacker.test'))).toBe(false);
  });

  it('OAuth callbacks are built on the public URL', () => {
    const base = publicBase(t.app, reqAt('10.0.0.7:3000'));
    expect(base).toBe('https://docs.example.com');
    expect(callbackUrl(base, 'gh')).toBe('https://docs.example.com/api/sso/oauth/gh/callback');
  });
});
