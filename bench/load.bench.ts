/**
 * Load (issue 20): 200 concurrent users, mixed reads and writes, for 60 s against one real server process
 * (the built server, `npm run build` first; else the sources through tsx) holding an application of 1,200
 * pushed docs, on SQLite (a file) and PostgreSQL. The users are split by kind: doc detail, application tree,
 * search, doc save and push (a 20-doc application pushed again). Every request has 10 s to answer (a longer
 * wait counts as a timeout); errors are non-2xx answers and broken connections. The client runs on the same
 * machine. LOAD_SECONDS, LOAD_DBS (sqlite,postgres), LOAD_SPLIT (users per kind: detail,tree,search,save,push), LOAD_DOCS
 * and LOAD_SERVER (another build's main.js, for before/after) override.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const ROOT = resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const DBS = (process.env.LOAD_DBS ?? 'sqlite,postgres').split(',');
const KINDS = ['detail', 'tree', 'search', 'save', 'push'] as const;
type Kind = (typeof KINDS)[number];
const SPLIT = (process.env.LOAD_SPLIT ?? '110,40,20,24,6').split(',').map(Number);
const DOCS = Number(process.env.LOAD_DOCS ?? 1200);
const PASSWORD = 'bench-admin-pass-1234';
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const enc = (s: string) =>
  encodeURIComponent(s)
    .replace(/%20/g, '+')
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const param = (name: string, i: number, children: unknown[] = []) => ({
  name,
  type: children.length ? 'object' : 'string',
  required: '1',
  example: `${name}-${i}`,
  description: `${name} of doc ${i}`,
  children,
});
/** A Torna push body of `n` docs in folders of 20, 12 params each. */
function pushBody(token: string, n: number, tag: string) {
  const apis = Array.from({ length: Math.ceil(n / 20) }, (_, f) => ({
    isFolder: '1',
    name: `Controller ${tag} ${f}`,
    items: Array.from({ length: Math.min(20, n - f * 20) }, (_, k) => {
      const i = f * 20 + k;
      return {
        isFolder: '0',
        name: `Operation ${i} of ${tag}`,
        url: `/${tag}/${f}/items/${k}/{id}`,
        httpMethod: k % 2 ? 'POST' : 'GET',
        contentType: 'application/json',
        description: `Reads or writes item ${i} (order, customer, invoice)`,
        headerParams: [param('token', i)],
        pathParams: [param('id', i)],
        queryParams: [param('page', i), param('size', i)],
        requestParams: [param('name', i), param('obj', i, [param('x', i), param('y', i)])],
        responseParams: [param('code', i), param('data', i, [param('id', i), param('name', i)])],
      };
    }),
  }));
  const data = { author: 'bench', isReplace: 1, apis };
  return JSON.stringify({
    name: 'doc.push',
    version: '1.0',
    access_token: token,
    data: enc(JSON.stringify(data)),
    timestamp: '2024-06-26 10:00:00',
  });
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? res(a.port) : rej(new Error('no port'))));
    });
  });
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function startServer(databaseUrl: string, uploads: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const entry = process.env.LOAD_SERVER ?? 'apps/server/dist/main.js';
  const built = existsSync(join(ROOT, entry));
  const startScript = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start as string;
  const flags = (/node ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(startScript)?.[1] ?? '').split(' ').filter(Boolean);
  const args = built ? [...flags, entry] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      FOLIO_UPLOAD_DIR: uploads,
      FOLIO_ADMIN_PASSWORD: PASSWORD,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.LOAD_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

async function call(url: string, token: string | null, method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) {
  const q = method === 'GET' && payload ? `?${new URLSearchParams(payload as Record<string, string>)}` : '';
  const r = await fetch(`${url}${path}${q}`, {
    method,
    headers: { ...(token ? { token } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(payload ?? {}) : undefined,
  });
  const j = await r.json();
  if (j.code !== '0') throw new Error(`${path}: ${JSON.stringify(j).slice(0, 300)}`);
  return j.data;
}

interface Row {
  db: string;
  kind: string;
  users: number;
  requests: number;
  'req/s': string;
  errors: number;
  timeouts: number;
  p50: string;
  p99: string;
  max: string;
}

async function runOne(db: string): Promise<{ rows: Row[]; rss: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-load-'));
  let databaseUrl = `sqlite:${join(dir, 'folio.db')}`;
  const schema = `folio_load_${process.pid}`;
  if (db === 'postgres') {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.end();
    const u = new URL(PG_URL);
    u.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = u.toString();
  }
  const { url, child } = await startServer(databaseUrl, join(dir, 'uploads'));
  try {
    const { token } = await call(url, null, 'POST', '/api/user/login', { username: 'admin', password: PASSWORD });
    const space = await call(url, token, 'POST', '/api/space/add', { name: 'Load', isCompose: 0 });
    const project = await call(url, token, 'POST', '/api/project/add', { spaceId: space.id, name: 'Load', isPrivate: 0 });
    const big = await call(url, token, 'POST', '/api/module/add', { projectId: project.id, name: 'Big' });
    const small = await call(url, token, 'POST', '/api/module/add', { projectId: project.id, name: 'Pushed' });
    const bigToken = (await call(url, token, 'GET', '/api/module/token/get', { moduleId: big.id })).token;
    const smallToken = (await call(url, token, 'GET', '/api/module/token/get', { moduleId: small.id })).token;
    const seeded = await fetch(`${url}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: pushBody(bigToken, DOCS, 'big'),
    });
    if ((await seeded.json()).code !== '0') throw new Error('seeding push failed');
    interface Node {
      id: string;
      isFolder: number;
      children?: Node[];
    }
    const flat = (ns: Node[]): Node[] => ns.flatMap((d) => [d, ...flat(d.children ?? [])]);
    const tree = (await call(url, token, 'GET', '/api/doc/tree', { moduleId: big.id })) as Node[];
    const docs = flat(tree)
      .filter((d) => !d.isFolder)
      .map((d) => d.id);
    if (docs.length < DOCS) throw new Error(`seeded ${docs.length} docs`);
    const saveTargets = docs.slice(0, Math.min(200, DOCS));
    const pushOnce = pushBody(smallToken, 20, 'small');
    const words = ['order', 'customer', 'invoice', 'items', 'Operation 7', 'page'];
    let n = 0;
    const pick = <T>(xs: T[]) => xs[n++ % xs.length];
    const json = { 'content-type': 'application/json', token };
    interface LoadRequest {
      method: string;
      path?: string;
      body?: string;
      setupRequest?: (r: Record<string, unknown>) => Record<string, unknown>;
    }
    const requests: Record<Kind, LoadRequest> = {
      detail: { method: 'GET', setupRequest: (r) => ({ ...r, path: `/api/doc/detail?id=${pick(docs)}` }) },
      tree: { method: 'GET', path: `/api/doc/tree?moduleId=${big.id}` },
      search: { method: 'GET', setupRequest: (r) => ({ ...r, path: `/api/search?q=${encodeURIComponent(pick(words))}` }) },
      save: {
        method: 'POST',
        path: '/api/doc/save',
        setupRequest: (r) => {
          const id = pick(saveTargets);
          const k = n;
          return { ...r, body: JSON.stringify({ id, moduleId: big.id, name: `Saved ${k}`, url: `/saved/${id}`, httpMethod: 'GET' }) };
        },
      },
      push: { method: 'POST', path: '/api', body: pushOnce },
    };
    let rssMax = 0;
    const sampler = setInterval(() => {
      if (child.pid) rssMax = Math.max(rssMax, rssMb(child.pid));
    }, 500);
    const runs = KINDS.map((kind, i) =>
      !SPLIT[i]
        ? Promise.resolve(null)
        : autocannon({
            url,
            connections: SPLIT[i],
            duration: SECONDS,
            timeout: 10,
            headers: kind === 'push' ? { 'content-type': 'application/json' } : json,
            requests: [requests[kind]],
          }),
    );
    const results = await Promise.all(runs);
    clearInterval(sampler);
    const rows = results.flatMap((r, i) =>
      !r
        ? []
        : [
            {
              db,
              kind: KINDS[i],
              users: SPLIT[i],
              requests: r.requests.total,
              'req/s': (r.requests.total / SECONDS).toFixed(0),
              errors: r.non2xx + r.errors - r.timeouts,
              timeouts: r.timeouts,
              p50: `${r.latency.p50} ms`,
              p99: `${r.latency.p99} ms`,
              max: `${r.latency.max} ms`,
            },
          ],
    );
    return { rows, rss: `${rssMax.toFixed(0)} MB` };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    if (db === 'postgres') {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

const all: Row[] = [];
const rss: string[] = [];
for (const db of DBS) {
  const r = await runOne(db);
  all.push(...r.rows);
  rss.push(`${db}: ${r.rss}`);
}
console.log(`\nLoad: ${SPLIT.reduce((a, b) => a + b, 0)} users for ${SECONDS} s on an application of ${DOCS} pushed docs`);
console.log('(client on the same machine; timeout = no answer within 10 s; errors = non-2xx or broken connections)');
console.table(all);
console.log(`server RSS, peak: ${rss.join(', ')}`);
