/**
 * Application settings and login polish in Chromium: the application's error codes edited in a table and
 * shown under an HTTP doc after its own codes; the override switch, push guide link and MeterSphere tab of
 * the application settings; the push/debug/mock limits of the admin page; the login page when account
 * sign-in is off; and the shell loading neither the Re-Login dialog nor the error page on /view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Harness, startHarness } from './harness.js';

let h: Harness;
let projectId = '';
let moduleId = '';
let docId = '';

beforeAll(async () => {
  h = await startHarness({ prefix: 'app-settings' });
  const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Polish', isCompose: 0 });
  projectId = (await h.admin<{ id: string }>('POST', 'project/add', { spaceId: space.id, name: 'Shop', description: '', isPrivate: 0 })).id;
  moduleId = (await h.admin<{ id: string }>('POST', 'module/add', { projectId, name: 'order-service' })).id;
  docId = (
    await h.admin<{ id: string }>('POST', 'doc/save', {
      moduleId,
      name: 'Create order',
      url: '/orders',
      httpMethod: 'POST',
      type: 0,
      errorCodeParams: [{ code: '4001', msg: 'out of stock', solution: 'pick another item' }],
    })
  ).id;
});
afterAll(async () => {
  await h?.stop();
});

describe('application settings polish', () => {
  it("edits the application's error codes in a table and shows them under the HTTP doc after its own", async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/project/code/${projectId}`);
    await page.getByRole('tab', { name: 'Application level' }).click();
    await page.getByTestId('module-error-codes').waitFor();
    const add = page.getByRole('button', { name: /Add error code/ });
    await add.click();
    await add.click();
    const code = page.getByLabel('Error code', { exact: true });
    const msg = page.getByLabel('Message', { exact: true });
    await code.nth(0).fill('10001');
    await msg.nth(0).fill('token error');
    await page.getByLabel('Solution', { exact: true }).nth(0).fill('send a token');
    await code.nth(1).fill('E.AUTH');
    await msg.nth(1).fill('not signed in');
    const save = page.getByTestId('module-error-codes').getByRole('button', { name: 'Save' });
    await save.click();
    await expect
      .poll(async () =>
        (
          await h.admin<{ name: string; description: string; example: string }[]>('GET', 'module/commonParam/list', { moduleId, style: 4 })
        ).map((p) => [p.name, p.description, p.example]),
      )
      .toEqual([
        ['10001', 'token error', 'send a token'],
        ['E.AUTH', 'not signed in', ''],
      ]);
    // A repeated code is refused before saving.
    await add.click();
    await code.nth(2).fill('10001');
    await save.click();
    await page.getByText('Each error code may appear only once.').waitFor();
    await h.shot(page, 'error-codes');

    await page.goto(`/view/${docId}`);
    await page.getByTestId('error-codes').waitFor();
    await expect
      .poll(() => page.getByTestId('error-codes').locator('tbody tr td:first-child').allInnerTexts())
      .toEqual(['4001', '10001', 'E.AUTH']);
    await h.shot(page, 'view-error-codes');
  });

  it('labels the override switch as push-only-updates, links the push guide with the application, and shows MeterSphere when enabled', async () => {
    await h.admin('POST', 'admin/setting/update', { values: { 'metershpere.enable': 'true' } });
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/project/doc/${projectId}?moduleId=${moduleId}&tab=settings`);
    await page.getByRole('tab', { name: 'Swagger & push' }).click();
    await page.getByText('Push only updates, never deletes').waitFor();
    await page.getByRole('tab', { name: 'MeterSphere' }).click();
    await page.getByText(/MeterSphere account first/).waitFor();
    await page.getByRole('tab', { name: 'Push token' }).click();
    await page.getByTestId('push-guide-link').click();
    await page.waitForURL(`**/openapi?moduleId=${moduleId}`);

    await h.admin('POST', 'admin/setting/update', { values: { 'metershpere.enable': 'false' } });
    const off = await h.newPage({ token: h.adminToken, lang: 'en' });
    await off.goto(`/project/doc/${projectId}?moduleId=${moduleId}&tab=settings`);
    await off.getByRole('tab', { name: 'Swagger & push' }).waitFor();
    expect(await off.getByRole('tab', { name: 'MeterSphere' }).count()).toBe(0);
  });

  it('edits the push, debug and mock limits on the admin page', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto('/admin/setting');
    await page.getByRole('tab', { name: 'Debug & mock' }).click();
    const memory = page.locator('[data-setting="folio.mock.script-memory-mb"]');
    expect(await memory.inputValue()).toBe('32');
    expect(await page.locator('[data-setting="folio.debug.timeout-ms"]').inputValue()).toBe('600000');
    await memory.fill('64');
    await page.locator('form', { has: memory }).locator('button[type="submit"]').click();
    await expect
      .poll(
        async () => (await h.admin<{ values: Record<string, string> }>('GET', 'admin/setting/get')).values['folio.mock.script-memory-mb'],
      )
      .toBe('64');
    await page.getByRole('tab', { name: 'Push & robots' }).click();
    expect(await page.locator('[data-setting="folio.push.run-window-seconds"]').inputValue()).toBe('60');
    await h.shot(page, 'admin-push');
  });

  it('with account sign-in off the login form hides behind an administrator link, which still signs a super admin in', async () => {
    await h.admin('POST', 'admin/setting/update', { values: { 'folio.login.account.enable': 'false' } });
    try {
      const page = await h.newPage({ lang: 'en' });
      await page.goto('/login');
      await page.getByTestId('admin-login-link').waitFor();
      expect(await page.getByTestId('account-login-form').count()).toBe(0);
      await h.shot(page, 'login-account-off');
      await page.getByTestId('admin-login-link').click();
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL('**/dashboard');
    } finally {
      await h.admin('POST', 'admin/setting/update', { values: { 'folio.login.account.enable': 'true' } });
    }
    const on = await h.newPage({ lang: 'en' });
    await on.goto('/login');
    await on.getByTestId('account-login-form').waitFor();
    expect(await on.getByTestId('admin-login-link').count()).toBe(0);
  });

  it('/view loads neither the Re-Login dialog nor the error page; a failed route chunk still shows the error page', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`/view/${docId}`);
    await page.getByTestId('doc-title').waitFor();
    expect(scripts.some((u) => /relogin-dialog|route-error-view/.test(u))).toBe(false);

    const broken = await h.newPage({ token: h.adminToken, lang: 'en' });
    await broken.route(/project-doc-page-[^/]*\.js$/, (r) => r.abort());
    await broken.goto(`/project/doc/${projectId}`);
    await broken.getByRole('button', { name: 'Reload' }).waitFor();
    await h.shot(broken, 'route-error');
  });
});
