/**
 * Settings are read from the database when used: a change made through one server applies on another
 * server on the same database at its next request (no per-process copy loaded at boot).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';

// Two servers need a shared database: PostgreSQL or MariaDB (an in-memory SQLite database is one process's).
describe.skipIf(TEST_DB === 'sqlite')('settings across two servers on one database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('self-registration enabled on A is open on B at once, and closed again', async () => {
    const before = await call(b.app, null, 'POST', '/api/user/reg', { username: 'early', password: 'early-pass-1234' });
    expect(before.error).toBe('registration_disabled');
    const on = await call(a.app, a.adminToken, 'POST', '/api/admin/setting/update', { values: { 'folio.register.enable': 'true' } });
    expect(on.code).toBe('0');
    const reg = await call(b.app, null, 'POST', '/api/user/reg', { username: 'newcomer', password: 'newcomer-pass-1234' });
    expect(reg.code).toBe('0');
    const view = await call(b.app, null, 'GET', '/api/system/viewConfig');
    expect(view.data.enableRegister).toBe(true);
    await call(a.app, a.adminToken, 'POST', '/api/admin/setting/update', { values: { 'folio.register.enable': 'false' } });
    const after = await call(b.app, null, 'POST', '/api/user/reg', { username: 'late', password: 'late-pass-1234' });
    expect(after.error).toBe('registration_disabled');
  });

  it('an upload limit lowered on A is enforced by B at once', async () => {
    const data = Buffer.alloc(2 * 1024 * 1024, 1).toString('base64');
    const low = await call(a.app, a.adminToken, 'POST', '/api/admin/setting/update', { values: { 'folio.upload.max-mb': '1' } });
    expect(low.code).toBe('0');
    const up = await call(b.app, b.adminToken, 'POST', '/api/upload', { filename: 'big.bin', data });
    expect(up.status).toBe(413);
    await call(a.app, a.adminToken, 'POST', '/api/admin/setting/update', { values: { 'folio.upload.max-mb': '20' } });
    const ok = await call(b.app, b.adminToken, 'POST', '/api/upload', { filename: 'big.bin', data });
    expect(ok.code).toBe('0');
  });

  it('the default language set on A is the default on B', async () => {
    const r = await call(a.app, a.adminToken, 'POST', '/api/admin/i18n/setDefault', { lang: 'en' });
    expect(r.code).toBe('0');
    const view = await call(b.app, null, 'GET', '/api/system/viewConfig');
    expect(view.data.defaultLang).toBe('en');
    const i18n = await call(b.app, null, 'GET', '/api/system/i18n/get');
    expect(i18n.data.defaultLang).toBe('en');
  });
});
