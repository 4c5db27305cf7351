/** LDAP sign-in against a real OpenLDAP slapd started by the test (search, then bind as the found DN). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { BASE_DN, READER_DN, READER_PASSWORD, type Slapd, slapdBinary, startSlapd } from './test-support/slapd.js';

const hasSlapd = !!slapdBinary();
if (!hasSlapd) console.warn('ldap.test.ts: SKIPPED — the slapd binary is not installed (apt-get install slapd ldap-utils)');

describe.skipIf(!hasSlapd)('LDAP sign-in (real slapd)', () => {
  let t: TestApp;
  let ldap: Slapd;

  const configure = (values: Record<string, string>) => call(t.app, t.adminToken, 'POST', '/api/admin/setting/update', { values });
  const ldapLogin = (username: string, password: string) =>
    call(t.app, null, 'POST', '/api/user/login', { username, password, source: 'ldap' });

  beforeAll(async () => {
    ldap = await startSlapd();
    t = await createTestApp();
    const r = await configure({
      'folio.login.ldap.enable': 'true',
      'folio.ldap.url': ldap.url,
      'folio.ldap.bind-dn': READER_DN,
      'folio.ldap.bind-password': READER_PASSWORD,
      'folio.ldap.base-dn': `ou=people,${BASE_DN}`,
      'folio.ldap.email-domain': 'synth.example',
    });
    expect(r.code).toBe('0');
  });
  afterAll(async () => {
    await t?.close();
    await ldap?.stop();
  });

  it('signs in with the right password, creates the user with source ldap and the mapped attributes', async () => {
    const r = await ldapLogin('alice', 'alice-pass');
    expect(r.code).toBe('0');
    const info = await call(t.app, r.data.token, 'GET', '/api/user/info');
    expect(info.data).toMatchObject({ username: 'alice', nickname: 'Alice L.', email: 'alice@corp.example', source: 'ldap' });
    // Second sign-in reuses the same account.
    const again = await ldapLogin('alice', 'alice-pass');
    const info2 = await call(t.app, again.data.token, 'GET', '/api/user/info');
    expect(info2.data.id).toBe(info.data.id);
  });

  it('refuses a wrong password and an unknown user with the same generic error', async () => {
    const wrong = await ldapLogin('alice', 'not-her-password');
    const unknown = await ldapLogin('mallory', 'whatever-1');
    for (const r of [wrong, unknown]) {
      expect(r.code).toBe('100');
      expect(r.error).toBe('bad_credentials');
      expect(r.msg).not.toMatch(/bind|ldap|uid=|dc=/i);
    }
    expect(wrong.msg).toBe(unknown.msg);
  });

  it('finds a user under a nested OU and synthesises the e-mail from the domain', async () => {
    const r = await ldapLogin('bob', 'bob-pass');
    expect(r.code).toBe('0');
    const info = await call(t.app, r.data.token, 'GET', '/api/user/info');
    expect(info.data).toMatchObject({ username: 'bob', nickname: 'Bob B.', email: 'bob@synth.example', source: 'ldap' });
  });

  it('keeps a disabled user out even with the right LDAP password', async () => {
    const first = await ldapLogin('carol', 'carol-pass');
    expect(first.code).toBe('0');
    const info = await call(t.app, first.data.token, 'GET', '/api/user/info');
    expect((await call(t.app, t.adminToken, 'POST', '/api/admin/user/disable', { id: info.data.id })).code).toBe('0');
    const r = await ldapLogin('carol', 'carol-pass');
    expect(r.code).toBe('100');
    expect(r.error).toBe('bad_credentials');
  });

  it('escapes the username: `*)(uid=*` matches nobody (no wildcard, no filter injection)', async () => {
    const r = await ldapLogin('*)(uid=*', 'alice-pass');
    expect(r.error).toBe('bad_credentials');
    const r2 = await ldapLogin('*', 'alice-pass');
    expect(r2.error).toBe('bad_credentials');
    // The audit log shows why: the escaped filter found no entry (not "several entries", which a wildcard would give).
    const log = await call(t.app, t.adminToken, 'GET', '/api/admin/audit/page', { action: 'login.failure', pageSize: 50 });
    const rows = log.data.list.filter((x: { target: string }) => x.target === '*)(uid=*');
    expect(rows.length).toBe(1);
    const reason = JSON.parse(rows[0].detail).reason as string;
    expect(reason).toContain('not_found');
    expect(reason).toContain('(uid=\\2a\\29\\28uid=\\2a)');
  });

  it('never accepts an empty password (unauthenticated bind)', async () => {
    const r = await call(t.app, null, 'POST', '/api/user/login', { username: 'alice', password: ' ', source: 'ldap' });
    expect(r.error).toBe('bad_credentials');
  });

  it('shows the real LDAP error only to the administrator test button', async () => {
    const bad = await call(t.app, t.adminToken, 'POST', '/api/admin/sso/ldap/test', { username: 'alice', password: 'nope-nope' });
    expect(bad.data.ok).toBe(false);
    expect(bad.data.message).toContain('bad_password');
    expect(bad.data.message).toContain('uid=alice,ou=people');
    const good = await call(t.app, t.adminToken, 'POST', '/api/admin/sso/ldap/test', { username: 'bob', password: 'bob-pass' });
    expect(good.data).toMatchObject({ ok: true });
    expect(good.data.message).toContain('ou=backend,ou=eng');
    const conn = await call(t.app, t.adminToken, 'POST', '/api/admin/sso/ldap/test', {});
    expect(conn.data.ok).toBe(true);
    // A non-admin cannot use it.
    expect((await call(t.app, null, 'POST', '/api/admin/sso/ldap/test', {})).code).toBe('1000');
  });

  it('connects over ldaps:// and StartTLS with the configured CA certificate, and refuses without it', async () => {
    await configure({ 'folio.ldap.url': ldap.ldapsUrl, 'folio.ldap.ca-cert': '' });
    const noCa = await call(t.app, t.adminToken, 'POST', '/api/admin/sso/ldap/test', {});
    expect(noCa.data.ok).toBe(false);
    await configure({ 'folio.ldap.ca-cert': ldap.caCert });
    expect((await ldapLogin('alice', 'alice-pass')).code).toBe('0');
    await configure({ 'folio.ldap.url': ldap.url, 'folio.ldap.starttls': 'true' });
    const tls = await call(t.app, t.adminToken, 'POST', '/api/admin/sso/ldap/test', { username: 'alice', password: 'alice-pass' });
    expect(tls.data, tls.data.message).toMatchObject({ ok: true });
    expect((await ldapLogin('alice', 'alice-pass')).code).toBe('0');
    await configure({ 'folio.ldap.starttls': 'false' });
  });

  it('works with an anonymous bind, and reports a wrong service password to the test button', async () => {
    await configure({ 'folio.ldap.bind-dn': '' });
    expect((await ldapLogin('bob', 'bob-pass')).code).toBe('0');
    await configure({ 'folio.ldap.bind-dn': READER_DN, 'folio.ldap.bind-password': 'not-the-reader-password' });
    const test = await call(t.app, t.adminToken, 'POST', '/api/admin/sso/ldap/test', { username: 'bob', password: 'bob-pass' });
    expect(test.data.ok).toBe(false);
    expect(test.data.message).toContain('service_bind');
    expect((await ldapLogin('bob', 'bob-pass')).error).toBe('bad_credentials');
    await configure({ 'folio.ldap.bind-password': READER_PASSWORD });
    expect((await ldapLogin('bob', 'bob-pass')).code).toBe('0');
  });

  it('records sign-ins and failures in the audit log', async () => {
    const log = await call(t.app, t.adminToken, 'GET', '/api/admin/audit/page', { action: 'login.', actor: '', pageSize: 100 });
    const actions = log.data.list.map((x: { action: string; target: string }) => `${x.action}:${x.target}`);
    expect(actions).toContain('login.success:alice');
    expect(actions).toContain('login.failure:mallory');
  });

  it('refuses LDAP sign-in when the method is off', async () => {
    await configure({ 'folio.login.ldap.enable': 'false' });
    expect((await ldapLogin('alice', 'alice-pass')).error).toBe('bad_credentials');
    await configure({ 'folio.login.ldap.enable': 'true' });
  });
});
