/**
 * Live docs: the revision an open page polls changes on every change a reader must see (add, edit, push,
 * delete, restore), stays the same otherwise (answering 304 to a matching If-None-Match), and is read with
 * the permissions of what it describes (project tree, share with password, compose view).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { mergePush } from '../push/push-merge.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof createWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const admin = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => call(t.app, t.adminToken, method, url, payload);
const ok = async <T = any>(p: Promise<{ code: string; data: T; body: unknown }>) => {
  const r = await p;
  expect(r.code, JSON.stringify(r.body)).toBe('0');
  return r.data;
};
const viewRev = async (q: Record<string, string> = { projectId: w.projectId }) =>
  (await ok<{ revision: string }>(admin('GET', '/api/live/view', q))).revision;

async function saveDoc(body: Record<string, unknown>) {
  return (await ok<{ id: string }>(admin('POST', '/api/doc/save', { moduleId: w.moduleId, httpMethod: 'GET', ...body }))).id;
}

describe('the preview revision', () => {
  it('changes on add, edit, delete and restore, and stays put when nothing changed', async () => {
    const r0 = await viewRev();
    expect(await viewRev()).toBe(r0);
    const id = await saveDoc({ name: 'Get order', url: '/orders/{id}' });
    const r1 = await viewRev();
    expect(r1).not.toBe(r0);
    expect(await viewRev({ spaceId: w.spaceId })).toBe(await viewRev({ spaceId: w.spaceId }));

    const space1 = await viewRev({ spaceId: w.spaceId });
    await saveDoc({ id, name: 'Get order v2', url: '/orders/{id}' });
    const r2 = await viewRev();
    expect(r2).not.toBe(r1);
    expect(await viewRev({ spaceId: w.spaceId })).not.toBe(space1);

    await ok(admin('POST', '/api/doc/delete', { id }));
    const r3 = await viewRev();
    expect(r3).not.toBe(r2);
    const trash = await ok<{ list: { id: string }[] }>(admin('GET', '/api/trash/list', { spaceId: w.spaceId }));
    expect(trash.list.length).toBeGreaterThan(0);
    await ok(admin('POST', '/api/trash/restore', { id: trash.list[0].id }));
    expect(await viewRev()).not.toBe(r3);
  });

  it('changes when docs are only reordered, and when a doc is changed by SQL no route ran', async () => {
    const a = await saveDoc({ name: 'First', url: '/first' });
    const b = await saveDoc({ name: 'Second', url: '/second' });
    const r0 = await viewRev();
    await ok(admin('POST', '/api/doc/move', { id: b, position: 0 }));
    const r1 = await viewRev();
    expect(r1).not.toBe(r0);
    await t.app.ctx.db.updateTable('docs').set({ name: 'First, fixed by hand' }).where('id', '=', t.app.ctx.ids.decode(a)).execute();
    expect(await viewRev()).not.toBe(r1);
  });

  it('changes when a push changes a doc, and not when the same push comes again', async () => {
    const moduleId = t.app.ctx.ids.decode(w.moduleId);
    const user = { id: 0, nickname: 'OpenAPI' };
    const payload = (description: string) =>
      ({ apis: [{ name: 'List pets', isFolder: '0', url: '/pets', httpMethod: 'GET', description, orderIndex: 1 }] }) as never;
    await mergePush(t.app, { moduleId, payload: payload('first'), source: 'push', user });
    const r1 = await viewRev();
    await mergePush(t.app, { moduleId, payload: payload('first'), source: 'push', user });
    expect(await viewRev()).toBe(r1);
    await mergePush(t.app, { moduleId, payload: payload('second'), source: 'push', user });
    expect(await viewRev()).not.toBe(r1);
  });

  it('answers 304 without a body to a matching If-None-Match, and 200 with the new revision after a change', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/live/view',
      query: { projectId: w.projectId },
      headers: { token: t.adminToken },
    });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toBe(`"${first.json().data.revision}"`);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/live/view',
      query: { projectId: w.projectId },
      headers: { token: t.adminToken, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await saveDoc({ name: 'Another', url: '/another' });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/live/view',
      query: { projectId: w.projectId },
      headers: { token: t.adminToken, 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('is read like the tree: a stranger to a private project gets 404', async () => {
    const priv = await createWorld(t, { isPrivate: 1 });
    const stranger = await createUser(t, `live-${Date.now()}`);
    const r = await call(t.app, stranger.token, 'GET', '/api/live/view', { projectId: priv.projectId });
    expect(r.status).toBe(404);
    expect(r.data).toBeNull();
  });
});

describe('share and compose revisions', () => {
  it('a share with a password needs its grant; its revision follows its application', async () => {
    const id = await saveDoc({ name: 'Shared', url: '/shared' });
    const s = await ok<{ id: string; publicId: string }>(admin('POST', '/api/share/add', { moduleId: w.moduleId, type: 2, isAll: 1 }));
    const anon = await call(t.app, null, 'GET', '/api/share/revision', { id: s.publicId });
    expect(anon.error).toBe('share_password_required');
    const pw = (await ok<{ password: string }>(admin('GET', '/api/share/password', { id: s.id }))).password;
    const { createHash } = await import('node:crypto');
    const grant = (
      await ok<{ grant: string }>(
        call(t.app, null, 'POST', '/api/share/checkPassword', { id: s.publicId, password: createHash('md5').update(pw).digest('hex') }),
      )
    ).grant;
    const rev = async () => {
      const r = await t.app.inject({
        method: 'GET',
        url: '/api/share/revision',
        query: { id: s.publicId },
        headers: { 'x-share-grant': grant },
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data.revision as string;
    };
    const r1 = await rev();
    expect(await rev()).toBe(r1);
    await ok(admin('POST', '/api/doc/delete', { id }));
    expect(await rev()).not.toBe(r1);
  });

  it('a compose view follows the docs it references', async () => {
    const id = await saveDoc({ name: 'Composed', url: '/composed' });
    const space = await ok<{ id: string }>(admin('POST', '/api/space/add', { name: `compose-${Date.now()}`, isCompose: 1 }));
    const p = await ok<{ id: string; publicId: string }>(
      admin('POST', '/api/compose/project/add', { spaceId: space.id, name: 'C', type: 1 }),
    );
    const rev = async () =>
      (await ok<{ revision: string }>(call(t.app, null, 'GET', '/api/compose/doc/revision', { projectId: p.publicId }))).revision;
    const r0 = await rev();
    await ok(admin('POST', '/api/compose/doc/add', { projectId: p.id, docIds: [id] }));
    const r1 = await rev();
    expect(r1).not.toBe(r0);
    expect(await rev()).toBe(r1);
    await saveDoc({ id, name: 'Composed v2', url: '/composed' });
    expect(await rev()).not.toBe(r1);
  });
});

describe('the revision a page’s first tree and doc carry', () => {
  /** The revision header of a GET asked with `live` (none when not asked). */
  const carried = async (url: string, query: Record<string, string>, headers: Record<string, string> = { token: t.adminToken }) => {
    const r = await t.app.inject({ method: 'GET', url, query, headers });
    expect(r.statusCode, r.body).toBe(200);
    return r.headers['x-folio-revision'];
  };

  it('is the revision the page polls, for the doc’s project or space; a change after it is a different one', async () => {
    const id = await saveDoc({ name: 'Carried', url: '/carried' });
    const [project, space] = [await viewRev(), await viewRev({ spaceId: w.spaceId })];
    expect(await carried('/api/doc/detail', { id, live: 'project' })).toBe(project);
    expect(await carried('/api/doc/detail', { id, live: 'space' })).toBe(space);
    expect(await carried('/api/doc/view/dataByProject', { projectId: w.projectId, live: '1' })).toBe(project);
    expect(await carried('/api/doc/view/data', { spaceId: w.spaceId, live: '1' })).toBe(space);
    // Only when asked: the other reads pay nothing for it.
    expect(await carried('/api/doc/detail', { id })).toBeUndefined();
    expect(await carried('/api/doc/view/dataByProject', { projectId: w.projectId })).toBeUndefined();
    await saveDoc({ id, name: 'Carried v2', url: '/carried' });
    expect(await carried('/api/doc/detail', { id, live: 'project' })).not.toBe(project);
    expect(await carried('/api/doc/detail', { id, live: 'project' })).toBe(await viewRev());
  });

  it('is the share’s revision for its menu and docs', async () => {
    const id = await saveDoc({ name: 'Shared carried', url: '/shared-carried' });
    const s = await ok<{ publicId: string }>(admin('POST', '/api/share/add', { moduleId: w.moduleId, type: 1, isAll: 1 }));
    const rev = (await ok<{ revision: string }>(call(t.app, null, 'GET', '/api/share/revision', { id: s.publicId }))).revision;
    expect(await carried('/api/share/menu', { id: s.publicId, live: '1' }, {})).toBe(rev);
    expect(await carried('/api/share/doc', { id: s.publicId, docId: id, live: '1' }, {})).toBe(rev);
  });

  it('is the compose view’s revision for its info, menu and docs; none for an encrypted one’s visitor without the grant', async () => {
    const id = await saveDoc({ name: 'Composed carried', url: '/composed-carried' });
    const space = await ok<{ id: string }>(admin('POST', '/api/space/add', { name: `carried-${Date.now()}`, isCompose: 1 }));
    const add = (body: Record<string, unknown>) =>
      ok<{ id: string; publicId: string }>(admin('POST', '/api/compose/project/add', { spaceId: space.id, name: 'C', ...body }));
    const open = await add({ type: 1 });
    await ok(admin('POST', '/api/compose/doc/add', { projectId: open.id, docIds: [id] }));
    const rev = async (projectId: string, headers: Record<string, string> = {}) => {
      const r = await t.app.inject({ method: 'GET', url: '/api/compose/doc/revision', query: { projectId }, headers });
      return r.json().data.revision as string;
    };
    const r0 = await rev(open.publicId);
    expect(await carried('/api/compose/project/get', { id: open.publicId, live: '1' }, {})).toBe(r0);
    expect(await carried('/api/compose/doc/menu', { projectId: open.publicId, live: '1' }, {})).toBe(r0);
    expect(await carried('/api/compose/doc/get', { projectId: open.publicId, docId: id, live: '1' }, {})).toBe(r0);
    expect(await carried('/api/compose/project/get', { id: open.publicId }, {})).toBeUndefined();
    // The project's own row counts: its info, read after a rename, carries the new revision.
    await ok(admin('POST', '/api/compose/project/update', { id: open.id, name: 'C renamed', type: 1 }));
    const r1 = await rev(open.publicId);
    expect(r1).not.toBe(r0);
    expect(await carried('/api/compose/project/get', { id: open.publicId, live: '1' }, {})).toBe(r1);

    const locked = await add({ type: 2, password: 'carried-pass' });
    await ok(admin('POST', '/api/compose/doc/add', { projectId: locked.id, docIds: [id] }));
    expect(await carried('/api/compose/project/get', { id: locked.publicId, live: '1' }, {})).toBeUndefined();
    const md5 = createHash('md5').update('carried-pass').digest('hex');
    const { grant } = await ok<{ grant: string }>(
      call(t.app, null, 'POST', '/api/compose/project/checkPassword', { id: locked.publicId, password: md5 }),
    );
    const withGrant = { 'x-share-grant': grant };
    expect(await carried('/api/compose/project/get', { id: locked.publicId, live: '1' }, withGrant)).toBe(
      await rev(locked.publicId, withGrant),
    );
  });
});
