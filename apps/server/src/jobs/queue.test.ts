/**
 * Jobs are claimed with a lease (owner + expiry, renewed while the job runs): a starting server takes over
 * only work whose lease expired, never a job another live server is running.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { drainJobs, enqueueJob, JOB_LEASE_MS, registerJobHandler, requeueAbandonedJobs } from './queue.js';

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
    expect(r.attempts).toBe(1);
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
});
