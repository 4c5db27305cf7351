/**
 * API set-up shared by the flows: a space, a private project, an application with a common response
 * (`$data$` node), a folder and two HTTP docs with nested request/response params and error codes.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Harness, settled } from './harness.js';

export interface ShopWorld {
  spaceId: string;
  projectId: string;
  moduleId: string;
  folderId: string;
  createDocId: string;
  getDocId: string;
  markdownDocId: string;
  dubboDocId: string;
}

const p = (name: string, type: string, example = '', description = '', children: unknown[] = []) => ({
  name,
  type,
  example,
  description,
  required: 1,
  children,
});

/** Builds the shop world as the super admin (names are suffixed to stay unique per call). */
export async function createShopWorld(h: Harness, suffix = ''): Promise<ShopWorld> {
  const space = await h.admin<{ id: string }>('POST', 'space/add', { name: `Shop Space${suffix}`, isCompose: 0 });
  const project = await h.admin<{ id: string }>('POST', 'project/add', {
    spaceId: space.id,
    name: `Shop${suffix}`,
    description: '',
    isPrivate: 1,
  });
  const mod = await h.admin<{ id: string }>('POST', 'module/add', { projectId: project.id, name: 'order-service' });
  await h.admin('POST', 'module/commonParam/save', {
    moduleId: mod.id,
    style: 3,
    params: [p('code', 'string', '0', 'result code'), p('data', 'object', '$data$', 'payload'), p('msg', 'string', 'ok')],
  });
  await h.admin('POST', 'module/environment/add', { moduleId: mod.id, name: 'staging', url: 'http://staging.example.test', isPublic: 1 });
  const folder = await h.admin<{ id: string }>('POST', 'doc/folder/add', { moduleId: mod.id, parentId: '', name: 'Orders' });
  const create = await h.admin<{ id: string }>('POST', 'doc/save', {
    moduleId: mod.id,
    parentId: folder.id,
    name: 'Create order',
    url: '/orders',
    httpMethod: 'POST',
    contentType: 'application/json',
    type: 0,
    description: 'Creates an order. **Idempotent** with the `Request-Id` header.<script>alert(1)</script>',
    headerParams: [p('Request-Id', 'string', 'r-1', 'idempotency key')],
    requestParams: [
      p('customerId', 'number', '42', 'customer'),
      {
        ...p('channel', 'enum', 'WEB', 'sales channel'),
        enumInfo: {
          name: 'Channel',
          description: 'sales channels',
          items: [{ name: 'WEB', type: 'string', value: 'w', description: 'web shop' }],
        },
      },
      p('items', 'array', '', 'order lines', [p('sku', 'string', 'SKU-1', 'stock unit'), p('qty', 'number', '2', 'quantity')]),
    ],
    responseParams: [p('orderId', 'string', 'o-1001', 'new order id'), p('total', 'number', '19.9', 'amount')],
    errorCodeParams: [{ code: 'E_STOCK', msg: 'out of stock', solution: 'retry later' }],
  });
  const get = await h.admin<{ id: string }>('POST', 'doc/save', {
    moduleId: mod.id,
    parentId: folder.id,
    name: 'Get order',
    url: '/orders/{id}',
    httpMethod: 'GET',
    type: 0,
    pathParams: [p('id', 'string', 'o-1001', 'order id')],
    responseParams: [p('orderId', 'string', 'o-1001')],
  });
  const md = await h.admin<{ id: string }>('POST', 'doc/save', {
    moduleId: mod.id,
    parentId: '',
    name: 'Read me',
    type: 3,
    description: '# Welcome\n\nOrders API guide.',
  });
  const dubbo = await h.admin<{ id: string }>('POST', 'doc/save', {
    moduleId: mod.id,
    parentId: '',
    name: 'Order RPC',
    type: 1,
    definition: 'Order getOrder(String id)',
    dubboInfo: { interfaceName: 'com.shop.OrderService', version: '1.0.0', protocol: 'dubbo', author: 'ann', dependency: '<dependency/>' },
    requestParams: [p('id', 'string', 'o-1', 'order id')],
  });
  return {
    dubboDocId: dubbo.id,
    spaceId: space.id,
    projectId: project.id,
    moduleId: mod.id,
    folderId: folder.id,
    createDocId: create.id,
    getDocId: get.id,
    markdownDocId: md.id,
  };
}

/**
 * An OpenAPI file a converter warns about: an unknown type in the request body and in a response, an
 * undeclared path variable, a security scheme the file does not define.
 */
export const WARNED_SPEC = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Warned API', version: '1' },
  paths: {
    '/things': {
      post: {
        summary: 'Create things',
        security: [{ partnerKey: [] }],
        requestBody: {
          content: { 'application/json': { schema: { type: 'object', properties: { size: { type: 'str' } } } } },
        },
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { type: 'object', properties: { weight: { type: 'float' } } } } },
          },
        },
      },
    },
    '/things/{thingId}/parts/{partNo}': {
      get: {
        summary: 'Get part',
        parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
});

/**
 * Imports WARNED_SPEC into a new application through the import dialog of the doc page `page` shows, and waits
 * for the outcome with its warnings listed (unknown types in body and response, the path variable, the scheme).
 */
export async function importWithWarnings(page: Page, appName: string): Promise<void> {
  await page
    .locator('.ant-btn', { has: page.locator('.anticon-import') })
    .first()
    .click();
  const dialog = page.locator('.ant-modal').last();
  await settled(dialog);
  await dialog.locator('input[type=radio][value=new]').check();
  await dialog.getByTestId('import-name').fill(appName);
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'warned.json', mimeType: 'application/json', buffer: Buffer.from(WARNED_SPEC) });
  await dialog.getByTestId('import-submit').click();
  const progress = dialog.getByTestId('import-progress');
  await expect.poll(() => progress.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
  await expect.poll(() => progress.locator('.ant-list-item').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
  await page.waitForTimeout(600); // the bar finishes its animation
}

const formEncoded = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');

/**
 * Pushes docs through the Torna open API (`doc.push` with an application's token), as smart-doc or a CI job would.
 * Throws with the answer unless the push succeeded; returns the answer's data (what the push added, updated, ...).
 */
export async function tornaPush(h: Harness, token: string, data: unknown): Promise<unknown> {
  const res = await fetch(`${h.baseUrl}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ name: 'doc.push', version: '1.0', access_token: token, data: formEncoded(JSON.stringify(data)) }),
  });
  const body = await res.json();
  if (body.code !== '0') throw new Error(`push failed: ${JSON.stringify(body)}`);
  return body.data;
}
