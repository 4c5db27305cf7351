/**
 * Foundation benchmark: a space with 10,000 docs in 50 applications, 20 parameters each, on SQLite.
 * Seeds in bulk through the repository functions (not 10k HTTP calls), then runs the real built server in
 * a child process and measures: the space tree call (p50/p99), doc detail under 50 concurrent connections
 * next to a hello-world route (the ceiling) measured in the same run, and the server's RSS after the load.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { seedSpace } from './lib/space-seed.js';

const APPS = Number(process.env.BENCH_APPS ?? 50);
const DOCS_PER_APP = Number(process.env.BENCH_DOCS_PER_APP ?? 200);
/** Seconds per measured round; ROUNDS rounds of each (hello-world, doc detail), alternating. */
const DURATION = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 50;
/** The built server to run (BENCH_DIST=<dir>: one built before, for a before/after; it must sit inside the repo, as npm packages resolve from it). */
const DIST = process.env.BENCH_DIST ?? 'apps/server/dist';
const PASSWORD = 'bench-admin-pass-1234';

const dir = mkdtempSync(join(tmpdir(), 'folio-bench-'));
const dbFile = process.env.BENCH_SEED_ONLY || join(dir, 'folio.db');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

// The same Node flags as `npm start` (read from package.json), unless BENCH_NODE_FLAGS overrides them.
const startScript = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start as string;
const startFlags = /node ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(startScript)?.[1] ?? '';
const flags = (process.env.BENCH_NODE_FLAGS ?? startFlags).split(' ').filter(Boolean);

async function startServer(port: number): Promise<ChildProcess> {
  const prof = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...prof, ...flags, `${DIST}/main.js`], {
    env: { ...process.env, DATABASE_URL: `sqlite:${dbFile}`, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 200; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((q / 100) * s.length) - 1)];
};

/** CPU seconds (user + system) the process has used so far, from /proc (contention does not inflate it). */
function cpuSeconds(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const parts = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(parts[11]) + Number(parts[12])) / 100;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

async function load(url: string, headers: Record<string, string>, paths?: string[], seconds = DURATION) {
  let i = 0;
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    ...(paths ? { requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, path: paths[i++ % paths.length] }) }] } : {}),
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors, total: r.requests.total };
}

async function main() {
  if (!process.env.BENCH_DIST) {
    console.log('building the server (apps/server/dist)...');
    const b = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { stdio: 'inherit' });
    if (b.status !== 0) throw new Error('server build failed');
  }
  console.log(`seeding ${APPS * DOCS_PER_APP} docs in ${APPS} applications...`);
  const { spaceId, docIds, seconds } = await seedSpace(`sqlite:${dbFile}`, PASSWORD, APPS, DOCS_PER_APP);
  // BENCH_SEED_ONLY=<file>: only build the database (for profiling by hand).
  if (process.env.BENCH_SEED_ONLY) return;
  const port = await freePort();
  const child = await startServer(port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const login = await (
      await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      })
    ).json();
    const token = login.data.token as string;
    const rssStart = rssMb(child.pid as number);

    // Space tree: sequential calls after a warm-up.
    const treeUrl = `${base}/api/doc/view/data?spaceId=${spaceId}`;
    let treeBytes = 0;
    let treeDocs = 0;
    for (let i = 0; i < 3; i++) await (await fetch(treeUrl, { headers: { token } })).arrayBuffer();
    const times: number[] = [];
    for (let i = 0; i < 40; i++) {
      const t0 = performance.now();
      const r = await fetch(treeUrl, { headers: { token } });
      const buf = await r.arrayBuffer();
      times.push(performance.now() - t0);
      treeBytes = buf.byteLength;
      if (i === 0) treeDocs = JSON.parse(Buffer.from(buf).toString()).data[0].apiCount;
    }

    const detailPaths = docIds.filter((_, i) => i % 7 === 0).map((id) => `/api/doc/detail?id=${id}`);
    const check = await (await fetch(`${base}${detailPaths[0]}`, { headers: { token } })).json();
    const countParams = (ps: { children?: unknown[] }[]): number =>
      ps.reduce((n, x) => n + 1 + countParams((x.children ?? []) as { children?: unknown[] }[]), 0);
    const params = ['headerParams', 'queryParams', 'requestParams', 'responseParams'].reduce((n, k) => n + countParams(check.data[k]), 0);

    // The machine is shared: alternate short rounds of both so they see the same background load, and
    // compare medians. One unmeasured detail round first (JIT and caches warm, as for hello-world).
    await load(base, { token }, detailPaths, 2);
    type Round = Awaited<ReturnType<typeof load>> & { cpuUs: number };
    const hellos: Round[] = [];
    const details: Round[] = [];
    const pid = child.pid as number;
    const measured = async (run: () => ReturnType<typeof load>) => {
      const c0 = cpuSeconds(pid);
      const r = await run();
      return { ...r, cpuUs: ((cpuSeconds(pid) - c0) * 1e6) / Math.max(1, r.total) };
    };
    for (let r = 0; r < ROUNDS; r++) {
      hellos.push(await measured(() => load(`${base}/api/system/viewConfig`, {})));
      details.push(await measured(() => load(base, { token }, detailPaths)));
    }
    const median = (xs: Round[]) => [...xs].sort((a, b) => a.rps - b.rps)[Math.floor(xs.length / 2)];
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const hello = median(hellos);
    const detail = median(details);
    const helloCpu = med(hellos.map((h) => h.cpuUs));
    const detailCpu = med(details.map((d) => d.cpuUs));
    const rssAfter = rssMb(child.pid as number);

    // The same call right after a change (any doc/application write drops the cached tree): the cold path.
    const moduleIds = (
      await (await fetch(`${base}/api/doc/view/data?spaceId=${spaceId}`, { headers: { token } })).json()
    ).data[0].children.map((m: { id: string; label: string }) => ({ id: m.id.slice(2), name: m.label }));
    const cold: number[] = [];
    for (let i = 0; i < 15; i++) {
      const m = moduleIds[i % moduleIds.length];
      await fetch(`${base}/api/module/update`, {
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        body: JSON.stringify({ id: m.id, name: m.name }),
      });
      const t0 = performance.now();
      await (await fetch(treeUrl, { headers: { token } })).arrayBuffer();
      cold.push(performance.now() - t0);
    }

    const rssEnd = rssMb(child.pid as number);

    const treeP50 = pct(times, 50);
    const ratio = detail.rps / hello.rps;
    const ok = (b: boolean) => (b ? 'met' : 'MISSED');
    console.log(
      `\nFoundation benchmark (SQLite, ${APPS} applications, ${treeDocs} docs, ${params} params per doc, seeded in ${seconds.toFixed(1)} s)`,
    );
    console.table([
      { metric: 'space tree p50 (ms)', value: treeP50.toFixed(1), target: '< 100', result: ok(treeP50 < 100) },
      { metric: 'space tree p99 (ms)', value: pct(times, 99).toFixed(1), target: '', result: '' },
      {
        metric: 'space tree p50 after a change (ms)',
        value: pct(cold, 50).toFixed(1),
        target: '< 100',
        result: `${ok(pct(cold, 50) < 100)}; p99 ${pct(cold, 99).toFixed(1)} ms (cache dropped by a write)`,
      },
      { metric: 'space tree payload (KB)', value: (treeBytes / 1024).toFixed(0), target: '', result: '' },
      {
        metric: `hello-world req/s (${CONNECTIONS} conn)`,
        value: hello.rps.toFixed(0),
        target: 'ceiling',
        result: `p50 ${hello.p50} ms, errors ${hello.non2xx}`,
      },
      {
        metric: `doc detail req/s (${CONNECTIONS} conn)`,
        value: detail.rps.toFixed(0),
        target: '>= 3000',
        result: `${ok(detail.rps >= 3000)}; p50 ${detail.p50} ms, p99 ${detail.p99} ms, errors ${detail.non2xx}`,
      },
      { metric: 'doc detail / hello-world', value: ratio.toFixed(2), target: '>= 0.33', result: ok(ratio >= 1 / 3) },
      { metric: 'server CPU per hello-world (µs)', value: helloCpu.toFixed(0), target: '', result: '' },
      {
        metric: 'server CPU per doc detail (µs)',
        value: detailCpu.toFixed(0),
        target: '<= 3x hello',
        result: `${ok(detailCpu <= 3 * helloCpu)}; one core = ${(1e6 / detailCpu).toFixed(0)} detail/s vs ${(1e6 / helloCpu).toFixed(0)} hello/s`,
      },
      { metric: 'server RSS at start (MB)', value: rssStart.toFixed(0), target: '', result: '' },
      { metric: 'server RSS after load (MB)', value: rssAfter.toFixed(0), target: '< 200', result: ok(rssAfter < 200) },
      { metric: 'server RSS after 15 tree rebuilds (MB)', value: rssEnd.toFixed(0), target: '', result: '(heap grown, not returned)' },
    ]);
    console.log(
      `server: node ${flags.join(' ')} ${DIST}/main.js (as npm start); hello-world = GET /api/system/viewConfig (no token; the auth hook still reads the settings revision); req/s are medians of ${ROUNDS} alternating ${DURATION}-s rounds` +
        `\n(detail rounds: ${details.map((d) => d.rps.toFixed(0)).join(', ')}; hello rounds: ${hellos.map((d) => d.rps.toFixed(0)).join(', ')}); server LOG_LEVEL=warn.`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
