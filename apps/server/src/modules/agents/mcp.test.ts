/**
 * The MCP endpoint through the official SDK client over real HTTP: tools, search, docs, a 5,000-doc tree
 * paged, private-project isolation, share-scoped sessions (expiry and password change enforced per call),
 * capped results, the off switch, DNS-rebinding guard, and no outbound connection made.
 */
import { createHash } from 'node:crypto';
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { runMcpBridge } from '../../cli/commands/mcp.js';
import { openApi, tornaSdkEnvelope } from '../push/open-api.helpers.js';
import { MAX_RESULT_CHARS } from './mcp.js';
import { bulkFolder, pushApis, sampleApi } from './test-fixtures.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof createWorld>>;
let base: string;
let adminPat: string;
let sampleId: string;
let bulkIds: string[];
const outbound: string[] = [];
let connects = 0;
const realConnect = net.Socket.prototype.connect;

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

async function client(bearer: string): Promise<Client> {
  const c = new Client({ name: 'folio-test', version: '1.0.0' });
  await c.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${bearer}` } } }),
  );
  return c;
}
type Result = Awaited<ReturnType<Client['callTool']>>;
const textOf = (r: Result) => (r.content as { type: string; text: string }[])[0].text;
const jsonOf = (r: Result) => JSON.parse(textOf(r));
const tool = (c: Client, name: string, args: Record<string, unknown> = {}) => c.callTool({ name, arguments: args });

beforeAll(async () => {
  // Trap outbound connections: anything but loopback (the test's own server and database) is recorded.
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const o = args[0] as { host?: string; path?: string } | number;
    const host = typeof o === 'object' ? (o.host ?? (o.path ? 'unix' : 'localhost')) : String(args[1] ?? 'localhost');
    connects++;
    if (!/^(127\.|::1$|localhost$|unix$)/.test(host)) outbound.push(host);
    return (realConnect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;
  t = await createTestApp();
  w = await createWorld(t, { isPrivate: 1 });
  const token = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId })).data.token;
  const huge = { ...sampleApi('Huge doc', '/huge'), description: 'x'.repeat(MAX_RESULT_CHARS + 20_000) };
  await pushApis(t.app, token, [{ name: 'Orders', isFolder: 1, items: [sampleApi(), huge] }, bulkFolder('bulk', 5000)]);
  const list = (await openApi(t.app, tornaSdkEnvelope('doc.list', token, {}))).body.data.docList as {
    id: string;
    url: string;
    isFolder: number;
  }[];
  sampleId = list.find((d) => d.url === '/orders/{shopId}')?.id as string;
  bulkIds = list.filter((d) => d.url.startsWith('/bulk/')).map((d) => d.id);
  await call(t.app, t.adminToken, 'POST', '/api/module/environment/add', {
    moduleId: w.moduleId,
    name: 'dev',
    url: 'http://127.0.0.1:9',
    isPublic: 1,
  });
  adminPat = (await call(t.app, t.adminToken, 'POST', '/api/user/token/create', { name: 'mcp' })).data.token;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 240_000);
afterAll(async () => {
  net.Socket.prototype.connect = realConnect;
  await t?.close();
});

describe('MCP with a personal access token', () => {
  it('lists the four tools', async () => {
    const c = await client(adminPat);
    const { tools } = await c.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(['get_doc', 'list_environments', 'list_tree', 'search_docs']);
    await c.close();
  });

  it('searches, then reads a doc as its Markdown twin, by id and by method + path', async () => {
    const c = await client(adminPat);
    const found = jsonOf(await tool(c, 'search_docs', { query: 'create ORDER' }));
    expect(found.items).toEqual([{ id: sampleId, name: 'Create order', method: 'POST', path: '/orders/{shopId}', application: 'app' }]);
    const byId = textOf(await tool(c, 'get_doc', { id: sampleId }));
    const twin = await t.app.inject({ method: 'GET', url: `/view/${sampleId}.md`, headers: { authorization: `Bearer ${adminPat}` } });
    expect(byId).toBe(twin.body);
    expect(textOf(await tool(c, 'get_doc', { method: 'post', path: '/orders/{shopId}' }))).toBe(byId);
    expect(jsonOf(await tool(c, 'list_environments', { applicationId: w.moduleId })).items).toEqual([
      { application: 'app', applicationId: w.moduleId, name: 'dev', url: 'http://127.0.0.1:9' },
    ]);
    await c.close();
  });

  it('pages through a 5,000-doc folder', async () => {
    const c = await client(adminPat);
    const spaces = jsonOf(await tool(c, 'list_tree')).items as { id: string; name: string }[];
    const space = spaces.find((s) => s.id === `space:${w.spaceId}`);
    expect(space).toBeTruthy();
    const projects = jsonOf(await tool(c, 'list_tree', { node: `space:${w.spaceId}` })).items;
    expect(projects).toEqual([{ id: `project:${w.projectId}`, kind: 'project', name: 'project', count: 1 }]);
    const apps = jsonOf(await tool(c, 'list_tree', { node: `project:${w.projectId}` })).items;
    expect(apps).toEqual([{ id: `application:${w.moduleId}`, kind: 'application', name: 'app', count: 5002 }]);
    const top = jsonOf(await tool(c, 'list_tree', { node: `application:${w.moduleId}` })).items as {
      id: string;
      name: string;
      count: number;
    }[];
    const bulk = top.find((x) => x.name === 'bulk');
    expect(bulk?.count).toBe(5000);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = jsonOf(await tool(c, 'list_tree', { node: bulk?.id, ...(cursor ? { cursor } : {}) }));
      expect(page.total).toBe(5000);
      seen.push(...page.items.map((x: { id: string }) => x.id.replace(/^doc:/, '')));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 100);
    expect(pages).toBe(25);
    expect(new Set(seen)).toEqual(new Set(bulkIds));
    await c.close();
  });

  it('caps an oversized doc and continues it with a cursor', async () => {
    const c = await client(adminPat);
    const [hit] = jsonOf(await tool(c, 'search_docs', { query: 'huge' })).items;
    const first = textOf(await tool(c, 'get_doc', { id: hit.id }));
    const cursor = /cursor "([^"]+)"/.exec(first)?.[1];
    expect(cursor).toBeTruthy();
    const head = first.slice(0, first.lastIndexOf('\n\n[continued'));
    expect(head.length).toBe(MAX_RESULT_CHARS);
    const rest = textOf(await tool(c, 'get_doc', { id: hit.id, cursor }));
    const twin = await t.app.inject({ method: 'GET', url: `/view/${hit.id}.md`, headers: { authorization: `Bearer ${adminPat}` } });
    expect(head + rest).toBe(twin.body);
    await c.close();
  });

  it('takes 20 parallel calls on one token', async () => {
    const c = await client(adminPat);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => tool(c, 'search_docs', { query: `bulk doc ${i}` })));
    for (const r of results) expect(r.isError).toBeFalsy();
    await c.close();
  });
});

describe('MCP isolation', () => {
  it('a guest of the space cannot reach the private project by any tool', async () => {
    const u = await createUser(t, 'mcp-guest');
    await call(t.app, t.adminToken, 'POST', '/api/space/member/add', { spaceId: w.spaceId, userIds: [u.id], roleCode: 'guest' });
    const pat = (await call(t.app, u.token, 'POST', '/api/user/token/create', { name: 'g' })).data.token;
    for (const bearer of [pat, u.token]) {
      const c = await client(bearer);
      expect(jsonOf(await tool(c, 'search_docs', { query: 'order' })).items).toEqual([]);
      expect(jsonOf(await tool(c, 'search_docs', { query: '' })).items).toEqual([]);
      expect((await tool(c, 'get_doc', { id: sampleId })).isError).toBe(true);
      expect((await tool(c, 'get_doc', { method: 'POST', path: '/orders/{shopId}' })).isError).toBe(true);
      expect(jsonOf(await tool(c, 'list_tree')).items.find((s: { id: string }) => s.id === `space:${w.spaceId}`)).toBeUndefined();
      for (const node of [`space:${w.spaceId}`, `project:${w.projectId}`, `application:${w.moduleId}`]) {
        expect((await tool(c, 'list_tree', { node })).isError).toBe(true);
      }
      expect((await tool(c, 'list_environments', { applicationId: w.moduleId })).isError).toBe(true);
      expect(jsonOf(await tool(c, 'list_environments')).items).toEqual([]);
      await c.close();
    }
  });

  it('a share-scoped session sees only the share, and stops when the password changes or the share expires', async () => {
    const share = (
      await call(t.app, t.adminToken, 'POST', '/api/share/add', { moduleId: w.moduleId, type: 2, contents: [{ docId: sampleId }] })
    ).data;
    const pw = (await call(t.app, t.adminToken, 'GET', '/api/share/password', { id: share.id })).data.password as string;
    const grant = (await call(t.app, null, 'POST', '/api/share/checkPassword', { id: share.publicId, password: md5(pw) })).data
      .grant as string;
    for (const bearer of [`share:${share.publicId}:${pw}`, grant]) {
      const c = await client(bearer);
      expect(jsonOf(await tool(c, 'search_docs', { query: 'doc' })).items).toEqual([]);
      expect(jsonOf(await tool(c, 'search_docs', { query: 'order' })).items.map((x: { id: string }) => x.id)).toEqual([sampleId]);
      const tree = jsonOf(await tool(c, 'list_tree')).items;
      expect(tree).toEqual([expect.objectContaining({ kind: 'folder', name: 'Orders', count: 1 })]);
      expect((await tool(c, 'get_doc', { id: bulkIds[0] })).isError).toBe(true);
      expect(textOf(await tool(c, 'get_doc', { id: sampleId }))).toContain('# Create order');
      await c.close();
    }
    await expect(client(`share:${share.publicId}:wrong`)).rejects.toThrow();
    const live = await client(grant);
    await call(t.app, t.adminToken, 'POST', '/api/share/update', {
      id: share.id,
      type: 2,
      password: 'n3w-pass',
      contents: [{ docId: sampleId }],
    });
    await expect(tool(live, 'search_docs', { query: 'order' })).rejects.toThrow();
    await expect(client(`share:${share.publicId}:${pw}`)).rejects.toThrow();
    const fresh = await client(`share:${share.publicId}:n3w-pass`);
    expect(jsonOf(await tool(fresh, 'search_docs', { query: 'order' })).items).toHaveLength(1);
    await call(t.app, t.adminToken, 'POST', '/api/share/update', {
      id: share.id,
      type: 2,
      password: 'n3w-pass',
      contents: [{ docId: sampleId }],
      expiresAt: Date.now() - 1000,
    });
    await expect(tool(fresh, 'search_docs', { query: 'order' })).rejects.toThrow();
  });
});

describe('folio mcp (stdio bridge)', () => {
  it('forwards tools/list and tools/call to /mcp with the token', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const waiting = new Map<number, (msg: Record<string, any>) => void>();
    let buf = '';
    output.on('data', (c: Buffer) => {
      buf += c.toString();
      for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
        const msg = JSON.parse(buf.slice(0, i));
        buf = buf.slice(i + 1);
        waiting.get(msg.id)?.(msg);
      }
    });
    const done = runMcpBridge(base, adminPat, input, output);
    const ask = (id: number, method: string, params: Record<string, unknown>) =>
      new Promise<Record<string, any>>((resolve) => {
        waiting.set(id, resolve);
        input.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      });
    const init = await ask(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } });
    expect(init.result.serverInfo.name).toBe('folio');
    input.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    const tools = await ask(2, 'tools/list', {});
    expect(tools.result.tools).toHaveLength(4);
    const doc = await ask(3, 'tools/call', { name: 'get_doc', arguments: { id: sampleId } });
    expect(doc.result.content[0].text).toContain('# Create order');
    input.end();
    await done;
  });
});

describe('MCP endpoint guards', () => {
  it('rejects a foreign Origin (DNS rebinding), calls without a token, and honours the off switch', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    const post = (headers: Record<string, string>) =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(init),
      });
    expect((await post({ authorization: `Bearer ${adminPat}`, origin: 'http://evil.example' })).status).toBe(403);
    expect((await post({})).status).toBe(401);
    expect((await fetch(`${base}/mcp`)).status).toBe(405);
    await call(t.app, t.adminToken, 'POST', '/api/admin/setting/update', { values: { 'folio.mcp.enable': 'false' } });
    expect((await post({ authorization: `Bearer ${adminPat}` })).status).toBe(404);
    await call(t.app, t.adminToken, 'POST', '/api/admin/setting/update', { values: { 'folio.mcp.enable': 'true' } });
    expect((await post({ authorization: `Bearer ${adminPat}` })).status).toBe(200);
  });

  it('limits wrong share passwords per share and address', async () => {
    const share = (await call(t.app, t.adminToken, 'POST', '/api/share/add', { moduleId: w.moduleId, type: 2, isAll: 1 })).data;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer share:${share.publicId}:wrong${i}`,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('made no outbound connection (the trap saw the loopback ones)', () => {
    expect(connects).toBeGreaterThan(0);
    expect(outbound).toEqual([]);
  });
});
