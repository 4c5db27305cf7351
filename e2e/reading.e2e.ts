/**
 * Issue 3, reading half: preview with the right tree, tags and counts; the doc view; tabs; filter;
 * an encrypted share in a fresh browser context; a 375 px viewport.
 */
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';
import { createShopWorld, type ShopWorld } from './world.js';

let h: Harness;
let w: ShopWorld;

beforeAll(async () => {
  h = await startHarness({ prefix: 'reading' });
  w = await createShopWorld(h);
});
afterAll(async () => {
  await h?.stop();
});

const tree = (page: Page) => page.getByTestId('doc-tree');
const tabs = (page: Page) => page.getByTestId('doc-tab');

describe('preview mode', () => {
  it('deep-links a doc: tree with tags and counts, rendered doc with nested params and wrapped response', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/view/${w.createDocId}`);
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toBe('Create order');
    // Tree: application → folder with its count, method tags in the spec colours.
    await expect.poll(() => tree(page).textContent()).toContain('order-service(4)');
    expect(await tree(page).textContent()).toContain('Orders(2)');
    const postTag = tree(page).getByTestId('method-tag').filter({ hasText: 'POST' });
    expect(await postTag.count()).toBe(1);
    expect(await tree(page).getByTestId('method-tag').filter({ hasText: 'GET' }).getAttribute('class')).toContain('processing');
    // Doc: method + URL, description rendered (and sanitized), nested request rows, error codes.
    expect(await page.getByTestId('doc-url').textContent()).toContain('POSThttp://staging.example.test/orders');
    const desc = page.getByTestId('doc-description');
    expect(await desc.locator('strong').textContent()).toBe('Idempotent');
    expect(await desc.locator('script').count()).toBe(0);
    const req = page.getByTestId('request-table');
    expect(await req.textContent()).toContain('items');
    expect(await req.textContent()).toContain('sku');
    // The enum's dictionary values are listed with the parameter.
    expect(await req.textContent()).toContain('WEB=w web shop');
    const responseExample = JSON.parse((await page.getByTestId('response-example').locator('pre').textContent()) ?? '');
    expect(responseExample).toEqual({ code: '0', data: { orderId: 'o-1001', total: 19.9 }, msg: 'ok' });
    const requestExample = JSON.parse((await page.getByTestId('request-example').locator('pre').textContent()) ?? '');
    expect(requestExample).toEqual({ customerId: 42, channel: 'WEB', items: [{ sku: 'SKU-1', qty: 2 }] });
    expect(await page.getByTestId('error-codes').textContent()).toContain('E_STOCK');
    await h.shot(page, 'preview-doc');
    // Copy the URL with the environment's base: the spec's message.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('doc-url').getByRole('button', { name: 'Copy URL' }).click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('Copy Success');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('http://staging.example.test/orders');
  });

  it('the sidebar resizes between 50 and 800 px and remembers its width', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/view/${w.createDocId}`);
    const side = page.getByTestId('reader-sidebar');
    await expect.poll(async () => (await side.boundingBox())?.width).toBe(300);
    const handle = page.locator('.reader-resize');
    const box = await handle.boundingBox();
    if (!box) throw new Error('no resize handle');
    const y = box.y + 200;
    await page.mouse.move(box.x + 3, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 103, y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Math.round((await side.boundingBox())?.width ?? 0)).toBe(400);
    await page.mouse.move(box.x + 103, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 2000, y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Math.round((await side.boundingBox())?.width ?? 0)).toBe(800);
    await page.reload();
    await expect.poll(async () => Math.round((await side.boundingBox())?.width ?? 0)).toBe(800);
  });

  it('tabs record visited docs, close only when more than one is open, and the filter narrows the tree', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/view/${w.createDocId}`);
    await expect.poll(() => tabs(page).count()).toBe(1);
    expect(await page.getByTestId('doc-tab-close').count()).toBe(0);
    await tree(page).getByText('Get order').click();
    await expect.poll(() => page.url()).toContain(`/view/${w.getDocId}`);
    await expect.poll(() => tabs(page).count()).toBe(2);
    await tree(page).getByText('Read me').click();
    await expect.poll(() => tabs(page).count()).toBe(3);
    await expect.poll(() => page.locator('.markdown-body h1').first().textContent()).toBe('Welcome');
    // Drag the last tab to the front.
    await tabs(page).filter({ hasText: 'Read me' }).dragTo(tabs(page).first());
    await expect.poll(() => tabs(page).allTextContents()).toEqual(['Read me', 'Create order', 'Get order']);
    // Context menu: close others keeps the right-clicked tab and shows it.
    await tabs(page).filter({ hasText: 'Get order' }).click({ button: 'right' });
    await page.getByTestId('tab-menu').getByText('Close others').click();
    await expect.poll(() => tabs(page).count()).toBe(1);
    await expect.poll(() => page.url()).toContain(`/view/${w.getDocId}`);
    // Filter by URL, case-insensitive.
    await page.getByTestId('tree-filter').fill('ORDERS/{ID}');
    await expect
      .poll(() => tree(page).getByTestId('tree-node').filter({ hasText: 'order' }).allTextContents())
      .toEqual(expect.arrayContaining(['GETGet order']));
    expect(await tree(page).textContent()).not.toContain('Create order');
    await h.shot(page, 'preview-filter');
  });

  it('renders a Dubbo doc with its interface and method definition', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/view/${w.dubboDocId}`);
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toBe('Order RPC');
    const info = page.getByTestId('dubbo-info');
    expect(await info.textContent()).toContain('com.shop.OrderService');
    expect(await info.textContent()).toContain('1.0.0');
    expect(await info.textContent()).toContain('Order getOrder(String id)');
    expect(await page.getByTestId('doc-url').count()).toBe(0);
  });

  it('the tree works from the keyboard', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto('/view');
    await expect.poll(() => tree(page).textContent()).toContain('order-service(4)');
    await tree(page).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toBe('Create order');
    expect(page.url()).toContain(`/view/${w.createDocId}`);
  });

  it('a 375 px viewport shows the mobile layout: sidebar closed, opened by the toggle', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en', viewport: { width: 375, height: 800 } });
    await page.goto(`/view/${w.createDocId}`);
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toBe('Create order');
    expect(await page.getByTestId('reader-sidebar').count()).toBe(0);
    await h.shot(page, 'mobile-closed');
    await page.getByTestId('toggle-sidebar').click();
    await expect.poll(() => page.getByTestId('reader-sidebar').isVisible()).toBe(true);
    await h.shot(page, 'mobile-open');
  });
});

describe('encrypted share', () => {
  it('asks for the password in a fresh context, refuses a wrong one, shows the doc with the right one', async () => {
    const share = await h.admin<{ id: string; publicId: string }>('POST', 'share/add', {
      moduleId: w.moduleId,
      type: 2,
      password: 'open-sesame',
      contents: [{ docId: w.folderId, isShareFolder: 1 }],
    });
    const page = await h.newPage({ lang: 'en' });
    await page.goto(`/share/${share.publicId}`);
    await expect.poll(() => page.getByTestId('password-box').isVisible()).toBe(true);
    await page.getByTestId('share-password-submit').click();
    await expect.poll(() => page.getByText('Can not empty').isVisible()).toBe(true);
    await page.getByTestId('share-password').fill('wrong');
    await page.getByTestId('share-password-submit').click();
    await expect.poll(() => page.locator('.ant-form-item-explain-error').textContent()).toBe('Wrong password');
    await h.shot(page, 'share-wrong-password');
    // Spaces around the password are trimmed before hashing.
    await page.getByTestId('share-password').fill('  open-sesame ');
    await page.getByTestId('share-password-submit').click();
    await expect.poll(() => page.getByTestId('doc-title').textContent(), { timeout: 15_000 }).toBe('Create order');
    expect(await tree(page).textContent()).not.toContain('Read me');
    expect(await page.getByTestId('follow-button').count()).toBe(0);
    await h.shot(page, 'share-unlocked');
    // The unlocked state survives a reload.
    await page.reload();
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toBe('Create order');
    // The server, not the page, enforces the scope: the markdown doc is outside the share.
    const grant = await page.evaluate((id) => localStorage.getItem(`folio.grant.share.${id}`), share.publicId);
    const out = await h.api('GET', 'share/doc', { id: share.publicId, docId: w.markdownDocId }, null, { 'x-share-grant': grant ?? '' });
    expect(out.status).toBe(404);
    expect(createHash('md5').update('open-sesame').digest('hex')).toHaveLength(32);
  });

  it('expired, disabled and unknown shares say so', async () => {
    const share = await h.admin<{ publicId: string }>('POST', 'share/add', {
      moduleId: w.moduleId,
      type: 1,
      isAll: 1,
      expiresAt: Date.now() - 60_000,
    });
    const page = await h.newPage({ lang: 'en' });
    await page.goto(`/share/${share.publicId}`);
    await expect.poll(() => page.getByTestId('gate-message').textContent()).toBe('The link has expired');
    const off = await h.admin<{ id: string; publicId: string }>('POST', 'share/add', { moduleId: w.moduleId, type: 1, isAll: 1 });
    await h.admin('POST', 'share/disable', { id: off.id });
    await page.goto(`/share/${off.publicId}`);
    await expect.poll(() => page.getByTestId('gate-message').textContent()).toBe('The link is no longer valid');
    await page.goto('/share/no-such-link');
    await expect.poll(() => page.getByTestId('gate-message').textContent()).toBe('The link does not exist');
  });
});
