/**
 * Issue 4 in a browser: docs pushed through the Torna open API (as smart-doc sends them) appear with
 * their history; two versions compare side by side with added/removed/changed parameters highlighted;
 * a restore asks first and lands in the change log; /openapi shows the guide with the application token.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, settled, startHarness } from './harness.js';
import { tornaPush } from './world.js';

let h: Harness;
let moduleId: string;
let token: string;
let docId: string;
let projectId: string;

/** Pushes through the Torna open API, as smart-doc would. */
const push = (data: unknown) => tornaPush(h, token, data);

const api = (params: unknown[]) => ({
  author: 'smart-doc',
  apis: [
    {
      isFolder: '1',
      name: 'OrderController',
      items: [
        {
          isFolder: '0',
          name: 'Get order',
          url: '/order/{id}',
          httpMethod: 'GET',
          isShow: '1',
          description: 'Reads an order',
          responseParams: params,
        },
      ],
    },
  ],
});

beforeAll(async () => {
  h = await startHarness({ prefix: 'push-history' });
  const space = await h.admin('POST', 'space/add', { name: 'Push space', isCompose: 0 });
  const project = await h.admin('POST', 'project/add', { spaceId: space.id, name: 'Shop', description: '', isPrivate: 0 });
  projectId = project.id;
  moduleId = (await h.admin('POST', 'module/add', { projectId: project.id, name: 'order-service' })).id;
  token = (await h.admin('GET', 'module/token/get', { moduleId })).token;
  await push(
    api([
      { name: 'id', type: 'int', required: '1' },
      { name: 'name', type: 'string', required: '0' },
    ]),
  );
  const second = await push(
    api([
      { name: 'id', type: 'long', required: '1' },
      { name: 'email', type: 'string', required: '0' },
    ]),
  );
  expect(second).toMatchObject({ updated: 1 });
  const list = await h.api('POST', '/api', { name: 'doc.list', version: '1.0', access_token: token, data: '' });
  // Torna 1.30's shape: {docList: [...]}.
  docId = list.data.docList.find((d: { url: string }) => d.url === '/order/{id}').id;
});
afterAll(async () => {
  await h?.stop();
});

describe('history of pushed docs', () => {
  it('compares two versions side by side and restores the older one', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/view/${docId}`);
    await expect.poll(() => page.getByTestId('doc-title').textContent()).toBe('Get order');
    await page.getByTestId('doc-tab-history').click();
    const versions = page.getByTestId('history-versions');
    await expect.poll(() => versions.locator('tbody tr.ant-table-row').count()).toBe(2);
    const changes = page.getByTestId('history-changes');
    await expect.poll(() => changes.textContent()).toContain('Push');
    expect(await changes.textContent()).toContain('smart-doc');
    for (const box of await versions.locator('tbody .ant-checkbox-input').all()) await box.check();
    await page.getByTestId('history-compare').click();
    const diff = page.getByTestId('history-diff');
    await expect.poll(() => diff.textContent()).toContain('email');
    const text = (await diff.textContent()) ?? '';
    expect(text).toMatch(/email\s*added/);
    expect(text).toMatch(/name\s*removed/);
    expect(text).toMatch(/id\s*changed/);
    await h.shot(page, 'compare');
    await page.keyboard.press('Escape');
    await page.getByTestId('history-restore').click();
    const confirm = page.locator('.ant-modal-confirm');
    await settled(confirm);
    await confirm.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('Version restored');
    await expect.poll(() => changes.locator('tbody tr.ant-table-row').first().textContent()).toContain('Form');
    const detail = await h.api('GET', 'doc/detail', { id: docId }, h.adminToken);
    expect(detail.data.responseParams.map((p: { name: string }) => p.name)).toEqual(['id', 'name']);
    await h.shot(page, 'restored');
  });

  it('shows the push guide with the application URL and token on /openapi', async () => {
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/openapi?moduleId=${moduleId}`);
    const guide = page.getByTestId('openapi-guide');
    await expect.poll(() => guide.textContent()).toContain(token);
    expect(await guide.textContent()).toContain('"openUrl"');
    expect(await guide.textContent()).toContain('apiUploadNums');
    await h.shot(page, 'openapi');
  });
});

describe('chat webhooks', () => {
  let robot: Server;
  const received: string[] = [];
  beforeAll(async () => {
    robot = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push(body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"errcode":0,"errmsg":"ok"}');
      });
    });
    await new Promise<void>((r) => robot.listen(0, '127.0.0.1', r));
    await h.admin('POST', 'admin/setting/update', { values: { 'folio.outbound.allowlist': '127.0.0.1' } });
  });
  afterAll(async () => {
    await new Promise<void>((r) => robot.close(() => r()));
  });

  it('an admin adds a WeCom robot in the application settings, test-sends it and sees the delivery', async () => {
    const port = (robot.address() as AddressInfo).port;
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    await page.goto(`/project/doc/${projectId}?moduleId=${moduleId}&tab=settings`);
    await page.getByRole('tab', { name: 'Chat webhooks' }).click();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox').first().click();
    await page.locator('.ant-select-item-option', { hasText: 'WeCom' }).click();
    await dialog.getByLabel('Name').fill('team group');
    await dialog.getByLabel('Webhook URL').fill(`http://127.0.0.1:${port}/cgi-bin/webhook/send?key=secret-key`);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: 'team group' }).count()).toBe(1);
    await page.locator('.ant-table-row', { hasText: 'team group' }).getByRole('button', { name: 'Send test' }).click();
    // The outcome is said beside the button (not in a passing toast).
    await expect.poll(() => page.getByTestId('webhook-test-result').textContent()).toContain('Delivered (HTTP 200)');
    expect(JSON.parse(received.at(-1) ?? '{}')).toMatchObject({ msgtype: 'text', text: { mentioned_mobile_list: [] } });
    await expect.poll(() => page.getByText('delivered').count()).toBeGreaterThan(0);
    await h.shot(page, 'webhooks');
  });
});
