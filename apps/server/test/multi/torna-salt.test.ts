/**
 * Two real server processes on one PostgreSQL or MariaDB database: a Torna migration started from the admin
 * console of A stores Torna's Hashids salt, and B (which had answered with the install's own ids) opens the
 * old Torna links on its very next request, without a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Hashids from 'hashids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TORNA_DEFAULT_SALT } from '../../src/modules/torna-migration/migration.js';
import { createTornaDb, EXTRA, type TornaDb } from '../../src/modules/torna-migration/torna-source.fixture.js';
import { ADMIN_PASSWORD, createTestApp, TEST_DB, type TestApp } from '../harness.js';
import { api, type ServerProcess, spawnServer } from './servers.js';

const torna = new Hashids(TORNA_DEFAULT_SALT, 8);

describe.skipIf(TEST_DB === 'sqlite')('a Torna migration through one server, read through another', () => {
  let t: TestApp;
  let src: TornaDb;
  let a: ServerProcess;
  let b: ServerProcess;
  let uploads: string;

  beforeAll(async () => {
    src = await createTornaDb('torna-mysql-demo-data.sql', EXTRA);
    t = await createTestApp();
    uploads = mkdtempSync(join(tmpdir(), 'folio-torna-two-'));
    const env = { DATABASE_URL: t.databaseUrl, FOLIO_UPLOAD_DIR: uploads, FOLIO_ADMIN_PASSWORD: ADMIN_PASSWORD };
    [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
  }, 300_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await t?.close();
    await src?.drop();
    if (uploads) rmSync(uploads, { recursive: true, force: true });
  });

  it('B opens old doc, share and compose links as soon as the migration through A is done', async () => {
    const login = async (base: string) => {
      const r = await api(base, null, 'POST', '/api/user/login', { username: 'admin', password: ADMIN_PASSWORD });
      expect(r.code, JSON.stringify(r.data)).toBe('0');
      return r.data.token as string;
    };
    // B answers with the install's own ids before (and has encoded some).
    const before = await login(b.url);
    const me = await api(b.url, before, 'GET', '/api/user/info');
    expect(me.code).toBe('0');
    expect((await api(b.url, null, 'GET', '/api/share/get', { id: torna.encode(3) })).status).toBe(404);

    const adminA = await login(a.url);
    const started = await api(a.url, adminA, 'POST', '/api/admin/tornaMigration/start', { from: src.url });
    expect(started.code, JSON.stringify(started.data)).toBe('0');
    let state = '';
    for (let i = 0; i < 600 && state !== 'done' && state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      // Torna's admin replaces Folio's first admin: A's session ends with the migration, so read with a new one.
      let s = await api(a.url, adminA, 'GET', '/api/admin/tornaMigration/status', { jobId: started.data.jobId });
      if (s.code === '1000')
        s = await api(a.url, await login(a.url), 'GET', '/api/admin/tornaMigration/status', { jobId: started.data.jobId });
      state = s.data?.state ?? '';
      if (state === 'failed') throw new Error(JSON.stringify(s.data));
    }
    expect(state).toBe('done');

    // B, not restarted: the old links open, and the ids it hands out are Torna's.
    const share = await api(b.url, null, 'GET', '/api/share/get', { id: torna.encode(3) });
    expect(share.code, JSON.stringify(share.data)).toBe('0');
    expect(share.data.remark).toBe('for partners');
    expect((await api(b.url, null, 'GET', '/api/compose/project/get', { id: torna.encode(2) })).code).toBe('0');
    const adminB = await login(b.url);
    const doc = await api(b.url, adminB, 'GET', '/api/doc/detail', { id: torna.encode(98) });
    expect(doc.code).toBe('0');
    expect(doc.data).toMatchObject({ id: torna.encode(98), name: '新增产品', moduleId: torna.encode(5) });
    const spaces = await api(b.url, adminB, 'GET', '/api/space/listNormal');
    expect(spaces.data.map((s: { id: string }) => s.id)).toContain(torna.encode(20));
  });
});
