/** The admin settings page in Chromium: a setting and a secret saved through the page, read back through the API. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
const SECRET = 'page-smtp-secret-5150';

beforeAll(async () => {
  h = await startHarness({ prefix: 'admin-setting' });
});
afterAll(async () => {
  await h?.stop();
});

describe('admin settings page', () => {
  it('saves settings and a write-only secret from the page', async () => {
    const page = await h.newPage({ token: h.adminToken });
    const responses: string[] = [];
    page.on('response', async (r) => {
      if (r.url().includes('/api/')) responses.push(await r.text().catch(() => ''));
    });
    const saveFormOf = (key: string) =>
      page
        .locator('form', { has: page.locator(`[data-setting="${key}"]`) })
        .locator('button[type="submit"]')
        .click();
    await page.goto('/admin/setting');
    await page.getByTestId('admin-setting-page').waitFor({ timeout: 30_000 });
    // General tab: turn on self-registration and set the public URL.
    await page.locator('[data-setting="folio.register.enable"]').click();
    await page.locator('[data-setting="folio.public-url"]').fill('https://docs.example.test');
    await saveFormOf('folio.public-url');
    await expect
      .poll(async () => (await h.admin<{ values: Record<string, string> }>('GET', 'admin/setting/get')).values['folio.register.enable'])
      .toBe('true');
    // E-mail tab: the SMTP password is write-only.
    await page.getByRole('tab').nth(2).click();
    await page.locator('[data-setting="folio.smtp.host"]').fill('smtp.example.test');
    await page.locator('[data-setting="folio.smtp.password"]').fill(SECRET);
    await saveFormOf('folio.smtp.host');
    await expect
      .poll(async () => (await h.admin<{ secrets: Record<string, boolean> }>('GET', 'admin/setting/get')).secrets['folio.smtp.password'])
      .toBe(true);
    await page.reload();
    await page.getByTestId('admin-setting-page').waitFor();
    await page.getByRole('tab').nth(2).click();
    expect(await page.locator('[data-setting="folio.smtp.password"]').inputValue()).toBe('');
    await h.shot(page, 'mail-tab');
    const got = await h.admin<{ values: Record<string, string> }>('GET', 'admin/setting/get');
    expect(got.values['folio.public-url']).toBe('https://docs.example.test');
    expect(got.values['folio.smtp.host']).toBe('smtp.example.test');
    // The secret never came back in any answer the page received.
    expect(responses.length).toBeGreaterThan(3);
    for (const body of responses) expect(body).not.toContain(SECRET);
    // Sign-in tab renders the methods with their test buttons.
    await page.getByRole('tab').nth(3).click();
    await h.shot(page, 'login-tab');
  });

  it('creates an open user, shows its secret once, and resets it only after confirmation', async () => {
    const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Open users space', isCompose: 0 });
    const page = await h.newPage({ token: h.adminToken });
    await page.goto(`/space/openuser/${space.id}`);
    await page.getByTestId('space-openuser-page').waitFor({ timeout: 30_000 });
    await page.getByTestId('space-openuser-page').getByRole('button').last().click();
    const secret = page.getByTestId('openuser-secret');
    await secret.waitFor();
    const first = (await secret.textContent())?.trim() ?? '';
    expect(first.length).toBeGreaterThan(20);
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await secret.waitFor({ state: 'detached' });
    const list = await h.admin<{ id: string; appKey: string }[]>('GET', 'space/openuser/list', { spaceId: space.id });
    expect(list.length).toBe(1);
    expect(JSON.stringify(list)).not.toContain(first);
    // Reset asks first; cancelling keeps the secret.
    await page
      .locator('.ant-table-row')
      .getByRole('button', { name: /Secret/ })
      .click();
    await page.locator('.ant-popconfirm-buttons button').first().click();
    await h.shot(page, 'openuser-list');
    const resets = async () => (await h.admin<{ total: number }>('GET', 'admin/audit/page', { action: 'token.reset' })).total;
    expect(await resets()).toBe(0);
    await page
      .locator('.ant-table-row')
      .getByRole('button', { name: /Secret/ })
      .click();
    await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    await secret.waitFor();
    const second = (await secret.textContent())?.trim() ?? '';
    expect(second).not.toBe(first);
    expect(await resets()).toBe(1);
    await h.shot(page, 'openuser-reset');
  });
});
