/**
 * Issue 22, deletes that can be undone: deleting the open doc shows "Deleted" with Undo (no "not found"),
 * Undo brings it back with its id; the trash page lists a deleted folder and restores it; deleting a project
 * asks for its name to be typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';
import { createShopWorld, type ShopWorld } from './world.js';

let h: Harness;
let w: ShopWorld;
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 100 });

beforeAll(async () => {
  h = await startHarness({ prefix: 'trash' });
  w = await createShopWorld(h);
});
afterAll(async () => {
  await h?.stop();
});

describe('trash', () => {
  it('undoes deleting the open doc from the message, keeping its id', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    const errors: string[] = [];
    await page.goto(`/project/doc/${w.projectId}?moduleId=${w.moduleId}&docId=${w.getDocId}`);
    await page.getByTestId('doc-delete').click({ timeout: 60_000 });
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    const undo = page.getByTestId('undo-delete');
    await undo.waitFor();
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    // The page left the deleted doc and shows no "not found" error.
    await poll(() => new URL(page.url()).searchParams.get('docId')).toBeNull();
    await page.locator('.doc-workspace-main .ant-empty').waitFor();
    expect(await page.locator('.ant-message-error').count()).toBe(0);
    await h.shot(page, 'deleted-undo');
    expect((await h.api('GET', 'doc/detail', { id: w.getDocId }, h.adminToken)).status).toBe(404);
    await undo.click();
    await page.getByText('Restored', { exact: true }).waitFor();
    const back = await h.api('GET', 'doc/detail', { id: w.getDocId }, h.adminToken);
    expect(back.code).toBe('0');
    expect(back.data.id).toBe(w.getDocId);
  });

  it('lists a deleted folder in the space trash and restores it in place', async () => {
    const del = await h.admin<{ trashId: string }>('POST', 'doc/delete', { id: w.folderId, deleteChildren: 1 });
    const page = await h.newPage({ token: h.adminToken, lang: 'zh-CN' });
    await page.goto(`/space/trash/${w.spaceId}`);
    await page.getByTestId('trash-page').waitFor({ timeout: 60_000 });
    const row = page.locator('tr', { hasText: 'Orders' });
    await row.waitFor();
    expect(await row.textContent()).toContain('目录');
    await h.shot(page, 'space-trash-zh');
    await page.getByTestId(`restore-${del.trashId}`).click();
    await page.getByText('已恢复', { exact: true }).waitFor();
    await poll(() => page.locator('tr', { hasText: 'Orders' }).count()).toBe(0);
    const tree = await h.api('GET', 'doc/tree', { moduleId: w.moduleId }, h.adminToken);
    expect(JSON.stringify(tree.data)).toContain('Create order');
  });

  it('asks for the project name before deleting a project', async () => {
    const p = await h.admin<{ id: string }>('POST', 'project/add', {
      spaceId: w.spaceId,
      name: 'Disposable',
      description: '',
      isPrivate: 0,
    });
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/project/info/${p.id}`);
    await page.getByRole('button', { name: 'Delete project' }).click({ timeout: 60_000 });
    const ok = page.locator('.ant-modal-confirm .ant-btn-dangerous');
    await ok.waitFor();
    expect(await ok.isDisabled()).toBe(true);
    await page.getByTestId('type-to-confirm').fill('Disposabl');
    expect(await ok.isDisabled()).toBe(true);
    await page.getByTestId('type-to-confirm').fill('Disposable');
    await poll(() => ok.isDisabled()).toBe(false);
    await h.shot(page, 'type-to-confirm');
    await ok.click();
    await page.getByTestId('undo-delete').waitFor();
    expect((await h.api('GET', 'project/info', { projectId: p.id }, h.adminToken)).status).toBe(404);
  });
});
