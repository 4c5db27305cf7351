/**
 * Issue 22, language: a zh-CN user visits every management route and opens the main dialogs, and no screen shows
 * an English sentence or a raw i18n key; an en user sees no Chinese. User data, code, paths and product names
 * are not sentences (e2e/language-slips.ts). Also: the /openapi guide in Chinese, and a developer's guide without
 * the token; exports downloaded in the language the user sees.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, settled, startHarness } from './harness.js';
import { languageSlips } from './language-slips.js';
import { createShopWorld, importWithWarnings, type ShopWorld } from './world.js';

let h: Harness;
let w: ShopWorld;
let devToken = '';

/** Everything the world's users typed (names, descriptions, examples) plus the accounts' names. */
const USER_DATA = [
  'Shop Space',
  'Shop',
  'order-service',
  'Orders',
  'Create order',
  'Get order',
  'Read me',
  'Order RPC',
  'Creates an order.',
  'Idempotent',
  'with the',
  'Request-Id',
  'header.',
  'Welcome',
  'Orders API guide.',
  'result code',
  'payload',
  'idempotency key',
  'customer',
  'sales channels',
  'sales channel',
  'web shop',
  'order lines',
  'stock unit',
  'quantity',
  'new order id',
  'amount',
  'out of stock',
  'retry later',
  'order id',
  'partners',
  'staging',
  'Channel',
  'Order getOrder(String id)',
  'com.shop.OrderService',
  'admin',
  'sweep-dev',
  'Partner API',
  'Team',
  // Sent by others working in English, and an imported file with warnings.
  'ci-bot',
  'Ping',
  'Warned API',
  'things',
  'size',
  'weight',
  'partNo',
  'thingId',
  'partnerKey',
  'Create things',
  'Get part',
];

let imports = 0;

beforeAll(async () => {
  h = await startHarness({ prefix: 'lang' });
  w = await createShopWorld(h);
  await h.admin('POST', 'share/add', { moduleId: w.moduleId, type: 1, isAll: 1, remark: 'partners' });
  // Two saves give the doc a history with a parameter change to compare.
  await h.admin('POST', 'doc/save', {
    id: w.getDocId,
    moduleId: w.moduleId,
    parentId: w.folderId,
    name: 'Get order',
    url: '/orders/{id}',
    httpMethod: 'GET',
    type: 0,
    pathParams: [{ name: 'id', type: 'string', required: 1, example: 'o-1001', description: 'order id' }],
    queryParams: [{ name: 'expand', type: 'string', required: 1, example: 'lines', description: '' }],
    responseParams: [{ name: 'orderId', type: 'string', required: 0, example: 'o-1002', description: '' }],
  });
  const u = await h.admin<{ id: string; password: string }>('POST', 'admin/user/add', { username: 'sweep-dev', nickname: 'sweep-dev' });
  devToken = await h.login('sweep-dev', u.password);
  expect((await h.api('POST', 'user/password/setFirst', { password: 'sweep-dev-pass-1' }, devToken)).code).toBe('0');
  await h.admin('POST', 'project/member/add', { projectId: w.projectId, userIds: [u.id], roleCode: 'dev' });
  // Messages for the sweeping admin from people working in English: a developer's change to a followed doc,
  // and a CI push. Each reads in the language the admin sees.
  await h.admin('POST', 'user/subscribe/doc/follow', { docId: w.getDocId });
  const edit = await h.api(
    'POST',
    'doc/save',
    {
      id: w.getDocId,
      moduleId: w.moduleId,
      parentId: w.folderId,
      name: 'Get order',
      url: '/orders/{id}',
      httpMethod: 'GET',
      type: 0,
      pathParams: [{ name: 'id', type: 'string', required: 1, example: 'o-1001', description: 'order id' }],
      queryParams: [{ name: 'expand', type: 'string', required: 1, example: 'lines', description: '' }],
      responseParams: [{ name: 'orderId', type: 'string', required: 0, example: 'o-1003', description: '' }],
    },
    devToken,
    { lang: 'en', 'accept-language': 'en-US' },
  );
  expect(edit.code).toBe('0');
  const moduleToken = (await h.admin<{ token: string }>('GET', 'module/token/get', { moduleId: w.moduleId })).token;
  const pushed = await h.api(
    'POST',
    'import/push?format=push',
    { author: 'ci-bot', apis: [{ name: 'Ping', url: '/ping', httpMethod: 'GET' }] },
    null,
    { token: moduleToken, lang: 'en', 'accept-language': 'en-US' },
  );
  expect(pushed.code).toBe('0');
  expect((await h.admin<{ total: number }>('GET', 'user/message/page', { pageIndex: 1, pageSize: 20 })).total).toBeGreaterThanOrEqual(2);
});
afterAll(async () => {
  await h?.stop();
});

/** Route, what shows it is ready, and an optional step that opens a dialog or tab on it. */
type Step = [name: string, url: (x: ShopWorld) => string, ready: string, open?: (p: Page) => Promise<void>];

const clickAndWait = (testId: string, ready: string) => async (p: Page) => {
  await p.getByTestId(testId).first().click();
  await settled(p.locator(ready).last());
};

const doc = (x: ShopWorld, extra = '') => `/project/doc/${x.projectId}?moduleId=${x.moduleId}${extra}`;

const STEPS: Step[] = [
  ['dashboard', () => '/dashboard', '.page'],
  ['create space dialog', () => '/dashboard', '.page', clickAndWait('create-space', '.ant-modal')],
  ['push guide', () => '/openapi', '[data-testid=openapi-guide] h1'],
  ['push guide of an application', (x) => `/openapi?moduleId=${x.moduleId}`, '[data-testid=openapi-guide] h1'],
  ['help', () => '/help', '.page'],
  ['space projects', (x) => `/space/project/${x.spaceId}`, '[data-testid=project-card]'],
  [
    'create project dialog',
    (x) => `/space/project/${x.spaceId}`,
    '[data-testid=project-card]',
    clickAndWait('create-project', '.ant-modal'),
  ],
  ['space info', (x) => `/space/info/${x.spaceId}`, '.ant-descriptions, .ant-form'],
  ['space members', (x) => `/space/member/${x.spaceId}`, '.ant-table'],
  ['add member dialog', (x) => `/space/member/${x.spaceId}`, '.ant-table', clickAndWait('add-member', '.ant-modal')],
  ['space open users', (x) => `/space/openuser/${x.spaceId}`, '.ant-table'],
  ['space trash', (x) => `/space/trash/${x.spaceId}`, '[data-testid=trash-page]'],
  ['doc tree and doc', (x) => doc(x, `&docId=${x.createDocId}`), '[data-testid=doc-view]'],
  [
    'doc history diff',
    (x) => doc(x, `&docId=${x.getDocId}`),
    '[data-testid=doc-view]',
    async (p) => {
      await p.getByTestId('doc-tab-history').click();
      const versions = p.getByTestId('history-versions');
      await expect.poll(() => versions.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      for (const box of (await versions.locator('tbody .ant-checkbox-input').all()).slice(0, 2)) await box.check();
      await p.getByTestId('history-compare').click();
      await settled(p.getByTestId('history-diff'));
    },
  ],
  [
    'import dialog',
    (x) => doc(x),
    '[data-testid=tree-node]',
    async (p) => {
      await p
        .locator('.ant-btn', { has: p.locator('.anticon-import') })
        .first()
        .click();
      await settled(p.locator('.ant-modal').last());
    },
  ],
  [
    'import with warnings',
    (x) => doc(x),
    '[data-testid=tree-node]',
    // The sweep looks at the warnings themselves, in the language the user sees.
    (p) => importWithWarnings(p, `Warned API ${++imports}`),
  ],
  [
    'export dialog',
    (x) => doc(x),
    '[data-testid=tree-node]',
    async (p) => {
      await p
        .locator('.ant-btn', { has: p.locator('.anticon-export') })
        .first()
        .click();
      await settled(p.locator('.ant-modal').last());
    },
  ],
  ['application settings', (x) => doc(x, '&tab=settings'), '.ant-tabs'],
  ['application shares', (x) => doc(x, '&tab=shares'), '.ant-table'],
  ['share dialog', (x) => doc(x, '&tab=shares'), '.ant-table', clickAndWait('share-create', '.ant-modal')],
  ['dictionaries', (x) => doc(x, '&tab=dict'), '.ant-tabs'],
  ['project info', (x) => `/project/info/${x.projectId}`, '.ant-form'],
  ['project members', (x) => `/project/member/${x.projectId}`, '.ant-table'],
  ['project constants', (x) => `/project/code/${x.projectId}`, '.section-content .ant-card, .section-content .ant-tabs'],
  ['user centre', () => '/user', '.ant-card'],
  ['followed docs', () => '/user/subscribe/doc', '.page'],
  ['messages', () => '/user/message', '.page .ant-list-item'],
  ['user settings', () => '/user/systemSetting', '.ant-card'],
  ['access tokens', () => '/user/tokens', '.page, .ant-card'],
  ['change password', () => '/updatePassword', '.ant-form'],
  ['admin users', () => '/admin/users', '.ant-table'],
  ['admin settings', () => '/admin/setting', '.ant-tabs'],
  ['admin trash', () => '/admin/trash', '[data-testid=trash-page]'],
  ['not found', () => '/404', '.ant-result'],
];

async function sweep(lang: 'zh-CN' | 'en'): Promise<string[]> {
  const found: string[] = [];
  const page = await h.newPage({ token: h.adminToken, lang, viewport: { width: 1440, height: 900 } });
  for (const [name, url, ready, open] of STEPS) {
    try {
      await page.goto(url(w));
      await page.locator(ready).first().waitFor({ timeout: 10_000 });
      await page.waitForTimeout(300);
      if (open) await open(page);
      await page.waitForTimeout(200);
    } catch (e) {
      found.push(`${name}: did not show (${(e as Error).message.split('\n')[0]})`);
      console.log(`[sweep ${lang}] ${name}: did not show`);
      continue;
    }
    for (const s of await languageSlips(page, lang, USER_DATA)) found.push(`${name}: ${s}`);
    for (const f of found.filter((x) => x.startsWith(`${name}:`))) console.log(`[sweep ${lang}] ${f}`);
  }
  // Logged out: the sign-in pages.
  const anon = await h.newPage({ lang, viewport: { width: 1440, height: 900 } });
  for (const path of ['/login', '/findPassword']) {
    await anon.goto(path);
    // The password-reset page is a card without a form when mail is not set up.
    await anon.locator('.ant-card').first().waitFor({ timeout: 30_000 });
    await anon.waitForTimeout(300);
    for (const s of await languageSlips(anon, lang, USER_DATA)) found.push(`${path}: ${s}`);
  }
  return found;
}

describe('every screen in the user’s language', () => {
  it('zh-CN: no English sentence and no raw key on any management route or main dialog', async () => {
    expect(await sweep('zh-CN')).toEqual([]);
  }, 400_000);

  it('en: no Chinese on any management route or main dialog', async () => {
    expect(await sweep('en')).toEqual([]);
  }, 400_000);

  it('the detector sees what it must: an English sentence and a raw key in a Chinese page, Chinese in an English one', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'zh-CN' });
    await page.goto('/404');
    await page.locator('.ant-result').waitFor({ timeout: 60_000 });
    await page.evaluate(() => {
      const add = (html: string) => document.body.insertAdjacentHTML('beforeend', html);
      add('<p>You do not have permission to do this</p><p>share.create</p><button>Delete</button>');
      add('<p>GET /api/orders/{id} · Folio · smart-doc · order-service</p><code>const x = "not a sentence";</code>');
      add('<p>Shop</p><p>推送 OpenAPI 文档</p><p title="Request body">x</p>');
    });
    expect(await languageSlips(page, 'zh-CN', ['Shop'])).toEqual([
      'English sentence: "You do not have permission to do this"',
      'raw key: "share.create"',
      'English word: "Delete"',
      'English sentence: "Request body"',
    ]);
    // (The page around them is Chinese: only the injected texts are looked at here.)
    const en = await languageSlips(page, 'en', ['Shop']);
    expect(en).toContain('Chinese in English UI: "推送 OpenAPI 文档"');
    expect(en.filter((x) => /Shop|Folio|permission/.test(x))).toEqual([]);
  });
});

describe('push guide and exports in Chinese', () => {
  it('the /openapi guide is Chinese with the token for an admin; a developer gets it without the token, told why', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'zh-CN' });
    await page.goto(`/openapi?moduleId=${w.moduleId}`);
    const guide = page.getByTestId('openapi-guide');
    await expect.poll(() => guide.locator('h1').textContent(), { timeout: 60_000 }).toBe('推送文档到 Folio — order-service');
    await guide.getByRole('button', { name: '复制 Token' }).waitFor();
    const dev = await h.newPage({ token: devToken, lang: 'zh-CN' });
    await dev.goto(`/openapi?moduleId=${w.moduleId}`);
    await dev.getByTestId('guide-no-token').waitFor({ timeout: 60_000 });
    expect(await dev.getByTestId('guide-no-token').textContent()).toContain('只有应用管理员才能看到推送 Token');
    expect(await dev.getByTestId('openapi-guide').locator('h1').textContent()).toBe('推送文档到 Folio');
    expect(await dev.getByText('You do not have permission').count()).toBe(0);
  });

  it('a zh-CN user in an English browser downloads a Chinese Word file', async () => {
    const page = await h.newPage({
      token: h.adminToken,
      lang: 'zh-CN',
      locale: 'en-US',
      extraHTTPHeaders: { 'Accept-Language': 'en-US,en' },
    });
    await page.goto(doc(w));
    await page.getByTestId('tree-node').first().waitFor({ timeout: 60_000 });
    await page
      .locator('.ant-btn', { has: page.locator('.anticon-export') })
      .first()
      .click();
    await settled(page.locator('.ant-modal').last());
    await page.getByTestId('export-format').getByText('Word').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
    const { readFile } = await import('node:fs/promises');
    const { strFromU8, unzipSync } = await import('fflate');
    const file = await download.path();
    const xml = strFromU8(unzipSync(new Uint8Array(await readFile(file)))['word/document.xml']);
    expect(xml).toContain('>请求参数<');
    expect(xml).not.toContain('>Request body<');
  });
});
