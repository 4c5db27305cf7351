/** Admin console API: settings round trip (secrets write-only, encrypted), languages, audit log, form login. */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { decrypt } from '../../lib/crypto.js';
import { audit, sweepAuditLog } from './audit.js';

const SMTP_SECRET = 'smtp-very-secret-PW-913';
const BIND_SECRET = 'ldap-bind-secret-PW-271';

describe('admin settings', () => {
  let t: TestApp;
  let userToken: string;
  const responses: string[] = [];
  const api = async (token: string | null, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
    const r = await call(t.app, token, method, url, payload);
    responses.push(JSON.stringify(r.body));
    return r;
  };

  beforeAll(async () => {
    t = await createTestApp();
    userToken = (await createUser(t, 'plainuser')).token;
  });
  afterAll(async () => {
    // No response of this file ever carried a secret.
    for (const body of responses) {
      expect(body).not.toContain(SMTP_SECRET);
      expect(body).not.toContain(BIND_SECRET);
    }
    await t?.close();
  });

  it('round-trips settings, applies them at once, and keeps secrets write-only and encrypted', async () => {
    const before = await api(t.adminToken, 'GET', '/api/admin/setting/get');
    expect(before.data.values['folio.register.enable']).toBe('false');
    expect(before.data.secrets['folio.smtp.password']).toBe(false);
    const up = await api(t.adminToken, 'POST', '/api/admin/setting/update', {
      values: {
        'folio.register.enable': 'true',
        'folio.doc-sort-type': 'by_name',
        'folio.snapshot-size': '7',
        'folio.smtp.host': 'smtp.example',
        'folio.smtp.password': SMTP_SECRET,
        'folio.ldap.bind-password': BIND_SECRET,
        'folio.outbound.allowlist': '10.0.0.0/8\nintranet.local',
        'metershpere.enable': 'true',
      },
    });
    expect(up.code).toBe('0');
    const after = await api(t.adminToken, 'GET', '/api/admin/setting/get');
    expect(after.data.values).toMatchObject({
      'folio.register.enable': 'true',
      'folio.doc-sort-type': 'by_name',
      'folio.snapshot-size': '7',
      'folio.outbound.allowlist': '10.0.0.0/8\nintranet.local',
    });
    expect(after.data.secrets).toMatchObject({ 'folio.smtp.password': true, 'folio.ldap.bind-password': true });
    expect(after.data.values['folio.smtp.password']).toBeUndefined();
    // Applied without restart: public view config and sign-up follow.
    expect((await api(null, 'GET', '/api/system/viewConfig')).data).toMatchObject({
      enableRegister: true,
      docSortType: 'by_name',
      enableMeterSphere: true,
    });
    expect((await api(null, 'POST', '/api/user/reg', { username: 'selfmade', password: 'selfmade-pass-1' })).code).toBe('0');
    // Encrypted at rest with the install key.
    const row = await t.app.ctx.db
      .selectFrom('systemConfigs')
      .select('configValue')
      .where('configKey', '=', 'folio.smtp.password')
      .executeTakeFirstOrThrow();
    expect(row.configValue).not.toContain(SMTP_SECRET);
    expect(decrypt(t.app.ctx.installKey, row.configValue)).toBe(SMTP_SECRET);
    // Empty keeps the stored secret; clearSecrets removes it.
    await api(t.adminToken, 'POST', '/api/admin/setting/update', { values: { 'folio.smtp.password': '' } });
    expect(decrypt(t.app.ctx.installKey, t.app.ctx.settings.get('folio.smtp.password'))).toBe(SMTP_SECRET);
    const cleared = await api(t.adminToken, 'POST', '/api/admin/setting/update', {
      values: {},
      clearSecrets: ['folio.ldap.bind-password'],
    });
    expect(cleared.data.secrets['folio.ldap.bind-password']).toBe(false);
    // Off again: sign-up refused.
    await api(t.adminToken, 'POST', '/api/admin/setting/update', { values: { 'folio.register.enable': 'false' } });
    expect((await api(null, 'POST', '/api/user/reg', { username: 'selfmade2', password: 'selfmade-pass-1' })).error).toBe(
      'registration_disabled',
    );
    // Settings changes are audited by key, without values.
    const log = await api(t.adminToken, 'GET', '/api/admin/audit/page', { action: 'settings.change' });
    expect(log.data.list.length).toBeGreaterThan(0);
    expect(log.data.list.some((x: { detail: string }) => x.detail.includes('folio.smtp.password'))).toBe(true);
  });

  it('validates keys and values', async () => {
    const bad = await api(t.adminToken, 'POST', '/api/admin/setting/update', {
      values: { 'folio.doc-sort-type': 'by_color', 'folio.snapshot-size': 'many', 'no.such.key': 'x', 'folio.default-lang': 'xx-YY' },
    });
    expect(bad.status).toBe(422);
    expect(bad.fields?.map((f) => f.field).sort()).toEqual([
      'folio.default-lang',
      'folio.doc-sort-type',
      'folio.snapshot-size',
      'no.such.key',
    ]);
    expect(t.app.ctx.settings.get('folio.doc-sort-type')).toBe('by_name');
  });

  it('edits the push, debug and mock limits with their defaults and ranges, and the code reads them', async () => {
    const before = await api(t.adminToken, 'GET', '/api/admin/setting/get');
    expect(before.data.values).toMatchObject({
      'folio.push.run-window-seconds': '60',
      'folio.push.null-result': 'false',
      'folio.debug.timeout-ms': '600000',
      'folio.debug.max-response-mb': '50',
      'folio.mock.max-delay-ms': '10000',
      'folio.mock.script-timeout-ms': '1000',
      'folio.mock.script-memory-mb': '32',
    });
    const bad = await api(t.adminToken, 'POST', '/api/admin/setting/update', {
      values: { 'folio.mock.script-memory-mb': '2', 'folio.debug.timeout-ms': 'soon', 'folio.push.null-result': 'yes' },
    });
    expect(bad.status).toBe(422);
    expect(bad.fields?.map((f) => f.field).sort()).toEqual([
      'folio.debug.timeout-ms',
      'folio.mock.script-memory-mb',
      'folio.push.null-result',
    ]);
    const up = await api(t.adminToken, 'POST', '/api/admin/setting/update', {
      values: {
        'folio.push.run-window-seconds': '120',
        'folio.push.null-result': 'true',
        'folio.debug.timeout-ms': '30000',
        'folio.debug.max-response-mb': '5',
        'folio.mock.max-delay-ms': '2000',
        'folio.mock.script-timeout-ms': '500',
        'folio.mock.script-memory-mb': '64',
      },
    });
    expect(up.code).toBe('0');
    const s = t.app.ctx.settings;
    expect([
      s.getInt('folio.push.run-window-seconds', 0),
      s.getBool('folio.push.null-result'),
      s.getInt('folio.debug.timeout-ms', 0),
      s.getInt('folio.mock.script-memory-mb', 0),
    ]).toEqual([120, true, 30000, 64]);
    await api(t.adminToken, 'POST', '/api/admin/setting/update', {
      values: {
        'folio.push.run-window-seconds': '60',
        'folio.push.null-result': 'false',
        'folio.debug.timeout-ms': '600000',
        'folio.debug.max-response-mb': '50',
        'folio.mock.max-delay-ms': '10000',
        'folio.mock.script-timeout-ms': '1000',
        'folio.mock.script-memory-mb': '32',
      },
    });
  });

  it('is for super admins only', async () => {
    expect((await api(userToken, 'GET', '/api/admin/setting/get')).status).toBe(403);
    expect((await api(userToken, 'POST', '/api/admin/setting/update', { values: { 'folio.register.enable': 'true' } })).status).toBe(403);
    expect((await api(null, 'GET', '/api/admin/audit/page')).code).toBe('1000');
    expect((await api(userToken, 'POST', '/api/admin/i18n/save', { lang: 'fr', description: 'Français', content: '{}' })).status).toBe(403);
  });

  it('turning account login off keeps local users out but never the super admin', async () => {
    await api(t.adminToken, 'POST', '/api/admin/setting/update', { values: { 'folio.login.account.enable': 'false' } });
    const user = await api(null, 'POST', '/api/user/login', { username: 'plainuser', password: 'user-pass-1234' });
    expect(user.error).toBe('bad_credentials');
    const admin = await api(null, 'POST', '/api/user/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(admin.code).toBe('0');
    expect((await api(null, 'GET', '/api/sso/methods')).data.account).toBe(false);
    await api(t.adminToken, 'POST', '/api/admin/setting/update', { values: { 'folio.login.account.enable': 'true' } });
    expect((await api(null, 'POST', '/api/user/login', { username: 'plainuser', password: 'user-pass-1234' })).code).toBe('0');
  });

  it('SMTP test reports a refused connection instead of failing', async () => {
    await api(t.adminToken, 'POST', '/api/admin/setting/update', { values: { 'folio.smtp.host': '127.0.0.1', 'folio.smtp.port': '1' } });
    const r = await api(t.adminToken, 'POST', '/api/admin/setting/smtp/test', { to: 'ops@example.com' });
    expect(r.data.ok).toBe(false);
    expect(r.data.message).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe('languages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('adds a language over the English keys, serves it, sets it default, and deletes it', async () => {
    const en = await call(t.app, t.adminToken, 'GET', '/api/admin/i18n/get', { lang: 'en' });
    expect(en.data.content['common.ok']).toBe('OK');
    const content = JSON.stringify({ 'common.ok': "D'accord", 'common.cancel': 'Annuler' });
    expect((await call(t.app, t.adminToken, 'POST', '/api/admin/i18n/save', { lang: 'fr', description: 'Français', content })).code).toBe(
      '0',
    );
    const langs = await call(t.app, null, 'GET', '/api/system/i18n/lang/list');
    expect(langs.data).toContainEqual({ lang: 'fr', description: 'Français' });
    const fr = await call(t.app, null, 'GET', '/api/system/i18n/get', { lang: 'fr' });
    expect(fr.data.content['common.ok']).toBe("D'accord");
    expect(fr.data.content['common.save']).toBe('Save');
    expect((await call(t.app, t.adminToken, 'POST', '/api/admin/i18n/setDefault', { lang: 'fr' })).code).toBe('0');
    expect((await call(t.app, null, 'GET', '/api/system/i18n/get')).data.lang).toBe('fr');
    expect((await call(t.app, t.adminToken, 'POST', '/api/admin/i18n/delete', { lang: 'fr' })).code).toBe('100');
    await call(t.app, t.adminToken, 'POST', '/api/admin/i18n/setDefault', { lang: 'en' });
    const list = await call(t.app, t.adminToken, 'GET', '/api/admin/i18n/lang/list');
    expect(list.data.find((l: { lang: string }) => l.lang === 'en')).toMatchObject({ builtin: true, isDefault: true });
    expect((await call(t.app, t.adminToken, 'POST', '/api/admin/i18n/delete', { lang: 'fr' })).code).toBe('0');
    expect((await call(t.app, null, 'GET', '/api/system/i18n/lang/list')).data.map((l: { lang: string }) => l.lang)).not.toContain('fr');
  });

  it('refuses content that is not a JSON object of strings', async () => {
    for (const content of ['not json', '[1,2]', '{"a": 1}']) {
      const r = await call(t.app, t.adminToken, 'POST', '/api/admin/i18n/save', { lang: 'de', description: 'Deutsch', content });
      expect(r.status).toBe(422);
    }
    expect((await call(t.app, t.adminToken, 'POST', '/api/admin/i18n/setDefault', { lang: 'de' })).status).toBe(404);
  });
});

describe('audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('records sign-in failures, password resets and disables, filters them, and sweeps old rows', async () => {
    await call(t.app, null, 'POST', '/api/user/login', { username: 'admin', password: 'wrong-password' });
    const u = await createUser(t, 'auditee');
    await call(t.app, t.adminToken, 'POST', '/api/admin/user/resetPassword', { id: u.id });
    await call(t.app, t.adminToken, 'POST', '/api/admin/user/disable', { id: u.id });
    const all = await call(t.app, t.adminToken, 'GET', '/api/admin/audit/page', { pageSize: 100 });
    const actions = all.data.list.map((x: { action: string }) => x.action);
    expect(actions).toEqual(expect.arrayContaining(['login.failure', 'login.success', 'user.password_reset', 'user.disable']));
    const failures = await call(t.app, t.adminToken, 'GET', '/api/admin/audit/page', { action: 'login.failure' });
    expect(failures.data.list.every((x: { action: string }) => x.action === 'login.failure')).toBe(true);
    expect(failures.data.list[0]).toMatchObject({ target: 'admin', actorName: '' });
    const byAdmin = await call(t.app, t.adminToken, 'GET', '/api/admin/audit/page', { actor: 'ADM', action: 'user.' });
    expect(byAdmin.data.list.map((x: { action: string }) => x.action).sort()).toEqual(['user.disable', 'user.password_reset']);

    // Membership changes of spaces and projects.
    const w = await createWorld(t);
    await call(t.app, t.adminToken, 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [u.id], roleCode: 'dev' });
    await call(t.app, t.adminToken, 'POST', '/api/project/member/update', { projectId: w.projectId, userId: u.id, roleCode: 'admin' });
    await call(t.app, t.adminToken, 'POST', '/api/space/member/add', { spaceId: w.spaceId, userIds: [u.id], roleCode: 'guest' });
    await call(t.app, t.adminToken, 'POST', '/api/space/member/remove', { spaceId: w.spaceId, userId: u.id });
    const members = await call(t.app, t.adminToken, 'GET', '/api/admin/audit/page', { action: 'member.' });
    expect(members.data.list.map((x: { action: string; target: string }) => `${x.action} ${x.target}`).sort()).toEqual(
      [
        `member.add project:${w.projectId}`,
        `member.add space:${w.spaceId}`,
        `member.remove space:${w.spaceId}`,
        `member.role_change project:${w.projectId}`,
      ].sort(),
    );

    await audit(t.app, null, 'test.old', 'x', { n: 1 }, { id: 0, name: 'system' });
    await t.app.ctx.db
      .updateTable('auditLogs')
      .set({ createdAt: Date.now() - 400 * 86_400_000 })
      .where('action', '=', 'test.old')
      .execute();
    await call(t.app, t.adminToken, 'POST', '/api/admin/setting/update', { values: { 'folio.audit.retention-days': '365' } });
    expect(await sweepAuditLog(t.app)).toBe(1);
    expect((await call(t.app, t.adminToken, 'GET', '/api/admin/audit/page', { action: 'test.' })).data.total).toBe(0);
  });
});

describe('form login', () => {
  let t: TestApp;
  let server: Server;
  let url = '';
  beforeAll(async () => {
    t = await createTestApp();
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const b = JSON.parse(body || '{}');
        res.setHeader('content-type', 'application/json');
        if (b.account === 'erin' && b.pwd === 'erin-pass') {
          res.end(
            JSON.stringify({
              status: 'OK',
              message: '',
              result: { user: { login: 'erin', displayName: 'Erin E.', mail: 'erin@ext.example' } },
            }),
          );
        } else if (b.account === 'evil' && b.pwd === 'evil-pass') {
          // An external directory that claims to be Folio's local admin.
          res.end(JSON.stringify({ status: 'OK', result: { user: { login: 'admin', displayName: 'Not Admin' } } }));
        } else res.end(JSON.stringify({ status: 'DENIED', message: 'bad password for erin' }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const a = server.address();
    url = `http://127.0.0.1:${a && typeof a === 'object' ? a.port : 0}/auth`;
    const r = await call(t.app, t.adminToken, 'POST', '/api/admin/setting/update', {
      values: {
        'folio.login.form.enable': 'true',
        'folio.form.url': url,
        'folio.form.param-username': 'account',
        'folio.form.param-password': 'pwd',
        'folio.form.result-code': 'status',
        'folio.form.result-code-value': 'OK',
        'folio.form.result-msg': 'message',
        'folio.form.result-username': 'result.user.login',
        'folio.form.result-nickname': 'result.user.displayName',
        'folio.form.result-email': 'result.user.mail',
        'folio.form.button-text': 'Company account',
      },
    });
    expect(r.code).toBe('0');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('signs in through the external URL with the configured dot-paths and records source form', async () => {
    expect((await call(t.app, null, 'GET', '/api/sso/methods')).data.form).toEqual({ buttonText: 'Company account' });
    const r = await call(t.app, null, 'POST', '/api/user/login', { username: 'erin', password: 'erin-pass', source: 'form' });
    expect(r.code).toBe('0');
    const info = await call(t.app, r.data.token, 'GET', '/api/user/info');
    expect(info.data).toMatchObject({ username: 'erin', nickname: 'Erin E.', email: 'erin@ext.example', source: 'form' });
    const bad = await call(t.app, null, 'POST', '/api/user/login', { username: 'erin', password: 'nope', source: 'form' });
    expect(bad.error).toBe('bad_credentials');
    expect(bad.msg).not.toContain('erin');
    const test = await call(t.app, t.adminToken, 'POST', '/api/admin/sso/form/test', { username: 'erin', password: 'nope' });
    expect(test.data).toEqual({ ok: false, message: 'refused (code DENIED): bad password for erin' });
  });

  it('does not let a form identity take over a local account of the same name', async () => {
    const r = await call(t.app, null, 'POST', '/api/user/login', { username: 'evil', password: 'evil-pass', source: 'form' });
    expect(r.error).toBe('bad_credentials');
    const log = await call(t.app, t.adminToken, 'GET', '/api/admin/audit/page', { action: 'login.failure', target: 'evil' });
    expect(JSON.parse(log.data.list[0].detail).reason).toContain('belongs to a');
    const admin = await t.app.ctx.db
      .selectFrom('users')
      .select(['nickname', 'source'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(admin.nickname).not.toBe('Not Admin');
  });
});
