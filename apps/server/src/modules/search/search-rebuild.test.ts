/**
 * The full rebuild of the search index (reindexAll) on a real database: readers keep finding what is indexed
 * while it runs, and what it leaves is what a rebuild from an empty index writes, also after content changed
 * behind the index's back (renamed, deleted, vanished docs, applications, projects, spaces, dictionaries).
 */

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createWorld, TEST_DB, type TestApp } from '../../../test/harness.js';
import { drainJobs, insertJob } from '../../jobs/queue.js';
import { openApi, tornaSdkEnvelope } from '../push/open-api.helpers.js';
import { settleAllRuns } from '../push/push-service.js';
import { DOCS_JOB } from './search-jobs.js';
import { reindexAll, reindexModules } from './search-rebuild.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const total = async (q: string) => {
  const r = await call(t.app, t.adminToken, 'GET', '/api/search', { q });
  expect(r.code, JSON.stringify(r.body)).toBe('0');
  return r.data.total as number;
};

const saveDoc = async (moduleId: string, name: string, extra: Record<string, unknown> = {}) => {
  const r = await call(t.app, t.adminToken, 'POST', '/api/doc/save', {
    moduleId,
    name,
    url: `/${name.replace(/\W/g, '')}`,
    httpMethod: 'GET',
    ...extra,
  });
  expect(r.code, JSON.stringify(r.body)).toBe('0');
  return t.app.ctx.ids.decode(r.data.id as string);
};

/** Every entry and term row, without ids and times, in a stable order. */
async function snapshot() {
  const db = t.app.ctx.db;
  const entries = await db
    .selectFrom('searchEntries')
    .select(['kind', 'refId', 'spaceId', 'projectId', 'moduleId', 'name', 'method', 'path', 'docType', 'status', 'deprecated', 'body'])
    .orderBy('kind')
    .orderBy('refId')
    .execute();
  const terms = await db
    .selectFrom('searchTerms as st')
    .innerJoin('searchEntries as e', 'e.id', 'st.entryId')
    .select(['e.kind', 'e.refId', 'st.term', 'st.weight', 'st.scopeId'])
    .orderBy('e.kind')
    .orderBy('e.refId')
    .orderBy('st.term')
    .orderBy('st.weight')
    .execute();
  const [{ n }] = await db
    .selectFrom('searchTerms')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .execute();
  return { entries, terms, termRows: Number(n) };
}

/** How many transactions wait for a lock now (PostgreSQL, MariaDB). */
async function lockWaits(): Promise<number> {
  const q =
    TEST_DB === 'postgres'
      ? sql<{ n: number }>`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`
      : sql<{ n: number }>`select count(*) as n from information_schema.innodb_trx where trx_state = 'LOCK WAIT'`;
  return Number((await q.execute(t.app.ctx.db)).rows[0].n);
}

/** Waits (up to 5 s) until at least `n` transactions wait for a lock. */
async function untilLockWaits(n: number): Promise<void> {
  for (let i = 0; i < 200 && (await lockWaits()) < n; i++) await new Promise((r) => setTimeout(r, 25));
}

describe('reindexAll', () => {
  it('keeps answering searches with the whole index while it runs', async () => {
    // More applications than one rebuild batch (20), each with a doc the search must keep finding.
    const w = await createWorld(t);
    for (let i = 0; i < 22; i++) {
      const mod = await call(t.app, t.adminToken, 'POST', '/api/module/add', { projectId: w.projectId, name: `Service ${i}` });
      expect(mod.code, JSON.stringify(mod.body)).toBe('0');
      await saveDoc(mod.data.id, `Steadfast endpoint ${i}`);
    }
    expect(await total('steadfast')).toBe(22);
    const during: number[] = [];
    await reindexAll(t.app.ctx, async (pct) => {
      if (pct < 100) during.push(await total('steadfast'));
    });
    expect(during.length).toBeGreaterThanOrEqual(2);
    expect(during).toEqual(during.map(() => 22));
    expect(await total('steadfast')).toBe(22);
  });

  it('leaves the index a rebuild from empty writes, after content changed behind its back', async () => {
    const db = t.app.ctx.db;
    const ids = t.app.ctx.ids;
    const a = await createWorld(t);
    const b = await createWorld(t);
    const c = await createWorld(t);
    const folder = await call(t.app, t.adminToken, 'POST', '/api/doc/folder/add', { moduleId: a.moduleId, name: 'Quiver folder' });
    expect(folder.code, JSON.stringify(folder.body)).toBe('0');
    const renamed = await saveDoc(a.moduleId, 'Quiver alpha', { parentId: folder.data.id });
    const deleted = await saveDoc(a.moduleId, 'Quiver beta');
    const vanished = await saveDoc(a.moduleId, 'Quiver gamma');
    await saveDoc(b.moduleId, 'Quiver delta');
    await saveDoc(c.moduleId, 'Quiver epsilon');
    const dict = await call(t.app, t.adminToken, 'POST', '/api/doc/enum/info/save', {
      moduleId: a.moduleId,
      name: 'QuiverState',
      items: [{ name: 'QUIVER_ON', value: '1' }],
    });
    expect(dict.code, JSON.stringify(dict.body)).toBe('0');
    const page = await call(t.app, t.adminToken, 'POST', '/api/constant/save', {
      moduleId: a.moduleId,
      content: '<p>Quiver constants</p>',
    });
    expect(page.code, JSON.stringify(page.body)).toBe('0');
    expect(await total('quiver')).toBeGreaterThanOrEqual(8);

    // Changes the index did not follow (as after a bug, a restore of the database, or an index from an older version).
    await db.updateTable('docs').set({ name: 'Quiver renamed' }).where('id', '=', renamed).execute();
    await db.updateTable('docs').set({ isDeleted: 1 }).where('id', '=', deleted).execute();
    await db.deleteFrom('docs').where('id', '=', vanished).execute();
    await db.updateTable('docs').set({ isDeleted: 1 }).where('id', '=', ids.decode(folder.data.id)).execute();
    await db.updateTable('enumInfos').set({ isDeleted: 1 }).where('moduleId', '=', ids.decode(a.moduleId)).execute();
    await db.updateTable('constantInfos').set({ content: '' }).where('moduleId', '=', ids.decode(a.moduleId)).execute();
    await db.updateTable('modules').set({ name: 'Quiver app' }).where('id', '=', ids.decode(a.moduleId)).execute();
    await db.updateTable('modules').set({ isDeleted: 1 }).where('id', '=', ids.decode(b.moduleId)).execute();
    await db.updateTable('projects').set({ name: 'Quiver project' }).where('id', '=', ids.decode(a.projectId)).execute();
    await db.updateTable('projects').set({ isDeleted: 1 }).where('id', '=', ids.decode(c.projectId)).execute();
    const gone = await createWorld(t);
    await saveDoc(gone.moduleId, 'Quiver zeta');
    await db.updateTable('spaces').set({ isDeleted: 1 }).where('id', '=', ids.decode(gone.spaceId)).execute();

    await reindexAll(t.app.ctx);
    const rebuilt = await snapshot();
    // The renamed doc, application and project are found under their new names; nothing deleted is.
    expect(await total('quiver')).toBe(3);

    await db.deleteFrom('searchTerms').execute();
    await db.deleteFrom('searchEntries').execute();
    await reindexAll(t.app.ctx);
    const fromEmpty = await snapshot();
    expect(rebuilt.termRows).toBe(rebuilt.terms.length);
    expect(rebuilt).toEqual(fromEmpty);
  });

  it.skipIf(TEST_DB === 'sqlite')('saves and indexes a doc edited while its application is being rebuilt', async () => {
    const db = t.app.ctx.db;
    const ids = t.app.ctx.ids;
    const w = await createWorld(t);
    const docId = await saveDoc(w.moduleId, 'Lattice first');
    // Its entry is stale, so the rebuild replaces it.
    await db.updateTable('searchEntries').set({ name: 'stale' }).where('kind', '=', 'doc').where('refId', '=', docId).execute();
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let entered = () => {};
    const inside = new Promise<void>((r) => {
      entered = r;
    });
    // A rebuild batch of the application, kept open until the save is waiting on it.
    const rebuild = db.transaction().execute(async (tx) => {
      await reindexModules(t.app.ctx, tx, [ids.decode(w.moduleId)]);
      entered();
      await held;
    });
    await inside;
    const save = call(t.app, t.adminToken, 'POST', '/api/doc/save', {
      id: ids.encode(docId),
      moduleId: w.moduleId,
      name: 'Lattice second',
      url: '/LatticeFirst',
      httpMethod: 'GET',
    });
    const waiting =
      TEST_DB === 'postgres'
        ? sql<{ n: number }>`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`
        : // The rebuild's transaction is idle meanwhile: a statement still running is the save, waiting.
          sql<{ n: number }>`select count(*) as n from information_schema.processlist where command = 'Query' and id <> connection_id()`;
    for (let i = 0; i < 200 && Number((await waiting.execute(db)).rows[0].n) === 0; i++) await new Promise((r) => setTimeout(r, 25));
    release();
    await rebuild;
    const r = await save;
    expect(r.code, JSON.stringify(r.body)).toBe('0');
    const found = await call(t.app, t.adminToken, 'GET', '/api/search', { q: 'lattice' });
    expect(found.data.list.map((h: { name: string }) => h.name)).toEqual(['Lattice second']);
  });

  it.skipIf(TEST_DB === 'sqlite')(
    'a rebuild batch and the catch-up job of a large push over the same application both complete',
    async () => {
      const db = t.app.ctx.db;
      const w = await createWorld(t);
      const moduleId = t.app.ctx.ids.decode(w.moduleId);
      const tok = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId })).data.token;
      const apis = Array.from({ length: 520 }, (_, i) => ({ isFolder: '0', name: `Tandem ${i}`, url: `/tandem/${i}`, httpMethod: 'GET' }));
      const pushed = await openApi(t.app, tornaSdkEnvelope('doc.push', tok, { apis }));
      expect(pushed.body.code, JSON.stringify(pushed.body)).toBe('0');
      await settleAllRuns(t.app);
      const job = await db
        .selectFrom('jobs')
        .select(['id', 'payload'])
        .where('kind', '=', DOCS_JOB)
        .where('moduleId', '=', moduleId)
        .where('state', '=', 'queued')
        .executeTakeFirstOrThrow();
      const { docIds } = JSON.parse(job.payload) as { docIds: number[] };
      expect(docIds.length).toBeGreaterThan(500);
      // Another transaction holds a doc of the job's second part of 500, so the job stops there, having replaced
      // the entries of its first part, while a rebuild batch of the application starts.
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      let locked = () => {};
      const holding = new Promise<void>((r) => {
        locked = r;
      });
      const holder = db.transaction().execute(async (tx) => {
        await tx.selectFrom('docs').select('id').where('id', '=', docIds[500]).forUpdate().execute();
        locked();
        await held;
      });
      await holding;
      const jobRun = drainJobs(t.app);
      await untilLockWaits(1);
      const batch = db
        .transaction()
        .execute((tx) => reindexModules(t.app.ctx, tx, [moduleId]))
        .then(
          () => 'committed',
          (e: Error) => e.message,
        );
      await untilLockWaits(2);
      release();
      await holder;
      await jobRun;
      expect(await batch).toBe('committed');
      const state = await db.selectFrom('jobs').select(['state', 'error']).where('id', '=', job.id).executeTakeFirstOrThrow();
      expect(state).toEqual({ state: 'done', error: '' });
      const last = await call(t.app, t.adminToken, 'GET', '/api/search', { q: 'tandem 519' });
      expect(last.data.list.map((h: { name: string }) => h.name)).toContain('Tandem 519');
      const now = await snapshot();
      await db.deleteFrom('searchTerms').execute();
      await db.deleteFrom('searchEntries').execute();
      await reindexAll(t.app.ctx);
      expect(now).toEqual(await snapshot());
    },
  );

  it.skipIf(TEST_DB === 'sqlite')('the catch-up job indexes what a write it waited for committed', async () => {
    const db = t.app.ctx.db;
    const w = await createWorld(t);
    const docId = await saveDoc(w.moduleId, 'Ember before');
    // A write of the doc (its application's tree revision row taken by the trigger), open while the job starts.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let wrote = () => {};
    const writing = new Promise<void>((r) => {
      wrote = r;
    });
    const writer = db.transaction().execute(async (tx) => {
      await tx.updateTable('docs').set({ name: 'Ember after' }).where('id', '=', docId).execute();
      wrote();
      await held;
    });
    await writing;
    await insertJob(db, t.app.ctx.dialect, { kind: DOCS_JOB, payload: { docIds: [docId] }, moduleId: t.app.ctx.ids.decode(w.moduleId) });
    const jobRun = drainJobs(t.app);
    await untilLockWaits(1);
    release();
    await writer;
    await jobRun;
    const r = await call(t.app, t.adminToken, 'GET', '/api/search', { q: 'ember' });
    expect(r.data.list.map((h: { name: string }) => h.name)).toEqual(['Ember after']);
  });
});
