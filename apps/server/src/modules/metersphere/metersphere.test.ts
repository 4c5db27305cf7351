/**
 * MeterSphere integration against a local HTTP stub that checks the accessKey/signature headers (decrypting
 * the signature with the secret key), the multipart parts of the import, and the collection's content.
 */
import { createDecipheriv } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { drainJobs } from '../../jobs/queue.js';
import { msSignature } from './client.js';

const AK = 'AKfolio123456789'; // 16 bytes (the IV)
const SK = 'SKsecret-0123456789abcdefghijklm'; // 32 bytes (AES-256 key)

interface Seen {
  path: string;
  parts?: Record<string, { filename: string; contentType: string; body: string }>;
}

function parseMultipart(req: IncomingMessage, body: Buffer) {
  const boundary = /boundary=(.+)$/.exec(String(req.headers['content-type']))?.[1] ?? '';
  const parts: Record<string, { filename: string; contentType: string; body: string }> = {};
  for (const chunk of body.toString('utf8').split(`--${boundary}`)) {
    const i = chunk.indexOf('\r\n\r\n');
    if (i < 0) continue;
    const head = chunk.slice(0, i);
    const name = /name="([^"]+)"/.exec(head)?.[1];
    if (!name) continue;
    parts[name] = {
      filename: /filename="([^"]*)"/.exec(head)?.[1] ?? '',
      contentType: /Content-Type: (.+)/i.exec(head)?.[1]?.trim() ?? '',
      body: chunk.slice(i + 4).replace(/\r\n$/, ''),
    };
  }
  return parts;
}

describe('MeterSphere', () => {
  let t: TestApp;
  let server: Server;
  let address = '';
  let w: Awaited<ReturnType<typeof createWorld>>;
  const seen: Seen[] = [];
  let failImport = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        // Signature check, the way MeterSphere does it.
        const ak = String(req.headers.accesskey ?? '');
        let plain = '';
        try {
          const d = createDecipheriv('aes-256-cbc', Buffer.from(SK), Buffer.from(ak));
          plain = Buffer.concat([d.update(Buffer.from(String(req.headers.signature ?? ''), 'base64')), d.final()]).toString('utf8');
        } catch {
          plain = '';
        }
        const [pak, uuid, millis] = plain.split('|');
        if (ak !== AK || pak !== AK || !/^[0-9a-f-]{36}$/.test(uuid ?? '') || Math.abs(Date.now() - Number(millis)) > 60_000) {
          res.statusCode = 401;
          return res.end(JSON.stringify({ success: false, message: 'signature invalid' }));
        }
        const url = req.url ?? '';
        const s: Seen = { path: `${req.method} ${url}` };
        seen.push(s);
        const okJson = (data: unknown) => res.end(JSON.stringify({ success: true, message: null, data }));
        if (url === '/currentUser') return okJson({ id: 'u-1', name: 'ms-admin' });
        if (url === '/workspace/list/userworkspace') return okJson([{ id: 'ws-1', name: 'QA' }]);
        if (url === '/project/list/related') {
          const b = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          return okJson(b.workspaceId === 'ws-1' ? [{ id: 'p-1', name: 'Shop' }] : []);
        }
        if (url === '/api/module/list/p-1/HTTP')
          return okJson([{ id: 'm-1', name: 'root', children: [{ id: 'm-2', name: 'orders', children: [] }] }]);
        if (url === '/api/definition/import') {
          s.parts = parseMultipart(req, Buffer.concat(chunks));
          if (failImport) {
            res.statusCode = 500;
            return res.end(JSON.stringify({ success: false, message: 'import exploded' }));
          }
          return okJson(null);
        }
        res.statusCode = 404;
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const a = server.address();
    address = `http://127.0.0.1:${a && typeof a === 'object' ? a.port : 0}`;
    t = await createTestApp();
    w = await createWorld(t);
    await call(t.app, t.adminToken, 'POST', '/api/admin/setting/update', {
      values: { 'metershpere.enable': 'true', 'folio.outbound.allowlist': '127.0.0.1' },
    });
    await call(t.app, t.adminToken, 'POST', '/api/doc/folder/add', { moduleId: w.moduleId, name: 'Orders' });
    const tree = await call(t.app, t.adminToken, 'GET', '/api/doc/tree', { moduleId: w.moduleId });
    const folder = JSON.stringify(tree.data).match(/"id":"([^"]+)","label":"Orders"/)?.[1] ?? '';
    const d = await call(t.app, t.adminToken, 'POST', '/api/doc/save', {
      moduleId: w.moduleId,
      parentId: folder,
      name: 'Create order',
      url: '/orders',
      httpMethod: 'POST',
      contentType: 'application/json',
      headerParams: [{ name: 'X-Token', example: 'abc' }],
      requestParams: [
        { name: 'sku', type: 'string', example: 'A-1' },
        { name: 'qty', type: 'int', example: '2' },
      ],
    });
    expect(d.code).toBe('0');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('signs like MeterSphere expects (AES-CBC, key = secret key, IV = access key)', () => {
    const sig = msSignature(AK, SK, 1700000000000, '123e4567-e89b-12d3-a456-426614174000');
    const d = createDecipheriv('aes-256-cbc', Buffer.from(SK), Buffer.from(AK));
    expect(Buffer.concat([d.update(Buffer.from(sig, 'base64')), d.final()]).toString()).toBe(
      `${AK}|123e4567-e89b-12d3-a456-426614174000|1700000000000`,
    );
    expect(() => msSignature('short', SK)).toThrow(/16 bytes/);
  });

  it('saves the space account (secret write-only), tests the connection, and lists projects and modules', async () => {
    const save = await call(t.app, t.adminToken, 'POST', '/api/space/metersphere/save', {
      spaceId: w.spaceId,
      msAddress: `${address}/`,
      msAccessKey: AK,
      msSecretKey: 'wrong-secret-0123456789abcdefghi',
      msSpaceId: 'ws-1',
      msSpaceName: 'QA',
    });
    expect(save.code).toBe('0');
    const bad = await call(t.app, t.adminToken, 'POST', '/api/space/metersphere/test', { spaceId: w.spaceId });
    expect(bad.data.ok).toBe(false);
    expect(bad.data.message).toContain('signature invalid');
    await call(t.app, t.adminToken, 'POST', '/api/space/metersphere/save', {
      spaceId: w.spaceId,
      msAddress: address,
      msAccessKey: AK,
      msSecretKey: SK,
      msSpaceId: 'ws-1',
    });
    // Saving again without the secret keeps it.
    await call(t.app, t.adminToken, 'POST', '/api/space/metersphere/save', {
      spaceId: w.spaceId,
      msAddress: address,
      msAccessKey: AK,
      msSpaceId: 'ws-1',
      msSpaceName: 'QA',
    });
    const test = await call(t.app, t.adminToken, 'POST', '/api/space/metersphere/test', { spaceId: w.spaceId });
    expect(test.data).toEqual({ ok: true, message: 'ms-admin' });
    const load = await call(t.app, t.adminToken, 'GET', '/api/space/metersphere/load', { spaceId: w.spaceId });
    expect(load.data).toMatchObject({
      enabled: true,
      msAddress: address,
      msAccessKey: AK,
      hasSecretKey: true,
      msSpaceId: 'ws-1',
      msSpaceName: 'QA',
    });
    expect(JSON.stringify(load.body)).not.toContain(SK);
    const row = await t.app.ctx.db.selectFrom('msSpaceConfigs').select('msSecretKeyEnc').executeTakeFirstOrThrow();
    expect(row.msSecretKeyEnc).not.toContain(SK);
    expect((await call(t.app, t.adminToken, 'GET', '/api/space/metersphere/workspaces', { spaceId: w.spaceId })).data).toEqual([
      { id: 'ws-1', name: 'QA' },
    ]);
    expect((await call(t.app, t.adminToken, 'GET', '/api/module/metersphere/projects', { moduleId: w.moduleId })).data).toEqual([
      { id: 'p-1', name: 'Shop' },
    ]);
    const mods = await call(t.app, t.adminToken, 'GET', '/api/module/metersphere/modules', { moduleId: w.moduleId, msProjectId: 'p-1' });
    expect(mods.data[0].children[0]).toEqual({ id: 'm-2', name: 'orders', children: [] });
  });

  it('pushes the application as a Postman v2.1 collection through the import API and logs the outcome', async () => {
    const save = await call(t.app, t.adminToken, 'POST', '/api/module/metersphere/save', {
      moduleId: w.moduleId,
      msProjectId: 'p-1',
      msModuleId: 'm-2',
      msCoverModule: 0,
    });
    expect(save.code).toBe('0');
    seen.length = 0;
    const push = await call(t.app, t.adminToken, 'POST', '/api/module/metersphere/push', { moduleId: w.moduleId });
    expect(push.data).toEqual({ ok: true, docs: 1, error: '' });
    const imp = seen.find((s) => s.path === 'POST /api/definition/import');
    expect(imp?.parts?.file.contentType).toBe('application/json');
    expect(imp?.parts?.request.contentType).toBe('application/json');
    expect(JSON.parse(imp?.parts?.request.body ?? '{}')).toEqual({
      modeId: 'fullCoverage',
      moduleId: 'm-2',
      platform: 'Postman',
      model: 'definition',
      projectId: 'p-1',
      coverModule: false,
      protocol: 'HTTP',
      origin: 'idea',
    });
    const collection = JSON.parse(imp?.parts?.file.body ?? '{}');
    expect(collection.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    expect(collection.item[0].name).toBe('Orders');
    const req = collection.item[0].item[0];
    expect(req.name).toBe('Create order');
    expect(req.request.method).toBe('POST');
    expect(req.request.url.raw).toBe('/orders');
    expect(req.request.header).toContainEqual({ key: 'X-Token', value: 'abc', description: '' });
    expect(JSON.parse(req.request.body.raw)).toEqual({ sku: 'A-1', qty: 2 });
    const log = await call(t.app, t.adminToken, 'GET', '/api/module/metersphere/log', { moduleId: w.moduleId });
    expect(log.data[0]).toMatchObject({ trigger: 'manual', state: 'delivered', responseStatus: 200, error: '' });
  });

  it('sends again after an edit (as a queued job), and a failure is logged and messages the project admins', async () => {
    seen.length = 0;
    const tree = await call(t.app, t.adminToken, 'GET', '/api/doc/tree', { moduleId: w.moduleId });
    expect(tree.code).toBe('0');
    await call(t.app, t.adminToken, 'POST', '/api/doc/save', { moduleId: w.moduleId, name: 'Ping', url: '/ping', httpMethod: 'GET' });
    await t.app.ctx.db.updateTable('jobs').set({ runAfter: 0 }).where('kind', '=', 'metersphere.push').execute();
    failImport = true;
    await drainJobs(t.app);
    failImport = false;
    const imports = seen.filter((s) => s.path === 'POST /api/definition/import');
    expect(imports.length).toBe(1);
    const names = JSON.stringify(JSON.parse(imports[0].parts?.file.body ?? '{}').item);
    expect(names).toContain('Ping');
    const log = await call(t.app, t.adminToken, 'GET', '/api/module/metersphere/log', { moduleId: w.moduleId });
    expect(log.data[0]).toMatchObject({ trigger: 'edit', state: 'failed', responseStatus: 500 });
    expect(log.data[0].error).toContain('import exploded');
    const msgs = await t.app.ctx.db.selectFrom('messages').select(['message']).execute();
    expect(msgs.some((m) => m.message.includes('MeterSphere') && m.message.includes('import exploded'))).toBe(true);
  });

  it('is refused to non-admins and when the integration is off', async () => {
    const u = await createUser(t, 'msdev');
    await call(t.app, t.adminToken, 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [u.id], roleCode: 'dev' });
    expect((await call(t.app, u.token, 'POST', '/api/module/metersphere/push', { moduleId: w.moduleId })).status).toBe(403);
    expect((await call(t.app, u.token, 'GET', '/api/space/metersphere/load', { spaceId: w.spaceId })).status).toBeGreaterThanOrEqual(403);
    await call(t.app, t.adminToken, 'POST', '/api/admin/setting/update', { values: { 'metershpere.enable': 'false' } });
    expect((await call(t.app, t.adminToken, 'POST', '/api/module/metersphere/push', { moduleId: w.moduleId })).code).toBe('100');
  });
});
