/** OAuth2/OIDC sign-in against a real in-process OpenID provider: code flow with PKCE, state, one-time login keys. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { ACCOUNTS, freePort, startIdp, type TestIdp, walkIdp } from './test-support/oidc-provider.js';

const FOLIO = 'http://folio.test';
const CLIENT_SECRET = 'oidc-client-secret-4242';

describe('OIDC sign-in (oidc-provider in-process)', () => {
  let t: TestApp;
  let idp: TestIdp;
  let providerId = '';
  let strictId = '';
  let plainId = '';

  /** Starts the flow at Folio: returns the IdP URL and Folio's flow cookie. */
  async function start(id: string, redirect = '') {
    const res = await t.app.inject({ method: 'GET', url: `/api/sso/oauth/${id}/start`, query: redirect ? { redirect } : {} });
    expect(res.statusCode).toBe(302);
    const cookie = String(res.headers['set-cookie']).split(';')[0];
    return { location: String(res.headers.location), cookie };
  }

  /** Delivers the IdP's redirect to Folio's callback; returns Folio's redirect target. */
  async function callback(url: string, cookie: string) {
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`.startsWith(`${FOLIO}/api/sso/oauth/`)).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}`, headers: { cookie } });
    expect(res.statusCode).toBe(302);
    return new URL(String(res.headers.location));
  }

  const exchange = (loginKey: string) => call(t.app, null, 'POST', '/api/sso/loginKey/exchange', { loginKey });

  beforeAll(async () => {
    t = await createTestApp();
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}`;
    await call(t.app, t.adminToken, 'POST', '/api/admin/setting/update', {
      values: { 'folio.public-url': FOLIO, 'folio.login.oauth.enable': 'true' },
    });
    const base = { enabled: true, type: 'oidc', issuer, clientId: 'folio', clientSecret: CLIENT_SECRET, scope: 'openid profile email' };
    const a = await call(t.app, t.adminToken, 'POST', '/api/admin/sso/oauth/save', {
      ...base,
      buttonText: 'Sign in with Corp SSO',
      autoCreate: true,
    });
    expect(a.code).toBe('0');
    providerId = a.data.id;
    const b = await call(t.app, t.adminToken, 'POST', '/api/admin/sso/oauth/save', {
      ...base,
      buttonText: 'Existing accounts only',
      autoCreate: false,
    });
    strictId = b.data.id;
    const c = await call(t.app, t.adminToken, 'POST', '/api/admin/sso/oauth/save', {
      enabled: true,
      type: 'oauth2',
      buttonText: 'Plain OAuth2',
      authorizationUrl: `${issuer}/auth`,
      tokenUrl: `${issuer}/token`,
      userinfoUrl: `${issuer}/me`,
      clientId: 'folio-plain',
      clientSecret: 'plain-secret',
      scope: 'openid profile email',
      autoCreate: true,
    });
    expect(c.code).toBe('0');
    plainId = c.data.id;
    idp = await startIdp(port, [
      {
        id: 'folio',
        secret: CLIENT_SECRET,
        redirectUris: [`${FOLIO}/api/sso/oauth/${providerId}/callback`, `${FOLIO}/api/sso/oauth/${strictId}/callback`],
      },
      { id: 'folio-plain', secret: 'plain-secret', redirectUris: [`${FOLIO}/api/sso/oauth/${plainId}/callback`] },
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('lists each enabled provider with its own button text on the login page', async () => {
    const m = await call(t.app, null, 'GET', '/api/sso/methods');
    expect(m.data.oauth).toEqual([
      { id: providerId, buttonText: 'Sign in with Corp SSO' },
      { id: strictId, buttonText: 'Existing accounts only' },
      { id: plainId, buttonText: 'Plain OAuth2' },
    ]);
    expect(m.data.register).toBe(false);
  });

  it('runs the full code flow with PKCE through Folio’s callback and swaps the one-time key for a token', async () => {
    const { location, cookie } = await start(providerId, '/project/abc');
    const auth = new URL(location);
    expect(auth.origin).toBe(idp.issuer);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(auth.searchParams.get('state')).toBeTruthy();
    expect(cookie).toMatch(/^folio_sso=/);

    const back = await walkIdp(location, 'sub-alice');
    const landing = await callback(back, cookie);
    expect(landing.pathname).toBe('/successLogin');
    expect(landing.searchParams.get('redirect')).toBe('/project/abc');
    const loginKey = landing.searchParams.get('loginKey') as string;
    expect(loginKey.length).toBeGreaterThan(20);

    const r = await exchange(loginKey);
    expect(r.code).toBe('0');
    const info = await call(t.app, r.data.token, 'GET', '/api/user/info');
    expect(info.data).toMatchObject({
      username: ACCOUNTS['sub-alice'].preferred_username,
      nickname: 'Alice OIDC',
      email: 'alice@idp.example',
      source: 'oauth',
    });

    // Replaying the same key is refused.
    const replay = await exchange(loginKey);
    expect(replay.code).toBe('100');
    expect(replay.error).toBe('bad_credentials');

    // A second sign-in maps to the same account (matched by provider subject).
    const s2 = await start(providerId);
    const l2 = await callback(await walkIdp(s2.location, 'sub-alice'), s2.cookie);
    const r2 = await exchange(l2.searchParams.get('loginKey') as string);
    expect((await call(t.app, r2.data.token, 'GET', '/api/user/info')).data.id).toBe(info.data.id);
  });

  it('refuses a tampered state', async () => {
    const { location, cookie } = await start(providerId);
    const back = new URL(await walkIdp(location, 'sub-alice'));
    back.searchParams.set('state', `${back.searchParams.get('state')}x`);
    const landing = await callback(back.toString(), cookie);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('loginKey')).toBeNull();
    const log = await call(t.app, t.adminToken, 'GET', '/api/admin/audit/page', { action: 'login.failure', target: `oauth:${providerId}` });
    expect(log.data.list[0].detail).toMatch(/state/i);
  });

  it('refuses a callback without the flow cookie (started in another browser)', async () => {
    const { location } = await start(providerId);
    const back = await walkIdp(location, 'sub-alice');
    const landing = await callback(back, 'folio_sso=');
    expect(landing.pathname).toBe('/login');
  });

  it('refuses an expired login key', async () => {
    const { createLoginKey } = await import('./login-keys.js');
    const key = await createLoginKey(t.app, 1, Date.now() - 120_000);
    expect((await exchange(key)).code).toBe('100');
    const fresh = await createLoginKey(t.app, 1);
    expect((await exchange(fresh)).code).toBe('0');
  });

  it('with auto-create off, refuses an unknown identity and links an existing account of the same username', async () => {
    const s1 = await start(strictId);
    const l1 = await callback(await walkIdp(s1.location, 'sub-bob'), s1.cookie);
    expect(l1.pathname).toBe('/login');
    const created = await call(t.app, t.adminToken, 'POST', '/api/admin/user/add', { username: 'oidc-bob', nickname: 'Bob' });
    expect(created.code).toBe('0');
    const s2 = await start(strictId);
    const l2 = await callback(await walkIdp(s2.location, 'sub-bob'), s2.cookie);
    expect(l2.pathname).toBe('/successLogin');
    const r = await exchange(l2.searchParams.get('loginKey') as string);
    // The admin-created account still has to set its password (status 2), like any backend account.
    expect(r.data.status).toBe(2);
    const info = await call(t.app, r.data.token, 'GET', '/api/user/info');
    expect(info.data).toMatchObject({ id: created.data.id, username: 'oidc-bob', source: 'backend' });
  });

  it('ignores an off-site redirect target', async () => {
    const { location, cookie } = await start(providerId, '//evil.example/x');
    const landing = await callback(await walkIdp(location, 'sub-alice'), cookie);
    expect(landing.searchParams.get('redirect')).toBeNull();
  });

  it('never returns the client secret, and the test button reads the discovery document', async () => {
    const list = await call(t.app, t.adminToken, 'GET', '/api/admin/sso/oauth/list');
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(CLIENT_SECRET);
    expect(text).not.toContain('clientSecretEnc');
    expect(list.data[0]).toMatchObject({ hasSecret: true, redirectUri: `${FOLIO}/api/sso/oauth/${providerId}/callback` });
    const settings = await call(t.app, t.adminToken, 'GET', '/api/admin/setting/get');
    expect(JSON.stringify(settings.body)).not.toContain('folio.oauth.providers');
    const test = await call(t.app, t.adminToken, 'POST', '/api/admin/sso/oauth/test', { id: providerId });
    expect(test.data.ok).toBe(true);
    expect(test.data.message).toContain(idp.issuer);
    // Stored encrypted at rest.
    const row = await t.app.ctx.db
      .selectFrom('systemConfigs')
      .select('configValue')
      .where('configKey', '=', 'folio.oauth.providers')
      .executeTakeFirstOrThrow();
    expect(row.configValue).not.toContain(CLIENT_SECRET);
  });

  it('signs in through a plain OAuth2 provider (explicit authorize/token/user-info URLs, GitHub style)', async () => {
    const { location, cookie } = await start(plainId);
    const auth = new URL(location);
    expect(auth.pathname).toBe('/auth');
    expect(auth.searchParams.get('nonce')).toBeNull();
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    const landing = await callback(await walkIdp(location, 'sub-carol'), cookie);
    expect(landing.pathname).toBe('/successLogin');
    const r = await exchange(landing.searchParams.get('loginKey') as string);
    const info = await call(t.app, r.data.token, 'GET', '/api/user/info');
    expect(info.data).toMatchObject({ username: 'oauth-carol', nickname: 'Carol OAuth', email: 'carol@idp.example', source: 'oauth' });
  });

  it('sends the browser back to the login page when the provider cannot be reached', async () => {
    const down = await call(t.app, t.adminToken, 'POST', '/api/admin/sso/oauth/save', {
      enabled: true,
      type: 'oidc',
      buttonText: 'Down',
      issuer: `http://127.0.0.1:${await freePort()}`,
      clientId: 'x',
      autoCreate: true,
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/sso/oauth/${down.data.id}/start` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${FOLIO}/login?ssoError=1`);
    await call(t.app, t.adminToken, 'POST', '/api/admin/sso/oauth/delete', { id: down.data.id });
  });

  it('answers 404 for a disabled provider', async () => {
    await call(t.app, t.adminToken, 'POST', '/api/admin/setting/update', { values: { 'folio.login.oauth.enable': 'false' } });
    const res = await t.app.inject({ method: 'GET', url: `/api/sso/oauth/${providerId}/start` });
    expect(res.statusCode).toBe(404);
    expect((await call(t.app, null, 'GET', '/api/sso/methods')).data.oauth).toEqual([]);
    await call(t.app, t.adminToken, 'POST', '/api/admin/setting/update', { values: { 'folio.login.oauth.enable': 'true' } });
  });
});
