/**
 * Fault suite (issue 20): a real server process is killed with SIGKILL in the middle of its work, and another
 * server on the same database (an SQLite file, a PostgreSQL schema or a MariaDB database: TEST_DB) takes the
 * work over through the leases. Round 1 kills server A while it runs an import job and a push job, each into
 * an application that already holds a doc the job changes, with saves of one doc (history writes) in
 * flight. Round 2 kills server B while a webhook receiver holds B's delivery open.
 *
 * The kills wait on observable state, never on a timer:
 * - PostgreSQL/MariaDB: the suite holds row locks on the history rows of the three docs that change (the
 *   import's, the push's, the saved one). The import, the push and the first save each wait there with their
 *   doc rows written (on MariaDB one merge may wait behind the other's range locks instead); the other saves
 *   wait behind the first on the doc's row lock. The suite sees all of them waiting on its locks in the
 *   database's own lock views and kills A then: none of them can finish first.
 * - SQLite has one writer and no row locks to hold: the kill waits until a job runs and the server has held
 *   the write lock for 50 ms (a merge, or saves one after another) with neither job ended. What holds the
 *   lock then is the server's choice; the rest waits for it or is still queued.
 *
 * Checked after the kill, before a server runs again: every application holds what it held before (nothing
 * half-written). Then B starts with A's job leases live (as if A still renewed them): B runs two control
 * jobs (the same import and push into applications prepared the same way) and leaves A's jobs alone; once
 * the leases expire B takes them over. Each ends done once (attempts: 2 if A had started it, else 1) with its control's outcome, docs,
 * versions and change records; every version the history lists opens. Round 2: a third server sends the
 * delivery again once its 'sending' lease expired, with the same X-Folio-Delivery id and body, done once.
 * The suite moves lease clocks in the database instead of waiting out the minutes.
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
import { liveSessions, sessionOf, type Waiter, waitersOn } from './lock-waits.js';
import { type Answer, api, type ServerProcess, spawnServer } from './servers.js';

const IMPORT_OPS = 600;
const PUSH_DOCS = 600; // sent with async=1: a push job
const SAVES = 5; // with the two jobs, 7 of a server's 10 database connections wait on the held locks

let t: TestApp | undefined;
let dir: string;
let env: Record<string, string>;
let handle: DatabaseHandle;
const servers: ServerProcess[] = [];
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
  servers.push(await spawnServer(env));
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  handle = openDatabase(config.dialect, config.databaseUrl, config.sqlitePath);
}, 600_000);

afterAll(async () => {
  for (const s of servers) await s.stop();
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

/** An OpenAPI 3 document of `n` operations in 25 tags; `edition` names operation 0 differently. */
function openApiSpec(n: number, edition = '') {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    paths[`/things${i % 25}/${i}/{id}`] = {
      post: {
        tags: [`Tag ${i % 25}`],
        summary: i === 0 && edition ? `Operation 0 ${edition}` : `Operation ${i}`,
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

/** A push of `n` docs in folders of 25; `edition` is the description of the first doc. */
const pushApis = (n: number, edition = '') =>
  Array.from({ length: Math.ceil(n / 25) }, (_, f) => ({
    name: `Folder ${f}`,
    isFolder: 1,
    items: Array.from({ length: Math.min(25, n - f * 25) }, (_, k) => ({
      name: `Pushed ${f}-${k}`,
      url: `/pushed/${f}/${k}`,
      httpMethod: 'GET',
      description: f === 0 && k === 0 ? edition : '',
    })),
  }));

const count = (r: { n: number | string | bigint } | undefined) => Number(r?.n ?? 0);

/** What an application holds: live docs and folders, distinct identity keys, versions and change records. */
async function stateOf(moduleId: number) {
  const rows = await handle.db
    .selectFrom('docs')
    .select(['docKey', 'isFolder'])
    .where('moduleId', '=', moduleId)
    .where('isDeleted', '=', 0)
    .execute();
  const docs = rows.filter((r) => !r.isFolder);
  const versions = await handle.db
    .selectFrom('docSnapshots as s')
    .innerJoin('docs as d', 'd.id', 's.docId')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('d.moduleId', '=', moduleId)
    .executeTakeFirst();
  const records = await handle.db
    .selectFrom('docChangeRecords')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('moduleId', '=', moduleId)
    .executeTakeFirst();
  return {
    docs: docs.length,
    distinct: new Set(docs.map((r) => r.docKey)).size,
    folders: rows.length - docs.length,
    versions: count(versions),
    records: count(records),
  };
}

const versionsOf = async (docId: number) =>
  count(
    await handle.db
      .selectFrom('docSnapshots')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('docId', '=', docId)
      .executeTakeFirst(),
  );

/** The import and push jobs of some applications. */
const jobsOf = (moduleIds: number[]) =>
  handle.db
    .selectFrom('jobs')
    .select(['id', 'publicId', 'moduleId', 'kind', 'state', 'error', 'attempts', 'leaseOwner', 'result'])
    .where('moduleId', 'in', moduleIds)
    .where('kind', 'in', ['import', 'push.doc'])
    .orderBy('id')
    .execute();
const ended = (j: { state: string }) => j.state === 'done' || j.state === 'failed';

/** SQLite: whether a connection holds the write lock right now (a second writer is refused at once). */
function writerBusy(): boolean {
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

/**
 * PostgreSQL/MariaDB: holds row locks on the history rows of some docs, on a connection of its own, until
 * `release`. Returns the holding session.
 */
async function holdHistoryOf(docIds: number[]) {
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  let holding!: (session: number) => void;
  const session = new Promise<number>((r) => {
    holding = r;
  });
  const done = handle.db.transaction().execute(async (tx) => {
    const rows = await tx.selectFrom('docSnapshots').select('id').where('docId', 'in', docIds).execute();
    await tx
      .selectFrom('docSnapshots')
      .select('id')
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .forUpdate()
      .execute();
    holding(await sessionOf(tx, TEST_DB as 'postgres' | 'mysql'));
    await released;
  });
  const holder = await Promise.race([session, done.then(() => Promise.reject(new Error('the hold ended early')))]);
  return {
    holder,
    release: async () => {
      release();
      await done;
    },
  };
}

/** SIGKILL: no shutdown hook runs. */
async function kill(server: ServerProcess) {
  server.child.kill('SIGKILL');
  expect(await server.exited).toBe(null);
}

it('kill -9 during an import, a push, history writes and a webhook delivery: another server finishes each exactly once', async () => {
  const A = servers[0];
  const admin = ok(await api(A.url, null, 'POST', '/api/user/login', { username: 'admin', password: ADMIN_PASSWORD })).token as string;
  const call = (base: string, method: 'GET' | 'POST', path: string, payload?: unknown) => api(base, admin, method, path, payload);
  ok(await call(A.url, 'POST', '/api/admin/setting/update', { values: { 'folio.outbound.allowlist': '127.0.0.1' } }));
  const space = ok(await call(A.url, 'POST', '/api/space/add', { name: 'faults', isCompose: 0 }));
  const project = ok(await call(A.url, 'POST', '/api/project/add', { spaceId: space.id, name: 'p', isPrivate: 0 }));
  const mod = async (name: string) => {
    const pub = ok(await call(A.url, 'POST', '/api/module/add', { projectId: project.id, name })).id as string;
    const row = await handle.db.selectFrom('modules').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    return { pub, id: row.id };
  };
  const importInto = async (base: string, m: { pub: string }, content: string) =>
    ok(await call(base, 'POST', '/api/import', { moduleId: m.pub, content, format: 'openapi' })).jobId as string;
  const pushInto = async (base: string, m: { pub: string }, data: Record<string, unknown>) => {
    const token = ok(await call(base, 'GET', '/api/module/token/get', { moduleId: m.pub })).token as string;
    return ok(await api(base, null, 'POST', '/api', tornaSdkEnvelope('doc.push', token, { author: 'ci', isReplace: 0, ...data })));
  };

  // Four applications prepared alike: one doc each, which the import or push of round 1 changes. Two are
  // the killed jobs' applications, two the controls'.
  const apps = {
    imported: await mod('imported'),
    pushed: await mod('pushed'),
    importedControl: await mod('imported-c'),
    pushedControl: await mod('pushed-c'),
  };
  for (const m of [apps.imported, apps.importedControl]) {
    const jobId = await importInto(A.url, m, openApiSpec(1, 'first'));
    await until('the first import', async () => {
      const s = ok(await call(A.url, 'GET', '/api/import/status', { jobId }));
      if (s.state === 'failed') throw new Error(`the first import failed: ${JSON.stringify(s)}`);
      return s.state === 'done';
    });
  }
  for (const m of [apps.pushed, apps.pushedControl]) await pushInto(A.url, m, { apis: pushApis(1, 'first') });
  const edited = await mod('edited');
  const hooked = await mod('hooked');
  const body = (m: { pub: string }, name: string, description: string) => ({
    moduleId: m.pub,
    name,
    url: `/${name}`,
    httpMethod: 'GET',
    description,
  });
  const doc = ok(await call(A.url, 'POST', '/api/doc/save', body(edited, 'edited', 'v0'))).id as string;
  for (const d of ['v1', 'v2']) ok(await call(A.url, 'POST', '/api/doc/save', { id: doc, ...body(edited, 'edited', d) }));
  // Creating a doc notifies no chat webhook (only changes and pushes do): round 2 changes this one.
  const hookedDoc = ok(await call(A.url, 'POST', '/api/doc/save', body(hooked, 'hooked', ''))).id as string;
  ok(await call(A.url, 'POST', '/api/module/webhook/save', { moduleId: hooked.pub, kind: 'json', name: 'receiver', url: hookUrl }));

  const docIdIn = async (moduleId: number) =>
    (await handle.db.selectFrom('docs').select('id').where('moduleId', '=', moduleId).where('isFolder', '=', 0).executeTakeFirstOrThrow())
      .id;
  const editedId = await docIdIn(edited.id);
  const before = { imported: await stateOf(apps.imported.id), pushed: await stateOf(apps.pushed.id), edited: await versionsOf(editedId) };
  expect(before.imported).toEqual(await stateOf(apps.importedControl.id));
  expect(before.pushed).toEqual(await stateOf(apps.pushedControl.id));
  expect(before.edited).toBe(3);

  // Round 1: the import, the push and the saves, all on A.
  const hold =
    TEST_DB === 'sqlite' ? null : await holdHistoryOf([await docIdIn(apps.imported.id), await docIdIn(apps.pushed.id), editedId]);
  const importJob = await importInto(A.url, apps.imported, openApiSpec(IMPORT_OPS));
  const pushJob = (await pushInto(A.url, apps.pushed, { async: 1, apis: pushApis(PUSH_DOCS) })).jobId as string;
  const saves = Array.from({ length: SAVES }, (_, i) =>
    call(A.url, 'POST', '/api/doc/save', { id: doc, ...body(edited, 'edited', `v${3 + i}`) }).then(
      (r) => r.code === '0',
      () => false,
    ),
  );
  const killed = [apps.imported.id, apps.pushed.id];
  const roundJobs = async () => (await jobsOf(killed)).filter((j) => j.publicId === importJob || j.publicId === pushJob);
  let waiting: Waiter[] = [];
  if (hold) {
    await until(
      'the import, the push and the saves to wait on the held history rows',
      async () => {
        const jobs = await roundJobs();
        if (jobs.some(ended)) throw new Error(`a job ended while its history row was held: ${JSON.stringify(jobs)}`);
        waiting = await waitersOn(handle.db, TEST_DB as 'postgres' | 'mysql', hold.holder);
        return waiting.length === 2 + SAVES;
      },
      45, // MariaDB gives a lock wait up after 50 s
    );
    // The import, the push and the first save wait with rows written: PostgreSQL holds them in their history
    // write, MariaDB holds one of the merges behind the other's range locks (the other saves wait for the
    // doc's row lock, nothing written).
    expect(
      waiting.filter((w) => w.wrote),
      JSON.stringify(waiting),
    ).toHaveLength(3);
  } else {
    let busySince = 0;
    for (const deadline = Date.now() + 150_000; ; ) {
      const jobs = await roundJobs();
      if (jobs.some(ended)) throw new Error(`a job ended before the kill: ${JSON.stringify(jobs)}`);
      if (!writerBusy()) busySince = 0;
      else if (!busySince) busySince = Date.now();
      else if (jobs.length === 2 && jobs.some((j) => j.state === 'running') && Date.now() - busySince >= 50) break;
      if (Date.now() > deadline) throw new Error(`gave up waiting for a merge transaction: ${JSON.stringify(jobs)}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  await kill(A);
  const answeredSaves = (await Promise.all(saves)).filter(Boolean).length;
  const atKill = await roundJobs();
  if (hold) {
    await hold.release();
    const sessions = waiting.map((w) => w.session);
    await until(
      'the killed server’s sessions to end',
      async () => !(await liveSessions(handle.db, TEST_DB as 'postgres' | 'mysql', sessions)).length,
    );
    expect(answeredSaves).toBe(0);
  }
  // Nothing half-written: the applications hold what they held before, the doc only the answered saves.
  expect(await stateOf(apps.imported.id)).toEqual(before.imported);
  expect(await stateOf(apps.pushed.id)).toEqual(before.pushed);
  const editedAfterKill = await versionsOf(editedId);
  expect(editedAfterKill).toBeGreaterThanOrEqual(before.edited + answeredSaves);
  expect(editedAfterKill).toBeLessThanOrEqual(hold ? before.edited : before.edited + SAVES);
  expect(atKill.filter(ended)).toEqual([]);
  const runningAtKill = atKill.filter((j) => j.state === 'running').map((j) => ({ id: j.id, state: j.state, leaseOwner: j.leaseOwner }));
  expect(runningAtKill.length).toBeGreaterThanOrEqual(hold ? 2 : 1);
  const leased = runningAtKill.map((j) => j.id);
  // A's leases stay live while B starts, as if A still renewed them.
  await handle.db
    .updateTable('jobs')
    .set({ leaseUntil: Date.now() + 600_000 })
    .where('id', 'in', leased)
    .execute();

  servers.push(await spawnServer(env));
  const B = servers[1];
  // The controls, uninterrupted, on B: the same import and push into applications prepared the same way.
  const controlJobs = [await importInto(B.url, apps.importedControl, openApiSpec(IMPORT_OPS))];
  controlJobs.push((await pushInto(B.url, apps.pushedControl, { async: 1, apis: pushApis(PUSH_DOCS) })).jobId as string);
  const controls = [apps.importedControl.id, apps.pushedControl.id];
  await until('the control jobs', async () => {
    const jobs = (await jobsOf(controls)).filter((j) => controlJobs.includes(j.publicId));
    return jobs.length === 2 && jobs.every(ended);
  });
  // B has looked for abandoned jobs (each worker tick does before it claims one) and left A's alone.
  const stillA = (await roundJobs()).filter((j) => leased.includes(j.id));
  expect(stillA.map((j) => ({ id: j.id, state: j.state, leaseOwner: j.leaseOwner }))).toEqual(runningAtKill);
  // A's leases expire: B takes the jobs over.
  await handle.db.updateTable('jobs').set({ leaseUntil: 1 }).where('id', 'in', leased).execute();
  await until('the killed jobs to finish on B', async () => {
    const jobs = await roundJobs();
    return jobs.length === 2 && jobs.every(ended);
  });

  const outcomeOf = (j: { result: string }) => {
    const r = JSON.parse(j.result);
    const o = r.outcome ?? r;
    return { added: o.added, updated: o.updated, unchanged: o.unchanged, deleted: o.deleted, skippedLocked: o.skippedLocked };
  };
  for (const [moduleId, controlId, publicId, controlJob, n] of [
    [apps.imported.id, apps.importedControl.id, importJob, controlJobs[0], IMPORT_OPS],
    [apps.pushed.id, apps.pushedControl.id, pushJob, controlJobs[1], PUSH_DOCS],
  ] as const) {
    const jobs = await jobsOf([moduleId]);
    const main = jobs.filter((j) => j.publicId === publicId);
    // attempts counts starts: a job running at the kill was started by A and again by B (a takeover counts the
    // start its killed server never ended); one still queued at the kill only by B.
    const starts = main.map((j) => (leased.includes(j.id) ? 2 : 1));
    expect(
      main.map((j) => ({ state: j.state, error: j.error, attempts: j.attempts })),
      JSON.stringify(jobs),
    ).toEqual(starts.map((attempts) => ({ state: 'done', error: '', attempts })));
    expect(starts).toHaveLength(1);
    const control = (await jobsOf([controlId])).filter((j) => j.publicId === controlJob);
    expect(control.map((j) => j.state)).toEqual(['done']);
    expect(outcomeOf(main[0])).toEqual(outcomeOf(control[0]));
    expect(outcomeOf(main[0])).toMatchObject({ updated: 1 });
    const state = await stateOf(moduleId);
    expect(state).toMatchObject({ docs: n, distinct: n });
    expect(state).toEqual(await stateOf(controlId));
  }
  expect(ok(await call(B.url, 'GET', '/api/import/status', { jobId: importJob }))).toMatchObject({ state: 'done', progress: 100 });

  // History: every version the list shows opens, the newest is the doc as it reads.
  const versions = ok(await call(B.url, 'GET', '/api/doc/snapshot/list', { docId: doc })) as { id: string }[];
  expect(versions).toHaveLength(editedAfterKill);
  for (const v of versions) {
    const r = await call(B.url, 'GET', '/api/doc/snapshot/get', { docId: doc, id: v.id });
    expect(r.status, `version ${v.id}`).toBe(200);
  }
  const detail = ok(await call(B.url, 'GET', '/api/doc/detail', { id: doc }));
  const newest = ok(await call(B.url, 'GET', '/api/doc/snapshot/get', { docId: doc, id: versions[0].id }));
  expect(newest.content.description).toBe(detail.description);

  // Round 2: a doc change queues a webhook delivery; B is killed while the receiver holds it open.
  ok(await call(B.url, 'POST', '/api/doc/save', { id: hookedDoc, ...body(hooked, 'hooked', 'changed') }));
  await until('the webhook delivery to be sent', async () => hookHits.length === 1);
  expect(await handle.db.selectFrom('webhookDeliveries').select(['state', 'attempts']).execute()).toEqual([
    { state: 'sending', attempts: 0 },
  ]);
  await kill(B);
  answerHooks = true;
  // The delivery's 'sending' lease expires (two minutes), then another server sends it.
  await handle.db.updateTable('webhookDeliveries').set({ updatedAt: 1 }).where('state', '=', 'sending').execute();
  servers.push(await spawnServer(env));
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
