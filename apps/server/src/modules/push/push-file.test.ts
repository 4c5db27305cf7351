/**
 * Big pushes without stalling the server (issue 20): a body over BIG_BODY_BYTES is read on a worker thread, and
 * every queued push waits for its job in a file of the upload directory instead of inside the job row. The job
 * finds the file on whichever server runs it (a server that died mid-push included), removes it once the push
 * has run, and fails with a clear error when the file is missing or damaged. Torna's answers stay as they were.
 */
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createWorld, TEST_DB, type TestApp } from '../../../test/harness.js';
import { drainJobs, requeueAbandonedJobs } from '../../jobs/queue.js';
import { encrypt } from '../../lib/crypto.js';
import { computeOpenApiSign } from '../open-users/signature.js';
import { uploadDir } from '../uploads/uploads.service.js';
import { openApi, tornaSdkEnvelope } from './open-api.helpers.js';
import { PUSH_FILE_FOLDER } from './push-file.js';
import { BIG_BODY_BYTES } from './push-prepare.js';
import { sweepPushFiles } from './push-service.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const db = () => t.app.ctx.db;
const payloadFiles = async () => (await readdir(join(uploadDir(t.app), PUSH_FILE_FOLDER)).catch(() => [] as string[])).sort();

async function newApp() {
  const w = await createWorld(t);
  const tok = await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId });
  return { token: tok.data.token as string, id: t.app.ctx.ids.decode(w.moduleId), spaceId: t.app.ctx.ids.decode(w.spaceId) };
}

/** A push of `n` docs in folders of 50, each description `size` characters long. */
function pushOf(n: number, size: number, extra: Record<string, unknown> = {}) {
  return {
    author: 'ci',
    isReplace: 0,
    ...extra,
    apis: Array.from({ length: Math.ceil(n / 50) }, (_, f) => ({
      isFolder: '1',
      name: `Folder ${f}`,
      items: Array.from({ length: Math.min(50, n - f * 50) }, (_, k) => ({
        isFolder: '0',
        name: `doc ${f}-${k}`,
        url: `/f${f}/d${k}`,
        httpMethod: 'GET',
        description: `${f}-${k} 中文 `.padEnd(size, 'x'),
        requestParams: [{ name: 'q', type: 'string', required: '1', description: `q of ${f}-${k}` }],
      })),
    })),
  };
}

const liveDocs = (moduleId: number) =>
  db()
    .selectFrom('docs')
    .select(['name', 'url', 'description'])
    .where('moduleId', '=', moduleId)
    .where('isDeleted', '=', 0)
    .where('isFolder', '=', 0)
    .orderBy('name')
    .execute();

const status = async (jobId: string) => (await call(t.app, null, 'GET', '/api/push/status', { jobId })).data;
const jobRow = (jobId: string) => db().selectFrom('jobs').selectAll().where('publicId', '=', jobId).executeTakeFirstOrThrow();

describe('big pushes', () => {
  it('a big queued push waits in a file, not in its job row; the job writes every doc and removes the file', async () => {
    const a = await newApp();
    const data = pushOf(400, 3000, { async: 1 });
    const env = tornaSdkEnvelope('doc.push', a.token, data);
    expect(JSON.stringify(env).length).toBeGreaterThan(BIG_BODY_BYTES);
    const r = await openApi(t.app, env);
    expect(r.body).toMatchObject({ code: '0', data: { jobId: expect.any(String) } });
    const jobId = r.body.data.jobId as string;
    const files = await payloadFiles();
    expect(files).toHaveLength(1);
    const row = await jobRow(jobId);
    expect(JSON.parse(row.payload)).toMatchObject({ moduleId: a.id, payloadFile: files[0], author: 'ci' });
    expect(row.payload.length).toBeLessThan(500);
    await drainJobs(t.app);
    expect(await status(jobId)).toMatchObject({ state: 'done', result: { added: 400, updated: 0 } });
    const docs = await liveDocs(a.id);
    expect(docs).toHaveLength(400);
    const sent = data.apis[3].items[7];
    expect(docs.find((d) => d.name === sent.name)).toEqual({ name: sent.name, url: sent.url, description: sent.description });
    expect(await payloadFiles()).toEqual([]);
  });

  it('a big push answered at once runs from its file and leaves none behind', async () => {
    const a = await newApp();
    const env = tornaSdkEnvelope('doc.push', a.token, pushOf(300, 4000));
    expect(JSON.stringify(env).length).toBeGreaterThan(BIG_BODY_BYTES);
    const r = await openApi(t.app, env);
    expect(r.body).toMatchObject({ code: '0', data: { added: 300, updated: 0, deleted: 0 } });
    expect(await liveDocs(a.id)).toHaveLength(300);
    expect(await payloadFiles()).toEqual([]);
    // The same push again changes nothing: what was read from the file is what was sent.
    expect((await openApi(t.app, env)).body.data).toMatchObject({ added: 0, updated: 0, unchanged: 300 });
  });

  it("answers a big body's errors with Torna's codes in the usual order, keeping no file", async () => {
    const a = await newApp();
    const big = tornaSdkEnvelope('doc.push', a.token, pushOf(300, 4000));
    const broken = { ...big, data: `%7B${'x'.repeat(BIG_BODY_BYTES)}` };
    expect((await openApi(t.app, broken)).body.code).toBe('13');
    // The token is checked before the data, as for a small body.
    expect((await openApi(t.app, { ...broken, access_token: 'no-such-token' })).body.code).toBe('14');
    expect((await openApi(t.app, { ...big, access_token: 'no-such-token' })).body.code).toBe('14');
    const empty = tornaSdkEnvelope('doc.push', a.token, { author: 'ci', apis: [], padding: 'x'.repeat(BIG_BODY_BYTES) });
    expect((await openApi(t.app, empty)).body).toMatchObject({ code: '2', msg: expect.stringContaining('apis') });
    const unreadable = await t.app.inject({
      method: 'POST',
      url: '/api',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"doc.push","data":"${'x'.repeat(BIG_BODY_BYTES)}`,
    });
    expect(unreadable.json().code).toBe('13');
    expect(await liveDocs(a.id)).toHaveLength(0);
    expect(await payloadFiles()).toEqual([]);
  });

  it('verifies a signed big push over its data as sent', async () => {
    const a = await newApp();
    await db()
      .insertInto('openUsers')
      .values({ appKey: 'ak-big', secretEnc: encrypt(t.app.ctx.installKey, 'shh'), status: 1, spaceId: a.spaceId, createdAt: 1 })
      .execute();
    const now = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    const timestamp = `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())} ${p(now.getHours())}:${p(now.getMinutes())}:${p(now.getSeconds())}`;
    const env: Record<string, string> = { ...tornaSdkEnvelope('doc.push', a.token, pushOf(300, 4000)), app_key: 'ak-big', timestamp };
    env.sign = computeOpenApiSign(env, 'shh');
    expect((await openApi(t.app, { ...env, sign: 'BAD' })).body.code).toBe('6');
    expect((await openApi(t.app, env)).body).toMatchObject({ code: '0', data: { added: 300 } });
    // data sent as a JSON object (a big body too) is signed over its JSON text.
    const asObject: Record<string, unknown> = { ...env, data: pushOf(300, 4000) };
    asObject.sign = computeOpenApiSign(asObject, 'shh');
    expect((await openApi(t.app, asObject)).body).toMatchObject({ code: '0' });
    expect(await payloadFiles()).toEqual([]);
  });
});

describe('push jobs and their files', () => {
  const queue = async (token: string, n = 60) => {
    const r = await openApi(t.app, tornaSdkEnvelope('doc.push', token, pushOf(n, 40, { async: 1 })));
    expect(r.body.code).toBe('0');
    return r.body.data.jobId as string;
  };
  const fileOf = async (jobId: string) => JSON.parse((await jobRow(jobId)).payload).payloadFile as string;
  /** What a server killed mid-push leaves: the job running under a lease nobody renews. */
  const abandon = (jobId: string) =>
    db()
      .updateTable('jobs')
      .set({ state: 'running', leaseOwner: 'dead-server', leaseUntil: Date.now() - 1 })
      .where('publicId', '=', jobId)
      .execute();

  it('a job taken over after its server died finds its payload file', async () => {
    await drainJobs(t.app); // what earlier tests queued (search catch-ups)
    const a = await newApp();
    const jobId = await queue(a.token);
    const file = await fileOf(jobId);
    expect(await payloadFiles()).toContain(file);
    await abandon(jobId);
    expect(await drainJobs(t.app)).toBe(0);
    expect(await requeueAbandonedJobs(t.app)).toBe(1);
    await drainJobs(t.app);
    expect(await status(jobId)).toMatchObject({ state: 'done', result: { added: 60 } });
    expect(await liveDocs(a.id)).toHaveLength(60);
    expect(await payloadFiles()).not.toContain(file);
  });

  // Two servers on one PostgreSQL/MariaDB database share the upload directory (docs/operations.md).
  it.skipIf(TEST_DB === 'sqlite')('another server on the same database and upload directory runs the push', async () => {
    const other = await createTestApp({ sameDatabaseAs: t, env: { FOLIO_UPLOAD_DIR: uploadDir(t.app) } });
    try {
      const a = await newApp();
      const jobId = await queue(a.token);
      await abandon(jobId);
      await requeueAbandonedJobs(other.app);
      await drainJobs(other.app);
      expect(await status(jobId)).toMatchObject({ state: 'done', result: { added: 60 } });
      expect(await liveDocs(a.id)).toHaveLength(60);
      expect(await payloadFiles()).not.toContain(await fileOf(jobId));
    } finally {
      await other.close();
    }
  });

  it('a missing or damaged payload file fails its job with a clear error, writing nothing', async () => {
    const [a, b] = [await newApp(), await newApp()];
    const [gone, damaged] = [await queue(a.token), await queue(b.token)];
    await rm(join(uploadDir(t.app), PUSH_FILE_FOLDER, await fileOf(gone)));
    await writeFile(join(uploadDir(t.app), PUSH_FILE_FOLDER, await fileOf(damaged)), '{"author":"ci"}\n{"isFolder":"1","na');
    await drainJobs(t.app);
    const [g, d] = [await status(gone), await status(damaged)];
    expect(g).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/payload file \S+ cannot be read \(it is missing\); push again/),
    });
    expect(d).toMatchObject({ state: 'failed', error: expect.stringMatching(/payload file \S+ is damaged; push again/) });
    expect(await liveDocs(a.id)).toHaveLength(0);
    expect(await liveDocs(b.id)).toHaveLength(0);
    expect(await payloadFiles()).toEqual([]);
  });

  it('sweeps old payload files that no queued or running job names, keeping the others', async () => {
    const a = await newApp();
    const jobId = await queue(a.token);
    const file = await fileOf(jobId);
    const stray = 'left-by-a-killed-server.ndjson';
    await writeFile(join(uploadDir(t.app), PUSH_FILE_FOLDER, stray), '{}');
    expect(await sweepPushFiles(t.app, Date.now() - 60_000)).toBe(0);
    expect(await payloadFiles()).toContain(stray);
    expect(await sweepPushFiles(t.app, Date.now() + 1000)).toBe(1);
    expect(await payloadFiles()).toEqual([file]);
    await drainJobs(t.app);
    expect(await status(jobId)).toMatchObject({ state: 'done', result: { added: 60 } });
  });
});
