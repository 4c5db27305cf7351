/**
 * Markdown twins, llms.txt, personal access tokens and Torna 1.30's read shapes, through the HTTP API.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { openApi, tornaSdkEnvelope } from '../push/open-api.helpers.js';
import { bulkFolder, pushApis, sampleApi } from './test-fixtures.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof createWorld>>;
let token: string;
let docId: string;
let pat: string;

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t, { isPrivate: 1 });
  token = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId })).data.token;
  await call(t.app, t.adminToken, 'POST', '/api/module/commonParam/save', {
    moduleId: w.moduleId,
    style: 3,
    params: [
      { name: 'code', type: 'string', example: '0' },
      { name: 'data', type: 'object', example: '$data$' },
    ],
  });
  await call(t.app, t.adminToken, 'POST', '/api/module/commonParam/save', {
    moduleId: w.moduleId,
    style: 1,
    params: [{ name: 'Authorization', example: 'Bearer x' }],
  });
  await pushApis(t.app, token, [{ name: 'Orders', isFolder: 1, items: [sampleApi()] }, bulkFolder('misc', 3)]);
  const list = await openApi(t.app, tornaSdkEnvelope('doc.list', token, {}));
  docId = list.body.data.docList.find((d: { url: string }) => d.url === '/orders/{shopId}').id;
  const created = await call(t.app, t.adminToken, 'POST', '/api/user/token/create', { name: 'agent' });
  pat = created.data.token;
});
afterAll(async () => {
  await t?.close();
});

describe('Markdown twin', () => {
  it('renders method, URL, nested parameter lists, enums, examples in the $data$ envelope, common headers and error codes', async () => {
    const r = await get(`/view/${docId}.md`, { authorization: `Bearer ${pat}` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/markdown');
    const md = r.body;
    expect(md).toContain('# Create order');
    expect(md).toContain('`POST /orders/{shopId}` · application/json');
    expect(md).toContain('Idempotent by requestId.');
    expect(md).toMatch(/^- Authorization \(string/m); // the application's common header
    expect(md).toMatch(/^- X-Request-Id \(/m);
    expect(md).toMatch(/^- items \(.*\n {2}- sku \(string, required\): stock unit$/m); // its example is in the JSON example
    expect(md).toContain('\n- shopId (int, required): shop; e.g. `7`\n');
    expect(md).toContain('enum: web (web shop), app (mobile)');
    expect(md).toMatch(/^- data \(.*\n(?: {2}- .*\n)* {2}- total \(double, required\): amount \\\| with tax$/m);
    expect(md).toContain('{"code":"0","data":{"orderId":9001,"total":12.5}}');
    expect(md).toContain('{"items":[{"sku":"A-1","qty":2}],"channel":"web"}');
    expect(md).toContain('\n- E_STOCK: out of stock — reduce qty');
    expect(md).not.toContain('|---|'); // no tables: no repeated parent paths, no empty columns
  });

  it('answers Accept: text/markdown on the doc URL, and asks for a login without a token', async () => {
    const r = await get(`/view/${docId}`, { accept: 'text/markdown', token: t.adminToken });
    expect(r.body).toContain('# Create order');
    expect((await get(`/view/${docId}.md`)).statusCode).toBe(401);
  });

  it('hides a private project doc from a space member outside the project (404 like a missing doc)', async () => {
    const u = await createUser(t, 'outsider');
    await call(t.app, t.adminToken, 'POST', '/api/space/member/add', { spaceId: w.spaceId, userIds: [u.id], roleCode: 'dev' });
    expect((await get(`/view/${docId}.md`, { token: u.token })).statusCode).toBe(404);
  });

  it('serves the twin of a shared doc, guarded by the share password', async () => {
    const share = (await call(t.app, t.adminToken, 'POST', '/api/share/add', { moduleId: w.moduleId, type: 2, isAll: 1 })).data;
    const pw = (await call(t.app, t.adminToken, 'GET', '/api/share/password', { id: share.id })).data.password;
    expect((await get(`/share/${share.publicId}/${docId}.md`)).statusCode).toBe(403);
    const ok = await get(`/share/${share.publicId}/${docId}.md`, { authorization: `Bearer share:${share.publicId}:${pw}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('# Create order');
    const llms = await get(`/share/${share.publicId}/llms.txt`, { authorization: `Bearer share:${share.publicId}:${pw}` });
    expect(llms.body).toMatch(/^# app\n\n> /);
    expect(llms.body).toContain(`/share/${share.publicId}/${docId}.md): POST /orders/{shopId}`);
    expect(llms.body).toContain('### Orders');
  });
});

describe('web pages', () => {
  it('link their Markdown alternate and llms.txt, and still serve the web app', async () => {
    const web = mkdtempSync(join(tmpdir(), 'folio-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><html><head><title>Folio</title></head><body></body></html>');
    const other = await createTestApp({ sameDatabaseAs: t, env: { FOLIO_WEB_DIST: web }, workers: false });
    try {
      const page = await other.app.inject({ method: 'GET', url: `/view/${docId}` });
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(`<link rel="alternate" type="text/markdown" href="/view/${docId}.md">`);
      expect(page.body).toContain('<title>Folio</title>');
      const share = (await call(t.app, t.adminToken, 'POST', '/api/share/add', { moduleId: w.moduleId, type: 1, isAll: 1 })).data;
      const sharePage = await other.app.inject({ method: 'GET', url: `/share/${share.publicId}` });
      expect(sharePage.body).toContain(`href="/share/${share.publicId}/llms.txt"`);
      // The same doc URL asked for Markdown (on the first server: the second may sit on its own in-memory database).
      const md = await t.app.inject({ method: 'GET', url: `/share/${share.publicId}/${docId}`, headers: { accept: 'text/markdown' } });
      expect(md.body).toContain('# Create order');
    } finally {
      await other.close();
    }
  });
});

describe('llms.txt for a user', () => {
  it('lists the readable docs by application and folder, and llms-full.txt has every twin', async () => {
    const r = await get(`/llms.txt?project=${w.projectId}`, { authorization: `Bearer ${pat}` });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('## ');
    expect(r.body).toContain(`/view/${docId}.md): POST /orders/{shopId}`);
    expect(r.body).toContain('- [Bulk doc 2]');
    const full = await get(`/llms-full.txt?application=${w.moduleId}`, { authorization: `Bearer ${pat}` });
    expect(full.body).toContain('## Create order');
    expect(full.body).toContain('## Bulk doc 0');
  });

  it('becomes hierarchical past 100,000 characters', async () => {
    const big = await createWorld(t);
    const tok = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: big.moduleId })).data.token;
    await pushApis(t.app, tok, [bulkFolder('alpha', 700), bulkFolder('beta', 700)]);
    const top = await get(`/llms.txt?application=${big.moduleId}`, { authorization: `Bearer ${pat}` });
    expect(top.body.length).toBeLessThan(100_000);
    const links = [...top.body.matchAll(/\]\((http[^)]+\?application=[^)]+&folder=[^)]+)\): (\d+) docs/g)];
    expect(links.map((l) => l[2])).toEqual(['700', '700']);
    const sub = await get(new URL(links[0][1]).pathname + new URL(links[0][1]).search, { authorization: `Bearer ${pat}` });
    expect(sub.body.match(/^- \[/gm)).toHaveLength(700);
  });
});

describe('personal access tokens', () => {
  it('are shown once, listed with last use, read-only for the API, and stop working when revoked', async () => {
    const list = await call(t.app, t.adminToken, 'GET', '/api/user/token/list');
    const row = list.data.find((x: { name: string }) => x.name === 'agent');
    expect(row.prefix).toBe(pat.slice(0, 12));
    expect(row).not.toHaveProperty('token');
    expect(row.lastUsedAt).toBeGreaterThan(0);
    // A token is not a session: the management API does not take it.
    expect((await call(t.app, pat, 'GET', '/api/user/token/list')).status).toBe(401);
    expect((await call(t.app, t.adminToken, 'POST', '/api/user/token/revoke', { id: row.id })).code).toBe('0');
    expect((await get(`/view/${docId}.md`, { authorization: `Bearer ${pat}` })).statusCode).toBe(401);
    pat = (await call(t.app, t.adminToken, 'POST', '/api/user/token/create', { name: 'agent2' })).data.token;
  });
});

describe("Torna 1.30's read methods", () => {
  it('answer in the shapes of Torna (DocResult, DocInfoDetailResult, ModuleResult)', async () => {
    const list = (await openApi(t.app, tornaSdkEnvelope('doc.list', token, {}))).body;
    expect(list.code).toBe('0');
    expect(Object.keys(list.data)).toEqual(['docList']);
    const item = list.data.docList.find((d: { id: string }) => d.id === docId);
    expect(Object.keys(item).sort()).toEqual(
      ['contentType', 'description', 'httpMethod', 'id', 'isFolder', 'isShow', 'name', 'parentId', 'type', 'url', 'version'].sort(),
    );
    const d = (await openApi(t.app, tornaSdkEnvelope('doc.detail', token, { docId }))).body.data;
    expect(Object.keys(d).sort()).toEqual(
      [
        'contentType',
        'creatorName',
        'debugEnvs',
        'description',
        'errorCodeParams',
        'gmtCreate',
        'gmtModified',
        'headerParams',
        'httpMethod',
        'id',
        'isFolder',
        'isShow',
        'modifierName',
        'name',
        'parentId',
        'requestParams',
        'responseParams',
        'url',
        'version',
      ].sort(),
    );
    expect(d.gmtCreate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(Object.keys(d.headerParams[0]).sort()).toEqual(
      ['creatorName', 'description', 'example', 'gmtCreate', 'gmtModified', 'id', 'modifierName', 'name', 'required'].sort(),
    );
    // Parameters are flat, linked by parentId.
    const items = d.requestParams.find((p: { name: string }) => p.name === 'items');
    const sku = d.requestParams.find((p: { name: string }) => p.name === 'sku');
    expect(sku.parentId).toBe(items.id);
    expect(sku.docId).toBe(docId);
    expect(Object.keys(sku).sort()).toEqual(
      [
        'creatorName',
        'description',
        'docId',
        'enumId',
        'example',
        'gmtCreate',
        'gmtModified',
        'id',
        'maxLength',
        'modifierName',
        'name',
        'parentId',
        'required',
        'type',
      ].sort(),
    );
    expect(d.errorCodeParams).toEqual([{ id: '', name: 'E_STOCK', description: 'out of stock', example: 'reduce qty' }]);
    const many = (await openApi(t.app, tornaSdkEnvelope('doc.details', token, { docIds: [docId] }))).body.data;
    expect(many).toHaveLength(1);
    expect(many[0].id).toBe(docId);
    const m = (await openApi(t.app, tornaSdkEnvelope('module.get', token, {}))).body.data;
    expect(m).toEqual({ id: w.moduleId, name: 'app' });
  });
});
