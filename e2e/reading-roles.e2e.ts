/**
 * Issue 3, reading half, continued: who sees what in preview (a guest reads and follows, a stranger gets
 * 'Document not found'), switching between preview and management mode, the language selector of the
 * preview bar, and composed projects under /show (public, encrypted, disabled).
 */
import { createHash } from 'node:crypto';
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';
import { createShopWorld, type ShopWorld } from './world.js';

let h: Harness;
let w: ShopWorld;

beforeAll(async () => {
  h = await startHarness({ prefix: 'reading-roles' });
  w = await createShopWorld(h);
});
afterAll(async () => {
  await h?.stop();
});

/** A user with a set password, optionally a member of the shop project with a role. */
async function user(name: string, role?: 'guest' | 'dev' | 'admin'): Promise<string> {
  const u = await h.admin<{ id: string; password: string }>('POST', 'admin/user/add', { username: name, nickname: name });
  const token = await h.login(name, u.password);
  expect((await h.api('POST', 'user/password/setFirst', { password: `${name}-pass-1234` }, token)).code).toBe('0');
  if (role) await h.admin('POST', 'project/member/add', { projectId: w.projectId, userIds: [u.id], roleCode: role });
  return token;
}

describe('preview by role', () => {
  it('a guest reads the doc in preview and follows it', async () => {
    const token = await user('reader-guest', 'guest');
    const page = await h.newPage({ token, lang: 'en' });
    await page.goto(`/view/${w.getDocId}`);
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toBe('Get order');
    // Preview is read-only: no mock tab (management only), no edit controls.
    expect(await page.getByTestId('doc-tab-mock').count()).toBe(0);
    expect(await page.getByRole('button', { name: /edit/i }).count()).toBe(0);
    await page.getByTestId('follow-button').click();
    await expect.poll(() => page.getByTestId('follow-button').textContent()).toContain('Unfollow');
    expect(await h.api('GET', 'user/subscribe/doc/isFollow', { docId: w.getDocId }, token)).toMatchObject({ code: '0', data: true });
    await h.shot(page, 'guest-preview');
  });

  it('a stranger cannot open a doc of the private project', async () => {
    const token = await user('reader-stranger');
    const page = await h.newPage({ token, lang: 'en' });
    await page.goto(`/view/${w.createDocId}`);
    await expect.poll(() => page.getByTestId('doc-not-found').textContent()).toBe('Document not found');
    expect(await page.getByTestId('doc-title').count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toContain('Create order');
    await h.shot(page, 'stranger-preview');
  });

  it('switches to management mode and back, and the language selector changes the texts', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/view/${w.createDocId}`);
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toBe('Create order');
    await page.getByTestId('management-mode').click();
    await page.waitForURL(`**/project/doc/${w.projectId}`);
    await page.goto(`/view/${w.createDocId}`);
    await expect.poll(() => page.getByTestId('management-mode').textContent()).toBe('Management mode');
    // The selector lists the server's languages.
    await expect
      .poll(() => page.getByTestId('lang-picker').locator('option').allTextContents())
      .toEqual(expect.arrayContaining(['English', '简体中文']));
    await page.getByTestId('lang-picker').selectOption('zh-CN');
    await expect.poll(() => page.getByTestId('management-mode').textContent()).toBe('管理模式');
    expect(await page.getByTestId('doc-tab-doc').textContent()).toBe('文档');
    await h.shot(page, 'preview-zh');
    await page.reload();
    await expect.poll(() => page.getByTestId('management-mode').textContent()).toBe('管理模式');
  });
});

describe('compose view (/show)', () => {
  let composeSpace: string;
  beforeAll(async () => {
    composeSpace = (await h.admin<{ id: string }>('POST', 'space/add', { name: 'Partners', isCompose: 1 })).id;
  });

  it('shows a public composed project with its own folders and extra pages', async () => {
    const p = await h.admin<{ id: string; publicId: string }>('POST', 'compose/project/add', {
      spaceId: composeSpace,
      name: 'Partner API',
      type: 1,
    });
    const folder = await h.admin<{ id: string }>('POST', 'compose/doc/folder/add', { projectId: p.id, name: 'Ordering' });
    await h.admin('POST', 'compose/doc/add', { projectId: p.id, parentId: folder.id, docIds: [w.createDocId] });
    await h.admin('POST', 'compose/page/add', { projectId: p.id, title: 'Getting started', content: '## Keys\n\nAsk us for a key.' });
    const page = await h.newPage({ lang: 'en' });
    await page.goto(`/show/${p.publicId}`);
    // The first entry (the extra page) opens by itself.
    await expect.poll(() => page.locator('.markdown-body h2').first().textContent()).toBe('Keys');
    expect(await page.getByTestId('doc-tree').textContent()).toContain('Ordering(1)');
    await page.getByTestId('doc-tree').getByText('Ordering').click();
    await page.getByTestId('doc-tree').getByText('Create order').click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toBe('Create order');
    expect(await page.getByTestId('doc-tree').textContent()).not.toContain('Get order');
    await h.shot(page, 'show-public');

    await h.admin('POST', 'compose/project/disable', { id: p.id });
    await page.reload();
    await expect.poll(() => page.getByTestId('gate-message').textContent()).toBe('Document not found');
  });

  it('an encrypted composed project asks for its password', async () => {
    const p = await h.admin<{ id: string; publicId: string }>('POST', 'compose/project/add', {
      spaceId: composeSpace,
      name: 'Secret API',
      type: 2,
      password: 'letmein-1',
    });
    await h.admin('POST', 'compose/doc/add', { projectId: p.id, docIds: [w.getDocId] });
    const page = await h.newPage({ lang: 'en' });
    // The deep link asks for the menu and doc before it knows a password is needed: the server answers neither.
    const answers: { path: string; status: number; body: Promise<string> }[] = [];
    const onResponse = (r: Response) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/compose/')) answers.push({ path, status: r.status(), body: r.text() });
    };
    page.on('response', onResponse);
    await page.goto(`/show/${p.publicId}/${w.getDocId}`);
    await expect.poll(() => page.getByTestId('password-box').isVisible()).toBe(true);
    page.off('response', onResponse);
    const read = answers.filter((a) => a.path === '/api/compose/doc/get' || a.path === '/api/compose/doc/menu');
    expect(read.map((a) => a.status)).toEqual([403, 403]);
    for (const a of answers) expect(await a.body).not.toContain('Get order');
    expect(await page.getByTestId('doc-title').count()).toBe(0);
    await page.getByTestId('share-password').fill('nope');
    await page.getByTestId('share-password-submit').click();
    await expect.poll(() => page.locator('.ant-form-item-explain-error').textContent()).toBe('Wrong password');
    await page.getByTestId('share-password').fill('letmein-1');
    await page.getByTestId('share-password-submit').click();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toBe('Get order');
    const grant = await page.evaluate((id) => localStorage.getItem(`folio.grant.compose.${id}`), p.publicId);
    const r = await h.api('POST', 'compose/project/checkPassword', {
      id: p.publicId,
      password: createHash('md5').update('letmein-1').digest('hex'),
    });
    expect(r.code).toBe('0');
    expect(grant).toBeTruthy();
  });
});
