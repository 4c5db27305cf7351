/**
 * Jobs are claimed with a lease (owner + expiry, renewed while the job runs): a starting server takes over
 * only work whose lease expired, never a job another live server is running. A job the database aborted runs
 * again, as many times as its kind allows.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { drainJobs, enqueueJob, insertJob, JOB_LEASE_MS, JOB_MAX_TAKEOVERS, registerJobHandler, requeueAbandonedJobs } from './queue.js';

let runs = 0;
registerJobHandler('test.count', async () => {
  runs++;
  return { runs };
});

describe('job leases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const row = (publicId: string) => t.app.ctx.db.selectFrom('jobs').selectAll().where('publicId', '=', publicId).executeTakeFirstOrThrow();
  const runningElsewhere = async (publicId: string, leaseUntil: number) =>
    t.app.ctx.db
      .updateTable('jobs')
      .set({ state: 'running', leaseOwner: 'other-server', leaseUntil })
      .where('publicId', '=', publicId)
      .execute();

  it('leaves a job another live server is running alone', async () => {
    const id = await enqueueJob(t.app, { kind: 'test.count', payload: null });
    await runningElsewhere(id, Date.now() + 60_000);
    runs = 0;
    await requeueAbandonedJobs(t.app);
    await drainJobs(t.app);
    expect(runs).toBe(0);
    expect((await row(id)).state).toBe('running');
  });

  it('takes over a job whose lease expired and runs it once', async () => {
    const id = await enqueueJob(t.app, { kind: 'test.count', payload: null });
    await runningElsewhere(id, Date.now() - 1);
    runs = 0;
    await requeueAbandonedJobs(t.app);
    await drainJobs(t.app);
    await requeueAbandonedJobs(t.app);
    await drainJobs(t.app);
    expect(runs).toBe(1);
    const r = await row(id);
    expect(r.state).toBe('done');
    // Two starts: the one whose server stopped, and this one.
    expect(r.attempts).toBe(2);
  });

  it('fails a job whose server stopped while running it JOB_MAX_TAKEOVERS times, instead of handing it on for ever', async () => {
    const id = await enqueueJob(t.app, { kind: 'test.count', payload: null });
    for (let i = 1; i < JOB_MAX_TAKEOVERS; i++) {
      await runningElsewhere(id, Date.now() - 1);
      expect(await requeueAbandonedJobs(t.app)).toBe(1);
      expect(await row(id)).toMatchObject({ state: 'queued', attempts: i });
    }
    await runningElsewhere(id, Date.now() - 1);
    runs = 0;
    expect(await requeueAbandonedJobs(t.app)).toBe(0);
    await drainJobs(t.app);
    expect(runs).toBe(0);
    const r = await row(id);
    expect(r).toMatchObject({ state: 'failed', attempts: JOB_MAX_TAKEOVERS, leaseOwner: '' });
    expect(r.error).toContain(`started ${JOB_MAX_TAKEOVERS} times`);
  });

  it('runs a job queued behind many that must wait (a busy application of a serial kind, a kind no server runs)', async () => {
    let serialRuns = 0;
    registerJobHandler(
      'test.serial',
      async () => {
        serialRuns++;
        return null;
      },
      { serialPerModule: true },
    );
    const moduleId = 900_001;
    const busy = await enqueueJob(t.app, { kind: 'test.serial', moduleId, payload: null });
    await runningElsewhere(busy, Date.now() + 60_000);
    const waiting = [];
    for (let i = 0; i < 25; i++) waiting.push(await enqueueJob(t.app, { kind: 'test.serial', moduleId, payload: null }));
    const unknown = [];
    for (let i = 0; i < 25; i++) unknown.push(await enqueueJob(t.app, { kind: 'test.unhandled', payload: null }));
    const id = await enqueueJob(t.app, { kind: 'test.count', payload: null });
    runs = 0;
    await drainJobs(t.app);
    expect(runs).toBe(1);
    expect((await row(id)).state).toBe('done');
    // The application's own jobs still wait for the one running, and nobody ran the unknown kind.
    expect(serialRuns).toBe(0);
    for (const w of [...waiting, ...unknown]) expect((await row(w)).state).toBe('queued');
    // Once the running one is done, its application's jobs run, one after another.
    await t.app.ctx.db.updateTable('jobs').set({ state: 'done', leaseOwner: '', leaseUntil: 0 }).where('publicId', '=', busy).execute();
    await drainJobs(t.app);
    expect(serialRuns).toBe(25);
    await t.app.ctx.db.deleteFrom('jobs').where('publicId', 'in', unknown).execute();
  });

  it('a claimed job carries its owner and a lease in the future', async () => {
    let seen: { leaseOwner: string; leaseUntil: number } | null = null;
    registerJobHandler('test.lease', async (app, job) => {
      seen = await app.ctx.db.selectFrom('jobs').select(['leaseOwner', 'leaseUntil']).where('id', '=', job.id).executeTakeFirstOrThrow();
      return null;
    });
    const before = Date.now();
    await enqueueJob(t.app, { kind: 'test.lease', payload: null });
    await drainJobs(t.app);
    expect(seen).not.toBeNull();
    expect(seen!.leaseOwner).not.toBe('');
    expect(seen!.leaseUntil).toBeGreaterThanOrEqual(before + JOB_LEASE_MS);
  });

  /** Drains until the job is done or failed (a job queued again waits JOB_RETRY_MS times its attempts). */
  const settle = async (publicId: string) => {
    for (let i = 0; i < 100; i++) {
      await drainJobs(t.app);
      const r = await row(publicId);
      if (r.state === 'done' || r.state === 'failed') return r;
      await new Promise((r) => setTimeout(r, 50));
    }
    return row(publicId);
  };

  it('runs a job the database aborted again, up to the attempts its kind allows; other errors fail it at once', async () => {
    // The shape of this database's deadlock error, as its driver reports it.
    const deadlock = () =>
      Object.assign(
        new Error('deadlock'),
        TEST_DB === 'postgres' ? { code: '40P01' } : TEST_DB === 'mysql' ? { errno: 1213 } : { code: 'SQLITE_BUSY' },
      );
    let conflicts = 0;
    registerJobHandler(
      'test.conflict',
      async () => {
        conflicts++;
        throw deadlock();
      },
      { attempts: 3 },
    );
    let plain = 0;
    registerJobHandler(
      'test.plain',
      async () => {
        plain++;
        throw new Error('broken payload');
      },
      { attempts: 3 },
    );
    const c = await enqueueJob(t.app, { kind: 'test.conflict', payload: null });
    const p = await enqueueJob(t.app, { kind: 'test.plain', payload: null });
    expect(await settle(c)).toMatchObject({ state: 'failed', attempts: 3, error: 'deadlock', leaseOwner: '' });
    expect(conflicts).toBe(3);
    expect(await settle(p)).toMatchObject({ state: 'failed', attempts: 1, error: 'broken payload' });
    expect(plain).toBe(1);
  });

  it.skipIf(TEST_DB === 'sqlite')('a job that lost a deadlock against another transaction runs again and succeeds', async () => {
    const db = t.app.ctx.db;
    // Rows both transactions lock, by primary key (jobs of a kind no server runs, and not queued: a worker looks
    // at the first 20 queued jobs only).
    const rows = await Promise.all(Array.from({ length: 22 }, () => insertJob(db, t.app.ctx.dialect, { kind: 'test.row', payload: null })));
    await db.updateTable('jobs').set({ state: 'done' }).where('publicId', 'in', rows).execute();
    const ids = (await db.selectFrom('jobs').select('id').where('publicId', 'in', rows).orderBy('id').execute()).map((r) => r.id);
    const [a, b] = ids;
    let gotA = () => {};
    const jobHasA = new Promise<void>((r) => {
      gotA = r;
    });
    let runs = 0;
    registerJobHandler(
      'test.deadlock',
      async (app) => {
        runs++;
        await app.ctx.db.transaction().execute(async (tx) => {
          await tx.updateTable('jobs').set({ updatedAt: Date.now() }).where('id', '=', a).execute();
          if (runs === 1) gotA();
          await tx.selectFrom('jobs').select('id').where('id', '=', b).forUpdate().execute();
        });
        return { runs };
      },
      { attempts: 3 },
    );
    const waits =
      TEST_DB === 'postgres'
        ? sql<{ n: number }>`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`
        : sql<{ n: number }>`select count(*) as n from information_schema.innodb_trx where trx_state = 'LOCK WAIT'`;
    // The other transaction holds b (and has written more than the job, so MariaDB picks the job to roll back),
    // waits until the job holds a and waits for b, then asks for a: a deadlock, in which the job waited first
    // (so PostgreSQL's detector, run by the first waiter after deadlock_timeout, aborts the job).
    const other = db.transaction().execute(async (tx) => {
      // Row by row: a range (`in`) would also take the next row on MariaDB, the job's own.
      for (const id of ids.slice(1)) await tx.updateTable('jobs').set({ updatedAt: Date.now() }).where('id', '=', id).execute();
      await jobHasA;
      for (let i = 0; i < 200 && Number((await waits.execute(db)).rows[0].n) < 1; i++) await new Promise((r) => setTimeout(r, 25));
      await tx.selectFrom('jobs').select('id').where('id', '=', a).forUpdate().execute();
    });
    const id = await enqueueJob(t.app, { kind: 'test.deadlock', payload: null });
    const first = drainJobs(t.app);
    await other;
    await first;
    expect(await settle(id)).toMatchObject({ state: 'done', attempts: 2, error: '' });
    expect(runs).toBe(2);
  });
});
