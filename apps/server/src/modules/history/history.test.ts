/**
 * History through the API: change log with field details, snapshots (kept up to the setting),
 * compare, restore as a recorded form change (reviving a deleted doc), and who may do what.
 */
import { ParamOwner } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { drainJobs } from '../../jobs/queue.js';
import { loadParamTreeRows } from '../docs/doc-params.js';
import { openApi, tornaSdkEnvelope } from '../push/open-api.helpers.js';
import { settleAllRuns } from '../push/push-service.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof createWorld>>;
let token: string;
let guest: { id: string; token: string };
let dev: { id: string; token: string };

const push = (apis: unknown[], extra: Record<string, unknown> = {}) =>
  openApi(t.app, tornaSdkEnvelope('doc.push', token, { author: 'ci', apis, ...extra }));
const order = (description: string, params: unknown[] = []) => ({
  name: 'Get order',
  url: '/order',
  httpMethod: 'GET',
  description,
  requestParams: params,
});

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.settings.set({ 'folio.push.run-window-seconds': '0', 'folio.snapshot-size': '3' });
  w = await createWorld(t, { isPrivate: 1 });
  token = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId })).data.token;
  guest = await createUser(t, 'hist_guest');
  dev = await createUser(t, 'hist_dev');
  await call(t.app, t.adminToken, 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [guest.id], roleCode: 'guest' });
  await call(t.app, t.adminToken, 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [dev.id], roleCode: 'dev' });
});
afterAll(async () => {
  await t.close();
});

describe('history', () => {
  let docId: string;

  it('lists changes with field-level details, newest first', async () => {
    await push([
      order('v1', [
        { name: 'id', type: 'int', required: 1 },
        { name: 'obj', type: 'object', children: [{ name: 'x', type: 'string' }] },
      ]),
    ]);
    await push([
      order('v2', [
        { name: 'id', type: 'long', required: 0 },
        { name: 'obj', type: 'object', children: [{ name: 'y', type: 'string' }] },
      ]),
    ]);
    const row = await t.app.ctx.db.selectFrom('docs').select('id').where('url', '=', '/order').executeTakeFirstOrThrow();
    docId = t.app.ctx.ids.encode(row.id);
    const log = await call(t.app, guest.token, 'GET', '/api/doc/changelog/list', { docId });
    expect(log.code).toBe('0');
    expect(log.data.map((r: { modifyType: number }) => r.modifyType)).toEqual([0, 1]);
    const [upd] = log.data;
    expect(upd).toMatchObject({ modifySource: 0, modifyNickname: 'ci' });
    const d = (pos: number, name: string) =>
      upd.details.find((x: { positionType: number; targetName: string }) => x.positionType === pos && x.targetName === name);
    expect(d(4, 'description')).toMatchObject({ old: 'v1', new: 'v2', modifyType: 0 });
    expect(d(51, 'id')).toMatchObject({ old: 'int', new: 'long', paramPosition: 43 });
    expect(d(52, 'id')).toMatchObject({ old: 1, new: 0 });
    expect(d(43, 'obj.x')).toMatchObject({ modifyType: 2 });
    expect(d(43, 'obj.y')).toMatchObject({ modifyType: 1 });
  });

  it('keeps snapshots up to the configured size and compares two of them', async () => {
    await push([order('v3')]);
    await push([order('v4')]);
    const snaps = await call(t.app, guest.token, 'GET', '/api/doc/snapshot/list', { docId });
    expect(snaps.data).toHaveLength(3);
    const [newest, , oldest] = snaps.data;
    const one = await call(t.app, guest.token, 'GET', '/api/doc/snapshot/get', { docId, id: newest.id });
    expect(one.data.content.description).toBe('v4');
    const cmp = await call(t.app, guest.token, 'GET', '/api/doc/snapshot/compare', { docId, idOld: oldest.id, idNew: newest.id });
    expect(cmp.data.old.content.description).toBe('v2');
    expect(cmp.data.details.find((x: { positionType: number }) => x.positionType === 4)).toMatchObject({ old: 'v2', new: 'v4' });
  });

  it('restores a past version as a recorded form change; guests may not', async () => {
    const snaps = await call(t.app, dev.token, 'GET', '/api/doc/snapshot/list', { docId });
    expect(snaps.data[0].canRestore).toBe(true);
    expect((await call(t.app, guest.token, 'GET', '/api/doc/snapshot/list', { docId })).data[0].canRestore).toBe(false);
    const v2 = snaps.data[2];
    expect((await call(t.app, guest.token, 'POST', '/api/doc/changelog/restore', { docId, snapshotId: v2.id })).status).toBe(403);
    const r = await call(t.app, dev.token, 'POST', '/api/doc/changelog/restore', { docId, snapshotId: v2.id });
    expect(r.data).toMatchObject({ restored: true });
    const row = await t.app.ctx.db.selectFrom('docs').selectAll().where('id', '=', t.app.ctx.ids.decode(docId)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ description: 'v2', modifySource: 1, modifierName: 'hist_dev' });
    const params = await loadParamTreeRows(t.app.ctx.db, ParamOwner.DOC, [row.id]);
    expect(params.map((p) => `${p.name}:${p.type}`)).toEqual(['id:long', 'obj:object', 'y:string']);
    const log = await call(t.app, dev.token, 'GET', '/api/doc/changelog/list', { docId });
    expect(log.data[0]).toMatchObject({ modifySource: 1, modifyNickname: 'hist_dev', modifyType: 0 });
    // Restoring the same version again changes nothing.
    expect((await call(t.app, dev.token, 'POST', '/api/doc/changelog/restore', { docId, snapshotId: v2.id })).data.restored).toBe(false);
  });

  it('records deletions by a replace push, and revives a deleted doc on restore', async () => {
    await push([{ name: 'Other', url: '/other', httpMethod: 'GET' }]);
    await settleAllRuns(t.app);
    await drainJobs(t.app);
    const log = await call(t.app, dev.token, 'GET', '/api/doc/changelog/list', { docId });
    const del = log.data[0];
    expect(del).toMatchObject({ modifyType: 2, modifySource: 0 });
    expect((await call(t.app, dev.token, 'POST', '/api/doc/changelog/restore', { docId, recordId: del.id })).data.restored).toBe(true);
    const row = await t.app.ctx.db
      .selectFrom('docs')
      .select(['isDeleted'])
      .where('id', '=', t.app.ctx.ids.decode(docId))
      .executeTakeFirstOrThrow();
    expect(row.isDeleted).toBe(0);
  });

  it('stores the live version as the doc itself, writes it out when superseded, and never shows other content', async () => {
    const lazy = (description: string) => ({ name: 'Lazy', url: '/lazy', httpMethod: 'GET', description });
    await push([lazy('w1')]);
    const row = await t.app.ctx.db.selectFrom('docs').select(['id', 'md5']).where('url', '=', '/lazy').executeTakeFirstOrThrow();
    const id = t.app.ctx.ids.encode(row.id);
    const rowsOf = () =>
      t.app.ctx.db.selectFrom('docSnapshots').select(['md5', 'content']).where('docId', '=', row.id).orderBy('id').execute();
    // One row per version; the live one holds no copy of the content.
    expect(await rowsOf()).toEqual([{ md5: row.md5, content: '' }]);
    const live = await call(t.app, guest.token, 'GET', '/api/doc/snapshot/get', { docId: id, md5: row.md5 });
    expect(live.data.content).toMatchObject({ name: 'Lazy', description: 'w1' });
    await push([lazy('w2')]);
    const [w1, w2] = await rowsOf();
    expect(JSON.parse(w1.content)).toMatchObject({ description: 'w1' });
    expect(w2.content).toBe('');
    // A write that bypassed the doc-change events (not something Folio does; this one even kept the md5
    // column current) leaves the live row's content unknown when it is superseded: it is dropped rather
    // than shown with other content.
    await t.app.ctx.db
      .updateTable('docs')
      .set({ description: 'edited behind history', md5: 'f'.repeat(32) })
      .where('id', '=', row.id)
      .execute();
    await push([lazy('w3')]);
    const after = await rowsOf();
    expect(after.map((r) => r.md5)).not.toContain(w2.md5);
    expect(after.map((r) => (r.content ? JSON.parse(r.content).description : 'live'))).toEqual(['w1', 'edited behind history', 'live']);
    expect((await call(t.app, guest.token, 'GET', '/api/doc/snapshot/get', { docId: id, md5: w2.md5 })).status).toBe(404);
  });

  it('answers 404 to users outside the private project', async () => {
    const outsider = await createUser(t, 'hist_out');
    expect((await call(t.app, outsider.token, 'GET', '/api/doc/changelog/list', { docId })).status).toBe(404);
    expect((await call(t.app, outsider.token, 'GET', '/api/doc/snapshot/list', { docId })).status).toBe(404);
  });
});
