/**
 * A migration from the admin console into a Folio that is running and in use: the moment the job is done,
 * Torna's hash links open on that server (no restart), under Torna's salt instead of the install's own.
 */
import { createHash } from 'node:crypto';
import Hashids from 'hashids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, createTestApp, loginAs, type TestApp } from '../../../test/harness.js';
import { drainJobs } from '../../jobs/queue.js';
import { TORNA_DEFAULT_SALT } from './migration.js';
import { createTornaDb, EXTRA, type TornaDb } from './torna-source.fixture.js';

const torna = new Hashids(TORNA_DEFAULT_SALT, 8);
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('a console migration into a running Folio', () => {
  let src: TornaDb;
  let t: TestApp;
  beforeAll(async () => {
    src = await createTornaDb('torna-mysql-demo-data.sql', EXTRA);
    // The install's key is wrapped by FOLIO_SECRET_KEY: what the migration encrypts must open with the key the
    // servers use (a share password here).
    t = await createTestApp({ env: { FOLIO_SECRET_KEY: 'torna-live-test-secret-key' } });
  });
  afterAll(async () => {
    await t?.close();
    await src?.drop();
  });

  it('answers Torna hash links at once when the job is done', async () => {
    // The running server answers with its own salt before, and has encoded ids with it.
    const me = await call(t.app, t.adminToken, 'GET', '/api/user/info');
    expect(me.code).toBe('0');
    expect(me.data.id).not.toBe(torna.encode(1));
    const before = await call(t.app, null, 'GET', '/api/share/get', { id: torna.encode(3) });
    expect(before.status).toBe(404);

    const started = await call(t.app, t.adminToken, 'POST', '/api/admin/tornaMigration/start', { from: src.url });
    expect(started.code).toBe('0');
    await drainJobs(t.app);

    // No restart: the same app answers the old links of a share, a compose project and a doc.
    const share = await call(t.app, null, 'GET', '/api/share/get', { id: torna.encode(3) });
    expect(share.code, JSON.stringify(share.body)).toBe('0');
    expect(share.data.remark).toBe('for partners');
    const pass = await call(t.app, null, 'POST', '/api/share/checkPassword', { id: torna.encode(3), password: md5('ab12') });
    expect(pass.code, JSON.stringify(pass.body)).toBe('0');
    const compose = await call(t.app, null, 'GET', '/api/compose/project/get', { id: torna.encode(2) });
    expect(compose.code).toBe('0');
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const doc = await call(t.app, admin, 'GET', '/api/doc/detail', { id: torna.encode(98) });
    expect(doc.code).toBe('0');
    expect(doc.data).toMatchObject({ id: torna.encode(98), name: '新增产品', moduleId: torna.encode(5) });
    // Ids the server hands out now are Torna's too.
    const list = await call(t.app, admin, 'GET', '/api/space/listNormal');
    expect(list.data.map((s: { id: string }) => s.id)).toContain(torna.encode(20));
  });
});
