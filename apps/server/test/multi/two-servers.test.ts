/**
 * Two real server processes on one PostgreSQL or MariaDB database (TEST_DB=postgres|mysql): every write
 * answered by A is what B serves on the very next request. On SQLite (one process per file) a second server
 * on the same file is refused with a clear message.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tornaSdkEnvelope } from '../../src/modules/push/open-api.helpers.js';
import { ADMIN_PASSWORD, createTestApp, TEST_DB, type TestApp } from '../harness.js';
import { type Answer, api, type ServerProcess, spawnServer } from './servers.js';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe.skipIf(TEST_DB === 'sqlite')('two servers on one database', () => {
  let t: TestApp;
  let a: ServerProcess;
  let b: ServerProcess;
  let uploads: string;
  let admin: string;
  const A = (token: string | null, method: 'GET' | 'POST', path: string, payload?: unknown) => api(a.url, token, method, path, payload);
  const B = (token: string | null, method: 'GET' | 'POST', path: string, payload?: unknown) => api(b.url, token, method, path, payload);
  const login = async (base: string, username: string, password: string) => {
    const r = await api(base, null, 'POST', '/api/user/login', { username, password });
    expect(r.code, JSON.stringify(r)).toBe('0');
    return r.data.token as string;
  };
  const ok = <T>(r: Answer<T>) => {
    expect(r.code, JSON.stringify(r.data ?? r.error)).toBe('0');
    return r.data;
  };

  beforeAll(async () => {
    t = await createTestApp(); // creates and migrates the isolated database, and drops it at the end
    uploads = mkdtempSync(join(tmpdir(), 'folio-two-'));
    const env = { DATABASE_URL: t.databaseUrl, FOLIO_UPLOAD_DIR: uploads, FOLIO_ADMIN_PASSWORD: ADMIN_PASSWORD };
    [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    admin = await login(a.url, 'admin', ADMIN_PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await t?.close();
    if (uploads) rmSync(uploads, { recursive: true, force: true });
  });

  async function world() {
    const space = ok(await A(admin, 'POST', '/api/space/add', { name: `s-${Date.now()}`, isCompose: 0 }));
    const project = ok(await A(admin, 'POST', '/api/project/add', { spaceId: space.id, name: 'p', description: '', isPrivate: 0 }));
    const mod = ok(await A(admin, 'POST', '/api/module/add', { projectId: project.id, name: 'app' }));
    return { spaceId: space.id as string, projectId: project.id as string, moduleId: mod.id as string };
  }

  async function user(name: string) {
    const created = ok(await A(admin, 'POST', '/api/admin/user/add', { username: name, nickname: name, email: `${name}@example.com` }));
    const first = await login(a.url, name, created.password);
    ok(await A(first, 'POST', '/api/user/password/setFirst', { password: `${name}-pass-1234` }));
    return { id: created.id as string, password: `${name}-pass-1234` };
  }

  it('a doc edited through A is served fresh by B at once (detail and tree)', async () => {
    const w = await world();
    const saved = ok(
      await A(admin, 'POST', '/api/doc/save', { moduleId: w.moduleId, name: 'Get order', url: '/orders', httpMethod: 'GET' }),
    );
    // B reads (and may keep) the first version ...
    expect(ok(await B(admin, 'GET', '/api/doc/detail', { id: saved.id })).name).toBe('Get order');
    expect(JSON.stringify(ok(await B(admin, 'GET', '/api/doc/tree', { moduleId: w.moduleId })))).toContain('Get order');
    // ... then A edits it: B answers the new version on the next request.
    for (let i = 1; i <= 3; i++) {
      ok(
        await A(admin, 'POST', '/api/doc/save', {
          id: saved.id,
          moduleId: w.moduleId,
          name: `Get order v${i}`,
          url: '/orders',
          httpMethod: 'GET',
        }),
      );
      expect(ok(await B(admin, 'GET', '/api/doc/detail', { id: saved.id })).name).toBe(`Get order v${i}`);
      expect(JSON.stringify(ok(await B(admin, 'GET', '/api/doc/tree', { moduleId: w.moduleId })))).toContain(`Get order v${i}`);
    }
  });

  it('trees answered from kept bytes follow every write on the other server, and raw SQL writes too', async () => {
    const w = await world();
    const second = ok(await A(admin, 'POST', '/api/module/add', { projectId: w.projectId, name: 'second app' }));
    const folder = ok(await A(admin, 'POST', '/api/doc/folder/add', { moduleId: w.moduleId, name: 'Orders' }));
    const d1 = ok(
      await A(admin, 'POST', '/api/doc/save', { moduleId: w.moduleId, name: 'List orders', url: '/orders', httpMethod: 'GET' }),
    );
    const d2 = ok(
      await A(admin, 'POST', '/api/doc/save', { moduleId: w.moduleId, name: 'Get order', url: '/orders/{id}', httpMethod: 'GET' }),
    );
    const trees = async () => {
      const [space, project, mod] = await Promise.all([
        B(admin, 'GET', '/api/doc/view/data', { spaceId: w.spaceId }),
        B(admin, 'GET', '/api/doc/view/dataByProject', { projectId: w.projectId }),
        B(admin, 'GET', '/api/doc/tree', { moduleId: w.moduleId }),
      ]);
      return { space: JSON.stringify(ok(space)), project: JSON.stringify(ok(project)), mod: JSON.stringify(ok(mod)) };
    };
    // B builds and keeps each tree, twice (the second read is the kept answer).
    await trees();
    expect((await trees()).space).toContain('List orders');

    ok(
      await A(admin, 'POST', '/api/doc/save', {
        id: d1.id,
        moduleId: w.moduleId,
        name: 'List all orders',
        url: '/orders',
        httpMethod: 'GET',
      }),
    );
    let t1 = await trees();
    for (const tree of [t1.space, t1.project, t1.mod]) expect(tree).toContain('List all orders');

    // A move into a folder, a rename of the application, a delete: each seen by B on its next read.
    ok(await A(admin, 'POST', '/api/doc/move', { id: d2.id, parentId: folder.id }));
    const moved = JSON.parse((await trees()).mod) as { id: string; children: { id: string }[] }[];
    expect(moved.find((n) => n.id === folder.id)?.children.map((c) => c.id)).toEqual([d2.id]);
    ok(await A(admin, 'POST', '/api/module/update', { id: w.moduleId, name: 'renamed app' }));
    t1 = await trees();
    expect(t1.space).toContain('renamed app');
    expect(t1.project).toContain('renamed app');
    ok(await A(admin, 'POST', '/api/doc/delete', { id: d1.id }));
    expect((await trees()).mod).not.toContain('List all orders');
    ok(await A(admin, 'POST', '/api/module/delete', { id: second.id }));
    expect((await trees()).space).not.toContain('second app');

    // A write that no route made (an operator's SQL) is seen as well: the database bumps the revision.
    await t.app.ctx.db.updateTable('docs').set({ name: 'Fixed by hand' }).where('id', '=', t.app.ctx.ids.decode(d2.id)).execute();
    t1 = await trees();
    for (const tree of [t1.space, t1.project, t1.mod]) expect(tree).toContain('Fixed by hand');
  });

  it('a browser revalidating a tree gets 304 while nothing changed, and the new tree after a write on A', async () => {
    const w = await world();
    ok(await A(admin, 'POST', '/api/doc/save', { moduleId: w.moduleId, name: 'Cached doc', url: '/c', httpMethod: 'GET' }));
    const url = `${b.url}/api/doc/view/data?spaceId=${w.spaceId}`;
    const first = await fetch(url, { headers: { token: admin } });
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^W\/"/);
    expect((await fetch(url, { headers: { token: admin, 'if-none-match': etag } })).status).toBe(304);
    ok(await A(admin, 'POST', '/api/doc/save', { moduleId: w.moduleId, name: 'Another doc', url: '/d', httpMethod: 'GET' }));
    const after = await fetch(url, { headers: { token: admin, 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain('Another doc');
    // Another reader's visible projects make another answer: a guest of no project sees none of them.
    const g = await user('treeguest');
    const guest = await login(b.url, 'treeguest', g.password);
    const denied = await fetch(url, { headers: { token: guest, 'if-none-match': etag } });
    expect(denied.status).not.toBe(304);
    expect(await denied.text()).not.toContain('Another doc');
  });

  it('a mock rule edited on A is what B serves on the next call', async () => {
    const w = await world();
    const doc = ok(
      await A(admin, 'POST', '/api/doc/save', { moduleId: w.moduleId, name: 'Order', url: '/orders/{id}', httpMethod: 'GET' }),
    );
    const rule = ok(await A(admin, 'GET', '/api/doc/mock/list', { docId: doc.id }))[0];
    const serve = async () => (await fetch(`${b.url}/mock/${w.moduleId}/orders/7`)).json();
    await serve(); // B reads (and may keep) the application's rules
    for (let v = 1; v <= 3; v++) {
      ok(
        await A(admin, 'POST', '/api/doc/mock/save', {
          docId: doc.id,
          id: rule.id,
          name: rule.name,
          path: rule.path,
          responseBody: `{"v":${v}}`,
        }),
      );
      expect(await serve()).toEqual({ v });
    }
  });

  it('a compose project disabled on A is closed on B at once', async () => {
    const space = ok(await A(admin, 'POST', '/api/space/add', { name: `c-${Date.now()}`, isCompose: 1 }));
    const p = ok(await A(admin, 'POST', '/api/compose/project/add', { spaceId: space.id, name: 'Portal', type: 1 }));
    expect((await B(null, 'GET', '/api/compose/project/get', { id: p.publicId })).code).toBe('0');
    ok(await A(admin, 'POST', '/api/compose/project/disable', { id: p.id }));
    expect((await B(null, 'GET', '/api/compose/project/get', { id: p.publicId })).status).toBe(404);
    ok(await A(admin, 'POST', '/api/compose/project/enable', { id: p.id }));
    expect((await B(null, 'GET', '/api/compose/project/get', { id: p.publicId })).code).toBe('0');
  });

  it('live docs: a doc written through A moves the revision B answers at once (and B 304s while nothing changed)', async () => {
    const w = await world();
    const rev = async (base: ServerProcess) =>
      ok(await api(base.url, admin, 'GET', '/api/live/view', { projectId: w.projectId })).revision as string;
    const r0 = await rev(b);
    expect(await rev(a)).toBe(r0);
    const saved = ok(await A(admin, 'POST', '/api/doc/save', { moduleId: w.moduleId, name: 'Live', url: '/live', httpMethod: 'GET' }));
    const r1 = await rev(b);
    expect(r1).not.toBe(r0);
    const same = await fetch(`${b.url}/api/live/view?projectId=${w.projectId}`, { headers: { token: admin, 'if-none-match': `"${r1}"` } });
    expect(same.status).toBe(304);
    ok(await A(admin, 'POST', '/api/doc/delete', { id: saved.id }));
    expect(await rev(b)).not.toBe(r1);
  });

  it('settings changed on A apply on B at once: self-registration and the upload limit', async () => {
    expect((await B(null, 'POST', '/api/user/reg', { username: 'early', password: 'early-pass-1234' })).error).toBe(
      'registration_disabled',
    );
    ok(await A(admin, 'POST', '/api/admin/setting/update', { values: { 'folio.register.enable': 'true' } }));
    ok(await B(null, 'POST', '/api/user/reg', { username: 'newcomer', password: 'newcomer-pass-1234' }));
    ok(await A(admin, 'POST', '/api/admin/setting/update', { values: { 'folio.register.enable': 'false', 'folio.upload.max-mb': '1' } }));
    expect((await B(null, 'POST', '/api/user/reg', { username: 'late', password: 'late-pass-1234' })).error).toBe('registration_disabled');
    const data = Buffer.alloc(2 * 1024 * 1024, 1).toString('base64');
    expect((await B(admin, 'POST', '/api/upload', { filename: 'big.bin', data })).status).toBe(413);
    expect((await A(admin, 'POST', '/api/upload', { filename: 'big.bin', data })).status).toBe(413);
    ok(await A(admin, 'POST', '/api/admin/setting/update', { values: { 'folio.upload.max-mb': '20' } }));
  });

  it('disabling a user, resetting a password and logging out on A take effect on B at once', async () => {
    const u1 = await user('disabled1');
    const t1 = await login(b.url, 'disabled1', u1.password);
    ok(await B(t1, 'GET', '/api/user/info'));
    ok(await A(admin, 'POST', '/api/admin/user/disable', { id: u1.id }));
    expect((await B(t1, 'GET', '/api/user/info')).code).toBe('1000');

    const u2 = await user('reset2');
    const t2 = await login(b.url, 'reset2', u2.password);
    ok(await B(t2, 'GET', '/api/user/info'));
    ok(await A(admin, 'POST', '/api/admin/user/resetPassword', { id: u2.id }));
    expect((await B(t2, 'GET', '/api/user/info')).code).toBe('1000');

    const u3 = await user('logout3');
    const t3 = await login(b.url, 'logout3', u3.password);
    ok(await B(t3, 'GET', '/api/user/info'));
    ok(await A(t3, 'POST', '/api/user/logout'));
    expect((await B(t3, 'GET', '/api/user/info')).code).toBe('1000');
  });

  it('a push token reset on A is refused by B at once', async () => {
    const w = await world();
    const old = ok(await A(admin, 'GET', '/api/module/token/get', { moduleId: w.moduleId })).token as string;
    const push = (base: string, token: string) =>
      api(
        base,
        null,
        'POST',
        '/api',
        tornaSdkEnvelope('doc.push', token, { apis: [{ name: 'Pushed', url: '/pushed', httpMethod: 'GET' }] }),
      );
    expect((await push(b.url, old)).code).toBe('0');
    ok(await A(admin, 'POST', '/api/module/token/reset', { moduleId: w.moduleId }));
    expect((await push(b.url, old)).code).not.toBe('0');
  });

  it('a share password changed on A is required by B at once', async () => {
    const w = await world();
    ok(await A(admin, 'POST', '/api/doc/save', { moduleId: w.moduleId, name: 'Shared', url: '/shared', httpMethod: 'GET' }));
    const s = ok(await A(admin, 'POST', '/api/share/add', { moduleId: w.moduleId, type: 2, isAll: 1, password: 'first-pass' }));
    const grant = ok(await B(null, 'POST', '/api/share/checkPassword', { id: s.publicId, password: md5('first-pass') })).grant as string;
    const menu = () => api(b.url, null, 'GET', '/api/share/menu', { id: s.publicId }, { 'x-share-grant': grant });
    expect((await menu()).code).toBe('0');
    ok(await A(admin, 'POST', '/api/share/update', { id: s.id, type: 2, isAll: 1, password: 'changed-pass' }));
    expect((await menu()).error).toBe('share_password_required');
  });

  it('failed logins are counted across A and B', async () => {
    await user('guarded');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const base = i % 2 ? b.url : a.url;
      statuses.push((await api(base, null, 'POST', '/api/user/login', { username: 'guarded', password: `wrong-${i}` })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('background jobs queued through both servers each run once', async () => {
    const w = await world();
    const spec = (n: number) =>
      JSON.stringify({
        openapi: '3.0.0',
        info: { title: `t${n}`, version: '1' },
        paths: Object.fromEntries(
          Array.from({ length: 30 }, (_, k) => [`/j${n}/p${k}`, { get: { summary: `op ${n}.${k}`, responses: {} } }]),
        ),
      });
    const jobs: string[] = [];
    for (let n = 0; n < 6; n++) {
      const base = n % 2 ? b.url : a.url;
      const r = await api(base, admin, 'POST', '/api/import', { moduleId: w.moduleId, content: spec(n) });
      expect(r.code, JSON.stringify(r)).toBe('0');
      if (r.data?.jobId) jobs.push(r.data.jobId);
    }
    for (const id of jobs) {
      let state = '';
      for (let i = 0; i < 300 && state !== 'done' && state !== 'failed'; i++) {
        state = (await A(admin, 'GET', '/api/import/status', { jobId: id })).data?.state ?? '';
        if (state !== 'done') await new Promise((r) => setTimeout(r, 100));
      }
      expect(state).toBe('done');
    }
    const rows = await t.app.ctx.db.selectFrom('jobs').select(['publicId', 'attempts', 'state']).execute();
    for (const r of rows.filter((x) => jobs.includes(x.publicId))) expect(r.attempts).toBe(1);
    const tree = ok(await B(admin, 'GET', '/api/doc/tree', { moduleId: w.moduleId }));
    for (let n = 0; n < 6; n++) expect(JSON.stringify(tree)).toContain(`op ${n}.29`);
  });
});

describe.skipIf(TEST_DB !== 'sqlite')('one server per SQLite file', () => {
  it('refuses a second server on the same file with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-lock-'));
    const env = { DATABASE_URL: `sqlite:${join(dir, 'folio.db')}`, FOLIO_ADMIN_PASSWORD: ADMIN_PASSWORD };
    const first = await spawnServer(env);
    try {
      const second = await spawnServer(env, { ready: false });
      const code = await second.exited;
      expect(code).not.toBe(0);
      expect(second.output()).toMatch(/another Folio server .* is using .*folio\.db.*PostgreSQL or MySQL/is);
      expect((await fetch(`${first.url}/api/health`)).ok).toBe(true);
    } finally {
      await first.stop();
    }
    // After the first stopped, the file is free again.
    const again = await spawnServer(env);
    await again.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
