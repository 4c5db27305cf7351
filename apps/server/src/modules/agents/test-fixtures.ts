/** Test and bench helpers: an application filled by one Torna push, a sample doc with every part. */
import type { App } from '../../app.js';
import { drainJobs } from '../../jobs/queue.js';
import { openApi, tornaSdkEnvelope } from '../push/open-api.helpers.js';

/** A doc with headers, path/query params, a nested body with an enum, a response and error codes. */
export function sampleApi(name = 'Create order', url = '/orders/{shopId}') {
  return {
    name,
    url,
    httpMethod: 'POST',
    contentType: 'application/json',
    description: 'Creates an order.<br>Idempotent by requestId.',
    isFolder: 0,
    headerParams: [{ name: 'X-Request-Id', required: 1, example: 'r-1', description: 'idempotency key' }],
    pathParams: [{ name: 'shopId', type: 'int', required: 1, example: '7', description: 'shop' }],
    queryParams: [{ name: 'dryRun', type: 'boolean', required: 0, example: 'false', description: 'validate only' }],
    requestParams: [
      {
        name: 'items',
        type: 'array',
        required: 1,
        description: 'lines',
        children: [
          { name: 'sku', type: 'string', required: 1, example: 'A-1', description: 'stock unit' },
          { name: 'qty', type: 'int', required: 1, example: '2', description: 'count' },
        ],
      },
      {
        name: 'channel',
        type: 'enum',
        required: 0,
        description: 'sales channel',
        enumInfo: {
          name: 'Channel',
          items: [
            { name: 'WEB', type: 'string', value: 'web', description: 'web shop' },
            { name: 'APP', type: 'string', value: 'app', description: 'mobile' },
          ],
        },
      },
    ],
    responseParams: [
      { name: 'orderId', type: 'long', required: 1, example: '9001', description: 'new order' },
      { name: 'total', type: 'double', required: 1, example: '12.5', description: 'amount | with tax' },
    ],
    errorCodeParams: [{ code: 'E_STOCK', msg: 'out of stock', solution: 'reduce qty' }],
  };
}

/** Pushes a payload through the Torna open API (queued pushes are run) and returns the response body. */
export async function pushApis(app: App, token: string, apis: unknown[]) {
  const r = await openApi(app, tornaSdkEnvelope('doc.push', token, { apis, author: 'bot', isReplace: 0 }));
  await drainJobs(app);
  if (r.body.code !== '0') throw new Error(`push failed: ${r.body.msg}`);
  return r.body;
}

/** A folder of n generated docs (one push of all of them makes a big tree quickly). */
export function bulkFolder(name: string, n: number) {
  return {
    name,
    isFolder: 1,
    items: Array.from({ length: n }, (_, i) => ({
      name: `Bulk doc ${i}`,
      url: `/bulk/${name}/${i}`,
      httpMethod: 'GET',
      contentType: 'application/json',
      description: `Generated doc ${i}`,
      isFolder: 0,
      queryParams: [{ name: 'page', type: 'int', required: 0, example: '1', description: 'page' }],
      responseParams: [{ name: 'id', type: 'long', required: 1, example: String(i), description: 'id' }],
    })),
  };
}
