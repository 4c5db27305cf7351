/**
 * Business error codes in the doc editor (issue 21): a code that is no HTTP status (a push's "E1001") has an
 * example group in the Examples tab, like a response status: its pushed example can be edited, one added to a
 * code without any, and removed again; what is saved is what the reader's error-code table and the OpenAPI
 * export's `x-error-codes` show. A pushed business-code response without an error-code row is removed as a whole.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';
import { tornaPush } from './world.js';

let h: Harness;
let moduleId = '';
let token = '';
let docId = '';

type Obj = Record<string, any>;

beforeAll(async () => {
  h = await startHarness({ prefix: 'business-codes' });
  const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Shop', isCompose: 0 });
  const project = await h.admin<{ id: string }>('POST', 'project/add', { spaceId: space.id, name: 'Stock', description: '', isPrivate: 0 });
  moduleId = (await h.admin<{ id: string }>('POST', 'module/add', { projectId: project.id, name: 'stock-api' })).id;
  token = (await h.admin<{ token: string }>('GET', 'module/token/get', { moduleId })).token;
  // Pushed as smart-doc/Torna push business codes: E1001 with an example, E1002 without.
  const data = {
    apis: [
      {
        isFolder: '0',
        name: 'Reserve stock',
        url: '/stock/{sku}/reserve',
        httpMethod: 'POST',
        errorCodeParams: [
          { code: 'E1001', msg: 'Out of stock', solution: 'Order fewer' },
          { code: 'E1002', msg: 'Locked', solution: '' },
        ],
        responses: [
          { status: 'E1001', description: 'Out of stock', examples: [{ name: 'stock', summary: 'No stock', value: { error: 'E1001' } }] },
        ],
      },
    ],
  };
  await tornaPush(h, token, data);
  const tree = await h.admin<Obj[]>('GET', 'doc/tree', { moduleId });
  docId = tree.find((n) => n.name === 'Reserve stock')?.id ?? '';
  if (!docId) throw new Error('pushed doc not found');
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

/** Replaces the text of a CodeMirror editor. */
async function replace(page: Page, code: ReturnType<Page['locator']>, text: string) {
  await code.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

const stored = async () => (await h.admin<Obj>('GET', 'doc/detail', { id: docId })).responses ?? [];
const examplesAt = async (status: string) =>
  ((await stored()).find((r: Obj) => r.status === status)?.examples ?? []).map((e: Obj) => [e.name, e.summary, JSON.parse(e.value)]);

describe('business codes in the editor', () => {
  it('edits, adds and removes the examples of codes that are no HTTP status; the reader and the export show them', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en', viewport: { width: 1440, height: 900 } });
    await page.goto(`/doc/edit/${moduleId}/${docId}`);
    await page.getByTestId('doc-name').waitFor({ timeout: 60_000 });
    await page.getByTestId('examples-tab').click();
    const stock = page.locator('[data-testid="example-group"][aria-label="Error code E1001"]');
    const locked = page.locator('[data-testid="example-group"][aria-label="Error code E1002"]');
    await stock.waitFor();
    expect(await stock.getByTestId('example-label').allInnerTexts()).toEqual(['No stock']);
    expect(await locked.getByTestId('example-label').count()).toBe(0);

    // The pushed example edited; the code without one given one.
    await stock.getByTestId('example-label').click();
    await replace(page, stock.getByTestId('example-value').locator('.cm-content'), '{"error": "E1001", "left": 0}');
    await locked.getByTestId('example-add').click();
    await locked.getByTestId('example-name').fill('locked');
    await locked.getByTestId('example-summary').fill('Held by another order');
    await replace(page, locked.getByTestId('example-value').locator('.cm-content'), '{"error": "E1002"}');
    await locked.scrollIntoViewIfNeeded();
    await h.shot(page, 'editor');
    await page.getByTestId('doc-save').click();
    await page.waitForURL(/docId=/);
    expect(await examplesAt('E1001')).toEqual([['stock', 'No stock', { error: 'E1001', left: 0 }]]);
    expect(await examplesAt('E1002')).toEqual([['locked', 'Held by another order', { error: 'E1002' }]]);

    // The reader: each code's row of the error-code table with its example.
    await page.goto(`/view/${docId}`);
    const row = (code: string) => page.locator('.plain-table tr', { has: page.locator('td', { hasText: new RegExp(`^${code}$`) }) });
    await row('E1002').getByTestId('error-code-example').waitFor();
    expect(await row('E1001').getByTestId('error-code-example').textContent()).toContain('"left"');
    expect(await row('E1002').getByTestId('error-code-example').textContent()).toContain('"E1002"');
    await h.shot(page, 'reader');
    // The OpenAPI export lists both with their examples.
    const res = await fetch(`${h.baseUrl}/api/export?format=openapi-json&moduleId=${moduleId}`, { headers: { token: h.adminToken } });
    const op = Object.values((await res.json()).paths['/stock/{sku}/reserve'] as Obj)[0];
    expect(op['x-error-codes'].map((c: Obj) => [c.code, c.examples?.map((e: Obj) => e.name) ?? []])).toEqual([
      ['E1001', ['stock']],
      ['E1002', ['locked']],
    ]);

    // Removed again in the editor: gone from the stored doc.
    await page.goto(`/doc/edit/${moduleId}/${docId}`);
    await page.getByTestId('doc-name').waitFor({ timeout: 60_000 });
    await page.getByTestId('examples-tab').click();
    await locked.getByRole('button', { name: 'Remove example Held by another order', exact: true }).click();
    expect(await locked.getByTestId('example-label').count()).toBe(0);
    await page.getByTestId('doc-save').click();
    await expect.poll(async () => (await stored()).map((r: Obj) => r.status)).toEqual(['E1001']);
    await page.context().close();
  });

  it('removes a pushed business-code response that has no error-code row, as a whole; the reader no longer shows it', async () => {
    // A push whose response has a business code (E1003, with an example) that its error-code table does not list.
    await tornaPush(h, token, {
      apis: [
        {
          isFolder: '0',
          name: 'Release stock',
          url: '/stock/{sku}/release',
          httpMethod: 'POST',
          responses: [
            {
              status: 'E1003',
              description: 'Sku retired',
              examples: [{ name: 'retired', summary: 'Retired sku', value: { error: 'E1003' } }],
            },
          ],
        },
      ],
    });
    const id = (await h.admin<Obj[]>('GET', 'doc/tree', { moduleId })).find((n) => n.name === 'Release stock')?.id ?? '';
    const statuses = async () => ((await h.admin<Obj>('GET', 'doc/detail', { id })).responses ?? []).map((r: Obj) => r.status);
    expect(await statuses()).toEqual(['E1003']);
    const page = await h.newPage({ token: h.adminToken, lang: 'en', viewport: { width: 1440, height: 900 } });
    const row = page.locator('.plain-table tr', { has: page.locator('td', { hasText: /^E1003$/ }) });
    await page.goto(`/view/${id}`);
    await row.getByTestId('error-code-example').waitFor();

    await page.goto(`/doc/edit/${moduleId}/${id}`);
    await page.getByTestId('doc-name').waitFor({ timeout: 60_000 });
    await page.getByTestId('examples-tab').click();
    const retired = page.locator('[data-testid="example-group"][aria-label="Error code E1003"]');
    // Its example removed, the response (its description) stays: the group is still there.
    await retired.getByRole('button', { name: 'Remove example Retired sku', exact: true }).click();
    expect(await retired.getByTestId('example-label').count()).toBe(0);
    await retired.getByRole('button', { name: 'Remove error code E1003', exact: true }).click();
    await retired.waitFor({ state: 'detached' });
    await page.getByTestId('doc-save').click();
    await expect.poll(statuses).toEqual([]);

    await page.goto(`/view/${id}`);
    await page.getByTestId('doc-title').waitFor();
    await h.shot(page, 'removed-reader');
    expect(await page.getByText('Sku retired').count()).toBe(0);
    await page.context().close();
  });
});
