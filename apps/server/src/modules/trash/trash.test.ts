import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { drainJobs } from '../../jobs/queue.js';
import { openApi, tornaSdkEnvelope } from '../push/open-api.helpers.js';
import { settleAllRuns } from '../push/push-service.js';
import { purgeExpired } from './trash.service.js';

describe('trash', () => {
  let t: TestApp;
  let w: { spaceId: string; projectId: string; moduleId: string };
  let dev: { id: string; token: string };
  let guest: { id: string; token: string };
  const admin = () => t.adminToken;

  const saveDoc = async (name: string, parentId = '') => {
    const r = await call(t.app, admin(), 'POST', '/api/doc/save', {
      moduleId: w.moduleId,
      parentId,
      name,
      url: `/orders/${name}`,
      httpMethod: 'GET',
      type: 0,
      requestParams: [{ name: 'id', type: 'string', required: 1, description: 'order id', example: '7' }],
    });
    expect(r.code).toBe('0');
    return r.data.id as string;
  };
  const tree = async () => flat((await call(t.app, admin(), 'GET', '/api/doc/tree', { moduleId: w.moduleId })).data).map((d) => d.name);
  type Node = { name: string; children?: Node[] };
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t, { isPrivate: 1 });
    dev = await createUser(t, 'trash_dev');
    guest = await createUser(t, 'trash_guest');
    await call(t.app, admin(), 'POST', '/api/space/member/add', { spaceId: w.spaceId, userIds: [dev.id, guest.id], roleCode: 'guest' });
    await call(t.app, admin(), 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [dev.id], roleCode: 'dev' });
    await call(t.app, admin(), 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [guest.id], roleCode: 'guest' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a deleted doc goes to the trash and comes back with its id, params, history and share', async () => {
    const id = await saveDoc('get-order');
    const share = await call(t.app, admin(), 'POST', '/api/share/add', { moduleId: w.moduleId, type: 1, isAll: 1 });
    expect(share.code).toBe('0');
    const changes = async () => (await call(t.app, admin(), 'GET', '/api/doc/changelog/list', { docId: id })).data;
    const historyBefore = JSON.stringify(await changes());

    const del = await call(t.app, dev.token, 'POST', '/api/doc/delete', { id });
    expect(del.code).toBe('0');
    expect(typeof del.data.trashId).toBe('string');
    expect(await tree()).not.toContain('get-order');
    expect((await call(t.app, admin(), 'GET', '/api/doc/detail', { id })).status).toBe(404);

    const list = await call(t.app, dev.token, 'GET', '/api/trash/list', { spaceId: w.spaceId });
    const item = list.data.list.find((i: { id: string }) => i.id === del.data.trashId);
    expect(item).toMatchObject({ kind: 'doc', deletedBy: 'trash_dev', itemCount: 1, path: 'project › app' });
    expect(item.name).toContain('get-order');
    expect(item.purgeAt - item.deletedAt).toBe(30 * 86_400_000);

    // A guest could not delete, so cannot see or restore it.
    const gl = await call(t.app, guest.token, 'GET', '/api/trash/list', { spaceId: w.spaceId });
    expect(gl.data.list.map((i: { id: string }) => i.id)).not.toContain(del.data.trashId);
    expect((await call(t.app, guest.token, 'POST', '/api/trash/restore', { id: del.data.trashId })).status).toBe(403);

    const res = await call(t.app, dev.token, 'POST', '/api/trash/restore', { id: del.data.trashId });
    expect(res.data).toEqual({ restored: 1, movedToRoot: false });
    const d = await call(t.app, admin(), 'GET', '/api/doc/detail', { id });
    expect(d.data.id).toBe(id);
    expect(d.data.requestParams.map((p: { name: string }) => p.name)).toEqual(['id']);
    // History keeps what it had, and records the delete and the restore.
    const historyAfter = JSON.stringify(await changes());
    expect(historyAfter.length).toBeGreaterThan(historyBefore.length);
    // The share (which includes every doc) serves it again.
    const menu = await call(t.app, null, 'GET', '/api/share/menu', { id: share.data.publicId });
    expect(JSON.stringify(menu.data)).toContain('get-order');
    // The trash item is gone.
    const again = await call(t.app, dev.token, 'GET', '/api/trash/list', { spaceId: w.spaceId });
    expect(again.data.list.map((i: { id: string }) => i.id)).not.toContain(del.data.trashId);
  });

  it('restores a folder with exactly its subtree, leaving a doc deleted earlier deleted', async () => {
    const folder = (await call(t.app, admin(), 'POST', '/api/doc/folder/add', { moduleId: w.moduleId, parentId: '', name: 'orders' })).data
      .id;
    const a = await saveDoc('a', folder);
    const b = await saveDoc('b', folder);
    const first = await call(t.app, admin(), 'POST', '/api/doc/delete', { id: a });
    const del = await call(t.app, admin(), 'POST', '/api/doc/delete', { id: folder, deleteChildren: 1 });
    expect(del.code).toBe('0');
    const restored = await call(t.app, admin(), 'POST', '/api/trash/restore', { id: del.data.trashId });
    expect(restored.data.restored).toBe(2); // the folder and b
    const names = await tree();
    expect(names).toEqual(expect.arrayContaining(['orders', 'b']));
    expect(names).not.toContain('a');
    // Restoring the earlier delete after its folder came back puts it back in its folder.
    const r2 = await call(t.app, admin(), 'POST', '/api/trash/restore', { id: first.data.trashId });
    expect(r2.data).toEqual({ restored: 1, movedToRoot: false });
    expect((await call(t.app, admin(), 'GET', '/api/doc/detail', { id: a })).data.parentId).toBe(folder);
    void b;
  });

  it('puts a doc back at the top of its application when its folder is gone', async () => {
    const folder = (await call(t.app, admin(), 'POST', '/api/doc/folder/add', { moduleId: w.moduleId, parentId: '', name: 'gone' })).data
      .id;
    const a = await saveDoc('lonely', folder);
    const del = await call(t.app, admin(), 'POST', '/api/doc/delete', { id: a });
    await call(t.app, admin(), 'POST', '/api/doc/delete', { id: folder, deleteChildren: 1 });
    const r = await call(t.app, admin(), 'POST', '/api/trash/restore', { id: del.data.trashId });
    expect(r.data).toEqual({ restored: 1, movedToRoot: true });
    expect((await call(t.app, admin(), 'GET', '/api/doc/detail', { id: a })).data.parentId).toBe('');
  });

  it('restores a deleted project with its applications, docs and members', async () => {
    const p = (
      await call(t.app, admin(), 'POST', '/api/project/add', { spaceId: w.spaceId, name: 'Billing', description: '', isPrivate: 1 })
    ).data.id;
    await call(t.app, admin(), 'POST', '/api/project/member/add', { projectId: p, userIds: [dev.id], roleCode: 'admin' });
    const m = (await call(t.app, admin(), 'POST', '/api/module/add', { projectId: p, name: 'billing-api' })).data.id;
    const doc = (
      await call(t.app, admin(), 'POST', '/api/doc/save', {
        moduleId: m,
        parentId: '',
        name: 'invoice',
        url: '/invoice',
        httpMethod: 'GET',
        type: 0,
      })
    ).data.id;
    // The project's own admin deletes it (and is no member any more) but can still find and restore it.
    const del = await call(t.app, dev.token, 'POST', '/api/project/delete', { id: p });
    expect(del.code).toBe('0');
    expect((await call(t.app, dev.token, 'GET', '/api/doc/detail', { id: doc })).status).toBe(404);
    expect((await call(t.app, t.adminToken, 'GET', '/api/search', { q: 'invoice' })).data.total).toBe(0);
    const list = await call(t.app, dev.token, 'GET', '/api/trash/list', { spaceId: w.spaceId });
    expect(list.data.list.find((i: { id: string }) => i.id === del.data.trashId)).toMatchObject({
      kind: 'project',
      name: 'Billing',
      itemCount: 1,
    });
    const r = await call(t.app, dev.token, 'POST', '/api/trash/restore', { id: del.data.trashId });
    expect(r.code).toBe('0');
    expect((await call(t.app, dev.token, 'GET', '/api/doc/detail', { id: doc })).data.name).toBe('invoice');
    // Searchable again.
    const found = await call(t.app, dev.token, 'GET', '/api/search', { q: 'invoice' });
    expect(found.data.list.map((h: { name: string }) => h.name)).toContain('invoice');
    const members = await call(t.app, admin(), 'GET', '/api/project/member/list', { projectId: p });
    expect(JSON.stringify(members.data)).toContain('trash_dev');
  });

  it('a large restore spanning two applications makes the docs of both searchable again', async () => {
    const p = (await call(t.app, admin(), 'POST', '/api/project/add', { spaceId: w.spaceId, name: 'Fleet', description: '', isPrivate: 0 }))
      .data.id;
    const pushDocs = async (name: string, word: string) => {
      const m = (await call(t.app, admin(), 'POST', '/api/module/add', { projectId: p, name })).data.id;
      const token = (await call(t.app, admin(), 'GET', '/api/module/token/get', { moduleId: m })).data.token;
      const apis = Array.from({ length: 60 }, (_, i) => ({ isFolder: '0', name: `${word} ${i}`, url: `/${word}/${i}`, httpMethod: 'GET' }));
      expect((await openApi(t.app, tornaSdkEnvelope('doc.push', token, { apis }))).body.code).toBe('0');
    };
    await pushDocs('trucks', 'lorry');
    await pushDocs('ships', 'vessel');
    await settleAllRuns(t.app);
    await drainJobs(t.app);
    const total = async (q: string) => (await call(t.app, admin(), 'GET', '/api/search', { q, projectId: p })).data.total;
    expect([await total('lorry'), await total('vessel')]).toEqual([60, 60]);
    const del = await call(t.app, admin(), 'POST', '/api/project/delete', { id: p });
    expect([await total('lorry'), await total('vessel')]).toEqual([0, 0]);
    // 120 docs: indexed by the search catch-up job(s) the restore queues.
    expect((await call(t.app, admin(), 'POST', '/api/trash/restore', { id: del.data.trashId })).code).toBe('0');
    await drainJobs(t.app);
    expect([await total('lorry'), await total('vessel')]).toEqual([60, 60]);
  });

  it('restores a space only for its admins and the super admin; children wait for their parent', async () => {
    const s = (await call(t.app, admin(), 'POST', '/api/space/add', { name: 'Old space', isCompose: 0 })).data.id;
    await call(t.app, admin(), 'POST', '/api/space/member/add', { spaceId: s, userIds: [guest.id], roleCode: 'guest' });
    const p = (await call(t.app, admin(), 'POST', '/api/project/add', { spaceId: s, name: 'P', description: '', isPrivate: 0 })).data.id;
    const m = (await call(t.app, admin(), 'POST', '/api/module/add', { projectId: p, name: 'M' })).data.id;
    const delModule = await call(t.app, admin(), 'POST', '/api/module/delete', { id: m });
    const delSpace = await call(t.app, admin(), 'POST', '/api/space/delete', { id: s });
    expect(delSpace.code).toBe('0');
    // The application cannot come back while its space is deleted.
    const early = await call(t.app, admin(), 'POST', '/api/trash/restore', { id: delModule.data.trashId });
    expect(early.status).toBe(409);
    expect(early.error).toBe('trash_parent_deleted');
    // A former guest of the space sees nothing to restore.
    const gl = await call(t.app, guest.token, 'GET', '/api/trash/list');
    expect(gl.data.list.map((i: { id: string }) => i.id)).not.toContain(delSpace.data.trashId);
    expect((await call(t.app, guest.token, 'POST', '/api/trash/restore', { id: delSpace.data.trashId })).status).toBe(403);
    // The super admin sees it across spaces and restores it with its members.
    const all = await call(t.app, admin(), 'GET', '/api/trash/list', { q: 'Old' });
    expect(all.data.list.map((i: { id: string }) => i.id)).toContain(delSpace.data.trashId);
    expect((await call(t.app, admin(), 'POST', '/api/trash/restore', { id: delSpace.data.trashId })).code).toBe('0');
    const spaces = await call(t.app, guest.token, 'GET', '/api/space/listNormal');
    expect(spaces.data.map((x: { name: string }) => x.name)).toContain('Old space');
    expect((await call(t.app, admin(), 'POST', '/api/trash/restore', { id: delModule.data.trashId })).code).toBe('0');
  });

  it('purges by hand and after the retention, for good', async () => {
    const id = await saveDoc('purge-me');
    const del = await call(t.app, admin(), 'POST', '/api/doc/delete', { id });
    expect((await call(t.app, guest.token, 'POST', '/api/trash/purge', { id: del.data.trashId })).status).toBe(403);
    expect((await call(t.app, admin(), 'POST', '/api/trash/purge', { id: del.data.trashId })).code).toBe('0');
    const db = t.app.ctx.db;
    expect(await db.selectFrom('docs').select('id').where('name', '=', 'purge-me').execute()).toEqual([]);
    expect((await call(t.app, admin(), 'POST', '/api/trash/restore', { id: del.data.trashId })).status).toBe(404);

    const old = await saveDoc('expires');
    const del2 = await call(t.app, admin(), 'POST', '/api/doc/delete', { id: old });
    expect((await call(t.app, admin(), 'POST', '/api/trash/setting', { retentionDays: 7 })).code).toBe('0');
    expect(await purgeExpired(db, Date.now() + 6 * 86_400_000)).toBe(0);
    expect(await purgeExpired(db, Date.now() + 8 * 86_400_000)).toBeGreaterThanOrEqual(1);
    expect((await call(t.app, admin(), 'POST', '/api/trash/restore', { id: del2.data.trashId })).status).toBe(404);
    expect(await db.selectFrom('docs').select('id').where('name', '=', 'expires').execute()).toEqual([]);
    expect((await call(t.app, dev.token, 'POST', '/api/trash/setting', { retentionDays: 1 })).status).toBe(403);
  });
});
