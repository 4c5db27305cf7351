/**
 * Issue 21 for Dubbo docs: named examples written for a Dubbo method (its arguments and its answer, as the
 * editor's Examples tab stores them) are what the reader shows, with a picker between them. The doc is made
 * through the API (doc/save, type DUBBO) and read at /view/{docId}.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
let docId = '';
let moduleId = '';

const param = (name: string, type: string, example: string) => ({ name, type, required: 1, example, description: '' });
const ONE = { id: 'o-1', withItems: true };
const BARE = { id: 'o-2', withItems: false };
const FOUND = { id: 'o-1', total: 19.9 };
const MISSING = { code: 'E1001', message: 'no order o-404' };

beforeAll(async () => {
  h = await startHarness({ prefix: 'reading-dubbo' });
  const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Shop', isCompose: 0 });
  const project = await h.admin<{ id: string }>('POST', 'project/add', {
    spaceId: space.id,
    name: 'Orders',
    description: '',
    isPrivate: 0,
  });
  const mod = await h.admin<{ id: string }>('POST', 'module/add', { projectId: project.id, name: 'order-rpc' });
  const doc = await h.admin<{ id: string }>('POST', 'doc/save', {
    moduleId: mod.id,
    name: 'Get order',
    type: 1,
    definition: 'Order getOrder(String id, boolean withItems)',
    dubboInfo: { interfaceName: 'com.shop.OrderService', version: '1.0.0', protocol: 'dubbo', author: 'ann', dependency: '' },
    requestParams: [param('id', 'string', 'o-9'), param('withItems', 'boolean', 'false')],
    responseParams: [param('id', 'string', 'o-9'), param('total', 'number', '1')],
    // A business code, as smart-doc/Torna pushes have them, with an example of the answer that carries it.
    errorCodeParams: [{ code: 'E1001', msg: 'No such order', solution: 'Check the id' }],
    requestExamples: [
      { name: 'one', summary: 'One order with items', value: JSON.stringify(ONE) },
      { name: 'bare', summary: 'Without items', value: JSON.stringify(BARE) },
    ],
    responses: [
      {
        status: '200',
        description: '',
        contentType: '',
        params: [],
        isArray: 0,
        arrayType: '',
        headers: [],
        main: 0,
        examples: [{ name: 'found', summary: 'Found', value: JSON.stringify(FOUND) }],
      },
      {
        status: 'E1001',
        description: 'No such order',
        contentType: '',
        params: [],
        isArray: 0,
        arrayType: '',
        headers: [],
        main: 0,
        examples: [{ name: 'missing', summary: 'Missing', value: JSON.stringify(MISSING) }],
      },
    ],
  });
  docId = doc.id;
  moduleId = mod.id;
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

const json = async (page: Page, testId: string) =>
  JSON.parse((await page.getByTestId(testId).first().locator('pre').textContent()) ?? '') as Record<string, unknown>;

describe('a Dubbo doc’s named examples', () => {
  it('are shown in the reader, the first picked, and the picker switches between them', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en', viewport: { width: 1440, height: 900 } });
    await page.goto(`/view/${docId}`);
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toBe('Get order');
    expect(await page.getByTestId('dubbo-info').textContent()).toContain('com.shop.OrderService');
    const picker = page.getByTestId('request-example-picker');
    await picker.waitFor();
    expect(await picker.getByRole('button').allInnerTexts()).toEqual([
      'One order with items',
      'Without items',
      'Generated from the schema',
    ]);
    expect(await json(page, 'request-example')).toEqual(ONE);
    await picker.getByRole('button', { name: 'Without items' }).click();
    await expect.poll(() => json(page, 'request-example')).toEqual(BARE);
    await picker.getByRole('button', { name: 'Generated from the schema' }).click();
    await expect.poll(() => json(page, 'request-example')).toEqual({ id: 'o-9', withItems: false });
    await picker.getByRole('button', { name: 'One order with items' }).click();
    await expect.poll(() => json(page, 'request-example')).toEqual(ONE);
    // The answer's example, beside its parameters: a method has no HTTP status to pick.
    expect(await json(page, 'response-example')).toEqual(FOUND);
    expect(await page.getByTestId('response-example-picker').getByRole('button').allInnerTexts()).toEqual([
      'Found',
      'Generated from the schema',
    ]);
    expect(await page.getByTestId('response-tab').count()).toBe(0);
    await h.shot(page, 'dubbo-examples');
  });

  it('lists a business code with its example in the error codes (no tab), and the editor calls the answer "Response"', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en', viewport: { width: 1440, height: 900 } });
    await page.goto(`/view/${docId}`);
    const codes = page.getByTestId('error-codes');
    await codes.waitFor();
    expect(await codes.locator('tbody tr').first().locator('td').allInnerTexts()).toEqual([
      'E1001',
      'No such order',
      'Check the id',
      expect.stringContaining('no order o-404'),
    ]);
    expect(JSON.parse((await codes.getByTestId('error-code-example').locator('pre').textContent()) ?? '')).toEqual(MISSING);
    expect(await page.getByTestId('response-tab').count()).toBe(0);
    await codes.scrollIntoViewIfNeeded();
    await h.shot(page, 'dubbo-error-codes');

    // The editor's example groups, titled as the reader shows them: the answer has no HTTP status.
    const titles = async (p: Page) => {
      await p.goto(`/doc/edit/${moduleId}/${docId}`);
      await p.getByTestId('doc-name').waitFor({ timeout: 60_000 });
      await p.getByTestId('examples-tab').click();
      await p.getByTestId('example-group').first().waitFor();
      return p.getByTestId('example-group').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    };
    expect((await titles(page)).slice(0, 2)).toEqual(['Request body', 'Response']);
    await h.shot(page, 'dubbo-editor-examples');
    const zh = await h.newPage({ token: h.adminToken, lang: 'zh-CN', viewport: { width: 1440, height: 900 } });
    expect((await titles(zh)).slice(0, 2)).toEqual(['请求体', '响应']);
    await page.context().close();
    await zh.context().close();
  });
});
