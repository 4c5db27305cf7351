/**
 * Event-loop stalls (issue 20): while one real server process (the built server; `npm run build` first)
 * takes a push of STALL_DOCS (20,000) docs through the open API (a push job), a client asks /api/health
 * once every 50 ms, one request at a time, and times each answer. Budget: health p99 ≤ 200 ms during the
 * push. SQLite file; STALL_DOCS overrides the size.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const DOCS = Number(process.env.STALL_DOCS ?? 20000);
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
  const body = JSON.stringify({ name: 'doc.push', version: '1.0', access_token: pushToken, data, timestamp: '2024-06-26 10:00:00' });

  // Health before the push (the baseline), then during it until the job is done.
  const health = async () => {
    const t0 = performance.now();
    await fetch(`${url}/api/health`).then((r) => r.text());
    return performance.now() - t0;
  };
  const idle: number[] = [];
  for (let i = 0; i < 40; i++) {
    idle.push(await health());
    await new Promise((r) => setTimeout(r, 50));
  }
  const t0 = performance.now();
  const pushed = await fetch(`${url}/api`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.json());
  const jobId = pushed.data?.jobId as string | undefined;
  const busy: number[] = [];
  let state = jobId ? 'queued' : 'done';
  while (state === 'queued' || state === 'running') {
    busy.push(await health());
    await new Promise((r) => setTimeout(r, 50));
    if (busy.length % 10 === 0)
      state = (await call(token, 'GET', '/api/push/status', { jobId: jobId ?? '' }).catch(() => ({ state }))).state;
  }
  const seconds = (performance.now() - t0) / 1000;
  const row = (what: string, xs: number[]) => ({
    what,
    samples: xs.length,
    p50: `${pct(xs, 50).toFixed(0)} ms`,
    p99: `${pct(xs, 99).toFixed(0)} ms`,
    max: `${Math.max(...xs).toFixed(0)} ms`,
  });
  console.log(`\n/api/health answer times, one at a time every 50 ms (SQLite file); push of ${DOCS} docs took ${seconds.toFixed(1)} s`);
  console.table([row('idle', idle), row(`during the ${DOCS}-doc push`, busy)]);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
