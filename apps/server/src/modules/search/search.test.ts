/**
 * Search through HTTP on a real database: a relevance table (the doc that must be in the top 3), CJK and
 * mixed queries, permissions (a guest of one project sees nothing of a private one; a share sees only what
 * it exposes), and the index following push, form save, move, rename and delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { drainJobs } from '../../jobs/queue.js';
import { openApi, tornaSdkEnvelope } from '../push/open-api.helpers.js';
import { settleAllRuns } from '../push/push-service.js';
import { indexDocIds, removeEntries } from './search-index.js';
import { reindexAll } from './search-rebuild.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof createWorld>>;
let priv: Awaited<ReturnType<typeof createWorld>>;
let guest: { id: string; token: string };

const p = (name: string, description = '', children?: unknown[]) => ({
  name,
  type: children ? 'object' : 'string',
  required: '0',
  description,
  children,
});
const api = (name: string, url: string, httpMethod: string, extra: Record<string, unknown> = {}) => ({
  isFolder: '0',
  name,
  url,
  httpMethod,
  ...extra,
});

/** The pushed corpus: folders of HTTP interfaces, in Chinese and English. */
const corpus = [
  {
    isFolder: '1',
    name: '订单管理',
    items: [
      api('创建订单', '/orders', 'POST', {
        description: 'Create an order for the current user',
        requestParams: [
          p('userId', '下单用户'),
          p('couponCode', '优惠券'),
          p('items', '商品', [p('skuId', '商品编号'), p('quantity', '数量')]),
        ],
      }),
      api('查询订单详情', '/orders/{orderId}', 'GET', { pathParams: [p('orderId', '订单编号')] }),
      api('取消订单', '/orders/{orderId}/cancel', 'POST', { requestParams: [p('reason', '取消原因')] }),
      api('订单列表', '/orders', 'GET', { queryParams: [p('pageNum'), p('pageSize'), p('status', '订单状态')] }),
      api('查询物流轨迹', '/logistics/{trackingNo}/traces', 'GET', { description: '订单发货后的物流信息' }),
      api('Get shipping address', '/addresses/default', 'GET', { description: 'Used when an order is created; orders need it' }),
    ],
  },
  {
    isFolder: '1',
    name: '用户中心',
    items: [
      api('用户登录', '/auth/login', 'POST', { requestParams: [p('username'), p('password'), p('captcha', '图形验证码')] }),
      api('获取用户信息', '/users/{id}', 'GET', { responseParams: [p('nickname', '昵称'), p('avatar', '头像地址')] }),
      api('修改用户密码', '/users/{id}/password', 'PUT', { requestParams: [p('oldPassword'), p('newPassword')] }),
      api('权限列表', '/permissions', 'GET', { queryParams: [p('roleId', '角色')] }),
      api('角色分配权限', '/roles/{roleId}/permissions', 'POST', { requestParams: [p('permissionIds')] }),
      api('发送短信验证码', '/sms/send', 'POST', { requestParams: [p('phoneNumber', '手机号')] }),
    ],
  },
  {
    isFolder: '1',
    name: 'Billing',
    items: [
      api('Create payment intent', '/payments/intents', 'POST', {
        requestParams: [p('amount'), p('currency'), p('customer', 'the payer', [p('email', 'receipt address')])],
      }),
      api('Refund payment', '/payments/{paymentId}/refund', 'POST', { requestParams: [p('refundAmount')] }),
      api('Download invoice', '/invoices/{invoiceId}/pdf', 'GET', { description: 'The invoice as a PDF file' }),
      api('Webhook callback', '/webhooks/stripe', 'POST', { headerParams: [p('Stripe-Signature', 'HMAC of the payload')] }),
    ],
  },
  api('Upload file', '/files/upload', 'POST', { requestParams: [p('file'), p('bucketName')] }),
  api('List products', '/products', 'GET', { queryParams: [p('category'), p('keyword')] }),
  api('Product inventory 库存查询', '/inventory/{sku}', 'GET'),
  api('Health check', '/health', 'GET'),
  api('Export report', '/reports/export', 'GET', { queryParams: [p('format', 'csv or xlsx')] }),
];

const search = (token: string, query: Record<string, unknown>) => call(t.app, token, 'GET', '/api/search', query);
const names = async (q: string, token = t.adminToken, extra: Record<string, unknown> = {}) => {
  const r = await search(token, { q, ...extra });
  expect(r.code, JSON.stringify(r.body)).toBe('0');
  return (r.data.list as { name: string }[]).map((h) => h.name);
};

async function push(token: string, apis: unknown[]) {
  const r = await openApi(t.app, tornaSdkEnvelope('doc.push', token, { apis }));
  expect(r.body.code, JSON.stringify(r.body)).toBe('0');
  await settleAllRuns(t.app);
  await drainJobs(t.app);
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  const tok = await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId });
  await push(tok.data.token, corpus);
  // Form saves: a Dubbo doc, a Markdown doc, an error code.
  const save = (body: Record<string, unknown>) => call(t.app, t.adminToken, 'POST', '/api/doc/save', { moduleId: w.moduleId, ...body });
  expect(
    (await save({ name: '下单接口', type: 1, url: 'placeOrder', dubboInfo: { interfaceName: 'com.shop.api.OrderFacade' } })).code,
  ).toBe('0');
  expect((await save({ name: '发布流程说明', type: 3, description: '# 发布流程\n先合并到主干，再打标签。' })).code).toBe('0');
  expect(
    (
      await save({
        name: 'Pay order',
        url: '/orders/{orderId}/pay',
        httpMethod: 'POST',
        errorCodeParams: [{ code: 'ORDER_NOT_FOUND', msg: '订单不存在', solution: '' }],
      })
    ).code,
  ).toBe('0');
  expect(
    (
      await call(t.app, t.adminToken, 'POST', '/api/doc/enum/info/save', {
        moduleId: w.moduleId,
        name: 'OrderStatus',
        items: [{ name: 'SHIPPED', value: '3' }],
      })
    ).code,
  ).toBe('0');
  // A private project with its own doc; the guest is a member of the first project only.
  priv = await createWorld(t, { isPrivate: 1 });
  const tok2 = await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: priv.moduleId });
  await push(tok2.data.token, [api('Salary export secret', '/hr/salary/export', 'GET', { description: '薪资导出' })]);
  guest = await createUser(t, `guest${Date.now() % 100000}`);
  expect(
    (await call(t.app, t.adminToken, 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [guest.id], roleCode: 'guest' }))
      .code,
  ).toBe('0');
});
afterAll(async () => {
  await t?.close();
});

/** Query → a name that must be among the first three hits. */
const relevance: [string, string][] = [
  ['orders/12', '查询订单详情'],
  ['GET /orders/{id}', '查询订单详情'],
  ['/orders/{orderId}/cancel', '取消订单'],
  ['订单详情', '查询订单详情'],
  ['订单 create', '创建订单'],
  ['couponCode', '创建订单'],
  ['coupon', '创建订单'],
  ['skuId', '创建订单'],
  ['商品编号', '创建订单'],
  ['用户', '用户登录'],
  ['login', '用户登录'],
  ['captcha', '用户登录'],
  ['password', '修改用户密码'],
  ['permissions', '权限列表'],
  ['权限', '权限列表'],
  ['upload', 'Upload file'],
  ['invoice pdf', 'Download invoice'],
  ['payment intent', 'Create payment intent'],
  ['customer email', 'Create payment intent'],
  ['POST /payments/1/refund', 'Refund payment'],
  ['refund', 'Refund payment'],
  ['库存', 'Product inventory 库存查询'],
  ['stripe signature', 'Webhook callback'],
  ['短信', '发送短信验证码'],
  ['验证码', '发送短信验证码'],
  ['物流', '查询物流轨迹'],
  ['health', 'Health check'],
  ['/users/{userId}', '获取用户信息'],
  ['OrderFacade', '下单接口'],
  ['发布流程', '发布流程说明'],
  ['ORDER_NOT_FOUND', 'Pay order'],
  ['shipped', 'OrderStatus'],
  ['订单管理', '订单管理'],
  ['export report', 'Export report'],
];

describe('relevance', () => {
  it.each(relevance)('%s → %s in the top 3', async (q, expected) => {
    const top = (await names(q)).slice(0, 3);
    expect(top, `${q}: ${top.join(' | ')}`).toContain(expected);
  });

  it('ranks a name or path match above a description match', async () => {
    const list = await names('order');
    expect(list.indexOf('Get shipping address')).toBeGreaterThan(list.indexOf('创建订单'));
    expect(list.indexOf('Get shipping address')).toBeGreaterThan(list.indexOf('Pay order'));
  });

  it('answers hits with kind, ids, method, path, breadcrumb and highlighted snippet', async () => {
    const r = await search(t.adminToken, { q: 'skuId' });
    const hit = r.data.list.find((h: { name: string }) => h.name === '创建订单');
    expect(hit).toMatchObject({
      kind: 'doc',
      method: 'POST',
      path: '/orders',
      moduleId: w.moduleId,
      projectId: w.projectId,
      spaceId: w.spaceId,
    });
    expect(hit.breadcrumb.slice(1)).toEqual(['project', 'app', '订单管理']);
    const [a, b] = hit.snippet.marks[0];
    expect(hit.snippet.text.slice(a, b).toLowerCase()).toBe('skuid');
    expect(r.data.total).toBeGreaterThanOrEqual(1);
  });

  it('filters by kind, method and application, and pages', async () => {
    expect(await names('orders', t.adminToken, { method: 'GET' })).not.toContain('创建订单');
    expect(await names('订单', t.adminToken, { kind: 'folder' })).toEqual(['订单管理']);
    expect(await names('orders', t.adminToken, { moduleId: priv.moduleId })).toEqual([]);
    const p1 = await search(t.adminToken, { q: 'orders', pageSize: 2, page: 1 });
    const p2 = await search(t.adminToken, { q: 'orders', pageSize: 2, page: 2 });
    expect(p1.data.list).toHaveLength(2);
    expect(p2.data.total).toBe(p1.data.total);
    expect(p2.data.list[0].name).not.toBe(p1.data.list[0].name);
  });

  it('lists recent docs for an empty query and nothing for an unknown word', async () => {
    expect((await names('')).length).toBeGreaterThan(3);
    expect(await search(t.adminToken, { q: 'zzqqxx' })).toMatchObject({ data: { list: [], total: 0 } });
  });
});

describe('filters and suggestions', () => {
  it('filters by status and deprecated, and by application with several words', async () => {
    const save = (name: string, url: string, extra: Record<string, unknown>) =>
      call(t.app, t.adminToken, 'POST', '/api/doc/save', { moduleId: w.moduleId, name, url, httpMethod: 'GET', ...extra });
    expect((await save('Gadget legacy', '/v1/gadgets', { status: 5, deprecated: 'use Gadget current' })).code).toBe('0');
    expect((await save('Gadget current', '/v2/gadgets', { status: 10 })).code).toBe('0');
    expect(await names('gadget', t.adminToken, { deprecated: 1 })).toEqual(['Gadget legacy']);
    expect(await names('gadget', t.adminToken, { deprecated: 0 })).toEqual(['Gadget current']);
    expect(await names('gadget', t.adminToken, { status: 10 })).toEqual(['Gadget current']);
    expect(await names('gadget', t.adminToken, { status: 0 })).toEqual([]);
    expect((await names('gadget legacy', t.adminToken, { moduleId: w.moduleId })).slice(0, 1)).toEqual(['Gadget legacy']);
    expect(await names('gadget legacy', t.adminToken, { moduleId: priv.moduleId })).toEqual([]);
  });

  it('suggests a one-edit correction for a query without results, from what the reader may read', async () => {
    const r = await search(t.adminToken, { q: 'pasword' });
    expect(r.data).toMatchObject({ list: [], total: 0, suggestion: 'password' });
    expect((await search(t.adminToken, { q: 'refnd payment' })).data.suggestion).toBe('refund payment');
    expect((await search(t.adminToken, { q: 'salery' })).data.suggestion).toBe('salary');
    // The private project's words are not suggested to a guest who cannot read it.
    expect((await search(guest.token, { q: 'salery' })).data).toEqual({ list: [], total: 0 });
    expect((await search(t.adminToken, { q: 'qqqzzzxx' })).data.suggestion).toBeUndefined();
  });

  it('a query with more matches than it counts says so', async () => {
    const bulk = await createWorld(t);
    const tok = await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: bulk.moduleId });
    await push(
      tok.data.token,
      Array.from({ length: 520 }, (_, i) => api(`Sprocket ${i}`, `/sprockets/${i}/spin`, 'GET')),
    );
    await drainJobs(t.app);
    const one = await search(t.adminToken, { q: 'sprocket' });
    expect(one.data).toMatchObject({ total: 500, more: true });
    const two = await search(t.adminToken, { q: 'sprocket spin' });
    expect(two.data).toMatchObject({ total: 500, more: true });
    expect(two.data.list).toHaveLength(20);
    const few = await search(t.adminToken, { q: 'sprocket 17' });
    expect(few.data.more).toBeUndefined();
    expect(few.data.list.map((h: { name: string }) => h.name)).toContain('Sprocket 17');
  });
});

describe('words that are all common', () => {
  it('finds every doc that has all the words when each word has 500+ matches', async () => {
    // 600+ docs with "zinc", 1,100+ with "quark", a handful with both (pushed first, so they have the lowest
    // ids and are not among either word's first 500 rows, nor among the first 1,000 of "quark", the longer
    // word that drives: MariaDB reads those first, then the rest).
    const bulk = await createWorld(t);
    const tok = await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: bulk.moduleId });
    const both = [
      api('Zinc quark alpha', '/zinc-quark/alpha', 'GET'),
      api('Zinc quark beta', '/zinc-quark/beta', 'GET'),
      api('Zinc quark gamma', '/zinc-quark/gamma', 'GET'),
      api('Zinc plating', '/platings/{id}', 'GET', { description: 'Uses a quark model' }),
      api('Zinc coating', '/coatings/{id}', 'GET', { queryParams: [p('layer', 'quark layer')] }),
    ];
    await push(tok.data.token, [
      ...both,
      ...Array.from({ length: 620 }, (_, i) => api(`Zinc item ${i}`, `/zinc/${i}`, 'GET')),
      ...Array.from({ length: 1100 }, (_, i) => api(`Quark item ${i}`, `/quark/${i}`, 'GET')),
    ]);
    expect((await search(t.adminToken, { q: 'zinc' })).data).toMatchObject({ total: 500, more: true });
    expect((await search(t.adminToken, { q: 'quark' })).data).toMatchObject({ total: 500, more: true });
    const r = await search(t.adminToken, { q: 'zinc quark' });
    expect(r.data.total).toBe(5);
    expect(r.data.more).toBeUndefined();
    const list = (r.data.list as { name: string }[]).map((h) => h.name);
    expect([...list].sort()).toEqual(both.map((d) => d.name).sort());
    // Name and path matches before description and param matches.
    expect(list.slice(3).sort()).toEqual(['Zinc coating', 'Zinc plating']);
    expect((await search(t.adminToken, { q: 'quark zinc', method: 'GET' })).data.total).toBe(5);
    expect((await search(t.adminToken, { q: 'zinc quark', moduleId: bulk.moduleId, pageSize: 2 })).data).toMatchObject({ total: 5 });
    // A reader who may not read that project finds none of them.
    expect((await search(guest.token, { q: 'zinc quark' })).data).toEqual({ list: [], total: 0 });
  });
});

describe('permissions', () => {
  it('a guest of one project gets no hit and no count from a private project', async () => {
    expect(await names('salary')).toContain('Salary export secret');
    const r = await search(guest.token, { q: 'salary' });
    expect(r.data).toEqual({ list: [], total: 0 });
    expect((await search(guest.token, { q: '薪资' })).data.total).toBe(0);
    expect(await names('skuId', guest.token)).toContain('创建订单');
    // Asking for the private project by id gives nothing either.
    expect((await search(guest.token, { q: '', projectId: priv.projectId })).data.total).toBe(0);
  });

  it("a member's space and project filters narrow what they may read, alone or together", async () => {
    expect(await names('skuId', guest.token, { projectId: w.projectId })).toContain('创建订单');
    expect(await names('skuId', guest.token, { spaceId: w.spaceId })).toContain('创建订单');
    expect(await names('skuId', guest.token, { spaceId: w.spaceId, projectId: w.projectId })).toContain('创建订单');
    expect((await search(guest.token, { q: 'skuId', spaceId: priv.spaceId })).data.total).toBe(0);
    expect((await search(guest.token, { q: 'skuId', spaceId: priv.spaceId, projectId: w.projectId })).data.total).toBe(0);
    expect((await search(guest.token, { q: 'salary', spaceId: priv.spaceId, projectId: priv.projectId })).data.total).toBe(0);
  });

  it('a share searches only the docs it exposes', async () => {
    const docs = await search(t.adminToken, { q: 'refund' });
    const refundId = docs.data.list[0].docId as string;
    const s = await call(t.app, t.adminToken, 'POST', '/api/share/add', {
      moduleId: w.moduleId,
      type: 1,
      isAll: 0,
      contents: [{ docId: refundId }],
    });
    expect(s.code, JSON.stringify(s.body)).toBe('0');
    const anon = (q: string) => call(t.app, null, 'GET', '/api/share/search', { id: s.data.publicId, q });
    const hit = await anon('refund');
    expect(hit.data.list.map((h: { name: string }) => h.name)).toEqual(['Refund payment']);
    expect(hit.data.list[0]).toMatchObject({ spaceId: '', projectId: '' });
    expect((await anon('订单')).data).toEqual({ list: [], total: 0 });
    expect((await anon('salary')).data.total).toBe(0);
  });
});

describe('the index follows writes', () => {
  it('form save, rename, move, delete', async () => {
    const saved = await call(t.app, t.adminToken, 'POST', '/api/doc/save', {
      moduleId: w.moduleId,
      name: 'Quux widget',
      url: '/quux',
      httpMethod: 'GET',
    });
    const id = saved.data.id as string;
    expect(await names('quux')).toEqual(['Quux widget']);
    const d = (await call(t.app, t.adminToken, 'GET', '/api/doc/detail', { id })).data;
    await call(t.app, t.adminToken, 'POST', '/api/doc/save', { ...d, moduleId: w.moduleId, id, name: 'Zebra widget' });
    expect(await names('quux')).toEqual(['Zebra widget']); // the path still matches
    expect(await names('zebra')).toEqual(['Zebra widget']);
    const folder = await call(t.app, t.adminToken, 'POST', '/api/doc/folder/add', { moduleId: w.moduleId, name: 'Stripes' });
    expect(folder.code, JSON.stringify(folder.body)).toBe('0');
    expect(await names('stripes')).toEqual(['Stripes']);
    await call(t.app, t.adminToken, 'POST', '/api/doc/move', { id, parentId: folder.data.id });
    const moved = await search(t.adminToken, { q: 'zebra' });
    expect(moved.data.list[0].breadcrumb.at(-1)).toBe('Stripes');
    await call(t.app, t.adminToken, 'POST', '/api/doc/delete', { id });
    expect(await names('zebra')).toEqual([]);
  });

  it('a push that renames and removes docs', async () => {
    const mod = await call(t.app, t.adminToken, 'POST', '/api/module/add', { projectId: w.projectId, name: 'Gizmo service' });
    const tok = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: mod.data.id })).data.token;
    await push(tok, [api('Gizmo alpha', '/gizmo/a', 'GET'), api('Gizmo beta', '/gizmo/b', 'GET')]);
    expect((await names('gizmo', t.adminToken, { kind: 'doc' })).sort()).toEqual(['Gizmo alpha', 'Gizmo beta']);
    expect(await names('gizmo', t.adminToken, { kind: 'application' })).toEqual(['Gizmo service']);
    await push(tok, [api('Gizmo gamma', '/gizmo/a', 'GET')]);
    await settleAllRuns(t.app);
    const after = await names('gizmo', t.adminToken, { kind: 'doc' });
    expect(after).toContain('Gizmo gamma');
    expect(after).not.toContain('Gizmo alpha');
    await call(t.app, t.adminToken, 'POST', '/api/module/delete', { id: mod.data.id });
    expect(await names('gizmo')).toEqual([]);
  });

  it('a large push is indexed by the catch-up job it queues', async () => {
    const mod = await call(t.app, t.adminToken, 'POST', '/api/module/add', { projectId: w.projectId, name: 'Bulk' });
    const tok = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: mod.data.id })).data.token;
    const many = Array.from({ length: 120 }, (_, i) =>
      api(`Bulkdoc ${i}`, `/bulk/${i}/thing`, 'GET', { requestParams: [p(`bulkParam${i}`)] }),
    );
    const r = await openApi(t.app, tornaSdkEnvelope('doc.push', tok, { apis: many }));
    expect(r.body.code).toBe('0');
    const queued = await t.app.ctx.db
      .selectFrom('jobs')
      .select('state')
      .where('kind', '=', 'search.docs')
      .where('state', '=', 'queued')
      .execute();
    expect(queued).toHaveLength(1);
    await settleAllRuns(t.app);
    await drainJobs(t.app);
    expect((await search(t.adminToken, { q: 'bulkdoc' })).data.total).toBe(120);
    expect(await names('bulkParam7')).toEqual(['Bulkdoc 7']);
    await push(tok, many.slice(0, 10));
    expect((await search(t.adminToken, { q: 'bulkdoc' })).data.total).toBe(10);
  });

  it('a catch-up job and a save of the same doc at once both index it, once', async () => {
    // The catch-up job of a large push indexes a doc while a form save of that doc indexes it in its own
    // transaction. Before, on PostgreSQL the save's insert waited for the job's uncommitted entry and then
    // failed on the unique (kind, ref_id) key (the load benchmark lost a whole job of 1,200 docs that way).
    const saved = await call(t.app, t.adminToken, 'POST', '/api/doc/save', {
      moduleId: w.moduleId,
      name: 'Racer one',
      url: '/racer',
      httpMethod: 'GET',
    });
    const id = saved.data.id as string;
    const d = (await call(t.app, t.adminToken, 'GET', '/api/doc/detail', { id })).data;
    // As a doc of a large push is before its catch-up job runs: not in the index yet.
    await removeEntries(t.app.ctx.db, ['doc'], [t.app.ctx.ids.decode(id)]);
    let indexed!: () => void;
    const jobIndexed = new Promise<void>((r) => {
      indexed = r;
    });
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    const job = t.app.ctx.db.transaction().execute(async (tx) => {
      await indexDocIds(t.app.ctx, tx, [t.app.ctx.ids.decode(id)]);
      indexed();
      await released;
    });
    await jobIndexed;
    const save = call(t.app, t.adminToken, 'POST', '/api/doc/save', { ...d, moduleId: w.moduleId, id, name: 'Racer two' });
    await new Promise((r) => setTimeout(r, 300));
    release();
    await job;
    const answer = await save;
    expect(answer.code, JSON.stringify(answer.body)).toBe('0');
    expect(await names('racer')).toEqual(['Racer two']);
  });

  it('saves of two docs of one application at once both succeed (each rewrites the application folders in the index)', async () => {
    // Before, on MariaDB the second save read the folder entries from its snapshot, missed the ones the first
    // had just written and failed on the unique (kind, ref_id) key.
    const save = (name: string) =>
      call(t.app, t.adminToken, 'POST', '/api/doc/save', { moduleId: w.moduleId, name, url: `/${name}`, httpMethod: 'GET' });
    for (let i = 0; i < 5; i++) {
      const answers = await Promise.all([save(`Twinsave a${i}`), save(`Twinsave b${i}`)]);
      for (const a of answers) expect(a.code, JSON.stringify(a.body)).toBe('0');
    }
    expect((await search(t.adminToken, { q: 'twinsave' })).data.total).toBe(10);
  });

  it('the rebuild gives the same answers', async () => {
    const before = (await names('订单')).sort();
    await reindexAll(t.app.ctx);
    expect((await names('订单')).sort()).toEqual(before);
    const job = await call(t.app, t.adminToken, 'POST', '/api/admin/search/reindex');
    expect(job.code).toBe('0');
    await drainJobs(t.app);
    const st = await call(t.app, t.adminToken, 'GET', '/api/admin/search/reindex/status', { jobId: job.data.jobId });
    expect(st.data).toMatchObject({ state: 'done', progress: 100 });
    expect(st.data.entries).toBeGreaterThan(20);
  });
});
