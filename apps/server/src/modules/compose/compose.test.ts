import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { verifyShareGrant } from '../shares/share-grant.js';
import { insertTestDoc } from '../shares/test-docs.js';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

let t: TestApp;
let source: Awaited<ReturnType<typeof createWorld>>;
let composeSpace: string;
let folder: string;
let f1: string;
let f2: string;
let single: string;
let notPicked: string;

beforeAll(async () => {
  t = await createTestApp();
  source = await createWorld(t);
  folder = await insertTestDoc(t.app, source.moduleId, { name: 'orders', isFolder: true });
  f1 = await insertTestDoc(t.app, source.moduleId, { name: 'list orders', parentId: folder });
  f2 = await insertTestDoc(t.app, source.moduleId, { name: 'get order', parentId: folder });
  single = await insertTestDoc(t.app, source.moduleId, { name: 'login' });
  notPicked = await insertTestDoc(t.app, source.moduleId, { name: 'internal' });
  const s = await call(t.app, t.adminToken, 'POST', '/api/space/add', { name: 'composed', isCompose: 1 });
  composeSpace = s.data.id;
});
afterAll(async () => {
  await t?.close();
});

const admin = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => call(t.app, t.adminToken, method, url, payload);
const anon = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, grant?: string) =>
  grant
    ? t.app
        .inject({
          method,
          url,
          headers: { 'x-share-grant': grant },
          ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload }),
        })
        .then((r) => ({ status: r.statusCode, ...r.json() }))
    : call(t.app, null, method, url, payload);

async function newProject(body: Record<string, unknown> = {}) {
  const r = await admin('POST', '/api/compose/project/add', { spaceId: composeSpace, name: 'Partner API', type: 1, ...body });
  expect(r.code, JSON.stringify(r.body)).toBe('0');
  return r.data as { id: string; publicId: string };
}

describe('compose projects', () => {
  it('only live in composed spaces', async () => {
    const r = await admin('POST', '/api/compose/project/add', { spaceId: source.spaceId, name: 'x', type: 1 });
    expect(r.code).toBe('100');
    expect(r.error).toBe('validation_failed');
  });

  it('shows picked docs and folders in their own folders and order, publicly', async () => {
    const p = await newProject({ description: 'for partners', showDebug: 1, gatewayUrl: 'https://gw.example.com/' });
    const own = await admin('POST', '/api/compose/doc/folder/add', { projectId: p.id, name: 'Shop' });
    expect(own.code).toBe('0');
    expect((await admin('POST', '/api/compose/doc/add', { projectId: p.id, parentId: own.data.id, docIds: [folder] })).data.added).toBe(1);
    expect((await admin('POST', '/api/compose/doc/add', { projectId: p.id, docIds: [single, single] })).data.added).toBe(1);
    // Rename the referenced folder inside the compose project and put the single doc first.
    const list = await admin('GET', '/api/compose/doc/list', { projectId: p.id });
    const ref = list.data.rows.find((r: { docId: string }) => r.docId === folder);
    const loginRow = list.data.rows.find((r: { docId: string }) => r.docId === single);
    expect(ref.origin).toContain('/project/app');
    await admin('POST', '/api/compose/doc/update', { id: ref.id, folderName: 'Orders (v2)' });
    await admin('POST', '/api/compose/doc/update', { id: loginRow.id, orderIndex: -1 });

    const info = await anon('GET', '/api/compose/project/get', { id: p.publicId });
    expect(info.data).toMatchObject({ name: 'Partner API', needPassword: false, showDebug: 1, gatewayUrl: 'https://gw.example.com' });
    const menu = await anon('GET', '/api/compose/doc/menu', { projectId: p.publicId });
    expect(menu.code).toBe('0');
    const shape = (nodes: { label: string; children: unknown[] }[]): unknown =>
      nodes.map((n) => (n.children.length ? [n.label, shape(n.children as never)] : n.label));
    expect(shape(menu.data)).toEqual(['login', ['Shop', [['Orders (v2)', expect.arrayContaining(['list orders', 'get order'])]]]]);
    expect(menu.data[1].apiCount).toBe(2);

    // Docs added later to a referenced folder appear; docs never picked are not readable.
    const later = await insertTestDoc(t.app, source.moduleId, { name: 'cancel order', parentId: folder });
    expect((await anon('GET', '/api/compose/doc/get', { projectId: p.publicId, docId: later })).code).toBe('0');
    expect((await anon('GET', '/api/compose/doc/get', { projectId: p.publicId, docId: f1 })).data.name).toBe('list orders');
    expect((await anon('GET', '/api/compose/doc/get', { projectId: p.publicId, docId: notPicked })).status).toBe(404);

    const g = info.data.grant;
    expect(await verifyShareGrant(t.app, g, { docId: f2 })).toMatchObject({
      kind: 'compose',
      allowDebug: true,
      gatewayUrl: 'https://gw.example.com',
    });
    expect(await verifyShareGrant(t.app, g, { docId: notPicked })).toBeNull();
  });

  it('a ticked folder and its ticked docs show once, inside the folder', async () => {
    const p = await newProject();
    await admin('POST', '/api/compose/doc/add', { projectId: p.id, docIds: [folder, f1, f2] });
    const menu = await anon('GET', '/api/compose/doc/menu', { projectId: p.publicId });
    expect(menu.data).toHaveLength(1);
    expect(menu.data[0]).toMatchObject({ label: 'orders', apiCount: expect.any(Number) });
    expect(menu.data[0].children.map((c: { label: string }) => c.label)).toEqual(expect.arrayContaining(['list orders', 'get order']));
  });

  it('common params and extra pages are shown with the docs', async () => {
    const p = await newProject();
    await admin('POST', '/api/compose/doc/add', { projectId: p.id, docIds: [single] });
    const saved = await admin('POST', '/api/compose/project/params/save', {
      projectId: p.id,
      globalHeaders: [{ name: 'X-Tenant', type: 'string', description: 'tenant id' }],
      globalReturns: [
        { name: 'code', type: 'string' },
        { name: 'data', type: 'object', example: '$data$' },
      ],
    });
    expect(saved.code, JSON.stringify(saved.body)).toBe('0');
    const bad = await admin('POST', '/api/compose/project/params/save', { projectId: p.id, globalHeaders: [{ name: 'bad\tname' }] });
    expect(bad.status).toBe(422);
    const doc = await anon('GET', '/api/compose/doc/get', { projectId: p.publicId, docId: single });
    expect(doc.data.globalHeaders.map((x: { name: string }) => x.name)).toEqual(['X-Tenant']);
    expect(doc.data.globalReturns.map((x: { example: string }) => x.example)).toEqual(['', '$data$']);

    const page = await admin('POST', '/api/compose/page/add', { projectId: p.id, title: 'Getting started', content: '# Hello' });
    await admin('POST', '/api/compose/page/add', { projectId: p.id, title: 'Draft', content: 'x', status: 0 });
    const info = await anon('GET', '/api/compose/project/get', { id: p.publicId });
    expect(info.data.pages).toEqual([{ id: page.data.id, title: 'Getting started' }]);
    expect((await anon('GET', '/api/compose/page/get', { projectId: p.publicId, id: page.data.id })).data.content).toBe('# Hello');
  });

  it('encrypted projects need the password on every call; disabled ones are not found', async () => {
    const p = await newProject({ type: 2, password: 'show-pass' });
    await admin('POST', '/api/compose/doc/add', { projectId: p.id, docIds: [single] });
    const info = await anon('GET', '/api/compose/project/get', { id: p.publicId });
    expect(info.data).toMatchObject({ needPassword: true, isEncrypt: 1, grant: '', description: '' });
    expect((await anon('GET', '/api/compose/doc/menu', { projectId: p.publicId })).error).toBe('share_password_required');
    expect((await anon('GET', '/api/compose/doc/get', { projectId: p.publicId, docId: single })).error).toBe('share_password_required');
    expect((await anon('POST', '/api/compose/project/checkPassword', { id: p.publicId, password: md5('wrong') })).error).toBe(
      'share_password_wrong',
    );
    const ok = await anon('POST', '/api/compose/project/checkPassword', { id: p.publicId, password: md5('show-pass') });
    const grant = ok.data.grant;
    expect((await anon('GET', '/api/compose/doc/menu', { projectId: p.publicId }, grant)).code).toBe('0');
    expect((await anon('GET', '/api/compose/doc/get', { projectId: p.publicId, docId: single }, grant)).code).toBe('0');
    // A compose grant is not a share grant and not valid for another project.
    const other = await newProject({ type: 2, password: 'other-pass' });
    expect((await anon('GET', '/api/compose/doc/menu', { projectId: other.publicId }, grant)).error).toBe('share_password_required');
    expect((await admin('GET', '/api/compose/project/password', { id: p.id })).data.password).toBe('show-pass');

    expect((await admin('POST', '/api/compose/project/disable', { id: p.id })).code).toBe('0');
    expect((await anon('GET', '/api/compose/project/get', { id: p.publicId })).status).toBe(404);
    expect((await anon('GET', '/api/compose/doc/menu', { projectId: p.publicId }, grant)).status).toBe(404);
    expect(await verifyShareGrant(t.app, grant)).toBeNull();
    expect((await admin('POST', '/api/compose/project/enable', { id: p.id })).code).toBe('0');
    expect((await anon('GET', '/api/compose/doc/menu', { projectId: p.publicId }, grant)).code).toBe('0');
    const list = await admin('GET', '/api/compose/project/list', { spaceId: composeSpace });
    expect(list.data.find((x: { id: string }) => x.id === p.id)).toMatchObject({ isEncrypt: 1, status: 1 });
    expect(JSON.stringify(list.data)).not.toContain('show-pass');
  });

  it('a picker may only add docs they can read; deleting a folder removes what it holds', async () => {
    const dev = await createUser(t, 'compose-dev');
    await admin('POST', '/api/space/member/add', { spaceId: composeSpace, userIds: [dev.id], roleCode: 'dev' });
    const p = await newProject();
    const r = await call(t.app, dev.token, 'POST', '/api/compose/doc/add', { projectId: p.id, docIds: [single] });
    expect(r.status).toBe(404);
    const f = await call(t.app, dev.token, 'POST', '/api/compose/doc/folder/add', { projectId: p.id, name: 'F' });
    expect(f.code).toBe('0');
    await admin('POST', '/api/compose/doc/add', { projectId: p.id, parentId: f.data.id, docIds: [single] });
    expect((await call(t.app, dev.token, 'POST', '/api/compose/doc/delete', { id: f.data.id })).code).toBe('0');
    expect((await admin('GET', '/api/compose/doc/list', { projectId: p.id })).data.rows).toEqual([]);
    const stranger = await createUser(t, 'compose-stranger');
    expect((await call(t.app, stranger.token, 'GET', '/api/compose/project/list', { spaceId: composeSpace })).status).toBe(404);
  });
});
