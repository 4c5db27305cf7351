/**
 * Issue 6 in Chromium: open a doc, pick an environment pointing at a local echo server, send through the
 * debug console and see the response (also straight from the browser); then fetch the doc's mock URL.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EchoServer, startEchoServer } from '../apps/server/test/echo-server.js';
import { type Harness, startHarness } from './harness.js';
import { createShopWorld, type ShopWorld } from './world.js';

let h: Harness;
let w: ShopWorld;
let echo: EchoServer;

beforeAll(async () => {
  echo = await startEchoServer();
  h = await startHarness({ prefix: 'debug' });
  // The echo server is on loopback: the debug proxy reaches it only because the super admin allows it.
  await h.admin('POST', 'admin/setting/update', { values: { 'folio.outbound.allowlist': '127.0.0.1' } });
  w = await createShopWorld(h);
  await h.admin('POST', 'module/environment/add', {
    moduleId: w.moduleId,
    name: 'echo',
    url: echo.url,
    isPublic: 1,
    headers: [{ name: 'X-Env', type: 'string', required: 1, example: 'from-env', description: '' }],
    params: [],
  });
});
afterAll(async () => {
  await h?.stop();
  await echo?.close();
});

/** Picks the echo environment in the console (the shop world also has others). */
async function pickEcho(page: Page): Promise<void> {
  const select = page.getByTestId('debug-env');
  if ((await select.textContent())?.includes('echo (')) return;
  await select.click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'echo (' }).click();
  await expect.poll(() => select.textContent()).toContain('echo (');
}

describe('debug console', () => {
  it('sends the doc request to the environment through the proxy and shows the response', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/view/${w.createDocId}`);
    await page.getByTestId('doc-title').waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: /debug/i }).click();
    await page.getByTestId('debug-panel').waitFor();
    await pickEcho(page);
    await expect.poll(() => page.getByTestId('debug-url').textContent()).toBe(`${echo.url}/orders`);
    await page.getByTestId('debug-send').click();
    await expect.poll(() => page.getByTestId('debug-status').textContent(), { timeout: 20_000 }).toBe('200');
    const hit = echo.hits.at(-1);
    expect(hit?.method).toBe('POST');
    expect(hit?.path).toBe('/orders');
    expect(hit?.headers['x-env']).toBe('from-env');
    expect(hit?.headers['request-id']).toBe('r-1');
    expect(JSON.parse(hit?.body ?? '{}')).toMatchObject({ customerId: 42, channel: 'WEB', items: [{ sku: 'SKU-1', qty: 2 }] });
    // What the page shows is the echo of that request.
    await expect.poll(() => page.getByTestId('debug-response-body').textContent()).toContain('"path": "/orders"');
    expect(await page.getByTestId('debug-response-body').textContent()).toContain('from-env');
    await h.shot(page, 'proxy-body');
    await page
      .getByRole('tab', { name: /^Headers/ })
      .last()
      .click();
    expect(await page.getByTestId('debug-response-headers').textContent()).toContain('x-echo');
    await h.shot(page, 'proxy-response');
  });

  it('runs pre/after scripts in a worker: signs the request and keeps a value from the response', async () => {
    await h.admin('POST', 'doc/debugscript/save', {
      name: 'sign',
      type: 0,
      scope: 1,
      refId: w.moduleId,
      content: "req.headers['X-Sign'] = lib.CryptoJS.MD5('folio').toString(); req.params.t = '1'; return req;",
    });
    await h.admin('POST', 'doc/debugscript/save', {
      name: 'keep',
      type: 1,
      scope: 0,
      refId: w.getDocId,
      content: "vars.seenPath = resp.data.path; console.log('kept', vars.seenPath, typeof localStorage, typeof document);",
    });
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/view/${w.getDocId}`);
    await page.getByTestId('doc-title').waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: /debug/i }).click();
    await page.getByTestId('debug-panel').waitFor();
    await pickEcho(page);
    await page.getByTestId('debug-send').click();
    await expect.poll(() => page.getByTestId('debug-status').textContent(), { timeout: 20_000 }).toBe('200');
    const hit = echo.hits.at(-1);
    expect(hit?.path).toBe('/orders/o-1001');
    expect(hit?.query).toEqual({ t: '1' });
    expect(hit?.headers['x-sign']).toBe('a9bb4df936aaddd643f7730de678596f');
    await page.getByRole('tab', { name: /Script log/ }).click();
    // The script saw no page storage and no DOM.
    expect(await page.getByTestId('debug-script-logs').textContent()).toBe('kept /orders/o-1001 undefined undefined');
    await h.shot(page, 'scripts');
  });

  it('reports a send that the browser blocks (no CORS on the target) with the spec text', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/view/${w.createDocId}`);
    await page.getByTestId('doc-title').waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: /debug/i }).click();
    await page.getByTestId('debug-panel').waitFor();
    await pickEcho(page);
    await page.getByTestId('debug-proxy').click();
    await page.getByTestId('debug-send').click();
    await expect
      .poll(() => page.getByTestId('debug-error').textContent(), { timeout: 20_000 })
      .toBe('send failed, press F12 to see Console');
    // …and points at the proxy switch next to it.
    expect(await page.getByTestId('debug-cors-hint').textContent()).toContain('Turn on “Through Folio proxy”');
    // The switch is remembered for the application.
    await page.reload();
    await page.getByTestId('doc-title').waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: /debug/i }).click();
    expect(await page.getByTestId('debug-proxy').getAttribute('aria-checked')).toBe('false');
  });

  it('says why the proxy refuses a target outside the environments', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/view/${w.getDocId}`);
    await page.getByTestId('doc-title').waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: /debug/i }).click();
    // The previous flow switched the proxy off for this application (remembered on the server): switch it back on.
    if ((await page.getByTestId('debug-proxy').getAttribute('aria-checked')) !== 'true') await page.getByTestId('debug-proxy').click();
    await page.getByTestId('debug-path').fill('http://169.254.169.254/latest/meta-data/');
    await page.getByTestId('debug-send').click();
    await expect.poll(() => page.getByTestId('debug-error').textContent(), { timeout: 20_000 }).toMatch(/Refused|environments|not allowed/);
    await h.shot(page, 'refused');
  });
});

describe('debug console in a share', () => {
  it('lets an anonymous viewer of a share that allows debugging send through the proxy with its grant', async () => {
    const envs = await h.admin<{ id: string; name: string }[]>('GET', 'module/environment/list', { moduleId: w.moduleId });
    const share = await h.admin<{ publicId: string }>('POST', 'share/add', {
      moduleId: w.moduleId,
      type: 1,
      isAll: 1,
      allowDebug: 1,
      environmentIds: envs.filter((e) => e.name === 'echo').map((e) => e.id),
    });
    const page = await h.newPage({ lang: 'en' });
    await page.goto(`/share/${share.publicId}/${w.createDocId}`);
    await page.getByTestId('doc-title').waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: /debug/i }).click();
    await page.getByTestId('debug-panel').waitFor();
    if ((await page.getByTestId('debug-proxy').getAttribute('aria-checked')) !== 'true') await page.getByTestId('debug-proxy').click();
    const before = echo.hits.length;
    await page.getByTestId('debug-send').click();
    await expect.poll(() => page.getByTestId('debug-status').textContent(), { timeout: 20_000 }).toBe('200');
    expect(echo.hits.length).toBe(before + 1);
    expect(echo.hits.at(-1)?.path).toBe('/orders');
    await h.shot(page, 'share');
  });
});

describe('mock rules in management mode', () => {
  it('previews a script rule with the server sandbox, saves it, and its URL answers', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/project/doc/${w.projectId}?moduleId=${w.moduleId}&docId=${w.getDocId}`);
    await page.getByRole('tab', { name: /^Mock/ }).click({ timeout: 60_000 });
    await page.getByTestId('mock-panel').waitFor();
    await expect.poll(() => page.getByTestId('mock-rule').count()).toBe(1);
    expect(await page.getByTestId('mock-url').first().textContent()).toContain(`/mock/${w.moduleId}/orders/{id}`);
    await page.getByRole('button', { name: /New rule/ }).click();
    const editor = page.getByTestId('mock-editor');
    await editor.locator('input').first().fill('scripted');
    await editor.locator('input').nth(1).fill('orders/{id}/scripted');
    await editor.getByText('Script', { exact: true }).click();
    const code = editor.locator('.cm-content').last();
    await code.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText("return { who: Random.cname(), id: req.params.id, list: Mock.mock({'l|2': [1]}).l };");
    await page.getByTestId('mock-preview').click();
    await expect.poll(() => page.getByTestId('mock-preview-result').textContent(), { timeout: 20_000 }).toContain('"list"');
    await editor.getByRole('button', { name: /^Save$/ }).click();
    await expect.poll(() => page.getByTestId('mock-rule').count()).toBe(2);
    await h.shot(page, 'mock-editor');
    const res = await fetch(`${h.baseUrl}/mock/${w.moduleId}/orders/77/scripted`);
    const body = await res.json();
    expect(body.id).toBe('77');
    expect(body.list).toEqual([1, 1]);
    expect(body.who).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);
  });
});

describe('mock URL', () => {
  it("serves the doc's generated default mock to any HTTP client", async () => {
    const rules = await h.admin<{ url: string; isDefault: number }[]>('GET', 'doc/mock/list', { docId: w.createDocId });
    const def = rules.find((r) => r.isDefault);
    expect(def?.url).toMatch(/^\/mock\/[A-Za-z0-9]+\/orders$/);
    const res = await fetch(`${h.baseUrl}${def?.url}`, { method: 'POST', headers: { origin: 'http://front.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://front.example');
    const body = await res.json();
    expect(body.data ?? body).toMatchObject({ orderId: 'o-1001', total: 19.9 });
  });
});
