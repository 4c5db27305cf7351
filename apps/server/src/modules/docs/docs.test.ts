import { UserStatus } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { type DocChange, onDocChanges } from '../doc-events.js';

const changes: DocChange[] = [];
onDocChanges(async (_app, _tx, cs) => {
  for (const c of cs) {
    if (c.after?.name === 'boom-listener') throw new Error('listener refused');
    changes.push(c);
  }
});

describe('docs', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof createWorld>>;
  let dev: { id: string; token: string };
  let guest: { id: string; token: string };
  let spaceDev: { id: string; token: string };
  const save = (token: string, body: Record<string, unknown>) =>
    call(t.app, token, 'POST', '/api/doc/save', { moduleId: w.moduleId, ...body });
  const count = async (table: 'docs' | 'paramSets' | 'enumInfos') =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t, { isPrivate: 1 });
    dev = await createUser(t, 'doc_dev');
    guest = await createUser(t, 'doc_guest');
    spaceDev = await createUser(t, 'doc_spacedev');
    await call(t.app, t.adminToken, 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [dev.id], roleCode: 'dev' });
    await call(t.app, t.adminToken, 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [guest.id], roleCode: 'guest' });
    await call(t.app, t.adminToken, 'POST', '/api/space/member/add', { spaceId: w.spaceId, userIds: [spaceDev.id], roleCode: 'dev' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a doc with nested parameters and reads it back in the push field names', async () => {
    const r = await save(dev.token, {
      name: 'Get order',
      url: '/orders/{id}',
      httpMethod: 'get',
      contentType: 'application/json',
      description: 'Reads one order',
      deprecated: false,
      headerParams: [{ name: 'X-Token', example: 'abc' }],
      pathParams: [{ name: 'id', type: 'number', example: '1' }],
      queryParams: [{ name: 'expand', required: 0, maxLength: '10' }],
      requestParams: [],
      responseParams: [
        {
          name: 'order',
          type: 'object',
          children: [
            { name: 'id', type: 'number' },
            {
              name: 'status',
              type: 'string',
              enumInfo: { name: 'OrderStatus', description: 'states', items: [{ name: 'PAID', value: '1' }] },
            },
          ],
        },
      ],
      errorCodeParams: [{ code: 'E1', msg: 'missing', solution: 'retry' }],
    });
    expect(r.code).toBe('0');
    const d = (await call(t.app, guest.token, 'GET', '/api/doc/detail', { id: r.data.id })).data;
    expect(d).toMatchObject({
      id: r.data.id,
      moduleId: w.moduleId,
      parentId: '',
      name: 'Get order',
      url: '/orders/{id}',
      httpMethod: 'GET',
      status: 5,
      modifySource: 1,
      isLocked: 0,
      deprecated: '$false$',
      modifierName: 'doc_dev',
      errorCodeParams: [{ code: 'E1', msg: 'missing', solution: 'retry' }],
      dubboInfo: null,
    });
    expect(d.headerParams[0]).toMatchObject({ name: 'X-Token', required: 1, maxLength: '64', orderIndex: 10000, type: 'string' });
    expect(d.queryParams[0]).toMatchObject({ name: 'expand', required: 0, maxLength: '10' });
    const order = d.responseParams[0];
    expect(order.children.map((c: { name: string; orderIndex: number }) => [c.name, c.orderIndex])).toEqual([
      ['id', 10000],
      ['status', 10010],
    ]);
    expect(order.children[1].enumInfo).toMatchObject({ name: 'OrderStatus', items: [{ name: 'PAID', value: '1' }] });
    expect(order.children[1].enumContent).toBe('PAID=1');
    const enums = await call(t.app, guest.token, 'GET', '/api/doc/enum/info/baselist', { moduleId: w.moduleId });
    expect(enums.data.map((e: { name: string }) => e.name)).toContain('OrderStatus');
    const dubbo = await save(dev.token, {
      name: 'OrderService.get',
      type: 1,
      dubboInfo: { interfaceName: 'com.x.OrderService', version: '1.0' },
    });
    const dd = (await call(t.app, guest.token, 'GET', '/api/doc/detail', { id: dubbo.data.id })).data;
    expect(dd.dubboInfo).toMatchObject({ interfaceName: 'com.x.OrderService', version: '1.0' });
    const props = await call(t.app, guest.token, 'GET', '/api/prop/getDocProps', { id: dubbo.data.id });
    expect(props.data).toMatchObject({ interfaceName: 'com.x.OrderService', version: '1.0' });
    const add = changes.find((c) => c.after?.id === r.data.id);
    expect(add).toMatchObject({ kind: 'add', source: 1, before: null });
  });

  it('refuses invalid input with the offending fields and writes nothing (not even the dictionary)', async () => {
    const [docs, params, enums] = [await count('docs'), await count('paramSets'), await count('enumInfos')];
    const r = await save(dev.token, {
      name: 'Bad',
      url: '/bad',
      httpMethod: 'POST',
      requestParams: [
        { name: 'ok', enumInfo: { name: 'NewDict', items: [{ name: 'A' }] } },
        { name: 'obj', type: 'object', children: [{ name: 'bad\nname' }, { name: '+1' }, { name: '@type' }] },
      ],
    });
    expect(r.status).toBe(422);
    expect(r.error).toBe('validation_failed');
    // Only the control character is refused: `+1` and `@type` are names APIs use (GitHub, JSON-LD).
    expect(r.fields).toEqual([{ field: 'requestParams.1.children.0.name', message: 'cannot contain control characters' }]);
    expect([await count('docs'), await count('paramSets'), await count('enumInfos')]).toEqual([docs, params, enums]);
    const noUrl = await save(dev.token, { name: 'x', httpMethod: 'GET', type: 0 });
    expect(noUrl.fields).toEqual([{ field: 'url', message: 'cannot be empty' }]);
    const badType = await save(dev.token, { name: 'x', url: '/x', status: 3 });
    expect(badType.status).toBe(422);
  });

  it('rolls the save back when a change listener fails', async () => {
    const docs = await count('docs');
    const r = await save(dev.token, { name: 'boom-listener', url: '/boom', httpMethod: 'GET' });
    expect(r.status).toBe(500);
    expect(await count('docs')).toBe(docs);
  });

  it('answers 409 for a second doc with the same URL, method and version; other versions coexist', async () => {
    await save(dev.token, { name: 'List', url: '/list', httpMethod: 'GET' });
    const dup = await save(dev.token, { name: 'List again', url: '/list', httpMethod: 'GET' });
    expect([dup.status, dup.error]).toEqual([409, 'duplicate']);
    expect(dup.msg).toContain('List');
    const v2 = await save(dev.token, { name: 'List', url: '/list', httpMethod: 'GET', version: 'v2' });
    expect(v2.code).toBe('0');
  });

  it('updates a doc, records before/after, and keeps a human description of a pushed doc from later pushes', async () => {
    const c = await save(dev.token, { name: 'Pushed', url: '/pushed', httpMethod: 'POST', description: 'from code' });
    const id = t.app.ctx.ids.decode(c.data.id);
    await t.app.ctx.db.updateTable('docs').set({ createMode: 1 }).where('id', '=', id).execute();
    const u = await save(dev.token, { id: c.data.id, name: 'Pushed', url: '/pushed', httpMethod: 'POST', description: 'by a human' });
    expect(u.data.id).toBe(c.data.id);
    const last = changes.at(-1);
    expect(last).toMatchObject({ kind: 'update', source: 1 });
    expect(last?.before?.description).toBe('from code');
    expect(last?.after?.description).toBe('by a human');
    const ign = await t.app.ctx.db.selectFrom('pushIgnoreFields').selectAll().execute();
    expect(ign).toEqual([expect.objectContaining({ fieldName: 'description' })]);
    const row = await t.app.ctx.db.selectFrom('docs').select(['dataId', 'md5']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(ign[0].dataId).toBe(row.dataId);
    expect(row.md5).toMatch(/^[0-9a-f]{32}$/);
    // A Markdown doc is a text edit.
    const md = await save(dev.token, { name: 'Guide', type: 3, description: '# Hello' });
    expect((await call(t.app, guest.token, 'GET', '/api/doc/detail', { id: md.data.id })).data.modifySource).toBe(2);
  });

  it('answers 403 to a guest writing and 404 to a space member outside the private project', async () => {
    const c = await save(dev.token, { name: 'Perm', url: '/perm', httpMethod: 'GET' });
    const g = await save(guest.token, { id: c.data.id, name: 'x', url: '/perm', httpMethod: 'GET' });
    expect([g.status, g.error]).toEqual([403, 'forbidden']);
    const s = await call(t.app, spaceDev.token, 'GET', '/api/doc/detail', { id: c.data.id });
    expect([s.status, s.error]).toEqual([404, 'not_found']);
    expect((await call(t.app, spaceDev.token, 'GET', '/api/doc/detail', { id: 'zzzzzzzz' })).status).toBe(404);
  });

  it('builds folders, moves without cycles, and deletes a folder only with the explicit flag', async () => {
    const f1 = (await call(t.app, dev.token, 'POST', '/api/doc/folder/add', { moduleId: w.moduleId, parentId: '', name: 'Users' })).data.id;
    const f2 = (await call(t.app, dev.token, 'POST', '/api/doc/folder/add', { moduleId: w.moduleId, parentId: f1, name: 'Admin' })).data.id;
    const dupF = await call(t.app, dev.token, 'POST', '/api/doc/folder/add', { moduleId: w.moduleId, parentId: '', name: 'Users' });
    expect([dupF.status, dupF.error]).toEqual([409, 'duplicate']);
    const d1 = (await save(dev.token, { name: 'Get user', url: '/users/1', httpMethod: 'GET', parentId: f2 })).data.id;
    const cycle = await call(t.app, dev.token, 'POST', '/api/doc/move', { id: f1, parentId: f2 });
    expect(cycle.status).toBe(400);
    expect(cycle.msg).toMatch(/itself|自身/);
    const notFolder = await call(t.app, dev.token, 'POST', '/api/doc/move', { id: f2, parentId: d1 });
    expect(notFolder.status).toBe(422);
    expect((await call(t.app, dev.token, 'POST', '/api/doc/folder/update', { id: f2, name: 'Admins' })).code).toBe('0');

    const tree = (await call(t.app, guest.token, 'GET', '/api/doc/tree', { moduleId: w.moduleId })).data;
    const users = tree.find((n: { id: string }) => n.id === f1);
    expect(users).toMatchObject({ label: 'Users', isFolder: 1, apiCount: 1 });
    expect(users.children[0]).toMatchObject({ id: f2, label: 'Admins', parentId: f1 });
    expect(users.children[0].children[0]).toMatchObject({ id: d1, docId: d1, httpMethod: 'GET', parentId: f2 });

    expect((await call(t.app, dev.token, 'POST', '/api/doc/move', { id: d1, parentId: '' })).code).toBe('0');
    expect((await call(t.app, guest.token, 'GET', '/api/doc/detail', { id: d1 })).data.parentId).toBe('');
    await call(t.app, dev.token, 'POST', '/api/doc/move', { id: d1, parentId: f2 });

    const refused = await call(t.app, dev.token, 'POST', '/api/doc/delete', { id: f1 });
    expect([refused.status, refused.error]).toEqual([409, 'folder_not_empty']);
    expect((await call(t.app, guest.token, 'GET', '/api/doc/detail', { id: d1 })).code).toBe('0');
    const before = changes.length;
    expect((await call(t.app, dev.token, 'POST', '/api/doc/delete', { id: f1, deleteChildren: true })).code).toBe('0');
    for (const id of [f1, f2, d1]) expect((await call(t.app, guest.token, 'GET', '/api/doc/detail', { id })).status).toBe(404);
    expect(changes.slice(before)).toEqual([expect.objectContaining({ kind: 'delete', after: null })]);
    // The same folder name can be used again (the deleted row is revived).
    const again = await call(t.app, dev.token, 'POST', '/api/doc/folder/add', { moduleId: w.moduleId, parentId: '', name: 'Users' });
    expect(again.data.id).toBe(f1);
  });

  it('refuses moving into another application', async () => {
    const other = (await call(t.app, dev.token, 'POST', '/api/module/add', { projectId: w.projectId, name: 'other' })).data.id;
    const f = (await call(t.app, dev.token, 'POST', '/api/doc/folder/add', { moduleId: other, name: 'F' })).data.id;
    const d = (await save(dev.token, { name: 'Cross', url: '/cross', httpMethod: 'GET' })).data.id;
    const r = await call(t.app, dev.token, 'POST', '/api/doc/move', { id: d, parentId: f });
    expect(r.status).toBe(400);
    expect(r.msg).toMatch(/application|应用/);
  });

  it('places a dragged node at any position, first in a folder and into an empty folder included', async () => {
    const m = (await call(t.app, dev.token, 'POST', '/api/module/add', { projectId: w.projectId, name: 'ordering' })).data.id;
    const folder = (await call(t.app, dev.token, 'POST', '/api/doc/folder/add', { moduleId: m, name: 'Orders' })).data.id;
    const empty = (await call(t.app, dev.token, 'POST', '/api/doc/folder/add', { moduleId: m, name: 'Empty' })).data.id;
    const mk = async (name: string) =>
      (await call(t.app, dev.token, 'POST', '/api/doc/save', { moduleId: m, parentId: folder, name, url: `/${name}`, httpMethod: 'GET' }))
        .data.id;
    const a = await mk('a');
    const b = await mk('b');
    const c = await mk('c');
    type Node = { id: string; name: string; children?: Node[] };
    const names = async (folderId: string) => {
      const tree = (await call(t.app, dev.token, 'GET', '/api/doc/tree', { moduleId: m })).data as Node[];
      return (tree.find((n) => n.id === folderId)?.children ?? []).map((n) => n.name);
    };
    expect(await names(folder)).toEqual(['a', 'b', 'c']);
    const move = (id: string, parentId: string, position: number) =>
      call(t.app, dev.token, 'POST', '/api/doc/move', { id, parentId, position });
    expect((await move(c, folder, 0)).code).toBe('0'); // to the top of its own folder
    expect(await names(folder)).toEqual(['c', 'a', 'b']);
    await move(c, folder, 1);
    expect(await names(folder)).toEqual(['a', 'c', 'b']);
    await move(a, folder, 5); // past the end: last
    expect(await names(folder)).toEqual(['c', 'b', 'a']);
    await move(b, empty, 0);
    expect(await names(empty)).toEqual(['b']);
    expect(await names(folder)).toEqual(['c', 'a']);
    expect((await move(b, folder, -1)).status).toBe(422);
  });

  it('copies a doc with its parameters to a free URL', async () => {
    const src = await save(dev.token, {
      name: 'Copy me',
      url: '/copy',
      httpMethod: 'PUT',
      requestParams: [{ name: 'a', children: [{ name: 'b' }] }],
    });
    const cp = await call(t.app, dev.token, 'POST', '/api/doc/copy', { id: src.data.id });
    expect(cp.code).toBe('0');
    const d = (await call(t.app, guest.token, 'GET', '/api/doc/detail', { id: cp.data.id })).data;
    expect(d).toMatchObject({ name: 'Copy me', url: '/copy_copy', httpMethod: 'PUT', status: 5 });
    expect(d.requestParams[0].children[0].name).toBe('b');
    const cp2 = await call(t.app, dev.token, 'POST', '/api/doc/copy', { id: src.data.id });
    expect((await call(t.app, guest.token, 'GET', '/api/doc/detail', { id: cp2.data.id })).data.url).toBe('/copy_copy2');
    const md = await save(dev.token, { name: 'Readme', type: 3, description: '# R' });
    const mc1 = await call(t.app, dev.token, 'POST', '/api/doc/copy', { id: md.data.id });
    const mc2 = await call(t.app, dev.token, 'POST', '/api/doc/copy', { id: md.data.id });
    expect((await call(t.app, guest.token, 'GET', '/api/doc/detail', { id: mc1.data.id })).data).toMatchObject({
      name: 'Readme Copy',
      type: 3,
    });
    expect((await call(t.app, guest.token, 'GET', '/api/doc/detail', { id: mc2.data.id })).data.name).toBe('Readme Copy 2');
  });

  it('locks, unlocks, sets status and reorders siblings', async () => {
    const a = (await save(dev.token, { name: 'A', url: '/o/a', httpMethod: 'GET', parentId: '' })).data.id;
    const b = (await save(dev.token, { name: 'B', url: '/o/b', httpMethod: 'GET' })).data.id;
    expect((await call(t.app, guest.token, 'POST', '/api/doc/lock', { id: a })).status).toBe(403);
    expect((await call(t.app, dev.token, 'POST', '/api/doc/lock', { id: a })).code).toBe('0');
    expect((await call(t.app, guest.token, 'GET', '/api/doc/detail', { id: a })).data.isLocked).toBe(1);
    await call(t.app, dev.token, 'POST', '/api/doc/unlock', { id: a });
    expect((await call(t.app, guest.token, 'GET', '/api/doc/detail', { id: a })).data.isLocked).toBe(0);
    expect((await call(t.app, dev.token, 'POST', '/api/doc/status/update', { id: a, status: 10 })).code).toBe('0');
    expect((await call(t.app, dev.token, 'POST', '/api/doc/status/update', { id: a, status: 7 })).status).toBe(422);
    expect((await call(t.app, guest.token, 'GET', '/api/doc/detail', { id: a })).data.status).toBe(10);
    const r = await call(t.app, dev.token, 'POST', '/api/doc/order/update', {
      items: [
        { id: b, orderIndex: 1 },
        { id: a, orderIndex: 2 },
      ],
    });
    expect(r.code).toBe('0');
    expect((await call(t.app, guest.token, 'GET', '/api/doc/detail', { id: b })).data.orderIndex).toBe(1);
    expect((await call(t.app, guest.token, 'GET', '/api/doc/detail', { id: a })).data.orderIndex).toBe(2);
    const f = (await call(t.app, dev.token, 'POST', '/api/doc/folder/add', { moduleId: w.moduleId, name: 'Other' })).data.id;
    const notSiblings = await call(t.app, dev.token, 'POST', '/api/doc/order/update', {
      items: [
        { id: a, orderIndex: 1 },
        { id: f, orderIndex: 2 },
      ],
    });
    expect(notSiblings.code).toBe('0');
    const c = (await save(dev.token, { name: 'C', url: '/o/c', httpMethod: 'GET', parentId: f })).data.id;
    const mixed = await call(t.app, dev.token, 'POST', '/api/doc/order/update', {
      items: [
        { id: a, orderIndex: 5 },
        { id: c, orderIndex: 6 },
      ],
    });
    expect(mixed.status).toBe(422);
    expect((await call(t.app, guest.token, 'GET', '/api/doc/detail', { id: a })).data.orderIndex).toBe(1);
  });

  it('never serves a cached detail or tree after a change (dictionary edit, membership removal, rename)', async () => {
    const e = await call(t.app, dev.token, 'POST', '/api/doc/enum/info/save', {
      moduleId: w.moduleId,
      name: 'CacheDict',
      items: [{ name: 'A', value: '1' }],
    });
    const d = await save(dev.token, { name: 'Cached', url: '/cached', httpMethod: 'GET', queryParams: [{ name: 'k', enumId: e.data.id }] });
    const read = async (token: string) => call(t.app, token, 'GET', '/api/doc/detail', { id: d.data.id });
    expect((await read(guest.token)).data.queryParams[0].enumContent).toBe('A=1');
    expect((await read(guest.token)).data.queryParams[0].enumContent).toBe('A=1');
    const items = await call(t.app, dev.token, 'GET', '/api/doc/enum/item/list', { enumId: e.data.id });
    await call(t.app, dev.token, 'POST', '/api/doc/enum/item/save', { id: items.data[0].id, enumId: e.data.id, name: 'A', value: '2' });
    expect((await read(guest.token)).data.queryParams[0].enumContent).toBe('A=2');

    const tree1 = (await call(t.app, guest.token, 'GET', '/api/doc/view/dataByProject', { projectId: w.projectId })).data;
    expect(JSON.stringify(tree1)).toContain('"Cached"');
    await save(dev.token, { id: d.data.id, name: 'Cached renamed' });
    const tree2 = (await call(t.app, guest.token, 'GET', '/api/doc/view/dataByProject', { projectId: w.projectId })).data;
    expect(JSON.stringify(tree2)).toContain('"Cached renamed"');

    const temp = await createUser(t, 'doc_temp');
    await call(t.app, t.adminToken, 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [temp.id], roleCode: 'guest' });
    expect((await read(temp.token)).code).toBe('0');
    await call(t.app, t.adminToken, 'POST', '/api/project/member/remove', { projectId: w.projectId, userId: temp.id });
    expect((await read(temp.token)).status).toBe(404);
  });

  it('serves space and project trees with private projects hidden from non-members', async () => {
    const pub = (await call(t.app, t.adminToken, 'POST', '/api/project/add', { spaceId: w.spaceId, name: 'Public', isPrivate: 0 })).data.id;
    const pm = (await call(t.app, t.adminToken, 'POST', '/api/module/add', { projectId: pub, name: 'pubapp' })).data.id;
    await call(t.app, t.adminToken, 'POST', '/api/doc/save', { moduleId: pm, name: 'Ping', url: '/ping', httpMethod: 'GET' });
    const asSpaceDev = (await call(t.app, spaceDev.token, 'GET', '/api/doc/view/data', { spaceId: w.spaceId })).data;
    expect(asSpaceDev.map((p: { label: string }) => p.label)).toEqual(['Public']);
    expect(asSpaceDev[0]).toMatchObject({ id: `p_${pub}`, type: 0, apiCount: 1 });
    expect(asSpaceDev[0].children[0]).toMatchObject({ id: `m_${pm}`, label: 'pubapp', type: 1, parentId: `p_${pub}` });
    expect(asSpaceDev[0].children[0].children[0]).toMatchObject({ label: 'Ping', type: 3, deprecated: '$false$', parentId: `m_${pm}` });
    const asAdmin = (await call(t.app, t.adminToken, 'GET', '/api/doc/view/data', { spaceId: w.spaceId })).data;
    expect(asAdmin.map((p: { label: string }) => p.label).sort()).toEqual(['Public', 'project']);
    expect((await call(t.app, spaceDev.token, 'GET', '/api/doc/view/dataByProject', { projectId: w.projectId })).status).toBe(404);
    const byProject = (await call(t.app, guest.token, 'GET', '/api/doc/view/dataByProject', { projectId: w.projectId })).data;
    expect(byProject.map((m: { label: string }) => m.label)).toContain('app');
    const strangerToken = (await createUser(t, 'doc_stranger')).token;
    expect((await call(t.app, strangerToken, 'GET', '/api/doc/view/data', { spaceId: w.spaceId })).status).toBe(404);
  });
});

describe('a warm space tree read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** The statements the app's database runs during `run`. */
  const statementsDuring = async (run: () => Promise<unknown>) => {
    const executor = t.app.ctx.db.getExecutor();
    const spy = vi.spyOn(executor, 'executeQuery');
    try {
      await run();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  };

  it('reads the session and the space in one statement, and still refuses a logged-out or disabled reader at once', async () => {
    const w = await createWorld(t);
    const reader = await createUser(t, 'tree_reader');
    await call(t.app, t.adminToken, 'POST', '/api/space/member/add', { spaceId: w.spaceId, userIds: [reader.id], roleCode: 'guest' });
    const tree = (token: string) => call(t.app, token, 'GET', '/api/doc/view/data', { spaceId: w.spaceId });
    expect((await tree(reader.token)).code).toBe('0');
    // One round trip per warm read: on PostgreSQL and MySQL each statement is one (bench/RESULTS.md, issue 17).
    expect(await statementsDuring(() => tree(reader.token))).toBe(1);
    // In tree order: projects, then each project's applications (the space's rows come back as one JSON array).
    const later = (await call(t.app, t.adminToken, 'POST', '/api/project/add', { spaceId: w.spaceId, name: 'later', isPrivate: 0 })).data
      .id;
    await call(t.app, t.adminToken, 'POST', '/api/module/add', { projectId: later, name: 'z-first' });
    await call(t.app, t.adminToken, 'POST', '/api/module/add', { projectId: later, name: 'a-second' });
    const ordered = (await tree(reader.token)).data as { label: string; children: { label: string }[] }[];
    expect(ordered.map((p) => [p.label, p.children.map((m) => m.label)])).toEqual([
      ['project', ['app']],
      ['later', ['z-first', 'a-second']],
    ]);

    await call(t.app, reader.token, 'POST', '/api/user/logout', {});
    expect((await tree(reader.token)).code).toBe('1000');
    const again = await createUser(t, 'tree_reader2');
    await call(t.app, t.adminToken, 'POST', '/api/space/member/add', { spaceId: w.spaceId, userIds: [again.id], roleCode: 'guest' });
    expect((await tree(again.token)).code).toBe('0');
    await t.app.ctx.db.updateTable('users').set({ status: UserStatus.DISABLED }).where('id', '=', t.app.ctx.ids.decode(again.id)).execute();
    expect((await tree(again.token)).code).toBe('1000');
    expect((await tree('not-a-token')).code).toBe('1000');
    expect((await call(t.app, t.adminToken, 'GET', '/api/doc/view/data', { spaceId: t.app.ctx.ids.encode(987654) })).status).toBe(404);
  });

  it('answers a space whose rows come to more than 1 MB as one value (MariaDB caps JSON_ARRAYAGG at group_concat_max_len)', async () => {
    const w = await createWorld(t);
    const projectId = t.app.ctx.ids.decode(w.projectId);
    const now = Date.now();
    // 6,000 applications with 128-character names: ~190 bytes each in the space's JSON, over MariaDB's 1 MB default.
    const rows = Array.from({ length: 6000 }, (_, i) => ({
      projectId,
      name: `${String(i).padStart(5, '0')}-${'x'.repeat(122)}`,
      token: `big-space-${now}-${i}`,
      creatorId: 1,
      creatorName: 'admin',
      modifierId: 1,
      modifierName: 'admin',
      createdAt: now,
      updatedAt: now,
    }));
    await t.app.ctx.db.transaction().execute(async (tx) => {
      for (let i = 0; i < rows.length; i += 500)
        await tx
          .insertInto('modules')
          .values(rows.slice(i, i + 500))
          .execute();
    });
    const res = await call(t.app, t.adminToken, 'GET', '/api/doc/view/data', { spaceId: w.spaceId });
    expect(res.code).toBe('0');
    const apps = (res.data as { children: { label: string }[] }[]).flatMap((p) => p.children.map((m) => m.label));
    expect(apps).toHaveLength(6001);
    expect(apps).toContain(rows.at(-1)?.name);
  });
});
