/**
 * Issue 5 in the browser: import a file through the web dialog and watch the progress, browse the result,
 * export Word and look inside the .docx for a table, export HTML and open it in Chromium.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../apps/server/test/fixtures/index.js';
import { type Harness, settled, startHarness } from './harness.js';

let h: Harness;
let projectId = '';
let moduleId = '';
const dir = mkdtempSync(join(tmpdir(), 'folio-e2e-ie-'));

beforeAll(async () => {
  h = await startHarness({ prefix: 'import-export' });
  const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'IE Space', isCompose: 0 });
  projectId = (await h.admin<{ id: string }>('POST', 'project/add', { spaceId: space.id, name: 'IE', description: '', isPrivate: 1 })).id;
});
afterAll(async () => {
  await h?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function download(page: Page, format: RegExp): Promise<string> {
  await page
    .locator('.doc-tree-toolbar')
    .getByRole('button', { name: /Export$/ })
    .click();
  const dialog = page.locator('.ant-modal').filter({ hasText: 'Download' });
  // A user picks the format once the dialog has stopped zooming in; check() then confirms the pick took.
  await settled(dialog);
  const radio = dialog.getByRole('radio', { name: format });
  await radio.check();
  expect(await radio.isChecked()).toBe(true);
  const [dl] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-download').click()]);
  const path = join(dir, dl.suggestedFilename());
  await dl.saveAs(path);
  return path;
}

describe('import and export in the browser', () => {
  it('imports an OpenAPI file through the dialog with progress, then shows the docs', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/project/doc/${projectId}`);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Import' });
    await dialog.getByTestId('import-name').fill('uspto');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'uspto.json',
      mimeType: 'application/json',
      buffer: Buffer.from(fixture('openapi/oai-uspto-v3.0.json')),
    });
    await dialog.getByTestId('import-submit').click();
    const progress = dialog.getByTestId('import-progress');
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    expect(await dialog.locator('.ant-progress').count()).toBe(1);
    expect(await dialog.getByTestId('import-counts').textContent()).toBe('2 folders, 3 docs, 14 parameters');
    await page.waitForTimeout(600); // let the bar finish its animation for the screenshot
    await h.shot(page, 'import-done');
    await dialog.getByTestId('import-open').click();
    // Browse: folders and docs in the tree, a doc with its parameters.
    const tree = page.locator('.doc-tree-panel');
    await expect.poll(() => tree.textContent()).toContain('metadata');
    expect(await tree.textContent()).toContain('search');
    await tree.getByText('metadata', { exact: true }).click();
    await tree.getByText('List available data sets').click();
    await expect.poll(() => page.locator('.doc-workspace-main').textContent()).toContain('apiKey');
    expect(await page.locator('.doc-workspace-main').textContent()).toContain('oa_citations');
    await h.shot(page, 'import-browse');
    const mods = await h.admin<{ id: string; name: string }[]>('GET', 'module/list', { projectId });
    moduleId = mods.find((m) => m.name === 'uspto')?.id ?? '';
    expect(moduleId).not.toBe('');
  });

  it('exports Word: the .docx holds a heading per doc and parameter tables', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/project/doc/${projectId}?moduleId=${moduleId}`);
    await expect.poll(() => page.locator('.doc-tree-panel').textContent()).toContain('metadata');
    const file = await download(page, /Word/);
    expect(basename(file)).toMatch(/\.docx$/);
    const files = unzipSync(new Uint8Array(readFileSync(file)));
    const xml = strFromU8(files['word/document.xml']);
    expect(xml).toContain('<w:tbl>');
    expect(xml).toContain('List available data sets');
    expect(xml).toContain('apiDocumentationUrl');
    expect(Object.keys(files)).toContain('word/styles.xml');
  });

  it('exports HTML and the file opens in Chromium with a navigable tree', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/project/doc/${projectId}?moduleId=${moduleId}`);
    await expect.poll(() => page.locator('.doc-tree-panel').textContent()).toContain('metadata');
    const file = await download(page, /^HTML/);
    expect(basename(file)).toMatch(/\.html$/);
    const viewer = await h.newPage();
    await viewer.goto(pathToFileURL(file).href);
    await expect.poll(() => viewer.locator('nav').textContent()).toContain('metadata');
    // The first doc shows at once; another one is rendered on click.
    await expect.poll(() => viewer.locator('main h1').textContent()).toBe('List available data sets');
    await viewer.locator('nav a', { hasText: 'Provides search capability' }).click();
    await expect.poll(() => viewer.locator('main h1').textContent()).toContain('Provides search capability');
    expect(await viewer.locator('main table').count()).toBeGreaterThan(0);
    expect(await viewer.locator('main').textContent()).toContain('criteria');
    await h.shot(viewer, 'html-export');
  });
});
