/**
 * Issue 3, management half: first login and the forced password change of a new user; the login redirect and
 * old Torna hash links; building space → project → application → folder → HTTP doc with nested params by JSON
 * import; a guest sees no edit controls and a stranger cannot open a private project; Re-Login keeps unsaved
 * edits; switching language; the 375 px mobile layout.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Harness, startHarness } from './harness.js';

let h: Harness;

/**
 * One server per describe block: logins are rate-limited per address (10 per 15 min), and every block
 * logs several users in from 127.0.0.1.
 */
function withHarness(prefix: string) {
  beforeAll(async () => {
    h = await startHarness({ prefix });
  });
  afterAll(async () => {
    await h?.stop();
  });
}

/** Polls what a person sees, patient enough for a loaded 2-core machine. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 100 });

/** Clicks the primary button of the open modal. */
/**
 * Clicks OK in the open dialog; with `field`, in the dialog holding that field (one that is still closing,
 * such as the previous step's, is not picked by mistake on a slow machine).
 */
const okModal = (page: Page, field?: string) =>
  (field ? page.locator('.ant-modal').filter({ has: page.getByTestId(field) }) : page.locator('.ant-modal-wrap:visible').last())
    .locator('.ant-modal-footer .ant-btn-primary')
    .click();

/** Creates a user through the API and returns its one-time password. */
async function createUser(username: string): Promise<{ id: string; password: string }> {
  return h.admin('POST', 'admin/user/add', { username, nickname: username });
}

/** A user whose first password was set (status normal) and a token. */
async function readyUser(username: string, password: string): Promise<{ id: string; token: string }> {
  const u = await createUser(username);
  const token = await h.login(username, u.password);
  const r = await h.api('POST', 'user/password/setFirst', { password }, token);
  expect(r.code).toBe('0');
  // The session stays valid once the password is set.
  expect((await h.api('GET', 'user/perm/get', undefined, token)).code).toBe('0');
  return { id: u.id, token };
}

describe('accounts', () => {
  withHarness('web-core-accounts');

  it('sends an anonymous visitor to login with the redirect, then back to the page', async () => {
    const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Redirect space' });
    const page = await h.newPage({ lang: 'en' });
    await page.goto(`/space/info/${space.id}`);
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).search)).toBe(`?redirect=/space/info/${space.id}`);
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill(ADMIN_PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.waitForURL(`**/space/info/${space.id}`);
    await poll(() => page.locator('.page-header').textContent()).toContain('Space info');
    // A logged-in user opening /login goes to / (→ /dashboard).
    await page.goto('/login');
    await page.waitForURL(/\/dashboard$/);
    // Unknown paths go to /404.
    await page.goto('/no/such/page');
    await page.waitForURL(/\/404$/);
  });

  it('wrong credentials show the server message; a super admin creates a user who must set a password at first login', async () => {
    const boss = await createUser('boss');
    await h.admin('POST', 'admin/user/update', { id: boss.id, isSuperAdmin: 1 });
    const bossToken = await h.login('boss', boss.password);
    expect((await h.api('POST', 'user/password/setFirst', { password: 'boss-pass-1' }, bossToken)).code).toBe('0');
    const admin = await h.newPage({ lang: 'en' });
    await admin.goto('/login');
    await admin.locator('#username').fill('boss');
    await admin.locator('#password').fill('wrong-password');
    await admin.locator('button[type=submit]').click();
    await poll(() => admin.locator('.ant-message').textContent()).not.toBe('');
    expect(admin.url()).toContain('/login');
    await admin.locator('#password').fill('boss-pass-1');
    await admin.locator('button[type=submit]').click();
    await admin.waitForURL(/\/dashboard/);
    await admin.getByTestId('admin-button').click();
    await admin.waitForURL(/\/admin\/users/);
    await admin.getByTestId('create-user').click();
    await admin.getByTestId('new-username').fill('newbie');
    await okModal(admin);
    const pwdEl = admin.getByTestId('one-time-password');
    await pwdEl.waitFor();
    const oneTime = ((await pwdEl.textContent()) ?? '').trim();
    expect(oneTime.length).toBeGreaterThanOrEqual(8);
    await h.shot(admin, 'admin-created-user');

    const user = await h.newPage({ lang: 'en' });
    await user.goto('/login');
    await user.locator('#username').fill('newbie');
    await user.locator('#password').fill(oneTime);
    await user.locator('button[type=submit]').click();
    await user.waitForURL(/\/setPassword/);
    // The URL changes before the login form unmounts: wait for the set-password form (it alone has #confirm),
    // or '#password' may still be the login page's field.
    await user.locator('#confirm').waitFor();
    await user.locator('#password').fill('newbie-pass-1');
    await user.locator('#confirm').fill('newbie-pass-2');
    await user.locator('button[type=submit]').click();
    await poll(() => user.locator('.ant-form-item-explain').first().textContent()).toBe('two passwords differ');
    await user.locator('#confirm').fill('newbie-pass-1');
    await user.locator('button[type=submit]').click();
    await user.waitForURL(/\/dashboard/);
    await poll(() => user.locator('.page-header').textContent()).toContain('Spaces');
    // The new password works from now on.
    expect((await h.api('POST', 'user/login', { username: 'newbie', password: 'newbie-pass-1' })).code).toBe('0');
  });

  it('redirects old Torna hash links to the clean paths', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto('/#/view/AbCdEfGh');
    await page.waitForURL(/\/view\/AbCdEfGh$/);
    const anon = await h.newPage({ lang: 'en' });
    await anon.goto('/#/share/some-share-id/doc123');
    await anon.waitForURL(/\/share\/some-share-id\/doc123$/);
  });
});

describe('management mode', () => {
  withHarness('web-core-manage');
  let projectId = '';
  let docId = '';

  it('creates space, project, application, folder and an HTTP doc with nested params from JSON', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto('/dashboard');
    await page.getByTestId('create-space').click();
    await page.getByTestId('space-name').fill('Shop');
    await okModal(page, 'space-name');
    await page.waitForURL(/\/space\/project\//);
    await page.getByTestId('create-project').click();
    await page.getByTestId('project-name').fill('Checkout');
    await okModal(page, 'project-name');
    await page.waitForURL(/\/project\/doc\//);
    projectId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByTestId('create-module').first().click();
    await page.getByTestId('module-name').fill('order-service');
    await okModal(page, 'module-name');
    await page.getByTestId('new-folder').click();
    await page.getByTestId('folder-name').fill('Orders');
    await okModal(page, 'folder-name');
    await poll(() => page.getByTestId('tree-node').first().textContent()).toBe('Orders(0)');

    // New HTTP doc inside the folder (folder menu → new doc here).
    await page.getByTestId('tree-node').first().hover();
    await page.locator('.tree-more').first().click();
    await page.getByText('New HTTP doc here').click();
    await page.waitForURL(/\/doc\/new\/[^/]+\/[^/?]+$/);
    await page.getByTestId('doc-name').fill('Create order');
    await page.getByTestId('doc-method').click();
    await page.locator('.ant-select-item-option[title="POST"]').click();
    await page.getByTestId('doc-url').fill('/orders');
    await page.getByRole('tab', { name: /Body/ }).click();
    await page.getByTestId('request-params').getByTestId('param-import-json').click();
    await page
      .locator('.ant-modal-wrap:visible')
      .getByTestId('json-import-text')
      .fill('{"customerId": 42, "items": [{"sku": "A1", "qty": 2}], "tags": ["x"]}');
    await okModal(page);
    await poll(() => page.getByTestId('request-params').getByTestId('param-name').count()).toBe(5);
    // A row left without a name is refused with the rule's message (any other name an API uses is taken).
    await page.getByTestId('request-params').getByTestId('param-add').click();
    await page.getByTestId('doc-save').click();
    await poll(() => page.locator('.ant-message').textContent()).toContain(
      'Parameter names cannot be empty or contain control characters: (empty name)',
    );
    await page.getByTestId('request-params').locator('[aria-label="Delete"]').last().click();
    await page.getByRole('tab', { name: /Response/ }).click();
    await page.getByTestId('response-params').getByTestId('param-import-json').click();
    await page.locator('.ant-modal-wrap:visible').getByTestId('json-import-text').fill('{"orderId": "o-1", "lines": [{"sku": "A1"}]}');
    await okModal(page);
    await h.shot(page, 'editor');
    await page.getByTestId('doc-save').click();
    await page.waitForURL(/docId=/);
    docId = new URL(page.url()).searchParams.get('docId') ?? '';

    // The tree shows the folder count and a POST tag in the default colour.
    await poll(() => page.getByTestId('tree-node').first().textContent()).toBe('Orders(1)');
    const tag = page.getByTestId('method-tag').first();
    expect(await tag.textContent()).toBe('POST');
    expect(await tag.getAttribute('class')).toContain('ant-tag-default');
    await h.shot(page, 'doc-selected');

    // Saved with nested trees in push field names.
    const d = await h.admin<{
      httpMethod: string;
      parentId: string;
      requestParams: { name: string; type: string; example: string; children: { name: string }[] }[];
      responseParams: { name: string; children: { name: string }[] }[];
    }>('GET', 'doc/detail', { id: docId });
    expect(d.httpMethod).toBe('POST');
    expect(d.parentId).not.toBe('');
    const items = d.requestParams.find((p) => p.name === 'items');
    expect(items?.type).toBe('array');
    expect(items?.children.map((c) => c.name)).toEqual(['sku', 'qty']);
    const tags = d.requestParams.find((p) => p.name === 'tags');
    expect(tags?.example).toBe('["x"]');
    expect(d.responseParams.find((p) => p.name === 'lines')?.children.map((c) => c.name)).toEqual(['sku']);
  });

  it('deleting a non-empty folder asks; it goes only when its contents are ticked for deletion too', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/project/doc/${projectId}`);
    await poll(() => page.getByTestId('tree-node').first().textContent()).toBe('Orders(1)');
    await openFolderDelete(page);
    // Confirming without the option leaves a non-empty folder in place (the server refuses).
    await poll(() => page.locator('.ant-modal-confirm').textContent()).toContain('not empty');
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('tree-node').first().textContent()).toBe('Orders(1)');
    expect((await h.api('GET', 'doc/detail', { id: docId }, h.adminToken)).code).toBe('0');
    // A copy of the doc outside the folder survives; ticking the option deletes the folder and its doc.
    const copy = await h.admin<{ id: string }>('POST', 'doc/copy', { id: docId, parentId: '' });
    await page.reload();
    await poll(() => page.getByTestId('tree-node').count()).toBe(2);
    await openFolderDelete(page);
    await page.getByTestId('delete-children').click();
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await poll(() => page.getByTestId('tree-node').count()).toBe(1);
    expect((await h.api('GET', 'doc/detail', { id: docId }, h.adminToken)).status).toBe(404);
    docId = copy.id;
  });

  it('a guest sees no edit controls; a stranger cannot open the private project', async () => {
    const guest = await readyUser('gina', 'gina-pass-1');
    await h.admin('POST', 'project/member/add', { projectId, userIds: [guest.id], roleCode: 'guest' });
    const page = await h.newPage({ token: guest.token, lang: 'en' });
    await page.goto(`/project/doc/${projectId}?docId=${docId}`);
    await page.getByTestId('tree-filter').waitFor();
    await poll(() => page.getByTestId('tree-node').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('new-doc').count()).toBe(0);
    expect(await page.getByTestId('new-folder').count()).toBe(0);
    expect(await page.getByTestId('doc-edit').count()).toBe(0);
    expect(await page.getByTestId('admin-button').count()).toBe(0);
    await h.shot(page, 'guest');

    const stranger = await readyUser('stan', 'stan-pass-1');
    const sp = await h.newPage({ token: stranger.token, lang: 'en' });
    await sp.goto(`/project/doc/${projectId}`);
    await sp.getByTestId('not-found-or-hidden').waitFor();
    expect(await sp.getByTestId('tree-filter').count()).toBe(0);
    await h.shot(sp, 'stranger');
  });

  it('an expired login while editing offers Re-Login in place and keeps the edits', async () => {
    const editor = await readyUser('edna', 'edna-pass-1');
    await h.admin('POST', 'project/member/add', { projectId, userIds: [editor.id], roleCode: 'dev' });
    const token = editor.token;
    const modules = await h.admin<{ id: string }[]>('GET', 'module/list', { projectId });
    const page = await h.newPage({ token, lang: 'en' });
    await page.goto(`/doc/edit/${modules[0].id}/${docId}`);
    await page.getByTestId('doc-name').fill('Create order v2');
    // Leaving with unsaved edits asks first; staying keeps them.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Leave without saving?' }).waitFor();
    expect(await page.locator('.ant-modal-confirm').count()).toBe(1);
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toContain('/doc/edit/');
    // The session is revoked elsewhere.
    expect((await h.api('POST', 'user/logout', {}, token)).code).toBe('0');
    await page.getByTestId('doc-save').click();
    await page.getByText('Re-Login').click();
    await page.locator('.ant-modal-wrap:visible #username').fill('edna');
    await page.locator('.ant-modal-wrap:visible #password').fill('edna-pass-1');
    await page.locator('.ant-modal-wrap:visible .ant-btn-primary').click();
    await page
      .locator('.ant-modal-wrap:visible')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    expect(page.url()).toContain('/doc/edit/');
    expect(await page.getByTestId('doc-name').inputValue()).toBe('Create order v2');
    await page.getByTestId('doc-save').click();
    await page.waitForURL(/docId=/);
    expect((await h.admin<{ name: string }>('GET', 'doc/detail', { id: docId })).name).toBe('Create order v2');
  });
});

describe('language and mobile', () => {
  withHarness('web-core-ui');

  it('switches language from the server list and keeps it after a reload', async () => {
    const page = await h.newPage({ lang: 'zh-CN' });
    await page.goto('/login');
    await poll(() => page.locator('button[type=submit]').textContent()).toContain('登');
    await page.locator('.auth-lang .ant-select').click();
    await page.locator('.ant-select-item-option[title="English"]').click();
    await poll(() => page.locator('button[type=submit]').textContent()).toBe('Log in');
    await page.reload();
    await poll(() => page.locator('button[type=submit]').textContent()).toBe('Log in');
  });

  it('a 375 px viewport shows the mobile layout with the sidebar closed until toggled', async () => {
    const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Mobile' });
    await h.admin('POST', 'project/add', { spaceId: space.id, name: 'Phone app', isPrivate: 0 });
    const page = await h.newPage({ token: h.adminToken, lang: 'en', viewport: { width: 375, height: 800 } });
    await page.goto(`/space/project/${space.id}`);
    await page.getByTestId('project-card').first().waitFor();
    const sider = page.getByTestId('sidebar');
    // Collapsed to zero width (its 1 px border aside).
    expect((await sider.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    expect(await page.locator('.brand-name').count()).toBe(0);
    await h.shot(page, 'mobile-closed');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await poll(async () => (await sider.boundingBox())?.width ?? 0).toBe(224);
    await h.shot(page, 'mobile-open');
  });
});

describe('shares and composed projects', () => {
  withHarness('web-core-share');

  it('creates an encrypted share of ticked docs, copies link and password, disables it after confirmation', async () => {
    const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Sharing' });
    const project = await h.admin<{ id: string }>('POST', 'project/add', { spaceId: space.id, name: 'Payments', isPrivate: 1 });
    const mod = await h.admin<{ id: string }>('POST', 'module/add', { projectId: project.id, name: 'pay-api' });
    const doc = await h.admin<{ id: string }>('POST', 'doc/save', { moduleId: mod.id, name: 'Pay', url: '/pay', httpMethod: 'POST' });
    await h.admin('POST', 'doc/save', { moduleId: mod.id, name: 'Refund', url: '/refund', httpMethod: 'POST' });

    const page = await h.newPage({ token: h.adminToken, lang: 'en', permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(`/project/doc/${project.id}?tab=shares`);
    await page.getByTestId('share-create').click();
    const dialog = page.locator('.ant-modal-wrap:visible');
    await dialog.getByText('Encrypted', { exact: true }).click();
    await dialog.getByTestId('share-password').fill('  s3cret-pw ');
    await dialog.getByText('Ticked docs', { exact: true }).click();
    // Nothing ticked: refused with the spec's message.
    await okModal(page);
    await poll(() => page.locator('.ant-message').textContent()).toContain('please tick docs');
    await dialog.locator('.ant-tree-treenode', { hasText: 'Pay' }).locator('.ant-tree-checkbox').click();
    await okModal(page);
    await poll(() => page.getByTestId('share-link').count()).toBe(1);
    await h.shot(page, 'shares');

    const shares = await h.admin<{ id: string; publicId: string; type: number; isAll: number; contents: { docId: string }[] }[]>(
      'GET',
      'share/list',
      {
        moduleId: mod.id,
      },
    );
    expect(shares[0]).toMatchObject({ type: 2, isAll: 0, contents: [{ docId: doc.id }] });
    await page.getByRole('button', { name: 'Copy link & password' }).click();
    await poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(`/share/${shares[0].publicId}`);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const password = copied.split('Password: ')[1];
    expect(password).toBe('s3cret-pw');
    const md5 = (await import('node:crypto')).createHash('md5').update(password).digest('hex');
    expect((await h.api('POST', 'share/checkPassword', { id: shares[0].publicId, password: md5 }, null)).code).toBe('0');

    // Disabling asks first; Cancel keeps it enabled, OK disables it and its link stops working.
    await page.locator('.ant-table-row').first().locator('.ant-switch').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Cancel' }).click();
    expect((await h.api('GET', 'share/get', { id: shares[0].publicId }, null)).code).toBe('0');
    await page.locator('.ant-table-row').first().locator('.ant-switch').click();
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await poll(async () => (await h.api('GET', 'share/get', { id: shares[0].publicId }, null)).status).toBe(410);
  });

  it('builds a composed project from docs of another space', async () => {
    const compose = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Portal', isCompose: 1 });
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto('/dashboard');
    await page.getByTestId('space-card').filter({ hasText: 'Portal' }).click();
    await page.waitForURL(`**/space/compose/${compose.id}`);
    await page.getByRole('button', { name: 'Create composed project' }).click();
    const dialog = page.locator('.ant-modal-wrap:visible');
    await dialog.locator('input').first().fill('Partner API');
    await okModal(page);
    await page.getByTestId('compose-manage').click();
    await page.getByRole('button', { name: 'Add docs' }).click();
    const add = page.locator('.ant-modal-wrap:visible');
    await add.locator('.ant-select').first().click();
    await page.locator('.ant-select-item-option', { hasText: 'Payments' }).click();
    await add.locator('.ant-tree-treenode', { hasText: 'Refund' }).locator('.ant-tree-checkbox').click();
    await okModal(page);
    await poll(() => page.locator('.ant-drawer .ant-table-row').count()).toBe(1);
    expect(await page.locator('.ant-drawer .ant-table-row').textContent()).toContain('Sharing/Payments/pay-api');
    await h.shot(page, 'compose');
    const list = await h.admin<{ publicId: string }[]>('GET', 'compose/project/list', { spaceId: compose.id });
    const menu = await h.api<unknown>('GET', 'compose/doc/menu', { projectId: list[0].publicId }, null);
    expect(JSON.stringify(menu.data)).toContain('Refund');
  });
});

/**
 * Opens the first tree node's menu and picks Delete until the confirmation shows: on a loaded machine a
 * click can land while the dropdown is still animating in.
 */
async function openFolderDelete(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.getByTestId('tree-node').first().hover();
    await page.locator('.tree-more').first().click();
    await page.locator('.ant-dropdown-menu-item-danger').click();
    if (
      await page
        .locator('.ant-modal-confirm')
        .waitFor({ timeout: 5000 })
        .then(
          () => true,
          () => false,
        )
    )
      return;
    await page.keyboard.press('Escape');
  }
  throw new Error('the delete confirmation did not open');
}
