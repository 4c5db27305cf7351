/**
 * A doc's identity key: Postman requests sharing method and URL are distinct docs without a fake
 * "version"; pushes keep Torna's identity formulas; installs that used the version workaround are migrated
 * so the next import finds the same docs; an import into a non-empty application reports its own counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures/index.js';
import { call, createTestApp, createWorld, type TestApp } from '../../../test/harness.js';
import { moveVersionWorkaround } from '../../db/migrations/20261127T200000-add-doc-identity-key.js';
import { drainJobs } from '../../jobs/queue.js';
import { md5 } from '../../lib/crypto.js';
import { openApi, tornaSdkEnvelope } from '../push/open-api.helpers.js';

let t: TestApp;
let world: { spaceId: string; projectId: string; moduleId: string };

beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t);
}, 240_000);
afterAll(async () => {
  await t.close();
});

async function importJson(body: Record<string, string>) {
  const r = await call(t.app, t.adminToken, 'POST', '/api/import', body);
  expect(r.code).toBe('0');
  await drainJobs(t.app);
  const s = await call(t.app, t.adminToken, 'GET', '/api/import/status', { jobId: r.data.jobId });
  expect(s.data.state).toBe('done');
  return s.data;
}

const rowsOf = (moduleId: string) =>
  t.app.ctx.db
    .selectFrom('docs')
    .select(['id', 'name', 'url', 'httpMethod', 'version', 'identityKey', 'docKey', 'dataId', 'isFolder'])
    .where('moduleId', '=', t.app.ctx.ids.decode(moduleId, 'module'))
    .where('isDeleted', '=', 0)
    .where('isFolder', '=', 0)
    .orderBy('id')
    .execute();

describe('doc identity key', () => {
  it('Postman requests sharing method and URL are distinct docs with no version', async () => {
    const s = await importJson({
      projectId: world.projectId,
      name: 'echo',
      content: fixture('postman/newman-echo-v2.postman_collection.json'),
    });
    const rows = await rowsOf(s.moduleId);
    expect(rows).toHaveLength(22);
    expect(rows.filter((r) => r.version !== '')).toEqual([]);
    const digest = rows.filter((r) => r.httpMethod === 'GET' && r.url === '/digest-auth');
    expect(digest).toHaveLength(2);
    expect(new Set(digest.map((r) => r.identityKey)).size).toBe(2);
    expect(digest.every((r) => r.identityKey !== '')).toBe(true);
    // The doc view shows the request's name, never a "version".
    const detail = await call(t.app, t.adminToken, 'GET', '/api/doc/detail', { id: t.app.ctx.ids.encode(digest[0].id) });
    expect(detail.data.version).toBe('');
    expect(detail.data.name).toBe(digest[0].name);
    // Requests that do not collide keep Torna's identity: md5(moduleId:url:METHOD).
    const mid = t.app.ctx.ids.decode(s.moduleId, 'module');
    const plain = rows.find((r) => r.identityKey === '');
    expect(plain?.docKey).toBe(md5(`${mid}:${plain?.url}:${plain?.httpMethod}`));
  });

  it('GraphQL requests are told apart by their operation, kept as identity (not a version or URL fragment)', async () => {
    const s = await importJson({
      projectId: world.projectId,
      name: 'gql',
      content: fixture('postman/contentstack-graphql-collection.json'),
    });
    const rows = await rowsOf(s.moduleId);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.filter((r) => r.version !== '' || r.url.includes('#'))).toEqual([]);
    expect(new Set(rows.map((r) => `${r.httpMethod} ${r.url}#${r.identityKey}`)).size).toBe(rows.length);
  });

  it('a Torna push keeps Torna identity; a push with identity keys keeps same-URL docs apart', async () => {
    const w = await createWorld(t);
    const tok = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId })).data.token as string;
    const mid = t.app.ctx.ids.decode(w.moduleId, 'module');
    // Torna: the same URL twice is one doc (the later wins); a version makes a second row with the same doc_key.
    const torna = {
      isReplace: 0,
      apis: [
        { name: 'A', url: '/same', httpMethod: 'POST' },
        { name: 'B', url: '/same', httpMethod: 'POST' },
        { name: 'V2', url: '/same', httpMethod: 'POST', version: 'v2' },
      ],
    };
    expect((await openApi(t.app, tornaSdkEnvelope('doc.push', tok, torna))).body.code).toBe('0');
    let rows = await rowsOf(w.moduleId);
    expect(rows.map((r) => [r.name, r.version])).toEqual([
      ['B', ''],
      ['V2', 'v2'],
    ]);
    const key = md5(`${mid}:/same:POST`);
    expect(rows.map((r) => [r.docKey, r.dataId])).toEqual([
      [key, md5(key)],
      [key, md5(`${key}v2`)],
    ]);
    const keyed = { isReplace: 0, apis: [{ name: 'C', url: '/same', httpMethod: 'POST', identityKey: 'Folder/C' }] };
    expect((await openApi(t.app, tornaSdkEnvelope('doc.push', tok, keyed))).body.code).toBe('0');
    rows = await rowsOf(w.moduleId);
    expect(rows.map((r) => r.name)).toEqual(['B', 'V2', 'C']);
    expect(rows[2].docKey).toBe(md5(`${mid}:/same:POST#Folder/C`));
  });

  it('rows that used the version workaround move to the identity key, and the next import finds the same docs', async () => {
    const content = fixture('postman/newman-echo-v2.postman_collection.json');
    const first = await importJson({ projectId: world.projectId, name: 'old echo', content });
    const mid = t.app.ctx.ids.decode(first.moduleId, 'module');
    const before = await rowsOf(first.moduleId);
    // Put the rows back into the shape the workaround wrote: identity in `version`, Torna's doc_key, stale md5.
    for (const r of before.filter((x) => x.identityKey)) {
      const key = md5(`${mid}:${r.url}:${r.httpMethod}`);
      await t.app.ctx.db
        .updateTable('docs')
        .set({ version: r.identityKey, identityKey: '', docKey: key, dataId: md5(key + r.identityKey), md5: 'stale' })
        .where('id', '=', r.id)
        .execute();
    }
    await moveVersionWorkaround(t.app.ctx.db as never);
    const migrated = await rowsOf(first.moduleId);
    expect(migrated).toEqual(before);
    // Importing the collection again finds every doc: nothing added, nothing deleted, the same ids.
    const again = await importJson({ moduleId: first.moduleId, content });
    expect(again.outcome.added).toBe(0);
    expect(again.outcome.deleted).toBe(0);
    expect((await rowsOf(first.moduleId)).map((r) => r.id)).toEqual(before.map((r) => r.id));
  });

  it('an import into an application that already holds docs reports its own counts', async () => {
    const w = await createWorld(t);
    const tok = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId })).data.token as string;
    const own = { isReplace: 0, apis: [{ name: 'Mine', isFolder: 1, items: [{ name: 'Ping', url: '/ping', httpMethod: 'GET' }] }] };
    expect((await openApi(t.app, tornaSdkEnvelope('doc.push', tok, own))).body.code).toBe('0');
    const s = await importJson({ moduleId: w.moduleId, content: fixture('postman/newman-bom-in-collection-file.postman_collection.json') });
    expect(s.counts.docs).toBe(3);
    expect(s.outcome.added).toBe(3);
    // The application holds both: the pushed doc and folder, and the import's docs.
    expect(await rowsOf(w.moduleId)).toHaveLength(4);
    const folders = await t.app.ctx.db
      .selectFrom('docs')
      .select('id')
      .where('moduleId', '=', t.app.ctx.ids.decode(w.moduleId, 'module'))
      .where('isFolder', '=', 1)
      .where('isDeleted', '=', 0)
      .execute();
    expect(s.counts.folders).toBe(folders.length - 1);
  });
});
