/**
 * Issue 20, lost updates: two editors open the same doc; the first saves, the second's save is refused and a
 * dialog keeps their text and offers compare (theirs vs yours), overwrite and reload. Issue 22: the editor on
 * an imported doc shows `anyOf` alternatives and rendered descriptions as the reading view does, and still edits
 * and saves them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';
import { createShopWorld, type ShopWorld } from './world.js';

let h: Harness;
let w: ShopWorld;
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000, interval: 100 });

beforeAll(async () => {
  h = await startHarness({ prefix: 'edit-conflict' });
  w = await createShopWorld(h);
});
afterAll(async () => {
  await h?.stop();
});

const detail = async (id: string) => (await h.api('GET', 'doc/detail', { id }, h.adminToken)).data;

describe('two editors on one doc', () => {
  it('the second save shows the conflict dialog; compare shows both; overwrite saves theirs over', async () => {
    const first = await h.newPage({ token: h.adminToken, lang: 'en' });
    const second = await h.newPage({ token: h.adminToken, lang: 'en' });
    for (const p of [first, second]) {
      await p.goto(`/doc/edit/${w.moduleId}/${w.getDocId}`);
      await p.getByTestId('doc-name').waitFor({ timeout: 60_000 });
    }
    await first.getByTestId('doc-name').fill('Get order (first editor)');
    await first.getByTestId('doc-save').click();
    await poll(async () => (await detail(w.getDocId)).name).toBe('Get order (first editor)');

    await second.getByTestId('doc-name').fill('Get order (second editor)');
    await second.getByTestId('doc-save').click();
    const dialog = second.getByTestId('conflict-dialog');
    await dialog.waitFor();
    await second.getByText('saved this doc at').waitFor();
    // Nothing was saved and the text is still in the editor.
    expect((await detail(w.getDocId)).name).toBe('Get order (first editor)');
    expect(await second.getByTestId('doc-name').inputValue()).toBe('Get order (second editor)');
    await h.shot(second, 'dialog');

    await second.getByTestId('conflict-compare').click();
    const diff = second.getByTestId('conflict-diff');
    await diff.waitFor();
    await diff.getByText('Get order (first editor)').first().waitFor();
    await diff.getByText('Get order (second editor)').first().waitFor();
    expect(await diff.getByRole('columnheader', { name: 'Current version' }).count()).toBeGreaterThan(0);
    expect(await diff.getByRole('columnheader', { name: 'Yours' }).count()).toBeGreaterThan(0);
    await h.shot(second, 'compare');

    await second.getByTestId('conflict-overwrite').click();
    await poll(async () => (await detail(w.getDocId)).name).toBe('Get order (second editor)');
    // Both versions are in the history.
    const snaps = await h.api('GET', 'doc/snapshot/list', { docId: w.getDocId }, h.adminToken);
    const names = await Promise.all(
      (snaps.data as { id: string }[]).map(
        async (s) => (await h.api('GET', 'doc/snapshot/get', { docId: w.getDocId, id: s.id }, h.adminToken)).data.content.name,
      ),
    );
    expect(names).toEqual(expect.arrayContaining(['Get order (first editor)', 'Get order (second editor)']));
  });

  it('reload discards the stale edits for the current version (zh-CN)', async () => {
    const first = await h.newPage({ token: h.adminToken, lang: 'zh-CN' });
    const second = await h.newPage({ token: h.adminToken, lang: 'zh-CN' });
    for (const p of [first, second]) {
      await p.goto(`/doc/edit/${w.moduleId}/${w.getDocId}`);
      await p.getByTestId('doc-name').waitFor({ timeout: 60_000 });
    }
    await first.getByTestId('doc-name').fill('Get order (third)');
    await first.getByTestId('doc-save').click();
    await poll(async () => (await detail(w.getDocId)).name).toBe('Get order (third)');
    await second.getByTestId('doc-name').fill('Get order (stale)');
    await second.getByTestId('doc-save').click();
    await second.getByTestId('conflict-dialog').waitFor();
    await second.getByText('此文档已被他人保存').waitFor();
    await h.shot(second, 'dialog-zh');
    await second.getByTestId('conflict-reload').click();
    await poll(() => second.getByTestId('doc-name').inputValue()).toBe('Get order (third)');
    // Saving again now works from the reloaded version.
    await second.getByTestId('doc-name').fill('Get order (after reload)');
    await second.getByTestId('doc-save').click();
    await poll(async () => (await detail(w.getDocId)).name).toBe('Get order (after reload)');
  });
});

describe('editing an imported doc', () => {
  it('shows anyOf alternatives and rendered descriptions, and saves them unchanged', async () => {
    const created = await h.admin<{ id: string }>('POST', 'doc/save', {
      moduleId: w.moduleId,
      name: 'Create payment',
      url: '/payments',
      httpMethod: 'POST',
      requestParams: [
        {
          name: 'source',
          type: 'anyOf',
          description: '<p>Where the money comes <b>from</b></p>',
          children: [
            { name: 'Card', type: 'object', description: '', children: [{ name: 'number', type: 'string', description: '' }] },
            { name: 'BankAccount', type: 'object', description: '', children: [{ name: 'iban', type: 'string', description: '' }] },
          ],
        },
      ],
    });
    const page = await h.newPage({ token: h.adminToken, lang: 'en', viewport: { width: 1440, height: 900 } });
    await page.goto(`/doc/edit/${w.moduleId}/${created.id}`);
    await page.getByTestId('doc-name').waitFor({ timeout: 60_000 });
    await page
      .getByRole('tab', { name: /Body|Request/ })
      .first()
      .click();
    const rendered = page.getByTestId('param-desc-rendered').first();
    await rendered.waitFor();
    expect(await rendered.innerText()).toBe('Where the money comes from');
    expect(await rendered.locator('b').count()).toBe(1);
    await page.getByText('anyOf · alternatives (one of the children)').first().waitFor();
    await h.shot(page, 'imported');
    // Click to edit the text: the raw description is there, and an edit is saved.
    await rendered.click();
    const input = page.getByRole('textbox', { name: 'Description', exact: true }).first();
    expect(await input.inputValue()).toBe('<p>Where the money comes <b>from</b></p>');
    await input.fill('<p>Where the money comes <b>from</b>, edited</p>');
    await page.getByTestId('doc-name').click();
    await page.getByTestId('doc-save').click();
    await poll(async () => (await detail(created.id)).requestParams[0]?.description).toBe(
      '<p>Where the money comes <b>from</b>, edited</p>',
    );
    const saved = await detail(created.id);
    expect(saved.requestParams[0].type).toBe('anyOf');
    expect(saved.requestParams[0].children.map((c: { name: string }) => c.name)).toEqual(['Card', 'BankAccount']);
  });
});
