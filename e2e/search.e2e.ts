/**
 * Issue 23: ⌘/Ctrl-K opens search anywhere, typing finds docs, ↓ moves, Enter opens the doc in preview;
 * a share's own search box finds only what the share exposes; the application, status and deprecated
 * filters narrow the hits; a misspelt query without results offers "did you mean".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';
import { createShopWorld, type ShopWorld } from './world.js';

let h: Harness;
let w: ShopWorld;

beforeAll(async () => {
  h = await startHarness({ prefix: 'search' });
  w = await createShopWorld(h);
});
afterAll(async () => {
  await h?.stop();
});

describe('search', () => {
  it('Ctrl-K, type, arrow down, Enter opens the doc in preview', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto('/dashboard');
    await page.getByTestId('search-button').waitFor();
    await page.keyboard.press('Control+k');
    const input = page.getByTestId('search-input');
    await input.waitFor();
    // An empty box lists recently changed docs.
    await expect.poll(() => page.getByTestId('search-hit').count()).toBeGreaterThan(0);
    await input.fill('order');
    // The list answers "order" (the recent docs stay on screen until it does, and also hold "Get order").
    await expect.poll(() => page.getByTestId('search-results').getAttribute('data-query')).toBe('order');
    await expect.poll(() => page.getByTestId('search-results').textContent()).toContain('Get order');
    const hits = page.getByTestId('search-hit');
    await expect.poll(() => hits.count()).toBeGreaterThan(1);
    expect(await hits.nth(0).getAttribute('data-active')).toBe('true');
    await h.shot(page, 'dialog');
    await input.press('ArrowDown');
    await expect.poll(() => hits.nth(1).getAttribute('data-active')).toBe('true');
    const name = ((await hits.nth(1).locator('.search-hit-name').textContent()) ?? '').trim();
    await input.press('Enter');
    await page.waitForURL(/\/view\//);
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toBe(name);
    // The preview's own search box works the same.
    await page.keyboard.press('Control+k');
    await page.getByTestId('search-input').fill('orders/1');
    await expect.poll(() => page.getByTestId('search-results').textContent()).toContain('Get order');
  });

  it("a share's search box finds only the shared doc", async () => {
    const share = await h.admin<{ publicId: string }>('POST', 'share/add', {
      moduleId: w.moduleId,
      type: 1,
      isAll: 0,
      contents: [{ docId: w.getDocId }],
    });
    const page = await h.newPage({ lang: 'en' });
    await page.goto(`/share/${share.publicId}`);
    await page.getByTestId('search-button').click();
    await page.getByTestId('search-input').fill('order');
    await expect.poll(() => page.getByTestId('search-results').textContent()).toContain('Get order');
    expect(await page.getByTestId('search-results').textContent()).not.toContain('Create order');
    await h.shot(page, 'share');
  });

  it('filters by application, status and deprecated; a misspelt word gets a "did you mean"', async () => {
    await h.admin('POST', 'doc/save', {
      moduleId: w.moduleId,
      name: 'Legacy order export',
      url: '/orders/export',
      httpMethod: 'GET',
      type: 0,
      status: 10,
      deprecated: 'use GET /orders',
    });
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto('/dashboard');
    await page.getByTestId('search-button').waitFor({ timeout: 60_000 });
    await page.keyboard.press('Control+k');
    const input = page.getByTestId('search-input');
    const results = page.getByTestId('search-results');
    await input.fill('order');
    await expect.poll(() => results.textContent()).toContain('Get order');
    const pick = async (filter: string, option: string) => {
      await page.getByTestId(filter).click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option })
        .first()
        .click();
    };
    await pick('search-filter-project', 'Shop');
    await pick('search-filter-application', 'order-service');
    await expect.poll(() => results.textContent()).toContain('Legacy order export');
    await pick('search-filter-deprecated', 'Deprecated only');
    await expect.poll(() => results.textContent()).not.toContain('Get order');
    expect(await results.textContent()).toContain('Legacy order export');
    await h.shot(page, 'filters');
    await pick('search-filter-deprecated', 'Not deprecated');
    await expect.poll(() => results.textContent()).toContain('Get order');
    expect(await results.textContent()).not.toContain('Legacy order export');
    // The other docs are "Doing" (the default): "Done" and not deprecated leaves none; deprecated, the legacy one.
    await pick('search-filter-status', 'Done');
    await expect.poll(() => page.getByTestId('search-hit').count()).toBe(0);
    await pick('search-filter-deprecated', 'Deprecated only');
    await expect.poll(() => results.textContent()).toContain('Legacy order export');

    // A misspelt word: no results, and a one-edit correction that has some (the dialog keeps its filters).
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await page.getByTestId('search-input').fill('ordr');
    const suggestion = page.getByTestId('search-suggestion');
    await expect.poll(() => suggestion.textContent()).toContain('order');
    await h.shot(page, 'did-you-mean');
    await suggestion.locator('a').click();
    await expect.poll(() => page.getByTestId('search-input').inputValue()).toBe('order');
    // The filters chosen above still apply (deprecated, done): the corrected query finds the legacy doc.
    await expect.poll(() => page.getByTestId('search-results').textContent()).toContain('Legacy order export');
  });
});
