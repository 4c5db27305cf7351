/** Import API on a real database: jobs, one transaction, refresh from a URL, bad input, permissions. */
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ParamOwner } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures/index.js';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { drainJobs } from '../../jobs/queue.js';
import { loadParamTreeRows } from '../docs/doc-params.js';
import { importLimits } from './imports.service.js';

/** Builds a multipart body by hand (what a browser's FormData sends). */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; content: string | Buffer }[] | { name: string; content: string | Buffer },
) {
  const boundary = `----folio${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of file ? (Array.isArray(file) ? file : [file]) : []) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let t: TestApp;
let world: { spaceId: string; projectId: string; moduleId: string };
let server: Server;
let serverUrl = '';
let served = { body: '', status: 200, hang: false };
const seenAuth: string[] = [];

async function upload(token: string, fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) {
  const m = multipart(fields, file);
  const res = await t.app.inject({ method: 'POST', url: '/api/import', headers: { ...m.headers, token }, payload: m.payload });
  return { status: res.statusCode, body: res.json() };
}

async function finish(jobId: string, token = t.adminToken) {
  await drainJobs(t.app);
  const s = await call(t.app, token, 'GET', '/api/import/status', { jobId });
  expect(s.code).toBe('0');
  return s.data;
}

async function tree(moduleId: string) {
  const r = await call(t.app, t.adminToken, 'GET', '/api/doc/tree', { moduleId });
  expect(r.code).toBe('0');
  return r.data as { name: string; isFolder: number; url: string; httpMethod: string; id: string; children: any[] }[];
}
const flatTree = (nodes: any[]): any[] => nodes.flatMap((n) => (n.isFolder ? flatTree(n.children) : [n]));

beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t);
  server = createServer((req, res) => {
    seenAuth.push(String(req.headers.authorization ?? ''));
    if (served.hang) return; // never answers
    res.writeHead(served.status, { 'content-type': 'application/yaml' });
    res.end(served.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  importLimits.urlTimeoutMs = 1500;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await t.close();
});

describe('POST /api/import', () => {
  it('imports an uploaded OpenAPI file into an application as a job: folders, docs, params, environments', async () => {
    const r = await upload(
      t.adminToken,
      { moduleId: world.moduleId },
      { name: 'petstore.yaml', content: fixture('openapi/oai-petstore-v3.0.yaml') },
    );
    expect(r.status).toBe(200);
    const jobId = r.body.data.jobId as string;
    const queued = await call(t.app, t.adminToken, 'GET', '/api/import/status', { jobId });
    expect(queued.data.state).toBe('queued');
    const s = await finish(jobId);
    expect(s.state).toBe('done');
    expect(s.progress).toBe(100);
    expect(s.moduleId).toBe(world.moduleId);
    expect(s.counts).toEqual({ folders: 1, docs: 3, params: 11 });
    const nodes = await tree(world.moduleId);
    expect(nodes.map((n) => n.name)).toEqual(['pets']);
    expect(
      flatTree(nodes)
        .map((d) => `${d.httpMethod} ${d.url}`)
        .sort(),
    ).toEqual(['GET /pets', 'GET /pets/{petId}', 'POST /pets']);
    const list = flatTree(nodes).find((d) => d.url === '/pets' && d.httpMethod === 'GET');
    const detail = await call(t.app, t.adminToken, 'GET', '/api/doc/detail', { id: list.id });
    expect(detail.data.isResponseArray).toBe(1);
    expect(detail.data.responseParams.map((p: { name: string }) => p.name)).toEqual(['id', 'name', 'tag']);
    expect(detail.data.queryParams[0].name).toBe('limit');
    const envs = await call(t.app, t.adminToken, 'GET', '/api/module/environment/list', { moduleId: world.moduleId });
    expect(envs.data.map((e: { url: string }) => e.url)).toContain('http://petstore.swagger.io/v1');
    // The pasted/uploaded OpenAPI source is kept for "refresh".
    const src = await call(t.app, t.adminToken, 'GET', '/api/import/source', { moduleId: world.moduleId });
    expect(src.data.hasContent).toBe(true);
  });

  it('imports a Postman collection (JSON body, pasted) into a new application; requests sharing URL and method stay apart', async () => {
    const r = await call(t.app, t.adminToken, 'POST', '/api/import', {
      projectId: world.projectId,
      name: 'echo',
      content: fixture('postman/newman-echo-v2.postman_collection.json'),
    });
    expect(r.code).toBe('0');
    const s = await finish(r.data.jobId);
    expect(s.state).toBe('done');
    expect(s.format).toBe('postman');
    expect(s.counts.docs).toBe(22);
    const mods = await call(t.app, t.adminToken, 'GET', '/api/module/list', { projectId: world.projectId });
    const echo = mods.data.find((m: { name: string }) => m.name === 'echo');
    expect(echo.id).toBe(s.moduleId);
    // Two requests share GET /digest-auth: each is its own doc, told apart by its folder path and name (the doc's identity key).
    const docs = flatTree(await tree(s.moduleId));
    expect(docs).toHaveLength(22);
    expect(docs.filter((d) => d.httpMethod === 'GET' && d.url === '/digest-auth')).toHaveLength(2);
    expect(s.warnings.some((w: string) => w.includes('duplicate'))).toBe(false);
  });

  it('an import that stores fewer docs than its source has reports the stored count and says what was dropped', async () => {
    const twice = { method: 'GET', title: 'Same', path: '/same', req_query: [], res_body_type: 'raw', res_body: '' };
    const content = JSON.stringify([{ name: 'cat', desc: '', list: [twice, { ...twice, title: 'Same again' }] }]);
    const r = await call(t.app, t.adminToken, 'POST', '/api/import', { projectId: world.projectId, name: 'dup', content });
    const s = await finish(r.data.jobId);
    expect(s.state).toBe('done');
    expect(s.counts.docs).toBe(1);
    expect(flatTree(await tree(s.moduleId))).toHaveLength(1);
    expect(s.source.docs).toBe(2);
    expect(s.dropped).toBe(1);
    expect(s.warnings.some((w: string) => w.includes('GET /same'))).toBe(true);
  });

  it('Postman collection variables become an environment (host resolved) with the variables as its parameters', async () => {
    const collection = {
      info: { name: 'Vars', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      variable: [
        { key: 'host', value: 'https://api.vars.test' },
        { key: 'token', value: 'abc', description: 'API token' },
      ],
      item: [
        {
          name: 'Ping',
          request: {
            method: 'GET',
            url: { raw: '{{host}}/ping/:id', host: ['{{host}}'], path: ['ping', ':id'], variable: [{ key: 'id', value: '1' }] },
          },
        },
      ],
    };
    const r = await call(t.app, t.adminToken, 'POST', '/api/import', {
      projectId: world.projectId,
      name: 'vars',
      content: JSON.stringify(collection),
    });
    const s = await finish(r.data.jobId);
    expect(s.state).toBe('done');
    const envs = await call(t.app, t.adminToken, 'GET', '/api/module/environment/list', { moduleId: s.moduleId });
    const env = envs.data.find((e: { name: string }) => e.name === 'Vars');
    expect(env.url).toBe('https://api.vars.test');
    const rows = (await loadParamTreeRows(t.app.ctx.db, ParamOwner.ENVIRONMENT, [t.app.ctx.ids.decode(env.id, 'environment')]))
      .sort((a, b) => a.orderIndex - b.orderIndex)
      .map(({ name, example, description }) => ({ name, example, description }));
    expect(rows).toEqual([
      // (A variable without a description is described in the importer's language: here the default, zh-CN.)
      { name: 'host', example: 'https://api.vars.test', description: 'Postman 集合变量' },
      { name: 'token', example: 'abc', description: 'API token' },
    ]);
    const doc = flatTree(await tree(s.moduleId))[0];
    expect(`${doc.httpMethod} ${doc.url}`).toBe('GET /ping/{id}');
  });

  it('a failing import changes nothing: no new application, no docs', async () => {
    const before = await call(t.app, t.adminToken, 'GET', '/api/module/list', { projectId: world.projectId });
    const r = await call(t.app, t.adminToken, 'POST', '/api/import', {
      projectId: world.projectId,
      name: 'broken',
      format: 'openapi',
      content: '{"openapi": "3.0.0",\n "info": {"title": "x"},\n "paths": {"/a": {"get": {,}}}}',
    });
    const s = await finish(r.data.jobId);
    expect(s.state).toBe('failed');
    expect(s.errors[0].code).toBe('import.invalid_json');
    expect(s.errors[0].location).toMatch(/^第 3 行第 \d+ 列$/);
    expect(s.moduleId).toBe('');
    const after = await call(t.app, t.adminToken, 'GET', '/api/module/list', { projectId: world.projectId });
    expect(after.data.length).toBe(before.data.length);
  });

  it('a large pasted source waits for its job in a file, not in the job row; the application keeps it as a file for refresh', async () => {
    const spec = (n: number) =>
      JSON.stringify({
        openapi: '3.0.0',
        info: { title: 'big', version: '1' },
        paths: Object.fromEntries(
          Array.from({ length: n }, (_, i) => [
            `/big/${i}`,
            { get: { tags: ['Big'], summary: `op ${i}`, description: `${'long text '.repeat(80)}${i}` } },
          ]),
        ),
      });
    const content = spec(400);
    expect(content.length).toBeGreaterThan(256 * 1024);
    const sources = join(t.app.ctx.config.uploadDir as string, 'import-sources');
    const mod = await call(t.app, t.adminToken, 'POST', '/api/module/add', { projectId: world.projectId, name: 'big' });
    const moduleId = t.app.ctx.ids.decode(mod.data.id, 'module');
    const cfg = () => t.app.ctx.db.selectFrom('moduleSwaggerConfigs').selectAll().where('moduleId', '=', moduleId).executeTakeFirst();
    for (const bad of [true, false]) {
      const text = bad ? `${content.slice(0, -2)},}` : content;
      const r = await call(t.app, t.adminToken, 'POST', '/api/import', { moduleId: mod.data.id, content: text });
      expect(r.code).toBe('0');
      const row = await t.app.ctx.db.selectFrom('jobs').select('payload').where('publicId', '=', r.data.jobId).executeTakeFirstOrThrow();
      expect(row.payload.length).toBeLessThan(2000);
      expect(await readdir(sources)).toHaveLength(1);
      const s = await finish(r.data.jobId);
      expect(s.state).toBe(bad ? 'failed' : 'done');
      if (!bad) expect(s.counts.docs).toBe(400);
    }
    // The failed job left nothing; the good one left one file, named in the application's settings.
    const kept = await cfg();
    expect(kept).toMatchObject({ content: '', format: 'openapi' });
    expect(await readdir(sources)).toEqual([kept?.contentFile]);
    expect((await call(t.app, t.adminToken, 'GET', '/api/import/source', { moduleId: mod.data.id })).data.hasContent).toBe(true);
    // Refresh reads it back (a replacing import: nothing changed, nothing removed).
    const rf = await call(t.app, t.adminToken, 'POST', '/api/import/refresh', { moduleId: mod.data.id });
    const rs = await finish(rf.data.jobId);
    expect(rs).toMatchObject({ state: 'done', outcome: { unchanged: 400, deleted: 0 } });
    // A new large import replaces the kept file.
    const again = await call(t.app, t.adminToken, 'POST', '/api/import', { moduleId: mod.data.id, content: spec(401) });
    expect((await finish(again.data.jobId)).state).toBe('done');
    const now = await cfg();
    expect(now?.contentFile).not.toBe(kept?.contentFile);
    expect(await readdir(sources)).toEqual([now?.contentFile]);
    expect(await readFile(join(sources, now?.contentFile as string), 'utf8')).toBe(spec(401));
  });

  it('YApi Markdown with a warning-free result; Swagger with unknown types lists warnings', async () => {
    const mod = await call(t.app, t.adminToken, 'POST', '/api/module/add', { projectId: world.projectId, name: 'weboql' });
    const r = await upload(
      t.adminToken,
      { moduleId: mod.data.id },
      { name: 'openapi.yaml', content: fixture('openapi/weboql-yaml-anchors-v3.0.yaml') },
    );
    const s = await finish(r.body.data.jobId);
    expect(s.state).toBe('done');
    expect(s.counts.docs).toBe(17);
    // Warnings are kept as message keys: each reader reads them in their language (zh-CN by default here).
    expect(s.warnings.some((w: string) => w.includes("的类型 'str' 无法识别"))).toBe(true);
    expect(s.warnings.join('\n')).not.toMatch(/unknown type|read as/);
    const en = await t.app.inject({
      method: 'GET',
      url: `/api/import/status?jobId=${encodeURIComponent(r.body.data.jobId)}`,
      headers: { token: t.adminToken, lang: 'en' },
    });
    expect(en.json().data.warnings.some((w: string) => w.includes("unknown type 'str'"))).toBe(true);
    expect(en.json().data.warnings.join('\n')).not.toMatch(/[\u4e00-\u9fff]/);
    // A job stored before warnings were keys (plain texts) still reads, as it was written.
    const row = await t.app.ctx.db
      .selectFrom('jobs')
      .select(['id', 'result'])
      .where('publicId', '=', r.body.data.jobId)
      .executeTakeFirstOrThrow();
    const old = { ...JSON.parse(row.result), warnings: ["GET /a: unknown type 'str', read as string"], errors: [] };
    await t.app.ctx.db
      .updateTable('jobs')
      .set({ result: JSON.stringify(old) })
      .where('id', '=', row.id)
      .execute();
    expect((await call(t.app, t.adminToken, 'GET', '/api/import/status', { jobId: r.body.data.jobId })).data.warnings).toEqual([
      "GET /a: unknown type 'str', read as string",
    ]);
    const y = await upload(
      t.adminToken,
      { projectId: world.projectId, name: 'leaf' },
      { name: 'api.md', content: fixture('yapi/leaf-api.rbac.md') },
    );
    const ys = await finish(y.body.data.jobId);
    expect(ys.state).toBe('done');
    // 34 interfaces and the wiki block (公共信息) as a Markdown doc.
    expect(ys.counts).toMatchObject({ folders: 5, docs: 35 });
  });
});

describe('bad input answers clearly and at once', () => {
  it('empty file, non-spec JSON, two sources, no target', async () => {
    const empty = await upload(t.adminToken, { moduleId: world.moduleId }, { name: 'a.json', content: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toMatch(/empty|为空/);
    const nonSpec = await upload(t.adminToken, { moduleId: world.moduleId }, { name: 'a.json', content: '{"hello": 1}' });
    expect(nonSpec.status).toBe(400);
    expect(nonSpec.body.error).toBe('validation_failed');
    const two = await upload(
      t.adminToken,
      { moduleId: world.moduleId, url: 'https://example.com/a.json' },
      { name: 'a.json', content: '{}' },
    );
    expect(two.status).toBe(400);
    const twoFiles = await upload(t.adminToken, { moduleId: world.moduleId }, [
      { name: 'a.json', content: '{"openapi":"3.0.0"}' },
      { name: 'b.json', content: '{"openapi":"3.0.0"}' },
    ]);
    expect(twoFiles.status).toBe(400);
    const none = await upload(t.adminToken, { moduleId: world.moduleId });
    expect(none.status).toBe(400);
    const noTarget = await call(t.app, t.adminToken, 'POST', '/api/import', { content: '{"openapi":"3.0.0"}' });
    expect(noTarget.status).toBe(400);
  });

  it('a file over the configured limit is refused with 413, and the server stays healthy', async () => {
    await t.app.ctx.settings.set({ 'folio.import.max-mb': '1' });
    try {
      const big = Buffer.alloc(3 * 1024 * 1024, 'a');
      const r = await upload(t.adminToken, { moduleId: world.moduleId }, { name: 'big.json', content: big });
      expect(r.status).toBe(413);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/import',
        headers: { token: t.adminToken, 'content-type': 'application/json' },
        payload: JSON.stringify({ moduleId: world.moduleId, content: 'x'.repeat(3 * 1024 * 1024) }),
      });
      expect(json.statusCode).toBe(413);
    } finally {
      await t.app.ctx.settings.set({ 'folio.import.max-mb': '100' });
    }
    const health = await call(t.app, t.adminToken, 'GET', '/api/import/status', { jobId: 'nope' });
    expect(health.status).toBe(404);
  });

  it('a URL on a private address is refused unless allowlisted; a hanging URL fails (its time: npm run bench -- import-limits)', async () => {
    const r = await call(t.app, t.adminToken, 'POST', '/api/import', { moduleId: world.moduleId, url: `${serverUrl}/spec.yaml` });
    const s = await finish(r.data.jobId);
    expect(s.state).toBe('failed');
    expect(s.errors[0].code).toBe('outbound_refused');
    const meta = await call(t.app, t.adminToken, 'POST', '/api/import', {
      moduleId: world.moduleId,
      url: 'http://169.254.169.254/latest/meta-data',
    });
    expect((await finish(meta.data.jobId)).errors[0].code).toBe('outbound_refused');
    await t.app.ctx.settings.set({ 'folio.outbound.allowlist': '127.0.0.1' });
    served = { body: '', status: 200, hang: true };
    const h = await call(t.app, t.adminToken, 'POST', '/api/import', { moduleId: world.moduleId, url: `${serverUrl}/hang.yaml` });
    const hs = await finish(h.data.jobId);
    expect(hs.state).toBe('failed');
    served = { body: '', status: 200, hang: false };
  });
});

describe('refresh from the stored source', () => {
  it('re-imports from the URL with basic auth: removed operations go, locked docs stay, password stored encrypted', async () => {
    await t.app.ctx.settings.set({ 'folio.outbound.allowlist': '127.0.0.1' });
    const mod = await call(t.app, t.adminToken, 'POST', '/api/module/add', { projectId: world.projectId, name: 'from-url' });
    const spec = (paths: string[]) =>
      `openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n${paths
        .map((p) => `  ${p}:\n    get:\n      tags: [things]\n      summary: get ${p}\n      responses: {'200': {description: ok}}`)
        .join('\n')}\n`;
    served = { body: spec(['/a', '/b', '/c']), status: 200, hang: false };
    const r = await upload(t.adminToken, {
      moduleId: mod.data.id,
      url: `${serverUrl}/spec.yaml`,
      basicAuthUsername: 'bob',
      basicAuthPassword: 's3cret!',
    });
    expect(r.status).toBe(200);
    const s = await finish(r.body.data.jobId);
    expect(s.state).toBe('done');
    expect(seenAuth.at(-1)).toBe(`Basic ${Buffer.from('bob:s3cret!').toString('base64')}`);
    const cfg = await t.app.ctx.db
      .selectFrom('moduleSwaggerConfigs')
      .selectAll()
      .where('moduleId', '=', t.app.ctx.ids.decode(mod.data.id, 'module'))
      .executeTakeFirstOrThrow();
    expect(cfg.url).toBe(`${serverUrl}/spec.yaml`);
    expect(cfg.authPasswordEnc).not.toContain('s3cret');
    expect(cfg.authPasswordEnc.length).toBeGreaterThan(10);
    const docs = flatTree(await tree(mod.data.id));
    const b = docs.find((d) => d.url === '/b');
    expect((await call(t.app, t.adminToken, 'POST', '/api/doc/lock', { id: b.id })).code).toBe('0');

    served = { body: spec(['/a', '/d']), status: 200, hang: false };
    const rf = await call(t.app, t.adminToken, 'POST', '/api/import/refresh', { moduleId: mod.data.id });
    expect(rf.code).toBe('0');
    const rs = await finish(rf.data.jobId);
    expect(rs.state).toBe('done');
    const urls = flatTree(await tree(mod.data.id))
      .map((d) => d.url)
      .sort();
    expect(urls).toEqual(['/a', '/b', '/d']);
    expect(seenAuth.at(-1)).toBe(`Basic ${Buffer.from('bob:s3cret!').toString('base64')}`);
  });

  it('refresh without a stored source is refused', async () => {
    const mod = await call(t.app, t.adminToken, 'POST', '/api/module/add', { projectId: world.projectId, name: 'no-source' });
    const r = await call(t.app, t.adminToken, 'POST', '/api/import/refresh', { moduleId: mod.data.id });
    expect(r.status).toBe(400);
  });
});

describe('permissions', () => {
  it('a stranger cannot import into or see the status of an import', async () => {
    const u = await createUser(t, `stranger${Date.now() % 100000}`);
    const r = await upload(u.token, { moduleId: world.moduleId }, { name: 'p.yaml', content: fixture('openapi/oai-petstore-v3.0.yaml') });
    expect(r.status).toBe(404);
    const mine = await call(t.app, t.adminToken, 'POST', '/api/import', {
      moduleId: world.moduleId,
      content: fixture('openapi/oai-petstore-v3.0.yaml'),
    });
    const s = await call(t.app, u.token, 'GET', '/api/import/status', { jobId: mine.data.jobId });
    expect(s.status).toBe(404);
    await drainJobs(t.app);
  });
});
