/**
 * On an SQLite file the search index's statements run on read worker threads (db/sqlite-read-workers.ts). The
 * answers are the same as on the main thread's connection, a doc saved is found by the very next search (the
 * worker's connection sees the commit), a worker that dies fails its statement with a clear error and the next
 * search starts a new one, and closing the database ends the workers. Always an SQLite file (whatever TEST_DB):
 * PostgreSQL and MySQL have no read workers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { drainJobs } from '../../jobs/queue.js';
import { openApi, tornaSdkEnvelope } from '../push/open-api.helpers.js';
import { settleAllRuns } from '../push/push-service.js';
import { type ReadScope, searchDocs } from './search.service.js';

let t: TestApp;
let dir: string;
let w: Awaited<ReturnType<typeof createWorld>>;
let guestId: number;

const api = (name: string, url: string, httpMethod: string, description = '') => ({ isFolder: '0', name, url, httpMethod, description });
const corpus = [
  api('创建订单', '/orders', 'POST', 'Create an order for the current user'),
  api('查询订单详情', '/orders/{orderId}', 'GET'),
  api('取消订单', '/orders/{orderId}/cancel', 'POST', '取消原因'),
  api('Get shipping address', '/addresses/default', 'GET', 'Used when an order is created; orders need it'),
  api('用户登录', '/auth/login', 'POST', '图形验证码'),
  api('Create payment intent', '/payments/intents', 'POST', 'amount currency customer'),
  api('Refund payment', '/payments/{paymentId}/refund', 'POST', 'refund amount'),
  api('Download invoice', '/invoices/{invoiceId}/pdf', 'GET', 'The invoice as a PDF file'),
  api('Export report', '/reports/export', 'GET', 'csv or xlsx'),
  api('Product inventory 库存查询', '/inventory', 'GET', 'stock of a sku'),
];
const queries = [
  '',
  'order',
  '订单',
  'orders/12',
  '订单 create',
  'refund amount',
  'paym',
  'invoice pdf',
  '库存 export',
  'ordr',
  'nothinglike',
];

const newFileApp = (file: string) => createTestApp({ env: { DATABASE_URL: `sqlite:${file}` } });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'folio-search-worker-'));
  t = await newFileApp(join(dir, 'folio.db'));
  w = await createWorld(t);
  const tok = await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId });
  const r = await openApi(t.app, tornaSdkEnvelope('doc.push', tok.data.token, { apis: corpus }));
  expect(r.body.code, JSON.stringify(r.body)).toBe('0');
  await settleAllRuns(t.app);
  await drainJobs(t.app);
  const guest = await createUser(t, `guest${Date.now() % 100000}`);
  await call(t.app, t.adminToken, 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [guest.id], roleCode: 'guest' });
  guestId = t.app.ctx.ids.decode(guest.id);
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('search on SQLite read workers', () => {
  it('answers as the main thread does, for every query, scope and filter', async () => {
    const ctx = t.app.ctx;
    expect(ctx.readWorkers).not.toBeNull();
    const scopes: ReadScope[] = [{ kind: 'all' }, { kind: 'user', userId: guestId }];
    let hits = 0;
    for (const scope of scopes) {
      for (const q of queries) {
        for (const filters of [{}, { method: 'POST' }]) {
          const page = { page: 1, pageSize: 5 };
          const onWorker = await searchDocs(ctx, scope, q, filters, page);
          const inProcess = await searchDocs({ ...ctx, readWorkers: null }, scope, q, filters, page);
          expect(onWorker, `${q} ${JSON.stringify(filters)}`).toEqual(inProcess);
          hits += onWorker.list.length;
        }
      }
    }
    expect(hits).toBeGreaterThan(40);
    expect((await searchDocs(ctx, { kind: 'all' }, 'ordr', {}, { page: 1, pageSize: 5 })).suggestion).toBe('order');
    expect(ctx.readWorkers?.running().length).toBeGreaterThan(0);
  });

  it('finds a doc saved through the API in the very next search', async () => {
    for (const [name, url] of [
      ['Zanzibar gateway', '/zz/gateway'],
      ['Zanzibar relay', '/zz/relay'],
    ]) {
      const saved = await call(t.app, t.adminToken, 'POST', '/api/doc/save', { moduleId: w.moduleId, name, url, httpMethod: 'GET' });
      expect(saved.code, JSON.stringify(saved.body)).toBe('0');
      const r = await call(t.app, t.adminToken, 'GET', '/api/search', { q: name });
      expect(r.data.list.map((h: { name: string }) => h.name)).toContain(name);
    }
  });

  it('fails the statements of a worker that dies with a clear error, and the next search starts a new one', async () => {
    const workers = t.app.ctx.readWorkers;
    if (!workers) throw new Error('no read workers');
    await searchDocs(t.app.ctx, { kind: 'all' }, 'order', {}, { page: 1, pageSize: 5 });
    const [worker] = workers.running();
    // A statement that runs for a while, so the worker is stopped while it holds it.
    const slow = workers.all(
      'with recursive c(x) as (select 1 union all select x + 1 from c where x < 300000) select count(*) as n from c',
      [],
    );
    const stopped = worker.terminate();
    await expect(slow).rejects.toThrow(/SQLite read worker stopped/);
    await stopped;
    const r = await call(t.app, t.adminToken, 'GET', '/api/search', { q: 'refund' });
    expect(r.code, JSON.stringify(r.body)).toBe('0');
    expect(r.data.list.map((h: { name: string }) => h.name)).toContain('Refund payment');
    expect(workers.running()).not.toContain(worker);
  });

  it('ends its workers when the app closes', async () => {
    const other = await newFileApp(join(dir, 'other.db'));
    await call(other.app, other.adminToken, 'GET', '/api/search', { q: 'anything' });
    const running = other.app.ctx.readWorkers?.running() ?? [];
    expect(running.length).toBeGreaterThan(0);
    const exits = running.map((wk) => new Promise<number>((resolve) => wk.once('exit', resolve)));
    await other.close();
    expect((await Promise.all(exits)).length).toBe(running.length);
    await expect(other.app.ctx.readWorkers?.all('select 1 as x', [])).rejects.toThrow(/closed/);
  });
});
