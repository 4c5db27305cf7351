/**
 * An application's dictionaries (the Dictionaries tab of application management): a dictionary is added, an
 * item added, then edited in a dialog that shows the item's values, the add dialog starts blank again, the
 * dictionary is renamed, and both are deleted. What the page shows is what the server kept.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Harness, settled, startHarness } from './harness.js';
import { createShopWorld, type ShopWorld } from './world.js';

let h: Harness;
let w: ShopWorld;
/** An application of its own, with no dictionary yet. */
let moduleId: string;

beforeAll(async () => {
  h = await startHarness({ prefix: 'dictionaries' });
  w = await createShopWorld(h);
  moduleId = (await h.admin<{ id: string }>('POST', 'module/add', { projectId: w.projectId, name: 'dictionary-app' })).id;
});
afterAll(async () => {
  await h?.stop();
});

/** Polls what a person sees, patient enough for a loaded 2-core machine. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 100 });

/** The dialog holding a field labelled `label`, once it has come to rest. */
async function dialogWith(page: Page, label: string) {
  const dialog = page.locator('.ant-modal-wrap:visible').filter({ has: page.getByLabel(label, { exact: true }) });
  await settled(dialog.locator('.ant-modal'));
  return dialog;
}

/**
 * Confirms the open delete confirmation, and waits until it has gone: a confirmation still closing when the next
 * one is asked for would otherwise be the one confirmed (under load its leave animation outlasts the next click).
 */
async function confirmDelete(page: Page) {
  const confirm = page.locator('.ant-modal-confirm');
  await settled(confirm);
  await confirm.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
  await poll(() => confirm.count()).toBe(0);
}

it('adds, edits and deletes a dictionary and its items', async () => {
  const page = await h.newPage({ token: h.adminToken, lang: 'en' });
  await page.goto(`/project/doc/${w.projectId}?moduleId=${moduleId}&tab=dict`);
  const categories = page.getByTestId('dict-categories');
  const items = page.getByTestId('dict-items');
  await categories.getByText('No dictionaries yet').waitFor({ timeout: 30_000 });

  // A new dictionary.
  await categories.getByRole('button', { name: 'Add' }).click();
  let dialog = await dialogWith(page, 'Dictionary name');
  await dialog.getByLabel('Dictionary name', { exact: true }).fill('Order status');
  await dialog.getByLabel('Description', { exact: true }).fill('Where an order is');
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await poll(() => dialog.count()).toBe(0);
  await poll(() => categories.locator('.ant-list-item').textContent()).toContain('Order status');
  await poll(() => items.locator('.ant-card-head-title').textContent()).toBe('Order status');

  // An item, then the item edited: the dialog opens on its values.
  await items.getByRole('button', { name: 'Add item' }).click();
  dialog = await dialogWith(page, 'Value');
  await dialog.getByLabel('Name', { exact: true }).fill('PAID');
  await dialog.getByLabel('Value', { exact: true }).fill('1');
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await poll(() => dialog.count()).toBe(0);
  const row = items.locator('.ant-table-tbody tr').filter({ hasText: 'PAID' });
  await poll(() => row.count()).toBe(1);

  await row.getByRole('button', { name: 'Edit' }).click();
  dialog = await dialogWith(page, 'Value');
  expect(await dialog.locator('.ant-modal-title').textContent()).toBe('Edit item');
  expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('PAID');
  expect(await dialog.getByLabel('Value', { exact: true }).inputValue()).toBe('1');
  await dialog.getByLabel('Value', { exact: true }).fill('2');
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await poll(() => dialog.count()).toBe(0);
  await poll(() => row.locator('td').nth(2).textContent()).toBe('2');

  // Adding another item starts from blank fields, not the item just edited.
  await items.getByRole('button', { name: 'Add item' }).click();
  dialog = await dialogWith(page, 'Value');
  expect(await dialog.locator('.ant-modal-title').textContent()).toBe('Add item');
  expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('');
  expect(await dialog.getByLabel('Value', { exact: true }).inputValue()).toBe('');
  await dialog.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
  await poll(() => dialog.count()).toBe(0);

  // The server kept the edit.
  const [info] = await h.admin<{ id: string; name: string }[]>('GET', 'doc/enum/info/baselist', { moduleId });
  expect(info.name).toBe('Order status');
  const stored = await h.admin<{ name: string; value: string }[]>('GET', 'doc/enum/item/list', { enumId: info.id });
  expect(stored.map((x) => [x.name, x.value])).toEqual([['PAID', '2']]);

  // The dictionary renamed: its dialog opens on its name.
  await categories.locator('.ant-list-item').getByRole('button', { name: 'Edit' }).click();
  dialog = await dialogWith(page, 'Dictionary name');
  expect(await dialog.getByLabel('Dictionary name', { exact: true }).inputValue()).toBe('Order status');
  await dialog.getByLabel('Dictionary name', { exact: true }).fill('Order state');
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await poll(() => dialog.count()).toBe(0);
  await poll(() => items.locator('.ant-card-head-title').textContent()).toBe('Order state');
  await h.shot(page, 'panel');

  // The item, then the dictionary, deleted.
  await row.getByRole('button', { name: 'Delete' }).click();
  await confirmDelete(page);
  await poll(() => row.count()).toBe(0);
  await categories.locator('.ant-list-item').getByRole('button', { name: 'Delete' }).click();
  await confirmDelete(page);
  await poll(() => categories.getByText('No dictionaries yet').count()).toBe(1);
  expect(await h.admin('GET', 'doc/enum/info/baselist', { moduleId })).toEqual([]);
});
