import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, createTestApp, createUser, loginAs, type TestApp } from '../../../test/harness.js';

describe('accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs in the first admin with the configured password and returns the user info', async () => {
    const info = await call(t.app, t.adminToken, 'GET', '/api/user/info');
    expect(info.code).toBe('0');
    expect(info.data).toMatchObject({ username: 'admin', isSuperAdmin: 1, status: 1 });
    expect(info.data.id).toMatch(/^[A-Za-z0-9]{8,}$/);
  });

  it('answers the same for a wrong password and an unknown user', async () => {
    const a = await call(t.app, null, 'POST', '/api/user/login', { username: 'admin', password: 'wrong-password' });
    const b = await call(t.app, null, 'POST', '/api/user/login', { username: 'nobody', password: 'wrong-password' });
    expect(a.code).toBe('100');
    expect(a.msg).toBe(b.msg);
    expect(a.error).toBe('bad_credentials');
    expect(a.status).toBe(b.status);
  });

  it('answers code 1000 without a token and after logout', async () => {
    expect((await call(t.app, null, 'GET', '/api/user/info')).code).toBe('1000');
    const token = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    expect((await call(t.app, token, 'POST', '/api/user/logout')).code).toBe('0');
    const after = await call(t.app, token, 'GET', '/api/user/info');
    expect(after.code).toBe('1000');
    expect(after.status).toBe(401);
  });

  it('forces a new user to set a password (code 2000) and then lets them in', async () => {
    const created = await call(t.app, t.adminToken, 'POST', '/api/admin/user/add', { username: 'newbie', nickname: 'Newbie', email: '' });
    expect(created.code).toBe('0');
    expect(created.data.password).toHaveLength(8);
    const token = await loginAs(t.app, 'newbie', created.data.password);
    const blocked = await call(t.app, token, 'GET', '/api/space/listNormal');
    expect(blocked.code).toBe('2000');
    expect((await call(t.app, token, 'GET', '/api/user/info')).data.status).toBe(2);
    expect((await call(t.app, token, 'GET', '/api/user/perm/get')).code).toBe('0');
    const short = await call(t.app, token, 'POST', '/api/user/password/setFirst', { password: 'short' });
    expect(short.status).toBe(422);
    expect(short.fields?.[0]?.field).toBe('password');
    expect((await call(t.app, token, 'POST', '/api/user/password/setFirst', { password: 'a-better-password' })).code).toBe('0');
    expect((await call(t.app, token, 'GET', '/api/space/listNormal')).code).toBe('0');
  });

  it('stops a disabled user at once and refuses to disable the last super admin', async () => {
    const u = await createUser(t, 'soon-disabled');
    expect((await call(t.app, t.adminToken, 'POST', '/api/admin/user/disable', { id: u.id })).code).toBe('0');
    expect((await call(t.app, u.token, 'GET', '/api/user/info')).code).toBe('1000');
    const me = await call(t.app, t.adminToken, 'GET', '/api/user/info');
    const last = await call(t.app, t.adminToken, 'POST', '/api/admin/user/disable', { id: me.data.id });
    expect(last.error).toBe('last_super_admin');
  });

  it('keeps sign-up off by default', async () => {
    const r = await call(t.app, null, 'POST', '/api/user/reg', { username: 'someone', password: 'password-123' });
    expect(r.error).toBe('registration_disabled');
  });

  it('verifies a legacy Torna hash and upgrades it to scrypt', async () => {
    // Torna's seed row admin/123456 is f9560048604e55186198a4a02ba1b9a9 = md5('admin' + md5('123456') + '@3dG%gm^uu&=.').
    const md5 = (s: string) => createHash('md5').update(s).digest('hex');
    expect(md5(`admin${md5('123456')}@3dG%gm^uu&=.`)).toBe('f9560048604e55186198a4a02ba1b9a9');
    const now = Date.now();
    const legacy = md5(`torna-user${md5('old-torna-pw')}@3dG%gm^uu&=.`);
    await t.app.ctx.db
      .insertInto('users')
      .values({ username: 'torna-user', passwordHash: legacy, nickname: 't', email: '', createdAt: now, updatedAt: now })
      .execute();
    expect((await call(t.app, null, 'POST', '/api/user/login', { username: 'torna-user', password: 'wrong' })).error).toBe(
      'bad_credentials',
    );
    expect((await call(t.app, null, 'POST', '/api/user/login', { username: 'torna-user', password: 'old-torna-pw' })).code).toBe('0');
    const row = await t.app.ctx.db
      .selectFrom('users')
      .select('passwordHash')
      .where('username', '=', 'torna-user')
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect((await call(t.app, null, 'POST', '/api/user/login', { username: 'torna-user', password: 'old-torna-pw' })).code).toBe('0');
  });
});

describe('login rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets many people log in from one address but locks a username after 10 failures', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    // Twelve successful logins from one office address are fine.
    for (let i = 0; i < 12; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers,
        payload: { username: 'admin', password: ADMIN_PASSWORD },
      });
      expect(r.json().code).toBe('0');
    }
    for (let i = 0; i < 10; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/user/login', headers, payload: { username: 'admin', password: 'wrong' } });
      expect(r.json().error).toBe('bad_credentials');
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers,
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe('rate_limited');
  });
});
