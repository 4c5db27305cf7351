/**
 * Issue 3: a doc built in management mode (folder, HTTP doc, response params by JSON import) is seen in
 * preview with the right tree, method tag, counts, nested rows and generated example.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ prefix: 'manage-to-preview' });
});
afterAll(async () => {
  await h?.stop();
});

/**
 * Clicks OK in the open dialog; with `field`, in the dialog holding that field (one that is still closing,
 * such as the previous step's, is not picked by mistake on a slow machine).
 */
const okModal = (page: Page, field?: string) =>
  (field ? page.locator('.ant-modal').filter({ has: page.getByTestId(field) }) : page.locator('.ant-modal-wrap:visible').last())
    .locator('.ant-modal-footer .ant-btn-primary')
    .click();

describe('management → preview', () => {
  it('a doc created with JSON import shows in preview with its tag, counts, nested rows and example', async () => {
    const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Bridge', isCompose: 0 });
    const project = await h.admin<{ id: string }>('POST', 'project/add', { spaceId: space.id, name: 'Accounts', isPrivate: 0 });
    await h.admin('POST', 'module/add', { projectId: project.id, name: 'user-service' });
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/project/doc/${project.id}`);
    await page.getByTestId('new-folder').click();
    await page.getByTestId('folder-name').fill('Users');
    await okModal(page, 'folder-name');
    await expect.poll(() => page.getByTestId('tree-node').first().textContent()).toBe('Users(0)');
    await page.getByTestId('tree-node').first().hover();
    await page.locator('.tree-more').first().click();
    await page.getByText('New HTTP doc here').click();
    await page.waitForURL(/\/doc\/new\//);
    await page.getByTestId('doc-name').fill('List users');
    await page.getByTestId('doc-url').fill('/users');
    await page.getByRole('tab', { name: /Response/ }).click();
    await page.getByTestId('response-params').getByTestId('param-import-json').click();
    await page.locator('.ant-modal-wrap:visible').getByTestId('json-import-text').fill('{"total": 2, "users": [{"id": 1, "name": "Ann"}]}');
    await okModal(page);
    await page.getByTestId('doc-save').click();
    await page.waitForURL(/docId=/);
    const docId = new URL(page.url()).searchParams.get('docId') ?? '';
    expect(docId).not.toBe('');

    // The top bar's browse-mode button opens preview; the tree holds the new doc.
    await page.getByText('Browse mode').click();
    await page.waitForURL(/\/view/);
    const tree = page.getByTestId('doc-tree');
    await expect.poll(() => tree.textContent()).toContain('user-service(1)');
    await page.getByRole('button', { name: 'Expand all' }).click();
    await tree.getByText('List users').click();
    await page.waitForURL(`**/view/${docId}`);
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toBe('List users');
    expect(await tree.textContent()).toContain('user-service(1)');
    expect(await tree.textContent()).toContain('Users(1)');
    const tag = tree.getByTestId('method-tag').first();
    expect(await tag.textContent()).toBe('GET');
    expect(await tag.getAttribute('class')).toContain('method-processing');
    const table = page.getByTestId('response-table');
    expect(await table.locator('tr[data-depth="1"]').allTextContents()).toEqual([
      expect.stringContaining('id'),
      expect.stringContaining('name'),
    ]);
    const example = JSON.parse((await page.getByTestId('response-example').locator('pre').textContent()) ?? '');
    expect(example).toEqual({ total: 2, users: [{ id: 1, name: 'Ann' }] });
    await h.shot(page, 'preview');
  });
});
