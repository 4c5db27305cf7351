/** The harness itself: the built server answers, the SPA is served for client routes, Chromium renders it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ prefix: 'harness' });
});
afterAll(async () => {
  await h?.stop();
});

describe('e2e harness', () => {
  it('logs the admin in and reaches the API with the token', async () => {
    const info = await h.admin<{ username: string }>('GET', 'user/info');
    expect(info.username).toBe('admin');
    const anon = await h.api('GET', 'user/info');
    expect(anon.code).toBe('1000');
  });

  it('serves the web app for a client route and Chromium renders it', async () => {
    const page = await h.newPage();
    const res = await page.goto('/login');
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.evaluate(() => document.getElementById('root') !== null)).toBe(true);
    await h.shot(page, 'login');
  });
});
