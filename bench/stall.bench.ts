/**
 * Event-loop stalls (issue 20): while one real server process (the built server; `npm run build` first)
 * takes a push of STALL_DOCS (20,000) docs through the open API (a push job), or with STALL_CASE=import the
 * import of Stripe's spec, a client asks /api/health once every 50 ms, one request at a time, from before the
 * request is sent until the job is done, and times each answer. Budget: health p99 ≤ 200 ms during it.
 * SQLite file; STALL_DOCS overrides the size.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fixture } from '../apps/server/test/fixtures/index.js';

const ROOT = resolve(import.meta.dirname, '..');
const DOCS = Number(process.env.STALL_DOCS ?? 20000);
/** `push` (default) or `import` (Stripe's spec, 4 MB of YAML, through the import API). */
const CASE = process.env.STALL_CASE ?? 'push';
const PASSWORD = 'bench-admin-pass-1234';

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? res(a.port) : rej(new Error('no port'))));
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'folio-stall-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: ROOT,
  env: {
    ...process.env,
    DATABASE_URL: `sqlite:${join(dir, 'folio.db')}`,
    FOLIO_UPLOAD_DIR: join(dir, 'uploads'),
    FOLIO_ADMIN_PASSWORD: PASSWORD,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const call = async (token: string | null, method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) => {
  const q = method === 'GET' && payload ? `?${new URLSearchParams(payload as Record<string, string>)}` : '';
  const r = await fetch(`${url}${path}${q}`, {
    method,
    headers: { ...(token ? { token } : {}), 'content-type': 'application/json' },
    body: method === 'POST' ? JSON.stringify(payload ?? {}) : undefined,
  });
  const j = await r.json();
  if (j.code !== '0') throw new Error(`${path}: ${JSON.stringify(j).slice(0, 300)}`);
  return j.data;
};
/** Polls a job's status until it is done (throws when it failed). */
async function waitFor(token: string, path: string, jobId: string): Promise<void> {
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const s = await call(token, 'GET', path, { jobId });
    if (s.state === 'failed') throw new Error(`${path}: job failed: ${JSON.stringify(s).slice(0, 300)}`);
    if (s.state === 'done') return;
  }
}
/** The open-API envelope of a push of DOCS docs in folders of 50, `data` URL-encoded as smart-doc sends it. */
function pushBody(pushToken: string): string {
  const p = (name: string, i: number) => ({ name, type: 'string', required: '1', example: `${name}-${i}`, description: `${name} of ${i}` });
  const apis = Array.from({ length: DOCS / 50 }, (_, f) => ({
    isFolder: '1',
    name: `Controller ${f}`,
    items: Array.from({ length: 50 }, (_, k) => ({
      isFolder: '0',
      name: `Operation ${f}-${k}`,
      url: `/c${f}/items/${k}/{id}`,
      httpMethod: k % 2 ? 'POST' : 'GET',
      description: `Operation ${k} of controller ${f}`,
      pathParams: [p('id', k)],
      queryParams: [p('page', k), p('size', k)],
      requestParams: [p('name', k), p('note', k)],
      responseParams: [p('code', k), p('data', k)],
    })),
  }));
  const data = encodeURIComponent(JSON.stringify({ author: 'bench', isReplace: 1, apis }));
  return JSON.stringify({ name: 'doc.push', version: '1.0', access_token: pushToken, data, timestamp: '2024-06-26 10:00:00' });
}
const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((q / 100) * xs.length) - 1)];
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      if (i > 1200) throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const { token } = await call(null, 'POST', '/api/user/login', { username: 'admin', password: PASSWORD });
  const space = await call(token, 'POST', '/api/space/add', { name: 'Stall', isCompose: 0 });
  const project = await call(token, 'POST', '/api/project/add', { spaceId: space.id, name: 'Stall', isPrivate: 0 });
  const mod = await call(token, 'POST', '/api/module/add', { projectId: project.id, name: 'Big' });
  const pushToken = (await call(token, 'GET', '/api/module/token/get', { moduleId: mod.id })).token;
  // Health before the work (the baseline), then all along it, from before the request is sent until the job is
  // done: the request itself (reading a 20 MB body) is part of what may stall.
  const health = async () => {
    const t0 = performance.now();
    await fetch(`${url}/api/health`).then((r) => r.text());
    return performance.now() - t0;
  };
  // What is sent is built first: building it in this process would delay the health calls.
  const content = CASE === 'import' ? fixture('openapi/stripe-spec3.yaml.gz') : '';
  const body = CASE === 'import' ? '' : pushBody(pushToken);
  const idle: number[] = [];
  for (let i = 0; i < 40; i++) {
    idle.push(await health());
    await new Promise((r) => setTimeout(r, 50));
  }
  const busy: number[] = [];
  let working = true;
  const sampler = (async () => {
    while (working) {
      busy.push(await health());
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const t0 = performance.now();
  let what: string;
  let requestMs = 0;
  try {
    if (CASE === 'import') {
      what = `import of Stripe's spec (${(content.length / 1e6).toFixed(1)} MB of YAML)`;
      const { jobId } = await call(token, 'POST', '/api/import', { moduleId: mod.id, content, format: 'openapi' });
      requestMs = performance.now() - t0;
      await waitFor(token, '/api/import/status', jobId);
    } else {
      what = `push of ${DOCS} docs (${(body.length / 1e6).toFixed(1)} MB)`;
      const pushed = await fetch(`${url}/api`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) =>
        r.json(),
      );
      requestMs = performance.now() - t0;
      if (pushed.code !== '0') throw new Error(`push: ${JSON.stringify(pushed).slice(0, 300)}`);
      if (pushed.data?.jobId) await waitFor(token, '/api/push/status', pushed.data.jobId);
    }
  } finally {
    working = false;
    await sampler;
  }
  const seconds = (performance.now() - t0) / 1000;
  const row = (label: string, xs: number[]) => ({
    what: label,
    samples: xs.length,
    p50: `${pct(xs, 50).toFixed(0)} ms`,
    p99: `${pct(xs, 99).toFixed(0)} ms`,
    max: `${Math.max(...xs).toFixed(0)} ms`,
  });
  console.log(
    `\n/api/health answer times, one at a time every 50 ms (SQLite file); ${what} took ${seconds.toFixed(1)} s (its request ${(requestMs / 1000).toFixed(1)} s); load ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  console.table([row('idle', idle), row('during it', busy)]);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
