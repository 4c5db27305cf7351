/**
 * The `folio` command line against a real server listening on a random port: push (OpenAPI, Postman, a
 * directory of Markdown), import, export, the errors a CI user meets, and the database commands.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/fixtures/index.js';
import { call, createTestApp, createWorld, loginAs, type TestApp } from '../../test/harness.js';
import { folio } from './cli.test-helpers.js';

/** A port nothing listens on. */
async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise((r) => srv.close(r));
  return port;
}

let t: TestApp;
let url: string;
let world: Awaited<ReturnType<typeof createWorld>>;
let appToken: string;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({ workers: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address() as { port: number };
  url = `http://127.0.0.1:${addr.port}`;
  world = await createWorld(t);
  appToken = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: world.moduleId })).data.token;
  dir = await mkdtemp(join(tmpdir(), 'folio-cli-'));
});

afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function docNames(moduleId: string): Promise<string[]> {
  const tree = await call(t.app, t.adminToken, 'GET', '/api/doc/tree', { moduleId });
  const names: string[] = [];
  const walk = (list: any[]) => {
    for (const d of list ?? []) {
      if (!d.isFolder) names.push(d.name);
      walk(d.children);
    }
  };
  walk(Array.isArray(tree.data) ? tree.data : (tree.data?.items ?? tree.data?.docs ?? []));
  return names;
}

describe('folio push', () => {
  it('pushes an OpenAPI file, then reports it unchanged; a Postman file adds its requests', async () => {
    const spec = join(dir, 'petstore.yaml');
    await writeFile(spec, fixture('openapi/oai-petstore-v3.0.yaml'));
    const first = await folio('push', spec, '--url', url, '--token', appToken);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/^pushed \(openapi\): 3 added, 0 updated, 0 unchanged, 0 deleted, 0 skipped \(locked\)/);
    const again = await folio('push', spec, '--url', url, '--token', appToken, '--json');
    expect(again.code).toBe(0);
    const json = JSON.parse(again.out);
    expect(json).toMatchObject({ ok: true, format: 'openapi', outcome: { added: 0, unchanged: 3, deleted: 0 } });

    const postman = join(dir, 'echo.postman_collection.json');
    await writeFile(postman, fixture('postman/newman-bom-in-collection-file.postman_collection.json'));
    const pm = await folio('push', postman, '--url', url, '--token', appToken, '--json');
    expect(pm.code).toBe(0);
    expect(JSON.parse(pm.out)).toMatchObject({ ok: true, format: 'postman' });
    expect(JSON.parse(pm.out).outcome.added).toBeGreaterThan(0);
    expect(await docNames(world.moduleId)).toEqual(expect.arrayContaining(['List all pets', 'Create a pet', 'Info for a specific pet']));
  });

  it('with --replace deletes the docs the file no longer has', async () => {
    const mod = (await call(t.app, t.adminToken, 'POST', '/api/module/add', { projectId: world.projectId, name: 'replace' })).data.id;
    const token = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: mod })).data.token;
    const spec = join(dir, 'petstore-r.yaml');
    await writeFile(spec, fixture('openapi/oai-petstore-v3.0.yaml'));
    expect((await folio('push', spec, '--url', url, '--token', token)).code).toBe(0);
    const one = fixture('openapi/oai-petstore-v3.0.yaml').replace(/\n {2}\/pets\/\{petId\}:[\s\S]*?(?=\ncomponents:)/, '');
    await writeFile(spec, one);
    const r = await folio('push', spec, '--url', url, '--token', token, '--replace', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).outcome).toMatchObject({ deleted: 1, unchanged: 2 });
  });

  it('pushes a directory of Markdown as Markdown docs in folders', async () => {
    const md = join(dir, 'guides');
    await mkdir(join(md, 'setup'), { recursive: true });
    await writeFile(join(md, 'intro.md'), '# Introduction\n\nWelcome.\n');
    await writeFile(join(md, 'setup', 'install.md'), '# Installing\n\nRun `npm start`.\n');
    await writeFile(join(md, 'notes.txt'), 'not markdown');
    const r = await folio('push', md, '--url', url, '--token', appToken, '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ format: 'push', outcome: { added: 2 } });
    expect(await docNames(world.moduleId)).toEqual(expect.arrayContaining(['Introduction', 'Installing']));
  });

  it('fails clearly: refused token, unreachable server, unknown format, missing file, bad usage', async () => {
    const spec = join(dir, 'petstore.yaml');
    const bad = await folio('push', spec, '--url', url, '--token', 'not-a-token');
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/refused the token/);
    const closed = await freePort();
    const down = await folio('push', spec, '--url', `http://127.0.0.1:${closed}`, '--token', appToken);
    expect(down.code).toBe(1);
    expect(down.err).toContain(`cannot reach http://127.0.0.1:${closed}: ECONNREFUSED`);
    const notFolio = await folio('push', spec, '--url', `${url}/nothing-here`, '--token', appToken);
    expect(notFolio.code).toBe(1);
    expect(notFolio.err).toMatch(/HTTP 404 at .*\/nothing-here\/api\/import\/push: is --url the address of Folio/);
    const junk = join(dir, 'junk.json');
    await writeFile(junk, '{"hello": "world"}');
    const unknown = await folio('push', junk, '--url', url, '--token', appToken);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/unknown file format/);
    expect((await folio('push', join(dir, 'missing.json'), '--url', url, '--token', appToken)).err).toMatch(/no such file/);
    const usage = await folio('push', spec, '--url', 'ftp://x', '--token', appToken);
    expect(usage.code).toBe(2);
    expect((await folio('push', spec, '--bogus')).code).toBe(2);
    expect((await folio('nope')).code).toBe(2);
  });

  it('exits 1 with the reason of the server when the merge fails', async () => {
    const md = join(dir, 'too-long');
    await mkdir(md, { recursive: true });
    await writeFile(join(md, 'long.md'), `# ${'N'.repeat(300)}\n\ntext\n`);
    const r = await folio('push', md, '--url', url, '--token', appToken);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^folio: push failed: .*apis\[0\]\.name/);
  });

  it('answers --help on every command', async () => {
    for (const c of ['push', 'import', 'export', 'db', 'admin', 'backup', 'restore']) {
      const r = await folio(c, '--help');
      expect(r.code).toBe(0);
      expect(r.out).toContain(`folio ${c}`);
    }
  });
});

describe('folio import and export', () => {
  it('imports with a user token and exports every format to files', async () => {
    const spec = join(dir, 'uspto.json');
    await writeFile(spec, fixture('openapi/oai-uspto-v3.0.json'));
    const mod = (await call(t.app, t.adminToken, 'POST', '/api/module/add', { projectId: world.projectId, name: 'uspto' })).data.id;
    const imp = await folio('import', spec, '--url', url, '--username', 'admin', '--password', 'admin-pass-1234', '--app', mod);
    expect(imp.err).toBe('');
    expect(imp.code).toBe(0);
    expect(imp.out).toMatch(/^import done \(openapi\) into application .*: \d+ folders, 3 docs, \d+ params\n {2}3 added/);
    const token = await loginAs(t.app, 'admin', 'admin-pass-1234');
    const oas = join(dir, 'out.json');
    const e = await folio('export', '--url', url, '--token', token, '--app', mod, '--format', 'openapi-json', '-o', oas);
    expect(e.code).toBe(0);
    const doc = JSON.parse(await readFile(oas, 'utf8'));
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/', '/{dataset}/{version}/fields']));
    for (const f of ['markdown', 'markdown-zip', 'html', 'docx', 'postman', 'openapi-yaml']) {
      const file = join(dir, `out-${f}`);
      const r = await folio('export', '--url', url, '--token', token, '--app', mod, '--format', f, '-o', file);
      expect(r.code, f).toBe(0);
      expect((await readFile(file)).length, f).toBeGreaterThan(100);
    }
    const refused = await folio('export', '--url', url, '--token', 'bad', '--app', mod, '--format', 'html', '-o', join(dir, 'x'));
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/refused the token/);
  });
});

describe('folio db and folio admin', () => {
  it('migrates a new SQLite file, reports its status, manages users and refuses an unreachable database', async () => {
    const db = `sqlite:${join(dir, `db-${randomBytes(3).toString('hex')}.db`)}`;
    expect((await folio('db', 'status', '--database-url', db)).code).toBe(3);
    const m = await folio('db', 'migrate', '--database-url', db);
    expect(m.code).toBe(0);
    expect(m.out).toMatch(/applied \d+ migration/);
    const s = await folio('db', 'status', '--database-url', db);
    expect(s.code).toBe(0);
    expect(s.out).toMatch(/0 pending/);
    const add = await folio('admin', 'user', 'add', 'ops', '--password', 'ops-pass-123', '--super', '--database-url', db);
    expect(add.code).toBe(0);
    expect((await folio('admin', 'user', 'add', 'ops', '--database-url', db)).err).toMatch(/already exists/);
    expect((await folio('admin', 'user', 'disable', 'ops', '--database-url', db)).code).toBe(0);
    expect((await folio('admin', 'user', 'enable', 'ops', '--database-url', db)).code).toBe(0);
    const reset = await folio('admin', 'user', 'reset-password', 'ops', '--database-url', db);
    expect(reset.out).toMatch(/reset: \S{12} \(to change at the next login\)/);
    expect((await folio('admin', 'user', 'make-super', 'nobody', '--database-url', db)).err).toMatch(/no user "nobody"/);
    const down = await folio('db', 'status', '--database-url', 'postgres://x@127.0.0.1:1/none');
    expect(down.code).toBe(1);
    expect(down.err).toMatch(/cannot open the database postgres:\/\/x@127\.0\.0\.1:1\/none: ECONNREFUSED/);
  });

  it('admin user works on the served database: a disabled user cannot log in, enabled again can', async () => {
    const db = t.databaseUrl === 'sqlite::memory:' ? null : t.databaseUrl;
    if (!db) return; // an in-memory SQLite database is not reachable from another connection
    expect((await folio('admin', 'user', 'add', 'cli-user', '--password', 'cli-pass-123', '--database-url', db)).code).toBe(0);
    await loginAs(t.app, 'cli-user', 'cli-pass-123');
    expect((await folio('admin', 'user', 'disable', 'cli-user', '--database-url', db)).code).toBe(0);
    await expect(loginAs(t.app, 'cli-user', 'cli-pass-123')).rejects.toThrow();
    expect((await folio('admin', 'user', 'enable', 'cli-user', '--database-url', db)).code).toBe(0);
    await loginAs(t.app, 'cli-user', 'cli-pass-123');
  });
});
