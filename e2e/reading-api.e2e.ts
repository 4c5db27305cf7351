/**
 * Issue 21 in the browser, on Stripe's imported spec: a fresh deep link opens the doc's own project and
 * highlights its row whatever the reader opened before; the browser title names the doc; descriptions are
 * rendered (Markdown links, smart-doc's <br>, sanitised); one response tab per status with a parsable example,
 * error statuses with their bodies; long descriptions get the table's width; GitHub's alerts (`> [!NOTE]`) read
 * as callouts in the reader, a share and the exports; the top bar keeps its brand and actions at 375 px.
 * Screenshots at 1440 and 375 px go to /tmp/reading-shots (not committed).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../apps/server/test/fixtures/index.js';
import { specSubset } from '../apps/server/test/fixtures/specs.js';
import { type Harness, startHarness } from './harness.js';
import { createShopWorld, type ShopWorld } from './world.js';

const SHOTS = process.env.READING_SHOTS ?? '/tmp/reading-shots';
let h: Harness;
let w: ShopWorld;
let stripe: { projectId: string; docId: string };
let smartDocId = '';
let altDocId = '';
/** GitHub's /feeds (a NOTE in its description) and a code-security configuration (a WARNING in a body param). */
let github: { moduleId: string; feedsId: string; configId: string };

interface Node {
  id: string;
  url?: string;
  httpMethod?: string;
  isFolder?: number;
  children?: Node[];
}
const findDoc = (nodes: Node[], method: string, url: string): Node | undefined => {
  for (const n of nodes) {
    if (!n.isFolder && n.url === url && n.httpMethod?.toUpperCase() === method) return n;
    const hit = findDoc(n.children ?? [], method, url);
    if (hit) return hit;
  }
  return undefined;
};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness({ prefix: 'reading-api' });
  w = await createShopWorld(h);
  // Stripe in a space and project of its own, created after the shop (the shop is what a reader opened before).
  const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Payments', isCompose: 0 });
  const project = await h.admin<{ id: string }>('POST', 'project/add', {
    spaceId: space.id,
    name: 'Stripe',
    description: '',
    isPrivate: 0,
  });
  // An API client that names its language only in Accept-Language: the words the import writes are English.
  const queued = await h.api<{ jobId: string }>(
    'POST',
    'import',
    { projectId: project.id, name: 'stripe', content: fixture('openapi/stripe-spec3.yaml.gz') },
    h.adminToken,
    { 'accept-language': 'en' },
  );
  if (queued.code !== '0') throw new Error(`Stripe import: ${JSON.stringify(queued)}`);
  const job = queued.data;
  for (let i = 0; ; i++) {
    const s = await h.admin<{ state: string; errors?: unknown }>('GET', 'import/status', { jobId: job.jobId });
    if (s.state === 'done') break;
    if (s.state === 'failed' || i > 180) throw new Error(`Stripe import: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const tree = await h.admin<Node[]>('GET', 'doc/view/dataByProject', { projectId: project.id });
  const doc = findDoc(tree, 'POST', '/v1/customers');
  if (!doc) throw new Error('POST /v1/customers not imported');
  stripe = { projectId: project.id, docId: doc.id };
  // A smart-doc style description: inline HTML line breaks and a script that must not run.
  const saved = await h.admin<{ id: string }>('POST', 'doc/save', {
    moduleId: w.moduleId,
    name: 'User status',
    url: '/users/status',
    httpMethod: 'GET',
    description: 'Status of a user<script>window.__pwned = 1</script>',
    queryParams: [
      { name: 'state', type: 'integer', description: '用户状态<br>1: 正常<br>2: <b>禁用</b><img src=x onerror="window.__pwned=2">' },
    ],
  });
  smartDocId = saved.id;
  const alt = await h.admin<{ id: string }>('POST', 'doc/save', {
    moduleId: w.moduleId,
    name: 'Create charge',
    url: '/charges',
    httpMethod: 'POST',
    contentType: 'application/json',
    requestParams: [
      { name: 'amount', type: 'integer', example: '100' },
      {
        name: 'source',
        type: 'anyOf',
        children: [
          { name: 'Card', type: 'object', children: [{ name: 'number', type: 'string', example: '4242' }] },
          { name: 'Bank_Account', type: 'object', children: [{ name: 'iban', type: 'string', example: 'DE89' }] },
        ],
      },
    ],
  });
  altDocId = alt.id;
}, 180_000);
beforeAll(async () => {
  github = await importGitHubAlerts();
}, 60_000);

/** Two operations of GitHub's REST description whose texts hold GitHub alerts, imported into a project of their own. */
async function importGitHubAlerts() {
  const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
  const paths = ['/feeds', '/enterprises/{enterprise}/code-security/configurations'];
  const spec = specSubset(JSON.parse(readFileSync(file, 'utf8')), 1, 2, (p) => paths.includes(p));
  const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Code hosting', isCompose: 0 });
  const project = await h.admin<{ id: string }>('POST', 'project/add', {
    spaceId: space.id,
    name: 'GitHub',
    description: '',
    isPrivate: 0,
  });
  const job = await h.admin<{ jobId: string }>('POST', 'import', { projectId: project.id, name: 'github', content: JSON.stringify(spec) });
  for (let i = 0; ; i++) {
    const s = await h.admin<{ state: string }>('GET', 'import/status', { jobId: job.jobId });
    if (s.state === 'done') break;
    if (s.state === 'failed' || i > 120) throw new Error(`GitHub import: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const tree = await h.admin<Node[]>('GET', 'doc/view/dataByProject', { projectId: project.id });
  const feeds = findDoc(tree, 'GET', '/feeds');
  const config = findDoc(tree, 'POST', '/enterprises/{enterprise}/code-security/configurations');
  if (!feeds || !config) throw new Error('GitHub operations not imported');
  const { moduleId } = await h.admin<{ moduleId: string }>('GET', 'doc/detail', { id: feeds.id });
  return { moduleId, feedsId: feeds.id, configId: config.id };
}

/** An export of the GitHub application as text. */
async function exported(format: 'html' | 'markdown'): Promise<string> {
  const res = await fetch(`${h.baseUrl}/api/export?format=${format}&moduleId=${github.moduleId}`, { headers: { token: h.adminToken } });
  expect(res.status).toBe(200);
  return res.text();
}
afterAll(async () => {
  await h?.stop();
});

/** A fresh browser whose remembered project is the shop's (what the reader opened before). */
async function readerWhoOpenedTheShop(viewport = { width: 1440, height: 900 }): Promise<Page> {
  const page = await h.newPage({ token: h.adminToken, lang: 'en', viewport });
  await page.addInitScript((projectId) => {
    localStorage.setItem('folio.view.projectId', JSON.stringify(projectId));
  }, w.projectId);
  return page;
}

describe('reading a big real API', () => {
  it('a fresh deep link opens the doc’s own project, highlights its row and names the doc in the title', async () => {
    for (let i = 0; i < 3; i++) {
      const page = await readerWhoOpenedTheShop();
      await page.goto(`/view/${stripe.docId}`);
      await page.getByTestId('doc-title').waitFor();
      await expect.poll(() => page.getByTestId('project-select').inputValue()).toBe(stripe.projectId);
      const row = page.locator('.vt-row.is-selected');
      await row.waitFor();
      expect(await row.getAttribute('aria-selected')).toBe('true');
      expect(await row.isVisible()).toBe(true);
      expect(await row.locator('.vt-method').textContent()).toBe('POST');
      await expect.poll(() => page.title()).toMatch(/^POST \/v1\/customers · .+ · Folio$/);
      await page.context().close();
    }
  });

  it('renders descriptions: Markdown links, HTML as formatting, nothing runs', async () => {
    const page = await readerWhoOpenedTheShop();
    await page.goto(`/view/${stripe.docId}`);
    const link = page.getByTestId('request-table').locator('a[href="https://stripe.com/docs/api/metadata"]');
    await link.first().waitFor();
    expect(await link.first().textContent()).toBe('key-value pairs');
    const desc = page.getByTestId('doc-description');
    expect(await desc.textContent()).toContain('Creates a new customer object.');
    // The note the import wrote, in the language of the import call.
    expect(await desc.textContent()).toContain('Some parameters were left out: the schema is larger than one doc can show.');
    expect(await desc.textContent()).not.toContain('<p>');

    await page.goto(`/view/${smartDocId}`);
    const cell = page.locator('.param-desc').first();
    await cell.waitFor();
    expect(await cell.locator('br').count()).toBe(2);
    expect(await cell.locator('b').textContent()).toBe('禁用');
    expect(await cell.innerText()).toContain('用户状态\n1: 正常\n2: 禁用');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.getByTestId('doc-description').locator('script').count()).toBe(0);
  });

  it('gives long descriptions the table’s width, each under its parameter (Stripe at 1440 px)', async () => {
    const page = await readerWhoOpenedTheShop();
    await page.goto(`/view/${stripe.docId}`);
    const table = page.getByTestId('request-table');
    const email = table.locator('tr[data-depth="0"]', { has: page.locator('td.param-name', { hasText: /^email$/ }) });
    await email.waitFor();
    // The row after the parameter's holds its description, as wide as the table.
    const desc = email.locator('xpath=following-sibling::tr[1]');
    expect(await desc.getAttribute('class')).toContain('param-desc-row');
    expect(await desc.innerText()).toContain("Customer's email address.");
    const tableWidth = await table.locator('table').evaluate((el) => el.getBoundingClientRect().width);
    const descWidth = await desc.locator('td.param-desc').evaluate((el) => el.getBoundingClientRect().width);
    expect(descWidth).toBeGreaterThan(tableWidth * 0.9);
    expect(descWidth).toBeGreaterThan(500);
    // No description column squeezed beside the example.
    expect(await table.locator('thead th').allInnerTexts()).toEqual(['Name', 'Type', 'Required', 'Max length', 'Example']);
    await email.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/stripe-customers-params-1440.png` });
    // Short descriptions keep their column (a smart-doc doc).
    await page.goto(`/view/${smartDocId}`);
    await page.locator('.param-desc').first().waitFor();
    expect(await page.locator('.param-view-table thead th').allInnerTexts()).toContain('Description');
  });

  it('reads GitHub’s alerts as callouts in the reader, a share and the exports', async () => {
    const page = await readerWhoOpenedTheShop();
    await page.goto(`/view/${github.feedsId}`);
    const description = page.getByTestId('doc-description');
    const note = description.locator('.markdown-alert-note');
    await note.waitFor();
    expect(await note.locator('.markdown-alert-title').textContent()).toBe('Note');
    expect(await note.innerText()).toContain('Private feeds are only returned when authenticating via Basic Auth');
    expect(await note.locator('a[href^="https://docs.github.com/rest/authentication/"]').count()).toBe(1);
    expect(await description.innerText()).not.toContain('[!NOTE]');
    // A callout, not a plain quote: the note's colour on its left edge.
    expect(await note.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe('rgb(9, 105, 218)');
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/github-feeds-note-1440.png` });

    // In a parameter's description too.
    await page.goto(`/view/${github.configId}`);
    const table = page.getByTestId('request-table');
    const warning = table.locator('.markdown-alert-warning');
    await warning.waitFor();
    expect(await warning.locator('.markdown-alert-title').textContent()).toBe('Warning');
    expect(await warning.innerText()).toContain('are deprecated values for this field');
    expect(await table.innerText()).not.toContain('[!WARNING]');
    await warning.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/github-param-warning-1440.png` });

    // A share shows the same callout to an anonymous reader.
    const share = await h.admin<{ publicId: string }>('POST', 'share/add', { moduleId: github.moduleId, type: 1, isAll: 1 });
    const reader = await h.newPage({ lang: 'en', viewport: { width: 1440, height: 900 } });
    await reader.goto(`/share/${share.publicId}/${github.feedsId}`);
    const shared = reader.getByTestId('doc-description').locator('.markdown-alert-note');
    await shared.waitFor();
    expect(await shared.locator('.markdown-alert-title').textContent()).toBe('Note');
    await shared.scrollIntoViewIfNeeded();
    await reader.screenshot({ path: `${SHOTS}/github-feeds-note-share-1440.png` });
    await reader.context().close();

    // The HTML export, opened in the browser.
    const file = await h.newPage({ viewport: { width: 1440, height: 900 } });
    await file.setContent(await exported('html'));
    await file.locator('nav a', { hasText: 'Get feeds' }).click();
    const offline = file.locator('main .markdown-alert-note');
    await offline.waitFor();
    expect(await offline.locator('.markdown-alert-title').textContent()).toBe('Note');
    expect(await file.locator('main').innerText()).not.toContain('[!NOTE]');
    expect(await offline.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe('rgb(9, 105, 218)');
    await offline.scrollIntoViewIfNeeded();
    await file.screenshot({ path: `${SHOTS}/github-feeds-note-export-html.png` });
    await file.context().close();

    // The Markdown export keeps GitHub's own syntax (which GitHub renders as the callout); a table cell cannot
    // hold a quote, so there the alert reads "**Warning:** …".
    const md = await exported('markdown');
    expect(md).toContain('> [!NOTE]\n> Private feeds are only returned when');
    expect(md).toContain('**Warning:** `code_security` and `secret_protection` are deprecated values');
    expect(md).not.toContain('[!WARNING]');
  });

  it('keeps a big operation readable: deeper objects collapsed, expand and collapse all', async () => {
    const page = await readerWhoOpenedTheShop();
    await page.goto(`/view/${stripe.docId}`);
    const table = page.getByTestId('request-table');
    // A parameter's row (its description's row, under it, has no depth).
    const rows = table.locator('tbody tr[data-depth]');
    await rows.first().waitFor();
    const collapsed = await rows.count();
    expect(collapsed).toBeLessThan(300);
    expect(await table.locator('tr[data-depth="2"]').count()).toBe(0);
    await table.getByTestId('expand-all').click();
    await expect.poll(() => rows.count()).toBeGreaterThan(collapsed);
    expect(await table.locator('tr[data-depth="2"]').count()).toBeGreaterThan(0);
    await table.getByTestId('collapse-all').click();
    await expect.poll(() => table.locator('tr[data-depth="1"]').count()).toBe(0);
    // The outline jumps to the responses.
    await page.getByTestId('doc-outline').getByRole('button', { name: 'Responses' }).click();
    await expect.poll(() => page.getByTestId('responses').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200);
  });

  it('shows a response tab per status, the success one with a parsable example', async () => {
    const page = await readerWhoOpenedTheShop();
    await page.goto(`/view/${stripe.docId}`);
    const tabs = page.getByTestId('response-tab');
    await tabs.first().waitFor();
    expect(await tabs.allInnerTexts()).toEqual(['200', 'default']);
    expect(await page.getByTestId('response-tabs').locator('[aria-selected="true"]').textContent()).toBe('200');
    const example = JSON.parse((await page.getByTestId('response-example').locator('pre').textContent()) ?? '');
    expect(Object.keys(example)).toEqual(expect.arrayContaining(['id', 'object', 'email']));
    // No status is listed as an "error code" any more.
    expect(await page.getByTestId('error-codes').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/stripe-customers-1440.png`, fullPage: false });
    await tabs.nth(1).click();
    const panel = page.getByTestId('response-panel');
    await expect.poll(() => panel.textContent()).toContain('Error response');
    // Stripe's error body is shown with its status (its schema and a generated example).
    await panel.getByTestId('status-body').waitFor();
    // (Its name cell starts with the branch's toggle.)
    expect(await panel.locator('td.param-name').first().innerText()).toMatch(/^[−+]error$/);
    expect(Object.keys(JSON.parse((await page.getByTestId('status-example').locator('pre').textContent()) ?? ''))).toEqual(['error']);
    await page.getByTestId('responses').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/stripe-customers-default-tab-1440.png` });
  });

  it('shows a form-encoded request example one field a line; Copy gives the body as it is sent', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en', permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(`/view/${stripe.docId}`);
    const block = page.getByTestId('request-example');
    await block.locator('pre').waitFor();
    const lines = ((await block.locator('pre').textContent()) ?? '').split('\n');
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.filter((l) => !/^[^=&\s]+=/.test(l))).toEqual([]);
    expect(lines).toContain('balance=0');
    await block.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/stripe-customers-form-example-1440.png` });
    await block.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('&');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).not.toContain('\n');
    const sent = new URLSearchParams(copied);
    expect([...sent.keys()].length).toBe(lines.length);
    expect(sent.get('balance')).toBe('0');
  });

  it('"↗ see address" is a link to the row that shows the address schema', async () => {
    const page = await readerWhoOpenedTheShop();
    await page.goto(`/view/${stripe.docId}`);
    const table = page.getByTestId('response-table');
    await table.locator('tbody tr').first().waitFor();
    await table.getByTestId('expand-all').click();
    const link = table
      .getByTestId('schema-link')
      .filter({ hasText: /^↗ see address$/ })
      .first();
    await link.scrollIntoViewIfNeeded();
    await link.click();
    const flashed = table.locator('tr.is-flash');
    await flashed.waitFor();
    // The mark lasts 1.6 s: the row is read by its key after.
    const target = table.locator(`tr[data-key="${await flashed.getAttribute('data-key')}"]`);
    expect(await target.locator('td.param-name').innerText()).toMatch(/^[−+]address$/);
    expect(await target.locator('td').nth(1).innerText()).toBe('object(address)|null');
    const box = await target.boundingBox();
    expect(box && box.y > 0 && box.y < 900).toBe(true);
    await page.screenshot({ path: `${SHOTS}/stripe-see-link-1440.png` });
  });

  it('examples are valid payloads: one anyOf alternative at a time with a switcher, highlighted JSON', async () => {
    const page = await readerWhoOpenedTheShop();
    await page.goto(`/view/${altDocId}`);
    const block = page.getByTestId('request-example');
    await block.waitFor();
    const read = async () => JSON.parse((await block.locator('pre').textContent()) ?? '');
    expect(await read()).toEqual({ amount: 100, source: { number: '4242' } });
    expect(await block.locator('.tok-key').count()).toBeGreaterThan(0);
    await page.getByTestId('example-alternatives').getByRole('button', { name: 'Bank_Account' }).click();
    await expect.poll(read).toEqual({ amount: 100, source: { iban: 'DE89' } });
    await page.getByTestId('request-example').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/alternatives-1440.png` });
  });

  it('tree labels: the path for operationId-only docs, counts that follow the filter, the match highlighted', async () => {
    const page = await readerWhoOpenedTheShop();
    await page.goto(`/view/${stripe.docId}`);
    const row = page.locator('.vt-row.is-selected');
    await row.waitFor();
    expect(await row.locator('.vt-label').textContent()).toBe('/v1/customers');
    expect(await row.getByTestId('tree-node').getAttribute('title')).toBe('PostCustomers\n/v1/customers');
    await page.getByTestId('tree-filter').fill('balance_transactions');
    const customers = page
      .locator('.vt-row', { hasText: 'customers' })
      .filter({ has: page.getByTestId('tree-count') })
      .first();
    await expect.poll(() => customers.getByTestId('tree-count').textContent()).toMatch(/^\(\d+ of 47\)$/);
    expect(await page.locator('.vt-label mark').first().textContent()).toBe('balance_transactions');
    await page.screenshot({ path: `${SHOTS}/tree-filter-1440.png` });
  });

  it('code samples from the doc and the environment, in the language the reader picked last', async () => {
    const page = await readerWhoOpenedTheShop();
    await page.goto(`/view/${altDocId}`);
    await page.getByTestId('doc-outline').getByRole('button', { name: 'Code samples' }).click();
    const sample = page.getByTestId('code-sample').locator('pre');
    await sample.waitFor();
    const curl = (await sample.textContent()) ?? '';
    expect(curl).toContain('curl');
    expect(curl).toContain('http://staging.example.test/charges');
    expect(curl).toContain('"amount": 100');
    await page.getByTestId('code-lang').filter({ hasText: 'Python' }).click();
    await expect.poll(() => sample.textContent()).toContain('requests.post(');
    await page.screenshot({ path: `${SHOTS}/code-samples-1440.png` });
    await page.reload();
    await page.getByTestId('doc-outline').getByRole('button', { name: 'Code samples' }).click();
    await expect.poll(() => page.getByTestId('code-sample').locator('pre').textContent()).toContain('requests.post(');
  });

  it('gate pages follow the browser’s language, with a picker', async () => {
    for (const [locale, text] of [
      ['en-US', 'The link does not exist'],
      ['zh-CN', '链接不存在'],
    ]) {
      const page = await h.newPage({ locale });
      await page.goto('/share/no-such-link');
      await expect.poll(() => page.getByTestId('gate-message').textContent()).toBe(text);
      expect(await page.getByTestId('lang-picker').isVisible()).toBe(true);
      if (locale === 'en-US') await page.screenshot({ path: `${SHOTS}/gate-en-1440.png` });
      await page.context().close();
    }
  });

  it('keeps the top bar’s brand readable and every action on screen at 375 px', async () => {
    const page = await readerWhoOpenedTheShop({ width: 375, height: 800 });
    await page.goto(`/view/${stripe.docId}`);
    await page.getByTestId('doc-title').waitFor();
    const brand = page.getByTestId('reader-brand');
    // The mark and the short name, whole (it was cut to "F…").
    expect(await brand.innerText()).toBe('F Folio');
    expect(await page.locator('.reader-brand').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const id of ['toggle-sidebar', 'search-button', 'management-mode', 'lang-picker']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375, id).toBe(true);
    }
    // Management mode is an icon there, named for assistive technology.
    expect(await page.getByTestId('management-mode').getAttribute('title')).toBe('Management mode');
    await page.screenshot({ path: `${SHOTS}/top-bar-375.png`, clip: { x: 0, y: 0, width: 375, height: 120 } });
    // On a wide screen the bar says which mode it is in.
    const wide = await readerWhoOpenedTheShop();
    await wide.goto(`/view/${stripe.docId}`);
    await wide.getByTestId('doc-title').waitFor();
    expect(await wide.getByTestId('reader-brand').innerText()).toBe('F Folio · Browse mode');
    expect(await wide.getByTestId('management-mode').innerText()).toBe('Management mode');
  });

  it('reads at 375 and 390 px', async () => {
    const wide = await readerWhoOpenedTheShop({ width: 390, height: 844 });
    await wide.goto(`/view/${stripe.docId}`);
    await wide.getByTestId('doc-title').waitFor();
    await wide.getByTestId('responses').scrollIntoViewIfNeeded();
    await wide.screenshot({ path: `${SHOTS}/stripe-customers-responses-390.png` });
    const page = await readerWhoOpenedTheShop({ width: 375, height: 800 });
    await page.goto(`/view/${stripe.docId}`);
    await page.getByTestId('doc-title').waitFor();
    await page.screenshot({ path: `${SHOTS}/stripe-customers-375.png` });
    await page.getByTestId('responses').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/stripe-customers-responses-375.png` });
    await page.goto(`/view/${smartDocId}`);
    await page.locator('.param-desc').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/smart-doc-375.png` });
  });
});
