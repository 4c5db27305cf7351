import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, type TestApp } from '../../../test/harness.js';

describe('spaces and projects', () => {
  let t: TestApp;
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  let stranger: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    stranger = await createUser(t, 'stranger');
  });
  afterAll(async () => {
    await t.close();
  });

  it('health reports the database, version and Torna level', async () => {
    const r = await call(t.app, null, 'GET', '/api/health');
    expect(r.data).toEqual({ status: 'ok', database: 'up', version: '1.27.0', tornaCompat: '1.27.0' });
  });

  it('creates a space whose creator is its admin, visible to members only', async () => {
    const s = await call(t.app, alice.token, 'POST', '/api/space/add', { name: 'Payments', isCompose: 0 });
    expect(s.code).toBe('0');
    const mine = await call(t.app, alice.token, 'GET', '/api/space/listNormal');
    expect(mine.data.map((x: { name: string }) => x.name)).toEqual(['Payments']);
    expect(mine.data[0].role).toBe('admin');
    expect((await call(t.app, stranger.token, 'GET', '/api/space/listNormal')).data).toEqual([]);
    const info = await call(t.app, stranger.token, 'GET', '/api/space/info', { spaceId: s.data.id });
    expect(info.status).toBe(404);
    expect(info.error).toBe('not_found');
    const perm = await call(t.app, alice.token, 'GET', '/api/user/perm/get');
    expect(perm.data).toEqual({ isSuperAdmin: false, roleData: { [`space:${s.data.id}`]: 'admin' } });
  });

  it('rejects bad input with 422 and the offending fields, writing nothing', async () => {
    const before = await call(t.app, alice.token, 'GET', '/api/space/listNormal');
    const r = await call(t.app, alice.token, 'POST', '/api/space/add', { name: '', isCompose: 0 });
    expect(r.status).toBe(422);
    expect(r.code).toBe('100');
    expect(r.fields?.map((f) => f.field)).toContain('name');
    const after = await call(t.app, alice.token, 'GET', '/api/space/listNormal');
    expect(after.data.length).toBe(before.data.length);
  });

  it('shows public projects to every space member and private ones to project members only', async () => {
    const s = await call(t.app, alice.token, 'POST', '/api/space/add', { name: 'Team', isCompose: 0 });
    const spaceId = s.data.id;
    const pub = await call(t.app, alice.token, 'POST', '/api/project/add', { spaceId, name: 'Public', description: 'd', isPrivate: 0 });
    const priv = await call(t.app, alice.token, 'POST', '/api/project/add', { spaceId, name: 'Secret', description: '', isPrivate: 1 });
    expect(pub.code).toBe('0');
    // bob is a guest of the space: he sees the public project only.
    expect((await call(t.app, alice.token, 'POST', '/api/space/member/add', { spaceId, userIds: [bob.id], roleCode: 'guest' })).code).toBe(
      '0',
    );
    const list = await call(t.app, bob.token, 'GET', '/api/space/project/list', { spaceId });
    expect(list.data.map((p: { name: string }) => p.name)).toEqual(['Public']);
    expect(list.data[0].role).toBe('guest');
    const hidden = await call(t.app, bob.token, 'GET', '/api/project/info', { projectId: priv.data.id });
    expect(hidden.status).toBe(404);
    // A guest may read but not write.
    const upd = await call(t.app, bob.token, 'POST', '/api/project/update', { id: pub.data.id, name: 'Renamed' });
    expect(upd.status).toBe(403);
    expect(upd.error).toBe('forbidden');
    // Guests of a space cannot create projects; devs can.
    expect((await call(t.app, bob.token, 'POST', '/api/project/add', { spaceId, name: 'X' })).status).toBe(403);
    await call(t.app, alice.token, 'POST', '/api/space/member/update', { spaceId, userId: bob.id, roleCode: 'dev' });
    expect((await call(t.app, bob.token, 'POST', '/api/project/add', { spaceId, name: 'Bob project' })).code).toBe('0');
    // Adding bob to the private project makes it visible.
    await call(t.app, alice.token, 'POST', '/api/project/member/add', { projectId: priv.data.id, userIds: [bob.id], roleCode: 'guest' });
    const seen = await call(t.app, bob.token, 'GET', '/api/project/info', { projectId: priv.data.id });
    expect(seen.data).toMatchObject({ name: 'Secret', isPrivate: 1, role: 'guest', spaceName: 'Team' });
    const ps = await call(t.app, bob.token, 'GET', '/api/project/space', { projectId: priv.data.id });
    expect(ps.data).toEqual({ spaceId, spaceName: 'Team', projectId: priv.data.id, projectName: 'Secret' });
  });

  it('creating a project names its admins and members at once (as in Torna); an unknown user writes nothing', async () => {
    const s = await call(t.app, alice.token, 'POST', '/api/space/add', { name: 'Crew', isCompose: 0 });
    const spaceId = s.data.id;
    const r = await call(t.app, alice.token, 'POST', '/api/project/add', {
      spaceId,
      name: 'Staffed',
      isPrivate: 1,
      adminIds: [bob.id],
      memberIds: [stranger.id, bob.id],
    });
    expect(r.code, JSON.stringify(r.body)).toBe('0');
    const members = await call(t.app, alice.token, 'GET', '/api/project/member/list', { projectId: r.data.id });
    const roles = Object.fromEntries(members.data.map((m: { username: string; roleCode: string }) => [m.username, m.roleCode]));
    expect(roles).toEqual({ alice: 'admin', bob: 'admin', stranger: 'dev' });
    // Named members see the private project with their role, and may act on it.
    const seen = await call(t.app, stranger.token, 'GET', '/api/project/info', { projectId: r.data.id });
    expect(seen.data).toMatchObject({ name: 'Staffed', role: 'dev' });
    expect((await call(t.app, bob.token, 'POST', '/api/project/update', { id: r.data.id, name: 'Staffed 2' })).code).toBe('0');
    // An unknown user id: 404, and no project was created.
    const bad = await call(t.app, alice.token, 'POST', '/api/project/add', { spaceId, name: 'Ghosts', memberIds: ['zzzzzzzz'] });
    expect(bad.status).toBe(404);
    const list = await call(t.app, alice.token, 'GET', '/api/space/project/list', { spaceId });
    expect(list.data.map((p: { name: string }) => p.name)).toEqual(['Staffed 2']);
  });

  it('deleting a space removes its projects and memberships', async () => {
    const s = await call(t.app, alice.token, 'POST', '/api/space/add', { name: 'Temp', isCompose: 0 });
    const p = await call(t.app, alice.token, 'POST', '/api/project/add', { spaceId: s.data.id, name: 'P' });
    expect((await call(t.app, alice.token, 'POST', '/api/space/delete', { id: s.data.id })).code).toBe('0');
    expect((await call(t.app, alice.token, 'GET', '/api/project/info', { projectId: p.data.id })).status).toBe(404);
    expect((await call(t.app, alice.token, 'GET', '/api/space/listNormal')).data.map((x: { name: string }) => x.name)).not.toContain(
      'Temp',
    );
  });

  it('treats a malformed id like a missing resource', async () => {
    const r = await call(t.app, alice.token, 'GET', '/api/space/info', { spaceId: 'not-an-id' });
    expect(r.status).toBe(404);
  });
});
