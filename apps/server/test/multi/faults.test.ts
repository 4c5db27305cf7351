/**
 * Fault suite (issue 20): a real server process is killed with SIGKILL while it runs an import job and a push
 * job (the import inside its merge transaction), with ten concurrent saves of one doc (history writes) in
 * flight; and, in a second round, while the receiver of a webhook delivery holds the request open. A new
 * server on the same database (an SQLite file, a PostgreSQL schema or a MariaDB database: TEST_DB) then
 * finishes the work. Checked afterwards: each job finished exactly once with every doc present once (the same
 * counts as an uninterrupted control run), every version the history lists can be opened, and the webhook was
 * sent again with the same X-Folio-Delivery id and body, once.
 *
 * The kills wait for a signal, not a timer: the import's progress past the conversion (its merge transaction
 * is open) and the receiver holding the delivery. Leases are what lets a second server take over a dead one's
 * work (jobs after 60 s, a delivery left 'sending' after 2 min); between the kill and the restart the suite
 * moves those clocks past their expiry in the database instead of waiting.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { tornaSdkEnvelope } from '../../src/modules/push/open-api.helpers.js';
import { ADMIN_PASSWORD, createTestApp, TEST_DB, type TestApp } from '../harness.js';
import { type Answer, api, type ServerProcess, spawnServer } from './servers.js';

const IMPORT_OPS = 600;
const PUSH_DOCS = 1000; // sent with async=1: a push job
const SAVES = 10;

let t: TestApp | undefined;
let dir: string;
let env: Record<string, string>;
let handle: DatabaseHandle;
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
let c: ServerProcess | undefined;
let hook: Server;
let hookUrl: string;
/** What the webhook receiver got, and the responses it holds open until `answerHooks`. */
const hookHits: { delivery: string; body: string }[] = [];
const held: ServerResponse[] = [];
let answerHooks = false;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'folio-faults-'));
  let url = `sqlite:${join(dir, 'folio.db')}`;
  if (TEST_DB !== 'sqlite') {
    t = await createTestApp();
    url = t.databaseUrl;
  }
  env = { DATABASE_URL: url, FOLIO_UPLOAD_DIR: join(dir, 'uploads'), FOLIO_ADMIN_PASSWORD: ADMIN_PASSWORD };
  hook = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      hookHits.push({ delivery: String(req.headers['x-folio-delivery'] ?? ''), body });
      if (answerHooks) res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      else held.push(res); // the receiver is slow: the sender dies before it answers
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
  a = await spawnServer(env);
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  handle = openDatabase(config.dialect, config.databaseUrl, config.sqlitePath);
}, 600_000);

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await c?.stop();
  await handle?.destroy();
  for (const r of held) r.destroy();
  hook.closeAllConnections();
  await new Promise((r) => hook.close(r));
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const ok = <T>(r: Answer<T>): T => {
  expect(r.code, JSON.stringify(r.data ?? r.error)).toBe('0');
  return r.data;
};
const until = async (what: string, check: () => Promise<boolean>, seconds = 150) => {
  for (let i = 0; i < seconds * 5; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`gave up waiting for ${what}`);
};

/** An OpenAPI 3 document of `n` operations in 25 tags, each with a path parameter and a small body. */
function openApiSpec(n: number) {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    paths[`/things${i % 25}/${i}/{id}`] = {
      post: {
        tags: [`Tag ${i % 25}`],
        summary: `Operation ${i}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          content: { 'application/json': { schema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } } } } },
        },
        responses: { '200': { description: 'ok' } },
      },
    };
  }
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'faults', version: '1' }, paths });
}

/** Live docs of an application: how many, and how many distinct identity keys (a duplicate shares one). */
async function docCounts(moduleId: number) {
  const rows = await handle.db
    .selectFrom('docs')
    .select(['docKey', 'isFolder'])
    .where('moduleId', '=', moduleId)
    .where('isDeleted', '=', 0)
    .execute();
  const docs = rows.filter((r) => !r.isFolder);
  return { docs: docs.length, distinct: new Set(docs.map((r) => r.docKey)).size, folders: rows.length - docs.length };
}

/** SIGKILL: no shutdown hook runs. */
async function kill(server: ServerProcess) {
  server.child.kill('SIGKILL');
  expect(await server.exited).toBe(null);
}

/**
 * Starts a new server after a kill, first moving the dead server's leases past their expiry (job leases and
 * deliveries left 'sending'), as the passing of a minute or two would.
 */
async function restart(): Promise<ServerProcess> {
  await handle.db.updateTable('jobs').set({ leaseUntil: 1 }).where('state', '=', 'running').execute();
  await handle.db.updateTable('webhookDeliveries').set({ updatedAt: 1 }).where('state', '=', 'sending').execute();
  return spawnServer(env);
}

/**
 * Whether a job's merge transaction is open right now. SQLite: the server holds the write lock (a second
 * writer is refused at once); with both jobs running that is nearly always a merge, which holds it from its
 * first write to its commit (a progress or lease write holds it for microseconds, a save for a few ms, and
 * a kill then still finds both jobs running, which is what the checks below need). PostgreSQL/MariaDB: a merge locks its application's row for its whole
 * transaction, so locking the row without waiting (NOWAIT) is refused.
 */
async function insideMerge(moduleIds: number[]): Promise<boolean> {
  if (TEST_DB === 'sqlite') {
    const probe = new SQLite(join(dir, 'folio.db'), { timeout: 0 });
    try {
      probe.prepare('BEGIN IMMEDIATE').run();
      probe.prepare('ROLLBACK').run();
      return false;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
      return true;
    } finally {
      probe.close();
    }
  }
  try {
    await handle.db
      .transaction()
      .execute((tx) => tx.selectFrom('modules').select('id').where('id', 'in', moduleIds).forUpdate().noWait().execute());
    return false;
  } catch (err) {
    // PostgreSQL 55P03 lock_not_available; MySQL ER_LOCK_NOWAIT (3572), MariaDB lock wait timeout (1205).
    const e = err as { code?: string; errno?: number };
    if (e.code === '55P03' || e.errno === 3572 || e.errno === 1205) return true;
    throw err;
  }
}

const JOB_KINDS = ['import', 'push.doc'];
const jobsOf = (moduleId: number) =>
  handle.db
    .selectFrom('jobs')
    .select(['id', 'kind', 'state', 'error'])
    .where('moduleId', '=', moduleId)
    .where('kind', 'in', JOB_KINDS)
    .orderBy('id')
    .execute();

it('kill -9 during an import, a push, history writes and a webhook delivery: a restarted server finishes each exactly once', async () => {
  if (!a) throw new Error('no server');
  const A = a;
  const admin = ok(await api(A.url, null, 'POST', '/api/user/login', { username: 'admin', password: ADMIN_PASSWORD })).token as string;
  const call = (base: string, method: 'GET' | 'POST', path: string, payload?: unknown) => api(base, admin, method, path, payload);
  ok(await call(A.url, 'POST', '/api/admin/setting/update', { values: { 'folio.outbound.allowlist': '127.0.0.1' } }));
  const space = ok(await call(A.url, 'POST', '/api/space/add', { name: 'faults', isCompose: 0 }));
  const project = ok(await call(A.url, 'POST', '/api/project/add', { spaceId: space.id, name: 'p', isPrivate: 0 }));
  const mod = async (name: string) =>
    ok(await call(b?.url ?? A.url, 'POST', '/api/module/add', { projectId: project.id, name })).id as string;
  const [imported, pushed, edited, hooked] = [await mod('imported'), await mod('pushed'), await mod('edited'), await mod('hooked')];
  const idOf = async (name: string) =>
    (await handle.db.selectFrom('modules').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const ids = { imported: await idOf('imported'), pushed: await idOf('pushed') };
  const doc = ok(await call(A.url, 'POST', '/api/doc/save', { moduleId: edited, name: 'Edited', url: '/edited', httpMethod: 'GET' })).id;
  // Creating a doc notifies no chat webhook (only changes and pushes do): the webhook round updates this doc.
  const hookedDoc = ok(
    await call(A.url, 'POST', '/api/doc/save', { moduleId: hooked, name: 'Hooked', url: '/hooked', httpMethod: 'GET' }),
  ).id;
  ok(await call(A.url, 'POST', '/api/module/webhook/save', { moduleId: hooked, kind: 'json', name: 'receiver', url: hookUrl }));
  const pushToken = ok(await call(A.url, 'GET', '/api/module/token/get', { moduleId: pushed })).token as string;
  const apis = Array.from({ length: PUSH_DOCS / 25 }, (_, f) => ({
    name: `Folder ${f}`,
    isFolder: 1,
    items: Array.from({ length: 25 }, (_, k) => ({ name: `Pushed ${f}-${k}`, url: `/pushed/${f}/${k}`, httpMethod: 'GET' })),
  }));

  // Round 1: an import job inside its merge transaction, a push job under way, and ten concurrent saves of
  // one doc (each writes history) when the server is killed.
  const importJob = ok(
    await call(A.url, 'POST', '/api/import', { moduleId: imported, content: openApiSpec(IMPORT_OPS), format: 'openapi' }),
  ).jobId;
  const pushJob = ok(
    await api(A.url, null, 'POST', '/api', tornaSdkEnvelope('doc.push', pushToken, { author: 'ci', async: 1, apis })),
  ).jobId;
  expect(typeof importJob === 'string' && typeof pushJob === 'string').toBe(true);
  const saves = Array.from({ length: SAVES }, (_, i) =>
    call(A.url, 'POST', '/api/doc/save', {
      id: doc,
      moduleId: edited,
      name: 'Edited',
      url: '/edited',
      httpMethod: 'GET',
      description: `v${i}`,
    }).then(
      (r) => r.code === '0',
      () => false,
    ),
  );
  // The signal (no timer): both jobs running, and a merge transaction open.
  for (let i = 0; ; i++) {
    const jobs = (await jobsOf(ids.imported)).concat(await jobsOf(ids.pushed));
    if (jobs.some((j) => j.state === 'done' || j.state === 'failed'))
      throw new Error(`a job ended before the kill: ${JSON.stringify(jobs)}`);
    if (jobs.length === 2 && jobs.every((j) => j.state === 'running') && (await insideMerge([ids.imported, ids.pushed]))) break;
    if (i > 20_000) throw new Error(`gave up waiting for a merge transaction: ${JSON.stringify(jobs)}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  await kill(A);
  const answeredSaves = (await Promise.all(saves)).filter(Boolean).length;
  const running = await handle.db
    .selectFrom('jobs')
    .select('id')
    .where('moduleId', 'in', [ids.imported, ids.pushed])
    .where('state', '=', 'running')
    .execute();
  expect(running).toHaveLength(2);
  b = await restart();
  const B = b;

  // The same import and push into fresh applications on the restarted server, uninterrupted: the control.
  const control = { imported: await mod('imported-control'), pushed: await mod('pushed-control') };
  const controlIds = { imported: await idOf('imported-control'), pushed: await idOf('pushed-control') };
  const controlToken = ok(await call(B.url, 'GET', '/api/module/token/get', { moduleId: control.pushed })).token as string;
  ok(await call(B.url, 'POST', '/api/import', { moduleId: control.imported, content: openApiSpec(IMPORT_OPS), format: 'openapi' }));
  ok(await api(B.url, null, 'POST', '/api', tornaSdkEnvelope('doc.push', controlToken, { author: 'ci', apis })));
  const modules = [ids.imported, ids.pushed, controlIds.imported, controlIds.pushed];
  await until('the jobs to finish', async () => {
    const all = await handle.db.selectFrom('jobs').select(['kind', 'state']).where('moduleId', 'in', modules).execute();
    return all.length >= 4 && all.every((j) => j.state === 'done' || j.state === 'failed');
  });
  // Jobs: each finished once, done; every operation is there exactly once, as in the uninterrupted control.
  for (const [moduleId, controlId, publicId, n] of [
    [ids.imported, controlIds.imported, importJob, IMPORT_OPS],
    [ids.pushed, controlIds.pushed, pushJob, PUSH_DOCS],
  ] as const) {
    const jobs = await handle.db
      .selectFrom('jobs')
      .select(['publicId', 'state', 'error', 'attempts'])
      .where('moduleId', '=', moduleId)
      .execute();
    const main = jobs.filter((j) => j.publicId === publicId);
    // attempts counts runs that ended (done or failed): the killed run never ended, the restarted one once.
    expect(main, JSON.stringify(jobs)).toEqual([{ publicId, state: 'done', error: '', attempts: 1 }]);
    const counts = await docCounts(moduleId);
    expect(counts).toMatchObject({ docs: n, distinct: n });
    expect(counts).toEqual(await docCounts(controlId));
  }
  const status = ok(await call(B.url, 'GET', '/api/import/status', { jobId: importJob }));
  expect(status).toMatchObject({ state: 'done', progress: 100 });

  // History: every version the list shows opens; no answered save is missing.
  const versions = ok(await call(B.url, 'GET', '/api/doc/snapshot/list', { docId: doc })) as { id: string }[];
  expect(versions.length).toBeGreaterThanOrEqual(answeredSaves + 1);
  expect(versions.length).toBeLessThanOrEqual(SAVES + 1);
  for (const v of versions) {
    const r = await call(B.url, 'GET', '/api/doc/snapshot/get', { docId: doc, id: v.id });
    expect(r.status, `version ${v.id}`).toBe(200);
  }
  const detail = ok(await call(B.url, 'GET', '/api/doc/detail', { id: doc }));
  const newest = ok(await call(B.url, 'GET', '/api/doc/snapshot/get', { docId: doc, id: versions[0].id }));
  expect(newest.content.description).toBe(detail.description);

  // Round 2: a doc change queues a webhook delivery; the server is killed while the receiver holds it open.
  ok(
    await call(B.url, 'POST', '/api/doc/save', {
      id: hookedDoc,
      moduleId: hooked,
      name: 'Hooked',
      url: '/hooked',
      httpMethod: 'GET',
      description: 'changed',
    }),
  );
  await until('the webhook delivery to be sent', async () => hookHits.length === 1);
  const sending = await handle.db.selectFrom('webhookDeliveries').select(['state', 'attempts']).execute();
  expect(sending).toEqual([{ state: 'sending', attempts: 0 }]);
  await kill(B);
  answerHooks = true;
  c = await restart();
  await until('the webhook delivery to be done', async () => {
    const rows = await handle.db.selectFrom('webhookDeliveries').select('state').execute();
    return rows.length === 1 && rows[0].state === 'done';
  });
  // One attempt ended (the killed one never did), answered 200.
  expect(await handle.db.selectFrom('webhookDeliveries').select(['state', 'attempts', 'responseStatus']).execute()).toEqual([
    { state: 'done', attempts: 1, responseStatus: 200 },
  ]);
  // Sent again with the same delivery id and body, then done (not a third time).
  expect(hookHits).toHaveLength(2);
  expect(hookHits[1].delivery).toBe(hookHits[0].delivery);
  expect(hookHits[0].delivery).not.toBe('');
  expect(hookHits[1].body).toBe(hookHits[0].body);
}, 600_000);
