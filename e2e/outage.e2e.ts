/**
 * Issue 22, outages: when Folio cannot be reached (the browser's calls refused, as when the server is down
 * or restarting), a save says so and keeps the edits, a lasting notice says it is retrying and goes when the
 * server answers again; an import whose progress could not be read resumes and shows its final outcome.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, ROOT, startHarness } from './harness.js';
import { createShopWorld, type ShopWorld } from './world.js';

let h: Harness;
let w: ShopWorld;
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000, interval: 100 });
const down = (page: Page, pattern = '**/api/**') => page.route(pattern, (r) => r.abort('connectionrefused'));
const up = (page: Page, pattern = '**/api/**') => page.unroute(pattern);

beforeAll(async () => {
  h = await startHarness({ prefix: 'outage' });
  w = await createShopWorld(h);
});
afterAll(async () => {
  await h?.stop();
});

describe('when the server cannot be reached', () => {
  it('a save says so, keeps the edits, and works once the server answers', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/doc/edit/${w.moduleId}/${w.getDocId}`);
    const name = page.getByTestId('doc-name');
    await name.waitFor({ timeout: 60_000 });
    await name.fill('Get order (edited offline)');
    await down(page);
    await page.getByTestId('doc-save').click();
    await page.getByText('Cannot reach the server. Your edits are kept: try again in a moment.').waitFor();
    await page.getByText('Cannot reach the server — retrying…').waitFor();
    expect(await name.inputValue()).toBe('Get order (edited offline)');
    // The shell stays.
    expect(await page.locator('header, .app-header, .ant-layout-header').count()).toBeGreaterThan(0);
    await h.shot(page, 'save-offline');
    await up(page);
    await page.getByText('Connected again').waitFor();
    await poll(() => page.getByText('Cannot reach the server — retrying…').count()).toBe(0);
    await page.getByTestId('doc-save').click();
    await poll(async () => (await h.api('GET', 'doc/detail', { id: w.getDocId }, h.adminToken)).data.name).toBe(
      'Get order (edited offline)',
    );
  });

  it('an import whose progress could not be read shows its final outcome', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    // A project with no application yet: the import creates one, so the counts are this import's.
    const p = await h.admin<{ id: string }>('POST', 'project/add', { spaceId: w.spaceId, name: 'Imported', description: '', isPrivate: 0 });
    await page.goto(`/project/doc/${p.id}`);
    await page.getByRole('button', { name: 'Import' }).click({ timeout: 60_000 });
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Import' });
    await dialog.getByTestId('import-name').fill('uspto');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'uspto.json',
      mimeType: 'application/json',
      buffer: readFileSync(join(ROOT, 'apps/server/test/fixtures/openapi/oai-uspto-v3.0.json')),
    });
    // The upload gets through; then every progress poll is refused for a while.
    await down(page, '**/api/import/status**');
    await dialog.getByTestId('import-submit').click();
    await dialog.getByTestId('import-reconnecting').waitFor();
    await h.shot(page, 'import-reconnecting');
    await up(page, '**/api/import/status**');
    const progress = dialog.getByTestId('import-progress');
    await poll(() => progress.getAttribute('data-state')).toBe('done');
    await poll(() => dialog.getByTestId('import-reconnecting').count()).toBe(0);
    expect(await dialog.getByTestId('import-counts').textContent()).toBe('2 folders, 3 docs, 14 parameters');
  });
});
