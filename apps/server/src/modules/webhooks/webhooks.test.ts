/**
 * Chat webhooks end to end: bodies received by a local HTTP server byte-for-byte as DingTalk/WeCom
 * expect (with a correct DingTalk signature), other kinds, retries, the delivery log, test-send, and
 * URLs visible to the application's admins only.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EchoServer, startEchoServer } from '../../../test/echo-server.js';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { openApi, tornaSdkEnvelope } from '../push/open-api.helpers.js';
import { processDeliveries } from './webhook-queue.js';

let t: TestApp;
let echo: EchoServer;
let w: Awaited<ReturnType<typeof createWorld>>;
let token: string;
let guest: { id: string; token: string };
let follower: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  echo = await startEchoServer();
  await t.app.ctx.settings.set({
    'folio.outbound.allowlist': '127.0.0.1',
    'folio.public-url': 'http://folio.test',
    'folio.default-lang': 'zh-CN',
  });
  w = await createWorld(t);
  token = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId })).data.token;
  guest = await createUser(t, 'hook_guest');
  follower = await createUser(t, 'hook_follower');
  await call(t.app, t.adminToken, 'POST', '/api/project/member/add', {
    projectId: w.projectId,
    userIds: [guest.id, follower.id],
    roleCode: 'guest',
  });
  const fid = t.app.ctx.ids.decode(follower.id);
  await t.app.ctx.db.updateTable('users').set({ dingtalkUserId: 'ding123', wecomMobile: '13800000000' }).where('id', '=', fid).execute();
  await t.app.ctx.db
    .insertInto('subscriptions')
    .values({ userId: fid, type: 2, sourceId: t.app.ctx.ids.decode(w.projectId), createdAt: 1 })
    .execute();
});
afterAll(async () => {
  await echo.close();
  await t.close();
});

const save = (body: Record<string, unknown>, tok = t.adminToken) =>
  call(t.app, tok, 'POST', '/api/module/webhook/save', { moduleId: w.moduleId, ...body });

describe('webhooks', () => {
  it('only the application admins see and change webhooks', async () => {
    const r = await save({ kind: 'dingtalk', name: 'ding', url: `${echo.url}/robot/send?access_token=abc`, secret: 'SECret123' });
    expect(r.code).toBe('0');
    const list = await call(t.app, t.adminToken, 'GET', '/api/module/webhook/list', { moduleId: w.moduleId });
    expect(list.data[0]).toMatchObject({ kind: 'dingtalk', url: `${echo.url}/robot/send?access_token=abc`, hasSecret: true });
    expect(JSON.stringify(list.data)).not.toContain('SECret123');
    expect((await call(t.app, guest.token, 'GET', '/api/module/webhook/list', { moduleId: w.moduleId })).status).toBe(403);
    expect((await save({ kind: 'wecom', name: 'x', url: 'http://x' }, guest.token)).status).toBe(403);
    const stored = await t.app.ctx.db.selectFrom('moduleWebhooks').select(['urlEnc', 'secretEnc']).executeTakeFirstOrThrow();
    expect(stored.urlEnc).not.toContain('access_token');
    expect(stored.secretEnc).not.toContain('SECret123');
    expect((await save({ kind: 'wecom', name: 'bad', url: 'ftp://x' })).status).toBe(422);
  });

  it('delivers DingTalk (signed) and WeCom bodies byte-for-byte, plus Feishu, Slack and generic JSON', async () => {
    await save({ kind: 'wecom', name: 'wecom', url: `${echo.url}/cgi-bin/webhook/send?key=k1` });
    await save({ kind: 'feishu', name: 'lark', url: `${echo.url}/open-apis/bot/v2/hook/x`, secret: 'larksecret' });
    await save({ kind: 'slack', name: 'slack', url: `${echo.url}/services/T/B/X` });
    await save({ kind: 'json', name: 'json', url: `${echo.url}/hook` });
    echo.hits.length = 0;
    const r = await openApi(
      t.app,
      tornaSdkEnvelope('doc.push', token, { author: 'ci', apis: [{ name: 'Get order', url: '/order', httpMethod: 'GET' }] }),
    );
    expect(r.body.code).toBe('0');
    expect(await processDeliveries(t.app)).toBe(5);
    const docId = (await t.app.ctx.db.selectFrom('docs').select('id').where('url', '=', '/order').executeTakeFirstOrThrow()).id;
    const view = `http://folio.test/view/${t.app.ctx.ids.encode(docId)}`;

    const ding = echo.hits.find((h) => h.path === '/robot/send');
    if (!ding) throw new Error('no DingTalk delivery');
    const time = /【修改时间】：([^\n]+)/.exec(JSON.parse(ding.body).text.content)?.[1];
    const text = `【文档推送提醒】\n【所属应用】： project - app\n【文档名称】：Get order\n【修改人】：ci\n【修改时间】：${time}\n【查看地址】：${view}\n`;
    expect(ding.body).toBe(JSON.stringify({ msgtype: 'text', text: { content: `${text}@ding123` }, at: { atUserIds: ['ding123'] } }));
    expect(ding.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(ding.query.access_token).toBe('abc');
    const ts = String(ding.query.timestamp);
    const expected = createHmac('sha256', 'SECret123').update(`${ts}\nSECret123`).digest('base64');
    expect(ding.query.sign).toBe(expected);
    expect(ding.url).toContain(`&sign=${encodeURIComponent(expected)}`);
    expect(Math.abs(Number(ts) - Date.now())).toBeLessThan(60_000);

    const wecom = echo.hits.find((h) => h.path === '/cgi-bin/webhook/send');
    expect(wecom?.body).toBe(
      JSON.stringify({ msgtype: 'text', text: { content: text.replace(/\n$/, ''), mentioned_mobile_list: ['13800000000'] } }),
    );

    const lark = JSON.parse(echo.hits.find((h) => h.path.startsWith('/open-apis'))?.body ?? '{}');
    expect(lark.msg_type).toBe('text');
    expect(lark.sign).toBe(createHmac('sha256', `${lark.timestamp}\nlarksecret`).update('').digest('base64'));
    expect(JSON.parse(echo.hits.find((h) => h.path.startsWith('/services'))?.body ?? '{}').text).toContain('Get order');
    const generic = JSON.parse(echo.hits.find((h) => h.path === '/hook')?.body ?? '{}');
    expect(generic).toMatchObject({
      event: 'doc.push',
      projectName: 'project',
      appName: 'app',
      modifier: 'ci',
      docs: [{ name: 'Get order', url: '/order', kind: 'add' }],
    });

    const log = await call(t.app, t.adminToken, 'GET', '/api/module/webhook/delivery/page', { moduleId: w.moduleId });
    expect(log.data.total).toBe(5);
    expect(log.data.list.every((d: { state: string }) => d.state === 'done')).toBe(true);
    expect(JSON.stringify(log.data)).not.toContain('access_token=abc');
  });

  it('uses the super admin template and retries failed deliveries', async () => {
    await t.app.ctx.settings.set({ 'folio.push.wecom-webhook-content': '{appName}/{docName} by {modifier} {url}\r\nend' });
    const list = await call(t.app, t.adminToken, 'GET', '/api/module/webhook/list', { moduleId: w.moduleId });
    for (const h of list.data) await save({ id: h.id, kind: h.kind, name: h.name, url: h.url, enabled: h.kind === 'wecom' ? 1 : 0 });
    const failing = await save({ kind: 'wecom', name: 'down', url: `${echo.url}/status/500` });
    echo.hits.length = 0;
    await openApi(
      t.app,
      tornaSdkEnvelope('doc.push', token, {
        author: 'ci',
        apis: [{ name: 'Get order', url: '/order', httpMethod: 'GET', description: 'v2' }],
      }),
    );
    await processDeliveries(t.app);
    const ok = echo.hits.find((h) => h.path === '/cgi-bin/webhook/send');
    expect(JSON.parse(ok?.body ?? '{}').text.content).toBe('app/Get order by ci /order\nend');
    const rows = await t.app.ctx.db
      .selectFrom('webhookDeliveries')
      .selectAll()
      .where('webhookId', '=', t.app.ctx.ids.decode(failing.data.id))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'retry', attempts: 1, responseStatus: 500 });
    expect(rows[0].nextAttemptAt).toBeGreaterThan(Date.now());
    // A retry from the log sends it again at once.
    const again = await call(t.app, t.adminToken, 'POST', '/api/module/webhook/delivery/retry', { id: t.app.ctx.ids.encode(rows[0].id) });
    expect(again.data).toMatchObject({ state: 'retry', status: 500 });
  });

  it('test-send delivers at once and reports the answer', async () => {
    const list = await call(t.app, t.adminToken, 'GET', '/api/module/webhook/list', { moduleId: w.moduleId });
    const slack = list.data.find((h: { kind: string }) => h.kind === 'slack');
    echo.hits.length = 0;
    const r = await call(t.app, t.adminToken, 'POST', '/api/module/webhook/test', { id: slack.id });
    expect(r.data).toMatchObject({ state: 'done', status: 200 });
    expect(echo.hits).toHaveLength(1);
    expect((await call(t.app, guest.token, 'POST', '/api/module/webhook/test', { id: slack.id })).status).toBe(403);
    expect((await call(t.app, t.adminToken, 'POST', '/api/module/webhook/delete', { id: slack.id })).code).toBe('0');
  });

  it("says in the reader's language why Folio refused a delivery, without the hook's secret URL", async () => {
    const r = await save({ kind: 'json', name: 'metadata', url: 'http://169.254.169.254/hook?token=SECRET-TOKEN' });
    expect(r.code).toBe('0');
    const list = await call(t.app, t.adminToken, 'GET', '/api/module/webhook/list', { moduleId: w.moduleId });
    const hook = list.data.find((h: { name: string }) => h.name === 'metadata');
    const sent = await call(t.app, t.adminToken, 'POST', '/api/module/webhook/test', { id: hook.id });
    expect(sent.data.state).not.toBe('done');
    expect(sent.data.error).toMatch(/^地址不允许访问/);
    expect(sent.data.error).not.toContain('SECRET-TOKEN');
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/module/webhook/delivery/page',
      query: { moduleId: w.moduleId },
      headers: { token: t.adminToken, 'accept-language': 'en' },
    });
    const row = en.json().data.list.find((d: { webhookName: string }) => d.webhookName === 'metadata');
    expect(row.lastError).toMatch(/^Address not allowed: 169\.254\.169\.254/);
    expect(row.lastError).not.toMatch(/error\.|SECRET-TOKEN/);
  });

  it('sends a stable delivery id, the same on a retry and after a server died mid-send', async () => {
    const hook = await save({ kind: 'json', name: 'dedupe', url: `${echo.url}/status/500?hook=dedupe` });
    const hookId = t.app.ctx.ids.decode(hook.data.id);
    await openApi(
      t.app,
      tornaSdkEnvelope('doc.push', token, { author: 'ci', apis: [{ name: 'Dedupe', url: '/dedupe', httpMethod: 'GET' }] }),
    );
    echo.hits.length = 0;
    await processDeliveries(t.app);
    const first = echo.hits.find((h) => h.query.hook === 'dedupe');
    const deliveryId = first?.headers['x-folio-delivery'];
    expect(typeof deliveryId).toBe('string');
    expect(String(deliveryId).length).toBeGreaterThan(5);
    // A server killed mid-send left the row 'sending' long ago: it is sent again with the same id.
    const row = await t.app.ctx.db.selectFrom('webhookDeliveries').selectAll().where('webhookId', '=', hookId).executeTakeFirstOrThrow();
    await t.app.ctx.db
      .updateTable('webhookDeliveries')
      .set({ state: 'sending', nextAttemptAt: 0, updatedAt: Date.now() - 10 * 60_000 })
      .where('id', '=', row.id)
      .execute();
    echo.hits.length = 0;
    await processDeliveries(t.app);
    await processDeliveries(t.app);
    const again = echo.hits.filter((h) => h.query.hook === 'dedupe');
    expect(again).toHaveLength(1);
    expect(again[0].headers['x-folio-delivery']).toBe(deliveryId);
  });
});
