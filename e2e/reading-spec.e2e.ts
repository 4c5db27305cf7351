/**
 * Issue 21 in the browser, on a Train Travel-shaped spec (apps/server/test/fixtures/specs.ts TRAINS_SPEC): the
 * spec's own named examples come first with a picker ("Card Payment"), and feed code samples and the debug
 * form; every status has its tab with its body, headers and example; examples sit beside the schema on wide
 * screens and below it on narrow ones; a webhook reads as an incoming call, without Debug. Screenshots go to
 * READING_SHOTS (default /tmp/reading-shots; not committed).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAINS_BANK, TRAINS_CARD, TRAINS_PROBLEM, TRAINS_SPEC } from '../apps/server/test/fixtures/specs.js';
import { type Harness, startHarness } from './harness.js';

const SHOTS = process.env.READING_SHOTS ?? '/tmp/reading-shots';
let h: Harness;
let paymentId = '';
let webhookId = '';
let moduleId = '';

interface Node {
  id: string;
  url?: string;
  isFolder?: number;
  children?: Node[];
}
const findDoc = (nodes: Node[], url: string): Node | undefined => {
  for (const n of nodes) {
    if (!n.isFolder && n.url === url) return n;
    const hit = findDoc(n.children ?? [], url);
    if (hit) return hit;
  }
  return undefined;
};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness({ prefix: 'reading-spec' });
  const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Rail', isCompose: 0 });
  const project = await h.admin<{ id: string }>('POST', 'project/add', {
    spaceId: space.id,
    name: 'Trains',
    description: '',
    isPrivate: 0,
  });
  const job = await h.admin<{ jobId: string }>('POST', 'import', {
    projectId: project.id,
    name: 'trains',
    content: JSON.stringify(TRAINS_SPEC),
  });
  for (let i = 0; ; i++) {
    const s = await h.admin<{ state: string }>('GET', 'import/status', { jobId: job.jobId });
    if (s.state === 'done') break;
    if (s.state === 'failed' || i > 120) throw new Error(`import: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const tree = await h.admin<Node[]>('GET', 'doc/view/dataByProject', { projectId: project.id });
  paymentId = findDoc(tree, '/bookings/{bookingId}/payment')?.id ?? '';
  moduleId = (await h.admin<{ moduleId: string }>('GET', 'doc/detail', { id: paymentId })).moduleId;
  webhookId = findDoc(tree, '/newBooking')?.id ?? '';
  if (!paymentId || !webhookId) throw new Error('payment or webhook doc not imported');
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

const reader = (width = 1440, height = 900) => h.newPage({ token: h.adminToken, lang: 'en', viewport: { width, height } });
const json = async (page: Page, testId: string) =>
  JSON.parse((await page.getByTestId(testId).first().locator('pre').textContent()) ?? '') as Record<string, unknown>;

describe('a spec’s own examples', () => {
  it('come first with a picker; the generated one stays last with its alternatives switcher', async () => {
    const page = await reader();
    await page.goto(`/view/${paymentId}`);
    const picker = page.getByTestId('request-example-picker');
    await picker.waitFor();
    expect(await picker.getByRole('button').allInnerTexts()).toEqual(['Card Payment', 'Bank Account Payment', 'Generated from the schema']);
    expect(await json(page, 'request-example')).toEqual(TRAINS_CARD);
    expect(await page.getByTestId('request-example').locator('.tok-key').count()).toBeGreaterThan(0);
    await page.getByTestId('request-example').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/trains-payment-1440.png` });
    await picker.getByRole('button', { name: 'Bank Account Payment' }).click();
    await expect.poll(() => json(page, 'request-example')).toEqual(TRAINS_BANK);
    // A header's several named examples fold under its example.
    const more = page.getByTestId('param-examples');
    expect(await more.locator('summary').innerText()).toBe('2 examples');
    await more.locator('summary').click();
    expect(await more.locator('li').allInnerTexts()).toEqual([
      'f3c2a1d4-5b6e-4f70-8a91-b2c3d4e5f607 A UUID',
      'order-1234-payment Any unique text',
    ]);
    await picker.getByRole('button', { name: 'Generated from the schema' }).click();
    await page.getByTestId('example-alternatives').first().waitFor();
    expect(Object.keys(await json(page, 'request-example'))).toEqual(['amount', 'currency', 'status', 'source']);
  });

  it('are what code samples send (the one picked) and what the debug form starts with', async () => {
    const page = await reader();
    await page.goto(`/view/${paymentId}`);
    const picker = page.getByTestId('request-example-picker');
    await picker.getByRole('button', { name: 'Bank Account Payment' }).click();
    await page.getByTestId('doc-outline').getByRole('button', { name: 'Code samples' }).click();
    const sample = page.getByTestId('code-sample').locator('pre');
    await expect.poll(() => sample.textContent()).toContain('bank_account');
    await page.getByTestId('doc-tab-debug').click();
    await page.getByTestId('debug-panel').waitFor();
    await page.getByTestId('debug-panel').getByRole('tab', { name: /^Body/ }).click();
    const body = page.getByTestId('debug-body-text').locator('.cm-content');
    await body.waitFor();
    await expect.poll(async () => JSON.parse((await body.innerText()) || 'null')).toEqual(TRAINS_CARD);
  });
});

describe('every response', () => {
  it('has a tab per status; an error status shows its body, headers and the spec’s example', async () => {
    const page = await reader();
    await page.goto(`/view/${paymentId}`);
    const tabs = page.getByTestId('response-tab');
    await tabs.first().waitFor();
    expect(await tabs.allInnerTexts()).toEqual(['200', '400', 'default']);
    expect(await json(page, 'response-example')).toEqual({ ...TRAINS_CARD, status: 'succeeded' });
    expect(await page.getByTestId('response-headers').textContent()).toContain('RateLimit');
    await tabs.filter({ hasText: '400' }).click();
    const panel = page.getByTestId('response-panel');
    await expect.poll(() => panel.getByTestId('status-body').count()).toBe(1);
    expect(await panel.textContent()).toContain('application/problem+json');
    expect(await panel.locator('td.param-name').allInnerTexts()).toEqual(expect.arrayContaining(['title', 'detail', 'RateLimit']));
    expect(await json(page, 'status-example')).toEqual(TRAINS_PROBLEM);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/trains-payment-400-1440.png` });
    await tabs.filter({ hasText: 'default' }).click();
    await expect.poll(() => panel.textContent()).toContain('No body is documented for this status.');
  });
});

describe('layout', () => {
  const boxes = async (page: Page) => {
    const table = await page.getByTestId('request-table').boundingBox();
    const example = await page.getByTestId('request-example').first().boundingBox();
    if (!table || !example) throw new Error('request table or example not shown');
    return { table, example };
  };

  it('puts the example beside the schema at 1,440 px and below it at 390 px', async () => {
    const wide = await reader(1440, 900);
    await wide.goto(`/view/${paymentId}`);
    await wide.getByTestId('request-example').first().waitFor();
    const w = await boxes(wide);
    expect(w.example.x).toBeGreaterThanOrEqual(w.table.x + w.table.width);
    expect(Math.abs(w.example.y - w.table.y)).toBeLessThan(120);
    const narrow = await reader(390, 844);
    await narrow.goto(`/view/${paymentId}`);
    await narrow.getByTestId('request-example').first().waitFor();
    const n = await boxes(narrow);
    expect(n.example.y).toBeGreaterThanOrEqual(n.table.y + n.table.height);
    await narrow.screenshot({ path: `${SHOTS}/trains-payment-390.png` });
    await narrow.getByTestId('responses').scrollIntoViewIfNeeded();
    await narrow.screenshot({ path: `${SHOTS}/trains-payment-responses-390.png` });
  });
});

describe('webhooks', () => {
  it('read as an incoming call named by its event, with its payload, and no Debug tab or code samples', async () => {
    const page = await reader();
    await page.goto(`/view/${webhookId}`);
    const head = page.getByTestId('doc-webhook');
    await head.waitFor();
    expect(await head.getByTestId('webhook-tag').innerText()).toBe('WEBHOOK');
    expect(await head.getByTestId('method-tag').innerText()).toBe('POST');
    expect(await head.textContent()).toContain('newBooking');
    // In the tree, a webhook wears its own marker, not the POST of an endpoint to call (the payment does).
    const row = (name: string) => page.getByTestId('doc-tree').getByTestId('tree-node').filter({ hasText: name });
    await page.getByTestId('tree-filter').fill('booking');
    await row('Pay for a Booking').waitFor();
    await row('New Booking').waitFor();
    expect(await row('New Booking').getByTestId('webhook-tag').innerText()).toBe('WEBHOOK');
    expect(await row('New Booking').getByTestId('method-tag').count()).toBe(0);
    expect(await row('New Booking').getAttribute('title')).toContain('Webhook newBooking · POST');
    expect(await row('Pay for a Booking').getByTestId('method-tag').innerText()).toBe('POST');
    expect(await row('Pay for a Booking').getByTestId('webhook-tag').count()).toBe(0);
    await page.getByTestId('reader-sidebar').screenshot({ path: `${SHOTS}/trains-webhook-tree.png` });
    await page.getByTestId('tree-filter').fill('');
    expect(await page.getByTestId('doc-url').count()).toBe(0);
    expect(await page.getByTestId('doc-tab-debug').count()).toBe(0);
    expect(await page.getByTestId('request-params').textContent()).toContain('Payload');
    expect(await json(page, 'request-example')).toEqual({ id: 'b1', passenger_name: 'John Doe' });
    await expect.poll(() => page.title()).toBe('Webhook newBooking · New Booking · Folio');
    await page.screenshot({ path: `${SHOTS}/trains-webhook-1440.png` });
    const narrow = await reader(390, 844);
    await narrow.goto(`/view/${webhookId}`);
    await narrow.getByTestId('doc-webhook').waitFor();
    await narrow.screenshot({ path: `${SHOTS}/trains-webhook-390.png` });
  });

  it('are marked as webhooks in search results', async () => {
    const page = await reader();
    await page.goto(`/view/${paymentId}`);
    await page.getByTestId('search-button').click();
    await page.getByTestId('search-input').fill('booking');
    await expect.poll(() => page.getByTestId('search-results').getAttribute('data-query')).toBe('booking');
    const hit = (name: string) => page.getByTestId('search-hit').filter({ hasText: name });
    await hit('New Booking').waitFor();
    expect(await hit('New Booking').getByTestId('webhook-tag').innerText()).toBe('WEBHOOK');
    expect(await hit('Pay for a Booking').getByTestId('webhook-tag').count()).toBe(0);
    expect(await hit('Pay for a Booking').innerText()).toContain('POST');
    await page.screenshot({ path: `${SHOTS}/trains-webhook-search-1440.png` });
  });
});

describe('a form edit of an imported doc', () => {
  it('keeps the spec’s examples, flags where they no longer match, and lets the editor remove one', async () => {
    // A copy of the payment whose body lost `currency` and gained `total` in the form (the examples still have currency).
    const copy = await h.admin<{ id: string }>('POST', 'doc/copy', { id: paymentId, url: '/bookings/{bookingId}/payment-edited' });
    const d = await h.admin<Record<string, any>>('GET', 'doc/detail', { id: copy.id });
    const requestParams = [
      ...d.requestParams.filter((p: { name: string }) => p.name !== 'currency'),
      { name: 'total', type: 'number', required: 1, description: '', example: '', children: [] },
    ];
    await h.admin('POST', 'doc/save', {
      id: d.id,
      moduleId: d.moduleId,
      name: d.name,
      url: d.url,
      httpMethod: d.httpMethod,
      requestParams,
    });
    const page = await reader();
    await page.goto(`/view/${copy.id}`);
    await page.getByTestId('request-example-picker').waitFor();
    expect(await page.getByTestId('request-example-source').innerText()).toContain('From the imported spec');
    const misfit = page.getByTestId('request-example-misfit');
    expect(await misfit.innerText()).toBe(
      'No longer matches the parameters (not parameters: currency; required, missing: total): check it, or remove it in the editor.',
    );
    await page.getByTestId('request-example').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/trains-example-misfit-1440.png` });
    // The generated example says nothing of the kind.
    await page.getByTestId('request-example-picker').getByRole('button', { name: 'Generated from the schema' }).click();
    expect(await page.getByTestId('request-example-source').count()).toBe(0);

    await page.goto(`/doc/edit/${moduleId}/${copy.id}`);
    await page.getByTestId('doc-name').waitFor({ timeout: 60_000 });
    await page.getByTestId('examples-tab').click();
    const request = page.getByTestId('example-group').filter({ hasText: 'Request body' });
    const labels = request.getByTestId('example-label');
    await labels.first().waitFor();
    expect(await labels.allInnerTexts()).toEqual(['Card Payment', 'Bank Account Payment']);
    expect(await request.getByTestId('example-misfit').first().innerText()).toBe('not parameters: currency; required, missing: total');
    await request.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/trains-editor-spec-examples-1440.png` });
    await request.getByRole('button', { name: 'Remove example Card Payment', exact: true }).click();
    expect(await labels.allInnerTexts()).toEqual(['Bank Account Payment']);
    await page.getByTestId('doc-save').click();
    await expect
      .poll(async () => (await h.admin<Record<string, any>>('GET', 'doc/detail', { id: copy.id })).requestExamples?.length)
      .toBe(1);
    const after = await h.admin<Record<string, any>>('GET', 'doc/detail', { id: copy.id });
    expect(after.requestExamples.map((e: { summary: string }) => e.summary)).toEqual(['Bank Account Payment']);
    expect(after.responses.map((r: { status: string }) => r.status)).toEqual(['200', '400', 'default']);
    expect(after.requestParams.map((p: { name: string }) => p.name)).toEqual(['amount', 'status', 'source', 'total']);
  });

  it('edits a response example: JSON that does not parse is refused inline and not saved; the view shows the edit', async () => {
    const copy = await h.admin<{ id: string }>('POST', 'doc/copy', { id: paymentId, url: '/bookings/{bookingId}/payment-examples' });
    const page = await reader();
    await page.goto(`/doc/edit/${moduleId}/${copy.id}`);
    await page.getByTestId('doc-name').waitFor({ timeout: 60_000 });
    await page.getByTestId('examples-tab').click();
    const replace = async (code: ReturnType<Page['locator']>, text: string) => {
      await code.click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.press('Delete');
      await page.keyboard.insertText(text);
    };

    // The 400 status's example (the spec's problem JSON), opened, edited into JSON that does not parse.
    const problem = page.getByTestId('example-group').filter({ hasText: 'Response 400' });
    await problem.getByTestId('example-label').click();
    const problemCode = problem.getByTestId('example-value').locator('.cm-content');
    await replace(problemCode, '{"title": "Edited", "status": 400');
    await expect.poll(() => problem.getByTestId('example-error').count()).toBe(1);
    expect(await problem.getByTestId('example-error').innerText()).toMatch(/^Not valid JSON, so it cannot be saved: /);
    await problem.getByTestId('example-summary').fill('Edited problem');
    await problem.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/trains-editor-example-invalid-1440.png` });
    await page.getByTestId('doc-save').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('1 example(s) cannot be saved');
    const stored = await h.admin<Record<string, any>>('GET', 'doc/detail', { id: copy.id });
    expect(JSON.parse(stored.responses[1].examples[0].value)).toEqual(TRAINS_PROBLEM);

    // Fixed, and a new example added to the 200 status.
    await replace(problemCode, '{"title": "Edited", "status": 400}');
    await expect.poll(() => problem.getByTestId('example-error').count()).toBe(0);
    const success = page.getByTestId('example-group').filter({ hasText: 'Response 200' });
    await success.getByTestId('example-add').click();
    await success.getByTestId('example-name').last().fill('refund');
    await success.getByTestId('example-summary').last().fill('Refunded');
    await replace(success.getByTestId('example-value').last().locator('.cm-content'), '{"amount": 10, "status": "failed"}');
    // Each example is tagged with its origin: the spec's untouched one, the new one and the edited 400 are Folio's.
    expect(await success.getByTestId('example-origin').allInnerTexts()).toEqual(['From the spec', 'Written in Folio']);
    expect(await problem.getByTestId('example-origin').allInnerTexts()).toEqual(['Written in Folio']);
    await success.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/trains-editor-examples-1440.png` });
    await page.getByTestId('doc-save').click();
    await page.waitForURL(/docId=/);

    await page.goto(`/view/${copy.id}`);
    const picker = page.getByTestId('response-example-picker');
    await picker.waitFor();
    await picker.getByRole('button', { name: 'Refunded' }).click();
    expect(await json(page, 'response-example')).toEqual({ amount: 10, status: 'failed' });
    await page.getByTestId('response-tab').filter({ hasText: '400' }).click();
    await expect.poll(() => page.getByTestId('status-example').count()).toBeGreaterThan(0);
    expect(await json(page, 'status-example')).toEqual({ title: 'Edited', status: 400 });
    expect(await page.getByTestId('response-panel').textContent()).toContain('Edited problem');
    // Labelled by origin: the edited 400 and the new 200 example are Folio's, the untouched 200 one the spec's.
    expect(await page.getByTestId('status-example-source').innerText()).toBe('Written or edited in Folio');
    await page.getByTestId('response-tab').filter({ hasText: '200' }).click();
    await picker.getByRole('button', { name: 'Refunded' }).click();
    expect(await page.getByTestId('response-example-source').innerText()).toBe('Written or edited in Folio');
    await picker.getByRole('button', { name: 'Card Payment' }).click();
    expect(await page.getByTestId('response-example-source').innerText()).toBe('From the imported spec');
  });

  it('gives a parameter the spec has no examples for named examples, starting from its example', async () => {
    const copy = await h.admin<{ id: string }>('POST', 'doc/copy', { id: paymentId, url: '/bookings/{bookingId}/payment-path' });
    const page = await reader();
    await page.goto(`/doc/edit/${moduleId}/${copy.id}`);
    await page.getByTestId('doc-name').waitFor({ timeout: 60_000 });
    await page.getByTestId('examples-tab').click();
    const group = page.locator('[data-testid="example-group"][aria-label="Parameter bookingId (path)"]');
    await group.waitFor();
    expect(await group.getByTestId('example-label').count()).toBe(0);
    await group.getByTestId('example-add').click();
    expect(await group.getByTestId('example-origin').allInnerTexts()).toEqual(['Written in Folio']);
    await group.getByTestId('example-name').fill('mine');
    await group.getByTestId('example-value').locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('b-42');
    await group.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/trains-editor-param-example-1440.png` });
    await page.getByTestId('doc-save').click();
    await page.waitForURL(/docId=/);
    const saved = await h.admin<Record<string, any>>('GET', 'doc/detail', { id: copy.id });
    const own = saved.paramExamples.find((p: { in: string; name: string }) => p.in === 'path' && p.name === 'bookingId');
    expect(own.examples).toEqual([{ name: 'mine', summary: '', value: 'b-42', origin: 'folio' }]);
    expect(saved.pathParams.find((p: { name: string }) => p.name === 'bookingId').example).toBe('b-42');
  });

  it('an error code deleted in the editor takes its status’s examples along: gone from the tab, the reader and the stored doc', async () => {
    const copy = await h.admin<{ id: string }>('POST', 'doc/copy', { id: paymentId, url: '/bookings/{bookingId}/payment-no400' });
    const page = await reader();
    await page.goto(`/doc/edit/${moduleId}/${copy.id}`);
    await page.getByTestId('doc-name').waitFor({ timeout: 60_000 });
    await page.getByTestId('examples-tab').click();
    const groups = page.getByTestId('example-group');
    await groups.first().waitFor();
    const titles = () => groups.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(await titles()).toContain('Response 400');
    await page.getByRole('tab', { name: /^Error codes/ }).click();
    const codes = page.locator('.ant-table-row:visible');
    await codes.first().waitFor();
    const first = await codes.evaluateAll((rows) => rows.map((r) => (r.querySelector('input') as HTMLInputElement | null)?.value));
    const row = codes.nth(first.indexOf('400'));
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('examples-tab').click();
    await groups.first().waitFor();
    expect(await titles()).not.toContain('Response 400');
    await page.getByTestId('doc-save').click();
    await page.waitForURL(/docId=/);
    const saved = await h.admin<Record<string, any>>('GET', 'doc/detail', { id: copy.id });
    expect(saved.responses.map((r: { status: string }) => r.status)).toEqual(['200', 'default']);
    await page.goto(`/view/${copy.id}`);
    await page.getByTestId('response-tab').first().waitFor();
    expect(await page.getByTestId('response-tab').allInnerTexts()).toEqual(['200', 'default']);
  });

  it('a parameter’s first named example edited in the Examples tab is its example in the Headers tab and once saved', async () => {
    const copy = await h.admin<{ id: string }>('POST', 'doc/copy', { id: paymentId, url: '/bookings/{bookingId}/payment-key' });
    const page = await reader();
    await page.goto(`/doc/edit/${moduleId}/${copy.id}`);
    await page.getByTestId('doc-name').waitFor({ timeout: 60_000 });
    await page.getByTestId('examples-tab').click();
    const group = page.getByTestId('example-group').filter({ hasText: 'Parameter Idempotency-Key (header)' });
    await group.getByTestId('example-label').first().click();
    const code = group.getByTestId('example-value').first().locator('.cm-content');
    await code.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('order-9-payment');
    await page.getByRole('tab', { name: /^Headers/ }).click();
    const headers = page.getByTestId('header-params');
    await headers.getByTestId('param-name').first().waitFor();
    const names = await headers.getByTestId('param-name').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    const at = names.indexOf('Idempotency-Key');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(await headers.getByLabel('Example', { exact: true }).nth(at).inputValue()).toBe('order-9-payment');
    await page.getByTestId('doc-save').click();
    await page.waitForURL(/docId=/);
    const saved = await h.admin<Record<string, any>>('GET', 'doc/detail', { id: copy.id });
    expect(saved.headerParams.find((p: { name: string }) => p.name === 'Idempotency-Key').example).toBe('order-9-payment');
    expect(saved.paramExamples[0].examples.map((e: { value: string; origin?: string }) => [e.value, e.origin])).toEqual([
      ['order-9-payment', 'folio'],
      ['order-1234-payment', undefined],
    ]);
  });
});

describe('a doc made in the form', () => {
  it('gets named request and per-status response examples; the reader shows them as an imported doc’s', async () => {
    const made = await h.admin<{ id: string }>('POST', 'doc/save', {
      moduleId,
      name: 'Create order',
      url: '/orders',
      httpMethod: 'POST',
      requestParams: [{ name: 'sku', type: 'string', required: 1, example: 'A1' }],
      responseParams: [{ name: 'id', type: 'string', example: 'o1' }],
      errorCodeParams: [{ code: '404', msg: 'No such product' }],
    });
    const page = await reader();
    await page.goto(`/doc/edit/${moduleId}/${made.id}`);
    await page.getByTestId('doc-name').waitFor({ timeout: 60_000 });
    await page.getByTestId('examples-tab').click();
    const groups = page.getByTestId('example-group');
    await groups.first().waitFor();
    expect(await groups.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual([
      'Request body',
      'Response 200',
      'Response 404',
    ]);
    const add = async (title: string, name: string, summary: string, value: string) => {
      const group = page.locator(`[data-testid="example-group"][aria-label="${title}"]`);
      await group.getByTestId('example-add').click();
      await group.getByTestId('example-name').last().fill(name);
      await group.getByTestId('example-summary').last().fill(summary);
      await group.getByTestId('example-value').last().locator('.cm-content').click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.press('Delete');
      await page.keyboard.insertText(value);
    };
    await add('Request body', 'one', 'One item', '{"sku": "A1"}');
    await add('Request body', 'two', 'Another item', '{"sku": "B2"}');
    await add('Response 200', 'created', 'Created', '{"id": "o2"}');
    await add('Response 404', 'missing', 'Missing', '{"error": "no such product"}');
    await page.screenshot({ path: `${SHOTS}/handmade-editor-examples-1440.png`, fullPage: true });
    await page.getByTestId('doc-save').click();
    await page.waitForURL(/docId=/);

    await page.goto(`/view/${made.id}`);
    const picker = page.getByTestId('request-example-picker');
    await picker.waitFor();
    expect(await picker.getByRole('button').allInnerTexts()).toEqual(['One item', 'Another item', 'Generated from the schema']);
    expect(await json(page, 'request-example')).toEqual({ sku: 'A1' });
    expect(await page.getByTestId('request-example-source').innerText()).toBe('Written or edited in Folio');
    await picker.getByRole('button', { name: 'Another item' }).click();
    expect(await json(page, 'request-example')).toEqual({ sku: 'B2' });
    expect(await page.getByTestId('response-tab').allInnerTexts()).toEqual(['200', '404']);
    const responsePicker = page.getByTestId('response-example-picker');
    expect(await responsePicker.getByRole('button').allInnerTexts()).toEqual(['Created', 'Generated from the schema']);
    expect(await json(page, 'response-example')).toEqual({ id: 'o2' });
    await page.getByTestId('request-example').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/handmade-view-examples-1440.png` });
    await page.getByTestId('response-tab').filter({ hasText: '404' }).click();
    await expect.poll(() => page.getByTestId('status-example').count()).toBeGreaterThan(0);
    expect(await json(page, 'status-example')).toEqual({ error: 'no such product' });
    expect(await page.getByTestId('response-panel').textContent()).toContain('No such product');
    await page.getByTestId('responses').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/handmade-view-404-1440.png` });
  });
});
