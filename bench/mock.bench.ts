/**
 * Mock benchmark: the built server in a child process on a fresh SQLite file, one doc with a fixed-body rule
 * (a JSON body), a template rule (Mock.js placeholders rendered per request) and a script rule (QuickJS
 * sandbox per request); requests per second of each mock URL under 50 connections (autocannon), then the
 * sandbox's cold cost (first call in a fresh process, WASM load included) and warm cost per call.
 * Needs `npm run build`. Targets (issue 6): fixed ≥ 3,000/s, scripted ≥ 500/s on the 2-core machine.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

const ROOT = resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const PASSWORD = 'bench-admin-pass-1234';

const BOMB = 'var a = []; while (true) a.push(new Array(1e6).fill(1));';

const SCRIPT = `var d = Mock.mock({'list|5': [{'id|+1': 1, name: '@cname', email: '@email', 'score|1-100': 1}]});
return { code: 0, q: req.query.id || null, data: d.list };`;

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

async function main() {
  // Sandbox cold cost in a fresh process (module load + first call), then the warm cost here.
  const cold = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `const t0 = performance.now();
       const { runMockScript } = await import(${JSON.stringify(join(ROOT, 'apps/server/src/modules/mock/mock-sandbox.ts'))});
       const t1 = performance.now();
       const r = await runMockScript(${JSON.stringify(SCRIPT)}, { method: 'GET', path: '/', query: {}, headers: {}, body: null });
       const t2 = performance.now();
       if (!r.ok) throw new Error(r.error);
       console.log(JSON.stringify({ importMs: t1 - t0, firstCallMs: t2 - t1 }));`,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (cold.status !== 0) throw new Error(`cold run failed: ${cold.stderr}`);
  const coldCost = JSON.parse(cold.stdout.trim().split('\n').at(-1) ?? '{}') as { importMs: number; firstCallMs: number };
  const { runMockScript } = await import('../apps/server/src/modules/mock/mock-sandbox.js');
  const req = { method: 'GET', path: '/', query: {}, headers: {}, body: null };
  for (let i = 0; i < 20; i++) await runMockScript(SCRIPT, req);
  const N = 300;
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await runMockScript(SCRIPT, req);
  const warmMs = (performance.now() - t0) / N;
  const trivialT0 = performance.now();
  for (let i = 0; i < N; i++) await runMockScript('return 1;', req);
  const trivialMs = (performance.now() - trivialT0) / N;

  if (!existsSync(join(ROOT, 'apps/server/dist/main.js'))) throw new Error('run `npm run build` first');
  const dir = mkdtempSync(join(tmpdir(), 'folio-mock-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'folio.db')}`,
      FOLIO_ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (b) => {
    log += b;
  });
  child.stderr?.on('data', (b) => {
    log += b;
  });
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        /* not yet */
      }
      if (i > 300) throw new Error(`server not healthy:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const r = await fetch(`${base}/api/${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const env = (await r.json()) as { code: string; data: any; msg: string };
      if (env.code !== '0') throw new Error(`${path}: ${env.msg}`);
      return env.data;
    };
    const token = (await call('POST', 'user/login', { username: 'admin', password: PASSWORD })).token as string;
    const space = await call('POST', 'space/add', { name: 'bench', isCompose: 0 }, token);
    const project = await call('POST', 'project/add', { spaceId: space.id, name: 'bench', description: '', isPrivate: 0 }, token);
    const mod = await call('POST', 'module/add', { projectId: project.id, name: 'bench' }, token);
    const doc = await call(
      'POST',
      'doc/save',
      {
        moduleId: mod.id,
        parentId: '',
        name: 'bench',
        url: '/bench/default',
        httpMethod: 'GET',
        type: 0,
        responseParams: [{ name: 'id', type: 'number', example: '1', required: 1, description: '', children: [] }],
      },
      token,
    );
    const fixedBody = JSON.stringify({ code: 0, data: Array.from({ length: 20 }, (_, i) => ({ id: i, name: `user ${i}`, ok: true })) });
    const rules = [
      { path: 'bench/fixed', resultType: 0, responseBody: fixedBody },
      {
        path: 'bench/template',
        resultType: 0,
        responseBody: JSON.stringify({ 'list|5': [{ 'id|+1': 1, name: '@cname', email: '@email' }] }),
      },
      { path: 'bench/script', resultType: 1, mockScript: SCRIPT },
    ];
    for (const r of rules) await call('POST', 'doc/mock/save', { docId: doc.id, name: r.path, ...r }, token);
    // Memory bombs (issue 20): 8 concurrent calls of a script that allocates without end, against the server
    // with its sandbox workers warm; peak RSS of the server process sampled every 20 ms, and each call's time.
    await call('POST', 'doc/mock/save', { docId: doc.id, name: 'bench/bomb', path: 'bench/bomb', resultType: 1, mockScript: BOMB }, token);
    for (let i = 0; i < 4; i++) await fetch(`${base}/mock/${mod.id}/bench/script`);
    const rssOf = () => {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : 0;
    };
    const baseRss = rssOf();
    let peakRss = baseRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssOf());
    }, 20);
    const bombs = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const t0 = performance.now();
        const r = await fetch(`${base}/mock/${mod.id}/bench/bomb`);
        const body = (await r.json()) as { msg?: string };
        return { status: r.status, ms: performance.now() - t0, msg: body.msg ?? '' };
      }),
    );
    clearInterval(sampler);
    peakRss = Math.max(peakRss, rssOf());
    console.log('\nMemory bombs: 8 concurrent `while (true) a.push(new Array(1e6).fill(1))` (server: built, SQLite)');
    console.table(bombs.map((b, i) => ({ call: i + 1, status: b.status, ms: Math.round(b.ms), answer: b.msg.slice(0, 70) })));
    console.table([
      {
        'base RSS MB': Math.round(baseRss),
        'peak RSS MB': Math.round(peakRss),
        'growth MB': Math.round(peakRss - baseRss),
        'slowest call ms': Math.round(Math.max(...bombs.map((b) => b.ms))),
        target: 'growth <= 300 MB, each <= 1500 ms',
      },
    ]);
    if (process.env.BENCH_BOMBS_ONLY) return;
    const rows: { name: string; rps: number; p50: number; p99: number; errors: number; bytes: number }[] = [];
    for (const r of rules) {
      const url = `${base}/mock/${mod.id}/${r.path}`;
      const check = await fetch(url);
      if (check.status !== 200) throw new Error(`${url} answered ${check.status}: ${await check.text()}`);
      await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up
      const res = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
      rows.push({
        name: r.path.replace('bench/', ''),
        rps: res.requests.average,
        p50: res.latency.p50,
        p99: res.latency.p99,
        errors: res.errors + res.non2xx,
        bytes: Math.round(res.throughput.average / Math.max(1, res.requests.average)),
      });
    }
    console.log(`\nMock URLs, ${CONNECTIONS} connections, ${DURATION} s each (server: built, SQLite)`);
    console.table(
      rows.map((r) => ({
        body: r.name,
        'req/s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'errors+non2xx': r.errors,
        'bytes/resp': r.bytes,
        target: r.name === 'script' ? '>= 500/s' : r.name === 'fixed' ? '>= 3000/s' : '',
      })),
    );
    console.log('\nQuickJS sandbox cost per call');
    console.table([
      { what: 'cold: import + WASM load (fresh process)', ms: +coldCost.importMs.toFixed(1) },
      { what: 'cold: first script call', ms: +coldCost.firstCallMs.toFixed(2) },
      { what: `warm: bench script (avg of ${N})`, ms: +warmMs.toFixed(3) },
      { what: `warm: 'return 1' (avg of ${N})`, ms: +trivialMs.toFixed(3) },
    ]);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
