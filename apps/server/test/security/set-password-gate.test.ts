/** An account that must set its password first can call nothing but the set-password flow, on every route. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../harness.js';

describe('the must-set-password gate', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const r = await call(t.app, t.adminToken, 'POST', '/api/admin/user/add', {
      username: 'fresh',
      nickname: 'fresh',
      email: 'f@example.com',
    });
    token = await loginAs(t.app, 'fresh', r.data.password);
  });
  afterAll(async () => t?.close());

  it('applies to every route a token reaches, debug routes included', async () => {
    const skip = new Set(['/api/user/password/setFirst', '/api/user/logout']);
    const answers: string[] = [];
    for (const r of t.app.featureRoutes) {
      if (!r.url.startsWith('/api/') || skip.has(r.url) || r.config.allowSetPassword || r.config.auth === 'public') continue;
      const url = r.url.replace(/:(\w+)/g, 'x1');
      const res = await t.app.inject({ method: r.method as 'GET', url, headers: { token, 'target-url': 'http://example.org/' } });
      let code = '';
      try {
        code = res.json().code;
      } catch {
        code = `not json: ${res.body.slice(0, 30)}`;
      }
      if (code !== '2000') answers.push(`${r.method} ${r.url} → ${res.statusCode} ${code}`);
    }
    expect(answers).toEqual([]);
  });

  it('leaves the set-password page what it needs', async () => {
    expect((await call(t.app, token, 'GET', '/api/system/i18n/get')).code).toBe('0');
    expect((await call(t.app, token, 'GET', '/api/user/info')).code).toBe('0');
    expect((await call(t.app, token, 'POST', '/api/user/password/setFirst', { password: 'fresh-pass-1234' })).code).toBe('0');
  });
});
