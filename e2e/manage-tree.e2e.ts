/**
 * Issue 22, a tree that fits real names, on 1,123 imported docs with long operation names: the pane is
 * resizable and remembers its width, hovering never scrolls it sideways (long names end in an ellipsis, with
 * the full name and path on hover), and rows can show method + path instead of names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
let projectId: string;
let moduleId: string;
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 30_000, interval: 200 });

/** An OpenAPI description with n operations in 12 tags, named like generated operationIds. */
function bigSpec(n: number) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (let i = 0; i < n; i++) {
    const tag = `wellKnownResourceGroup${i % 12}`;
    paths[`/v1/customers/{customer}/balance_transactions/${i}/{transaction}`] = {
      get: {
        tags: [tag],
        operationId: `GetCustomersCustomerBalanceTransactionsTransactionWithAVeryLongGeneratedName${i}`,
        responses: { 200: { description: 'ok' } },
      },
    };
  }
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Big', version: '1' }, paths });
}

beforeAll(async () => {
  h = await startHarness({ prefix: 'manage-tree' });
  const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Tree space', isCompose: 0 });
  projectId = (await h.admin<{ id: string }>('POST', 'project/add', { spaceId: space.id, name: 'Tree', description: '', isPrivate: 0 })).id;
  const fd = new FormData();
  fd.append('projectId', projectId);
  fd.append('name', 'big-api');
  fd.append('content', bigSpec(1123));
  const r = await fetch(`${h.baseUrl}/api/import`, { method: 'POST', headers: { token: h.adminToken }, body: fd });
  const { data } = (await r.json()) as { data: { jobId: string } };
  for (let i = 0; i < 300; i++) {
    const s = (await h.api('GET', 'import/status', { jobId: data.jobId }, h.adminToken)).data;
    if (s.state === 'done') {
      moduleId = s.moduleId;
      break;
    }
    if (s.state === 'failed') throw new Error(JSON.stringify(s));
    await new Promise((r) => setTimeout(r, 500));
  }
  if (!moduleId) throw new Error('import did not finish');
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

describe('the management tree on long names', () => {
  it('resizes and remembers its width, never scrolls sideways, and shows paths on demand', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en', viewport: { width: 1440, height: 900 } });
    await page.goto(`/project/doc/${projectId}?moduleId=${moduleId}`);
    const pane = page.locator('.doc-workspace-tree');
    await page.getByTestId('tree-node').first().waitFor({ timeout: 60_000 });
    const before = (await pane.boundingBox())?.width ?? 0;
    const handle = page.getByTestId('tree-resizer');
    const box = await handle.boundingBox();
    if (!box) throw new Error('no resizer');
    await page.mouse.move(box.x + box.width / 2, box.y + 100);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 180, box.y + 100, { steps: 8 });
    await page.mouse.up();
    await poll(async () => Math.round((await pane.boundingBox())?.width ?? 0)).toBeGreaterThan(before + 150);
    const widened = Math.round((await pane.boundingBox())?.width ?? 0);
    await page.reload();
    await page.getByTestId('tree-node').first().waitFor({ timeout: 60_000 });
    expect(Math.abs(Math.round((await pane.boundingBox())?.width ?? 0) - widened)).toBeLessThan(3);

    // Open a folder and hover a long row: no sideways scroll, an ellipsis, the full name and path as its title.
    await page.getByTestId('tree-node').filter({ hasText: 'wellKnownResourceGroup0' }).click();
    const row = page.locator('[data-testid=tree-node][title*="/balance_transactions/0/"]');
    await row.hover();
    const holder = page.locator('.doc-tree-body .ant-tree-list-holder');
    expect(await holder.evaluate((el) => el.scrollLeft)).toBe(0);
    const label = row.locator('.tree-label');
    // (Polled: the row's width settles once the tree has laid out the opened folder.)
    await poll(() => label.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await row.getAttribute('title')).toContain('/v1/customers/{customer}/balance_transactions/0/{transaction}');
    expect(await page.getByTestId('tree-node').filter({ hasText: 'wellKnownResourceGroup0' }).textContent()).toContain(
      'wellKnownResourceGroup0',
    );
    await h.shot(page, 'long-names');

    await page.getByTestId('tree-label-mode').click();
    await poll(() => row.locator('.tree-label').textContent()).toBe('/v1/customers/{customer}/balance_transactions/0/{transaction}');
    await h.shot(page, 'paths');
    await page.reload();
    await page.getByTestId('tree-node').first().waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => localStorage.getItem('folio.treeLabel'))).toBe('path');
  });
});
