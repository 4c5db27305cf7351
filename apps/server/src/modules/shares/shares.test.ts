import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { verifyShareGrant } from './share-grant.js';
import { insertTestDoc } from './test-docs.js';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

let t: TestApp;
let world: Awaited<ReturnType<typeof createWorld>>;
let folder: string;
let inFolder: string;
let outside: string;
let envId: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t);
  folder = await insertTestDoc(t.app, world.moduleId, { name: 'folder', isFolder: true });
  inFolder = await insertTestDoc(t.app, world.moduleId, { name: 'in-folder', parentId: folder });
  outside = await insertTestDoc(t.app, world.moduleId, { name: 'outside' });
  const env = await call(t.app, t.adminToken, 'POST', '/api/module/environment/add', {
    moduleId: world.moduleId,
    name: 'test',
    url: 'http://127.0.0.1:9',
    isPublic: 1,
  });
  envId = env.data?.id;
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

async function addShare(body: Record<string, unknown>) {
  const r = await admin('POST', '/api/share/add', { moduleId: world.moduleId, ...body });
  expect(r.code, JSON.stringify(r.body)).toBe('0');
  return r.data as { id: string; publicId: string; url: string };
}

describe('encrypted share of selected docs', () => {
  it('generates an 8-char password admins can copy, and guards every call with the grant', async () => {
    const s = await addShare({ type: 2, contents: [{ docId: inFolder }], remark: 'for partners' });
    expect(s.publicId.length).toBeGreaterThanOrEqual(22); // 16 random bytes
    const pw = (await admin('GET', '/api/share/password', { id: s.id })).data.password as string;
    expect(pw).toMatch(/^[A-HJ-NP-Za-km-z2-9]{8}$/);

    const info = await anon('GET', '/api/share/get', { id: s.publicId });
    expect(info.code).toBe('0');
    expect(info.data.needPassword).toBe(true);
    expect(info.data.grant).toBe('');

    const locked = await anon('GET', '/api/share/menu', { id: s.publicId });
    expect(locked.status).toBe(403);
    expect(locked.error).toBe('share_password_required');
    expect((await anon('GET', '/api/share/doc', { id: s.publicId, docId: inFolder })).error).toBe('share_password_required');

    const wrong = await anon('POST', '/api/share/checkPassword', { id: s.publicId, password: md5('nope') });
    expect(wrong.error).toBe('share_password_wrong');

    const right = await anon('POST', '/api/share/checkPassword', { id: s.publicId, password: md5(pw) });
    expect(right.code).toBe('0');
    const grant = right.data.grant as string;

    const menu = await anon('GET', '/api/share/menu', { id: s.publicId }, grant);
    expect(menu.code).toBe('0');
    expect(menu.data).toHaveLength(1);
    expect(menu.data[0]).toMatchObject({ label: 'folder', isFolder: 1, apiCount: 1 });
    expect(menu.data[0].children.map((c: { label: string }) => c.label)).toEqual(['in-folder']);

    const doc = await anon('GET', '/api/share/doc', { id: s.publicId, docId: inFolder }, grant);
    expect(doc.code).toBe('0');
    expect(doc.data).toMatchObject({ name: 'in-folder', url: '/in-folder', globalHeaders: [], globalReturns: [] });

    // A doc of the same application that is not in the share is not readable, grant or not.
    const out = await anon('GET', '/api/share/doc', { id: s.publicId, docId: outside }, grant);
    expect(out.status).toBe(404);
    // The folder itself is structure, not a doc.
    expect((await anon('GET', '/api/share/doc', { id: s.publicId, docId: folder }, grant)).status).toBe(404);
  });

  it('refuses a grant issued for another share, and voids grants when the password changes', async () => {
    const a = await addShare({ type: 2, isAll: 1, password: 'first-pass' });
    const b = await addShare({ type: 2, isAll: 1, password: 'other-pass' });
    const ga = (await anon('POST', '/api/share/checkPassword', { id: a.publicId, password: md5('first-pass') })).data.grant;
    expect((await anon('GET', '/api/share/menu', { id: b.publicId }, ga)).error).toBe('share_password_required');
    expect((await anon('GET', '/api/share/menu', { id: a.publicId }, ga)).code).toBe('0');
    // Trimmed on the viewer's side: md5 of the trimmed password.
    expect((await anon('POST', '/api/share/checkPassword', { id: a.publicId, password: md5(' first-pass '.trim()) })).code).toBe('0');

    const up = await admin('POST', '/api/share/update', { id: a.id, type: 2, isAll: 1, password: 'changed-pass' });
    expect(up.code).toBe('0');
    expect((await anon('GET', '/api/share/menu', { id: a.publicId }, ga)).error).toBe('share_password_required');
    expect((await admin('GET', '/api/share/password', { id: a.id })).data.password).toBe('changed-pass');
    // A forged grant (signature changed) is refused.
    const forged = `${ga.slice(0, -3)}abc`;
    expect((await anon('GET', '/api/share/menu', { id: a.publicId }, forged)).error).toBe('share_password_required');
  });

  it('rate-limits password attempts per share and address', async () => {
    const s = await addShare({ type: 2, isAll: 1, password: 'limit-pass' });
    let last: { status: number; error?: string } = { status: 0 };
    for (let i = 0; i < 11; i++) last = await anon('POST', '/api/share/checkPassword', { id: s.publicId, password: md5(`x${i}`) });
    expect(last.status).toBe(429);
    expect(last.error).toBe('rate_limited');
  });
});

describe('share scope and state', () => {
  it('a ticked folder with the append flag also shares docs added to it later', async () => {
    const f = await insertTestDoc(t.app, world.moduleId, { name: 'append-folder', isFolder: true });
    await insertTestDoc(t.app, world.moduleId, { name: 'a1', parentId: f });
    const plain = await insertTestDoc(t.app, world.moduleId, { name: 'plain-folder', isFolder: true });
    const p1 = await insertTestDoc(t.app, world.moduleId, { name: 'p1', parentId: plain });
    const s = await addShare({
      type: 1,
      contents: [{ docId: f, isShareFolder: 1 }, { docId: plain, isShareFolder: 0 }, { docId: p1 }],
    });
    const later = await insertTestDoc(t.app, world.moduleId, { name: 'a2-later', parentId: f });
    const laterPlain = await insertTestDoc(t.app, world.moduleId, { name: 'p2-later', parentId: plain });
    const info = await anon('GET', '/api/share/get', { id: s.publicId });
    expect(info.data.needPassword).toBe(false);
    const menu = await anon('GET', '/api/share/menu', { id: s.publicId });
    const labels = (menu.data as { label: string; children: { label: string }[] }[]).map((n) => [
      n.label,
      n.children.map((c) => c.label).sort(),
    ]);
    expect(labels).toEqual([
      ['append-folder', ['a1', 'a2-later']],
      ['plain-folder', ['p1']],
    ]);
    expect((await anon('GET', '/api/share/doc', { id: s.publicId, docId: later })).code).toBe('0');
    expect((await anon('GET', '/api/share/doc', { id: s.publicId, docId: laterPlain })).status).toBe(404);
  });

  it('the menu answers every change at once (its bytes are reused only while nothing changed; 304 to a browser holding them)', async () => {
    const other = await createWorld(t);
    const a = await insertTestDoc(t.app, other.moduleId, { name: 'm-a' });
    const f = await insertTestDoc(t.app, other.moduleId, { name: 'm-folder', isFolder: true });
    const s = (await admin('POST', '/api/share/add', { moduleId: other.moduleId, type: 1, isAll: 1 })).data;
    const menu = () => t.app.inject({ method: 'GET', url: '/api/share/menu', query: { id: s.publicId } });
    const labels = async () => ((await menu()).json().data as { label: string }[]).map((n) => n.label).sort();
    expect(await labels()).toEqual(['m-a', 'm-folder']);
    const etag = (await menu()).headers.etag as string;
    const held = await t.app.inject({
      method: 'GET',
      url: '/api/share/menu',
      query: { id: s.publicId },
      headers: { 'if-none-match': etag },
    });
    expect(held.statusCode).toBe(304);

    await insertTestDoc(t.app, other.moduleId, { name: 'm-b' });
    expect(await labels()).toEqual(['m-a', 'm-b', 'm-folder']);
    await t.app.ctx.db.updateTable('docs').set({ isShow: 0 }).where('id', '=', t.app.ctx.ids.decode(a, 'doc')).execute();
    expect(await labels()).toEqual(['m-b', 'm-folder']);
    expect((await anon('GET', '/api/share/doc', { id: s.publicId, docId: a })).status).toBe(404);
    expect((await admin('POST', '/api/share/update', { id: s.id, type: 1, isAll: 0, contents: [{ docId: f }] })).code).toBe('0');
    expect(await labels()).toEqual(['m-folder']);
    expect((await menu()).headers.etag).not.toBe(etag);
    // A folder is not a doc, in a share of everything too.
    expect((await admin('POST', '/api/share/update', { id: s.id, type: 1, isAll: 1 })).code).toBe('0');
    expect((await anon('GET', '/api/share/doc', { id: s.publicId, docId: f })).status).toBe(404);
  });

  it('hidden docs are never shared', async () => {
    const hidden = await insertTestDoc(t.app, world.moduleId, { name: 'hidden', isShow: 0 });
    const s = await addShare({ type: 1, isAll: 1 });
    expect((await anon('GET', '/api/share/doc', { id: s.publicId, docId: hidden })).status).toBe(404);
    expect((await anon('GET', '/api/share/doc', { id: s.publicId, docId: outside })).code).toBe('0');
  });

  it('an expired share says so on every call; empty expiry never expires', async () => {
    const past = await addShare({ type: 1, isAll: 1, expiresAt: Date.now() - 1000 });
    for (const [m, u, p] of [
      ['GET', '/api/share/get', { id: past.publicId }],
      ['GET', '/api/share/menu', { id: past.publicId }],
      ['GET', '/api/share/doc', { id: past.publicId, docId: outside }],
      ['POST', '/api/share/checkPassword', { id: past.publicId, password: md5('x') }],
    ] as const) {
      const r = await anon(m, u, p);
      expect(r.error, u).toBe('share_expired');
      expect(r.msg).toBe('链接已过期'); // default language zh-CN
    }
    const future = await addShare({ type: 1, isAll: 1, expiresAt: Date.now() + 3600_000 });
    expect((await anon('GET', '/api/share/menu', { id: future.publicId })).code).toBe('0');
    const never = await addShare({ type: 1, isAll: 1, expiresAt: null });
    const list = await admin('GET', '/api/share/list', { moduleId: world.moduleId });
    const row = list.data.find((x: { id: string }) => x.id === never.id);
    expect(row).toMatchObject({ expiresAt: null, expired: false, type: 1, status: 1 });
    expect(list.data.find((x: { id: string }) => x.id === past.id).expired).toBe(true);
  });

  it('disable, enable and delete take effect on grants already handed out', async () => {
    const s = await addShare({ type: 2, isAll: 1, password: 'state-pass', allowDebug: 1, environmentIds: [envId] });
    const grant = (await anon('POST', '/api/share/checkPassword', { id: s.publicId, password: md5('state-pass') })).data.grant;
    const ok = await verifyShareGrant(t.app, grant, { docId: outside });
    expect(ok).toMatchObject({ kind: 'share', allowDebug: true, environmentIds: [t.app.ctx.ids.decode(envId, 'env')] });
    expect(await verifyShareGrant(t.app, grant, { docId: 'not-an-id' })).toBeNull();
    const info = await anon('GET', '/api/share/get', { id: s.publicId });
    expect(info.data.environments).toEqual([{ id: envId, name: 'test', url: 'http://127.0.0.1:9' }]);

    expect((await admin('POST', '/api/share/disable', { id: s.id })).code).toBe('0');
    const r = await anon('GET', '/api/share/menu', { id: s.publicId }, grant);
    expect(r.error).toBe('share_disabled');
    expect(r.msg).toBe('链接已失效');
    expect(await verifyShareGrant(t.app, grant)).toBeNull();

    expect((await admin('POST', '/api/share/enable', { id: s.id })).code).toBe('0');
    expect((await anon('GET', '/api/share/menu', { id: s.publicId }, grant)).code).toBe('0');

    expect((await admin('POST', '/api/share/delete', { id: s.id })).code).toBe('0');
    expect((await anon('GET', '/api/share/get', { id: s.publicId })).status).toBe(404);
    expect(await verifyShareGrant(t.app, grant)).toBeNull();
    const audit = await t.app.ctx.db.selectFrom('auditLogs').select(['action']).where('target', '=', `share:${s.id}`).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['share.create', 'share.delete']);
  });

  it('public shares hand out a grant with the page (the debug proxy takes grants only)', async () => {
    const s = await addShare({ type: 1, contents: [{ docId: inFolder }] });
    const info = await anon('GET', '/api/share/get', { id: s.publicId });
    expect(await verifyShareGrant(t.app, info.data.grant, { docId: inFolder })).toMatchObject({ kind: 'share', allowDebug: false });
    expect(await verifyShareGrant(t.app, info.data.grant, { docId: outside })).toBeNull();
  });
});

describe('share lifetime', () => {
  it('a share goes away with its application', async () => {
    const other = await createWorld(t);
    const doc = await insertTestDoc(t.app, other.moduleId, { name: 'gone' });
    const r = await admin('POST', '/api/share/add', { moduleId: other.moduleId, type: 1, isAll: 1 });
    expect((await anon('GET', '/api/share/doc', { id: r.data.publicId, docId: doc })).code).toBe('0');
    const grant = (await anon('GET', '/api/share/get', { id: r.data.publicId })).data.grant;
    expect(await verifyShareGrant(t.app, grant, { docId: doc })).not.toBeNull();
    expect((await admin('POST', '/api/module/delete', { id: other.moduleId })).code).toBe('0');
    expect((await anon('GET', '/api/share/get', { id: r.data.publicId })).status).toBe(404);
    expect((await anon('GET', '/api/share/doc', { id: r.data.publicId, docId: doc })).status).toBe(404);
    expect(await verifyShareGrant(t.app, grant)).toBeNull();
  });
});

describe('share management input', () => {
  it('refuses docs and environments of another application', async () => {
    const other = await createWorld(t);
    const foreign = await insertTestDoc(t.app, other.moduleId, { name: 'foreign' });
    const r = await admin('POST', '/api/share/add', { moduleId: world.moduleId, type: 1, contents: [{ docId: foreign }] });
    expect(r.status).toBe(404);
    const bad = await admin('POST', '/api/share/add', { moduleId: world.moduleId, type: 3 });
    expect(bad.status).toBe(422);
  });

  it('guests of the project cannot manage shares; the anonymous page never shows the password', async () => {
    const guest = await createUser(t, 'share-guest');
    await admin('POST', '/api/project/member/add', { projectId: world.projectId, userIds: [guest.id], roleCode: 'guest' });
    const r = await call(t.app, guest.token, 'POST', '/api/share/add', { moduleId: world.moduleId, type: 1, isAll: 1 });
    expect(r.status).toBe(403);
    const s = await addShare({ type: 2, isAll: 1, password: 'secret-pass' });
    expect((await call(t.app, guest.token, 'GET', '/api/share/password', { id: s.id })).status).toBe(403);
    const info = await anon('GET', '/api/share/get', { id: s.publicId });
    expect(JSON.stringify(info)).not.toContain('secret-pass');
    const row = await t.app.ctx.db.selectFrom('shares').select('passwordEnc').where('publicId', '=', s.publicId).executeTakeFirstOrThrow();
    expect(row.passwordEnc).not.toContain('secret-pass');
  });
});

describe('application error codes in a shared doc', () => {
  it("carries the application's error codes next to the doc's own", async () => {
    const save = await admin('POST', '/api/module/commonParam/save', {
      moduleId: world.moduleId,
      style: 4,
      params: [{ name: '10001', description: 'token error', example: 'send a token' }],
    });
    expect(save.code).toBe('0');
    const s = await addShare({ type: 1, isAll: 1 });
    const doc = await anon('GET', '/api/share/doc', { id: s.publicId, docId: outside });
    expect(doc.code).toBe('0');
    expect(doc.data.globalErrorCodes.map((p: { name: string; description: string }) => [p.name, p.description])).toEqual([
      ['10001', 'token error'],
    ]);
  });
});
