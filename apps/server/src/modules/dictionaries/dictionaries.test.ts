import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';

describe('dictionaries and constants', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof createWorld>>;
  let dev: { id: string; token: string };
  let guest: { id: string; token: string };
  let stranger: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t, { isPrivate: 1 });
    dev = await createUser(t, 'dict_dev');
    guest = await createUser(t, 'dict_guest');
    stranger = await createUser(t, 'dict_stranger');
    await call(t.app, t.adminToken, 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [dev.id], roleCode: 'dev' });
    await call(t.app, t.adminToken, 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [guest.id], roleCode: 'guest' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a dictionary with items, edits items, and refuses duplicate names', async () => {
    const e = await call(t.app, dev.token, 'POST', '/api/doc/enum/info/save', {
      moduleId: w.moduleId,
      name: 'Color',
      description: 'colours',
      items: [
        { name: 'RED', value: '1', description: 'red' },
        { name: 'BLUE', value: '2' },
      ],
    });
    expect(e.code).toBe('0');
    const list = await call(t.app, guest.token, 'GET', '/api/doc/enum/info/baselist', { moduleId: w.moduleId });
    expect(list.data).toEqual([{ id: e.data.id, name: 'Color', description: 'colours', moduleId: w.moduleId }]);
    const items = await call(t.app, guest.token, 'GET', '/api/doc/enum/item/list', { enumId: e.data.id });
    expect(items.data.map((i: { name: string; value: string }) => [i.name, i.value])).toEqual([
      ['RED', '1'],
      ['BLUE', '2'],
    ]);
    const dup = await call(t.app, dev.token, 'POST', '/api/doc/enum/info/save', { moduleId: w.moduleId, name: 'Color' });
    expect([dup.status, dup.error]).toEqual([409, 'duplicate']);
    const green = await call(t.app, dev.token, 'POST', '/api/doc/enum/item/save', { enumId: e.data.id, name: 'GREEN', value: '3' });
    expect(green.code).toBe('0');
    const dupItem = await call(t.app, dev.token, 'POST', '/api/doc/enum/item/save', { enumId: e.data.id, name: 'RED' });
    expect(dupItem.status).toBe(409);
    await call(t.app, dev.token, 'POST', '/api/doc/enum/item/save', { id: green.data.id, enumId: e.data.id, name: 'GREEN', value: '30' });
    await call(t.app, dev.token, 'POST', '/api/doc/enum/item/delete', { id: items.data[1].id });
    const after = await call(t.app, guest.token, 'GET', '/api/doc/enum/item/list', { enumId: e.data.id });
    expect(after.data.map((i: { name: string; value: string }) => [i.name, i.value])).toEqual([
      ['RED', '1'],
      ['GREEN', '30'],
    ]);
    expect((await call(t.app, guest.token, 'POST', '/api/doc/enum/item/delete', { id: green.data.id })).status).toBe(403);
    expect((await call(t.app, stranger.token, 'GET', '/api/doc/enum/item/list', { enumId: e.data.id })).status).toBe(404);
    const rename = await call(t.app, dev.token, 'POST', '/api/doc/enum/info/save', { id: e.data.id, moduleId: w.moduleId, name: 'Colour' });
    expect(rename.data.id).toBe(e.data.id);
    expect((await call(t.app, dev.token, 'POST', '/api/doc/enum/info/delete', { id: e.data.id })).code).toBe('0');
    expect((await call(t.app, guest.token, 'GET', '/api/doc/enum/info/baselist', { moduleId: w.moduleId })).data).toEqual([]);
    expect((await call(t.app, guest.token, 'GET', '/api/doc/enum/item/list', { enumId: e.data.id })).status).toBe(404);
  });

  it('links a doc param to a dictionary by enumId and rejects a dictionary of another application', async () => {
    const e = await call(t.app, dev.token, 'POST', '/api/doc/enum/info/save', {
      moduleId: w.moduleId,
      name: 'Kind',
      items: [{ name: 'A' }],
    });
    const d = await call(t.app, dev.token, 'POST', '/api/doc/save', {
      moduleId: w.moduleId,
      name: 'k',
      url: '/k',
      httpMethod: 'GET',
      queryParams: [{ name: 'kind', enumId: e.data.id }],
    });
    expect(d.code).toBe('0');
    const detail = await call(t.app, guest.token, 'GET', '/api/doc/detail', { id: d.data.id });
    expect(detail.data.queryParams[0]).toMatchObject({ enumId: e.data.id, enumContent: 'A' });
    const other = (await call(t.app, dev.token, 'POST', '/api/module/add', { projectId: w.projectId, name: 'o' })).data.id;
    const foreign = await call(t.app, dev.token, 'POST', '/api/doc/save', {
      moduleId: other,
      name: 'k',
      url: '/k',
      httpMethod: 'GET',
      queryParams: [{ name: 'kind', enumId: e.data.id }],
    });
    expect(foreign.status).toBe(422);
    expect(foreign.fields?.[0].field).toBe('queryParams.0.enumId');
  });

  it('keeps constants pages per project and per application', async () => {
    const empty = await call(t.app, guest.token, 'GET', '/api/constant/get', { projectId: w.projectId });
    expect(empty.data.content).toBe('');
    expect((await call(t.app, guest.token, 'POST', '/api/constant/save', { projectId: w.projectId, content: 'x' })).status).toBe(403);
    expect((await call(t.app, dev.token, 'POST', '/api/constant/save', { projectId: w.projectId, content: '<p>P</p>' })).code).toBe('0');
    expect((await call(t.app, dev.token, 'POST', '/api/constant/save', { moduleId: w.moduleId, content: '<p>M</p>' })).code).toBe('0');
    expect((await call(t.app, dev.token, 'POST', '/api/constant/save', { projectId: w.projectId, content: '<p>P2</p>' })).code).toBe('0');
    expect((await call(t.app, guest.token, 'GET', '/api/constant/get', { projectId: w.projectId })).data.content).toBe('<p>P2</p>');
    expect((await call(t.app, guest.token, 'GET', '/api/constant/get', { moduleId: w.moduleId })).data.content).toBe('<p>M</p>');
    expect((await call(t.app, stranger.token, 'GET', '/api/constant/get', { moduleId: w.moduleId })).status).toBe(404);
    expect((await call(t.app, dev.token, 'GET', '/api/constant/get', {})).status).toBe(422);
  });
});
