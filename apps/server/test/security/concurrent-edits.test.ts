/**
 * Concurrent editors (issue 20): every saved version stays recoverable on every database (the history never
 * lists a version that cannot be opened), and a save made from a version someone else has since replaced is
 * refused with 409 `doc_version_conflict` and the current version, instead of silently dropping the other edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApi, tornaSdkEnvelope } from '../../src/modules/push/open-api.helpers.js';
import { settleAllRuns } from '../../src/modules/push/push-service.js';
import { call, createTestApp, createWorld, type TestApp } from '../harness.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof createWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.settings.set({ 'folio.push.run-window-seconds': '0' });
  w = await createWorld(t);
});
afterAll(async () => t?.close());

const base = (name: string, description: string) => ({ moduleId: w.moduleId, name, url: `/${name}`, httpMethod: 'GET', description });
const save = (body: Record<string, unknown>) => call(t.app, t.adminToken, 'POST', '/api/doc/save', body);
const detail = async (id: string) => (await call(t.app, t.adminToken, 'GET', '/api/doc/detail', { id })).data;

describe('history under concurrent saves', () => {
  it('keeps all 11 versions of 10 concurrent saves, each of which opens', { timeout: 60_000 }, async () => {
    const created = await save(base('concurrent', 'v0'));
    expect(created.code).toBe('0');
    const id = created.data.id as string;
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => save({ ...base('concurrent', `v${i + 1}`), id })));
    expect(results.map((r) => r.code)).toEqual(Array(10).fill('0'));

    const snaps = await call(t.app, t.adminToken, 'GET', '/api/doc/snapshot/list', { docId: id });
    expect(snaps.data).toHaveLength(11);
    const opened = await Promise.all(
      (snaps.data as { id: string }[]).map((s) => call(t.app, t.adminToken, 'GET', '/api/doc/snapshot/get', { docId: id, id: s.id })),
    );
    expect(opened.map((o) => o.code)).toEqual(Array(11).fill('0'));
    const descriptions = opened.map((o) => o.data.content.description as string).sort();
    expect(descriptions).toEqual(['v0', ...Array.from({ length: 10 }, (_, i) => `v${i + 1}`)].sort());

    // The change log: one add and ten updates, and every version it names opens.
    const log = await call(t.app, t.adminToken, 'GET', '/api/doc/changelog/list', { docId: id });
    expect(log.data).toHaveLength(11);
    for (const r of log.data as { md5Old: string; md5New: string }[]) {
      for (const md5 of [r.md5Old, r.md5New].filter(Boolean)) {
        const s = await call(t.app, t.adminToken, 'GET', '/api/doc/snapshot/get', { docId: id, md5 });
        expect(s.code, `version ${md5}`).toBe('0');
      }
    }
    // Each update's before is the version the previous save left: the updates form one chain.
    const chain = (log.data as { md5Old: string; md5New: string }[]).slice().reverse();
    for (let i = 1; i < chain.length; i++) expect(chain[i].md5Old).toBe(chain[i - 1].md5New);
  });
});

describe('stale saves', () => {
  it('refuses a save made from a replaced version with 409 and the current version; overwrite is a save from it', async () => {
    const id = (await save(base('stale', 'original'))).data.id as string;
    const loaded = await detail(id);
    const first = await save({ ...base('stale', 'first editor'), id, baseModified: loaded.gmtModified });
    expect(first.code).toBe('0');

    const second = await t.app.inject({
      method: 'POST',
      url: '/api/doc/save',
      headers: { token: t.adminToken, 'accept-language': 'en' },
      payload: { ...base('stale', 'second editor'), id, baseModified: loaded.gmtModified },
    });
    expect(second.statusCode).toBe(409);
    const body = second.json();
    expect(body).toMatchObject({ code: '100', error: 'doc_version_conflict' });
    const now = await detail(id);
    expect(now.description).toBe('first editor');
    expect(body.data).toMatchObject({ gmtModified: now.gmtModified, modifierName: now.modifierName });

    // The second editor chooses to overwrite: a save from the version the conflict reported.
    const overwrite = await save({ ...base('stale', 'second editor'), id, baseModified: body.data.gmtModified });
    expect(overwrite.code).toBe('0');
    expect((await detail(id)).description).toBe('second editor');
    // Both edits are in the history.
    const snaps = await call(t.app, t.adminToken, 'GET', '/api/doc/snapshot/list', { docId: id });
    const texts = await Promise.all(
      (snaps.data as { id: string }[]).map(
        async (s) => (await call(t.app, t.adminToken, 'GET', '/api/doc/snapshot/get', { docId: id, id: s.id })).data.content.description,
      ),
    );
    expect(texts.sort()).toEqual(['first editor', 'original', 'second editor']);
  });

  it('lets exactly one of 10 concurrent saves from the same version through', { timeout: 60_000 }, async () => {
    const id = (await save(base('race', 'start'))).data.id as string;
    const from = (await detail(id)).gmtModified;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => save({ ...base('race', `editor ${i}`), id, baseModified: from })),
    );
    expect(results.filter((r) => r.code === '0')).toHaveLength(1);
    expect(results.filter((r) => r.body.error === 'doc_version_conflict')).toHaveLength(9);
  });

  it('keeps saves without a base version (older clients) and pushes as last write wins', async () => {
    const id = (await save(base('legacy', 'one'))).data.id as string;
    const loaded = await detail(id);
    expect((await save({ ...base('legacy', 'two'), id })).code).toBe('0');
    // A push changes the doc without any version check (Torna semantics)...
    const token = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId })).data.token;
    const pushed = await openApi(
      t.app,
      tornaSdkEnvelope('doc.push', token, {
        author: 'ci',
        apis: [{ name: 'legacy', url: '/legacy', httpMethod: 'GET', description: 'pushed' }],
      }),
    );
    expect(pushed.body.code).toBe('0');
    await settleAllRuns(t.app);
    expect((await detail(id)).description).toBe('pushed');
    // ...and an editor who loaded before the push is told so.
    const stale = await save({ ...base('legacy', 'three'), id, baseModified: loaded.gmtModified });
    expect(stale.body.error).toBe('doc_version_conflict');
  });

  it('refuses a base version that is not a version', async () => {
    const id = (await save(base('bad-base', 'one'))).data.id as string;
    const r = await save({ ...base('bad-base', 'two'), id, baseModified: 'yesterday' });
    expect(r.body.error).toBe('validation_failed');
  });
});
