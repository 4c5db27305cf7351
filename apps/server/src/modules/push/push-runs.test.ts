/**
 * Partitioned smart-doc runs (`apiUploadNums`): each chunk is a replace push of some controllers; the
 * chunks of one run keep each other's docs, on one server or spread over several, and running the same
 * chunked build again records nothing for docs that did not change.
 */
import { ModifyType } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createWorld, TEST_DB, type TestApp } from '../../../test/harness.js';
import { drainJobs } from '../../jobs/queue.js';
import { openApi, smartDocEnvelope } from './open-api.helpers.js';
import { settleAllRuns } from './push-service.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.settings.set({ 'folio.push.run-window-seconds': '60' });
});
afterAll(async () => {
  await t.close();
});

async function newApp() {
  const w = await createWorld(t);
  const tok = await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId });
  return { token: tok.data.token as string, id: t.app.ctx.ids.decode(w.moduleId) };
}

/** One chunk of a smart-doc run: one controller folder with its docs, as smart-doc sends it. */
const chunk = (token: string, folder: string, urls: string[]) =>
  smartDocEnvelope(
    'doc.push',
    token,
    {
      author: 'ci',
      isReplace: 1,
      apis: [
        {
          isFolder: '1',
          name: folder,
          items: urls.map((u) => ({ isFolder: '0', name: `doc ${u}`, url: u, httpMethod: 'GET', description: `about ${u}` })),
        },
      ],
    },
    { app_key: 'k1' },
  );

const liveUrls = async (moduleId: number) =>
  (
    await t.app.ctx.db
      .selectFrom('docs')
      .select('url')
      .where('moduleId', '=', moduleId)
      .where('isDeleted', '=', 0)
      .where('isFolder', '=', 0)
      .orderBy('url')
      .execute()
  ).map((r) => r.url);

const historyOf = async (moduleId: number) =>
  t.app.ctx.db.selectFrom('docChangeRecords').select(['docId', 'modifyType']).where('moduleId', '=', moduleId).orderBy('id').execute();

describe('chunked smart-doc runs', () => {
  it('running the same chunked build again records nothing for unchanged docs', async () => {
    const a = await newApp();
    const build = async () => {
      const first = await openApi(t.app, chunk(a.token, 'A', ['/a1', '/a2']));
      const second = await openApi(t.app, chunk(a.token, 'B', ['/b1']));
      await settleAllRuns(t.app);
      await drainJobs(t.app);
      return [first.body.data, second.body.data];
    };
    await build();
    expect(await liveUrls(a.id)).toEqual(['/a1', '/a2', '/b1']);
    const afterFirst = await historyOf(a.id);
    expect(afterFirst).toHaveLength(3);
    for (let run = 0; run < 2; run++) {
      const [first, second] = await build();
      expect(first).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
      // B's docs, deleted by the new run's first chunk, come back unchanged with its second.
      expect(second).toMatchObject({ added: 0, updated: 0, unchanged: 1 });
      expect(await liveUrls(a.id)).toEqual(['/a1', '/a2', '/b1']);
      expect(await historyOf(a.id)).toEqual(afterFirst);
    }
  });

  it('a doc added in a later chunk of a repeated build is recorded once; its unchanged neighbour not at all', async () => {
    const a = await newApp();
    await openApi(t.app, chunk(a.token, 'A', ['/a1']));
    await openApi(t.app, chunk(a.token, 'B', ['/b1']));
    await settleAllRuns(t.app);
    await drainJobs(t.app);
    const before = await historyOf(a.id);
    await openApi(t.app, chunk(a.token, 'A', ['/a1']));
    const changed = chunk(a.token, 'B', ['/b1', '/b2']);
    const second = await openApi(t.app, changed);
    expect(second.body.data).toMatchObject({ added: 1, unchanged: 1, deleted: 0 });
    await settleAllRuns(t.app);
    await drainJobs(t.app);
    const added = (await historyOf(a.id)).slice(before.length);
    expect(added.map((r) => r.modifyType)).toEqual([ModifyType.ADD]);
    expect(await liveUrls(a.id)).toEqual(['/a1', '/b1', '/b2']);
  });

  it('a doc deleted by the run and sent again changed is recorded as an update, not as an add', async () => {
    const a = await newApp();
    await openApi(t.app, chunk(a.token, 'A', ['/a1']));
    await openApi(t.app, chunk(a.token, 'B', ['/b1']));
    await settleAllRuns(t.app);
    await drainJobs(t.app);
    const before = await historyOf(a.id);
    await openApi(t.app, chunk(a.token, 'A', ['/a1']));
    const env = chunk(a.token, 'B', ['/b1']);
    env.data = env.data.replace('about', 'changed');
    expect((await openApi(t.app, env)).body.data).toMatchObject({ added: 0, updated: 1 });
    await settleAllRuns(t.app);
    await drainJobs(t.app);
    expect((await historyOf(a.id)).slice(before.length).map((r) => r.modifyType)).toEqual([ModifyType.UPDATE]);
  });

  // Two server processes on one PostgreSQL/MariaDB database (the embedded SQLite database is for one process).
  it.skipIf(TEST_DB === 'sqlite')('a run continues when its chunks reach different servers', async () => {
    const other = await createTestApp({ sameDatabaseAs: t });
    try {
      const a = await newApp();
      expect((await openApi(t.app, chunk(a.token, 'A', ['/a1', '/a2']))).body.data).toMatchObject({ added: 2 });
      expect((await openApi(other.app, chunk(a.token, 'B', ['/b1']))).body.data).toMatchObject({ added: 1, deleted: 0 });
      expect((await openApi(t.app, chunk(a.token, 'C', ['/c1']))).body.data).toMatchObject({ added: 1, deleted: 0 });
      expect(await liveUrls(a.id)).toEqual(['/a1', '/a2', '/b1', '/c1']);
      // The next run starts on the other server: the chunks it does not send again are removed.
      expect((await openApi(other.app, chunk(a.token, 'A', ['/a1']))).body.data).toMatchObject({ deleted: 3 });
      expect(await liveUrls(a.id)).toEqual(['/a1']);
    } finally {
      await settleAllRuns(t.app);
      await other.close();
    }
  });
});
