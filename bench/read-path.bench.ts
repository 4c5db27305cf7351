/**
 * Read-path benchmark (issue 17): the space tree of 10,000 docs, p50 and p95 at concurrency 1 and 20, warm
 * and right after a write, on SQLite and PostgreSQL, next to its floor: a plain Fastify server sending the
 * same bytes from memory, measured by the same client in the same run (rounds alternate A B A B). The client
 * asks as a browser does (`accept-encoding: br, gzip`), so the real server's compression is counted and the
 * floor sends the compressed bytes the real server sent. Budget: Folio's p95 within 1.5× of the floor's.
 *   npm run bench -- read-path      (BENCH_DBS=sqlite,postgres; BENCH_SECONDS=5 per round; BENCH_ROUNDS=3;
 *                                    TEST_PG_URL as in the tests; BENCH_DIST=<dir> runs an already built
 *                                    server from <dir> instead of building apps/server/dist, for before/after)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { agent, freePort, get, pct, waitReady } from './lib/http-client.js';
import { settlePostgres } from './lib/pg-settle.js';
import { seedSpace } from './lib/space-seed.js';

const DBS = (process.env.BENCH_DBS ?? 'sqlite,postgres').split(',');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DIST = process.env.BENCH_DIST ?? 'apps/server/dist';
const AFTER_WRITE = 15;
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PASSWORD = 'bench-admin-pass-1234';
const BROWSER = { 'accept-encoding': 'br, gzip' };

/** `conc` clients each calling in a loop for `seconds`: every latency, and the non-200 count. */
async function closedLoop(url: string, headers: Record<string, string>, conc: number, seconds: number) {
  const end = performance.now() + seconds * 1000;
  const ms: number[] = [];
  let bad = 0;
  await Promise.all(
    Array.from({ length: conc }, async () => {
      while (performance.now() < end) {
        const r = await get(url, headers);
        if (r.status !== 200) bad++;
        ms.push(r.ms);
      }
    }),
  );
  return { ms, bad };
}

async function post(base: string, path: string, token: string, body: unknown) {
  const r = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const j = await r.json();
  if (j.code !== '0') throw new Error(`${path}: ${JSON.stringify(j)}`);
  return j.data;
}

interface Row {
  database: string;
  case: string;
  conc: number;
  folio: number[];
  floor: number[];
  bad: number;
}

async function benchDatabase(name: string, rows: Row[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-read-'));
  let databaseUrl = `sqlite:${join(dir, 'folio.db')}`;
  let dropSchema = async () => {};
  if (name === 'postgres') {
    const schema = `folio_bench_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.end();
    const u = new URL(PG_URL);
    u.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = u.toString();
    dropSchema = async () => {
      const d = new pg.Client({ connectionString: PG_URL });
      await d.connect();
      await d.query(`drop schema ${schema} cascade`);
      await d.end();
    };
  }
  console.log(`${name}: seeding 10,000 docs...`);
  const seeded = await seedSpace(databaseUrl, PASSWORD, 50, 200);
  // A default PostgreSQL would have vacuumed and analysed the seeded space by now (autovacuum is off on the test server).
  await settlePostgres(databaseUrl);
  const port = await freePort();
  const server = spawn(process.execPath, ['--max-semi-space-size=8', `${DIST}/main.js`], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let floor: ChildProcess | undefined;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitReady(`${base}/api/health`, server);
    const { token } = await (
      await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      })
    )
      .json()
      .then((j) => j.data as { token: string });
    const treeUrl = `${base}/api/doc/view/data?spaceId=${seeded.spaceId}`;
    const headers = { ...BROWSER, token };
    const sample = await get(treeUrl, headers);
    if (sample.status !== 200) throw new Error(`tree answered ${sample.status}`);
    const bodyFile = join(dir, 'tree.body');
    writeFileSync(bodyFile, sample.body);
    const floorHeaders: Record<string, string> = { 'content-type': String(sample.headers['content-type']) };
    if (sample.headers['content-encoding']) floorHeaders['content-encoding'] = String(sample.headers['content-encoding']);
    const floorPort = await freePort();
    floor = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/floor-server.ts'], {
      env: { ...process.env, PORT: String(floorPort), FLOOR_BODY: bodyFile, FLOOR_HEADERS: JSON.stringify(floorHeaders) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const floorUrl = `http://127.0.0.1:${floorPort}/floor`;
    await waitReady(floorUrl, floor);
    console.log(
      `${name}: tree ${(sample.body.length / 1024).toFixed(0)} KB on the wire (${sample.headers['content-encoding'] ?? 'identity'}); warming up...`,
    );
    await closedLoop(treeUrl, headers, 4, 2);
    await closedLoop(floorUrl, BROWSER, 4, 1);

    for (const conc of [1, 20]) {
      const row: Row = { database: name, case: 'warm', conc, folio: [], floor: [], bad: 0 };
      for (let r = 0; r < ROUNDS; r++) {
        const a = await closedLoop(treeUrl, headers, conc, SECONDS);
        const b = await closedLoop(floorUrl, BROWSER, conc, SECONDS);
        row.folio.push(...a.ms);
        row.floor.push(...b.ms);
        row.bad += a.bad;
      }
      rows.push(row);
    }

    // Right after a write: rename an application (it changes the tree), then `conc` readers arrive at once.
    const modules = (JSON.parse((await get(treeUrl, { token })).body.toString()).data[0].children as { id: string; label: string }[]).map(
      (m) => ({ id: m.id.slice(2), name: m.label }),
    );
    for (const conc of [1, 20]) {
      const row: Row = { database: name, case: 'after a write', conc, folio: [], floor: [], bad: 0 };
      for (let i = 0; i < AFTER_WRITE; i++) {
        const m = modules[i % modules.length];
        await post(base, 'module/update', token, { id: m.id, name: `${m.name} ${i % 2 ? '' : '(renamed)'}`.trim() });
        const rs = await Promise.all(Array.from({ length: conc }, () => get(treeUrl, headers)));
        for (const r of rs) {
          row.folio.push(r.ms);
          if (r.status !== 200) row.bad++;
        }
        const fs = await Promise.all(Array.from({ length: conc }, () => get(floorUrl, BROWSER)));
        row.floor.push(...fs.map((r) => r.ms));
      }
      rows.push(row);
    }
  } finally {
    floor?.kill('SIGTERM');
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await dropSchema();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (!process.env.BENCH_DIST) {
    console.log('building the server (apps/server/dist)...');
    const b = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { stdio: 'inherit' });
    if (b.status !== 0) throw new Error('server build failed');
  }
  const rows: Row[] = [];
  for (const db of DBS) await benchDatabase(db, rows);
  agent.destroy();
  const f = (x: number) => x.toFixed(1);
  console.log('\nSpace tree of 10,000 docs (GET /api/doc/view/data, accept-encoding br), ms; floor = plain Fastify sending the same bytes');
  console.log('| database | case | concurrency | Folio p50 | Folio p95 | floor p50 | floor p95 | p95 / floor | budget ≤ 1.5× | errors |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---|---:|');
  for (const r of rows) {
    const ratio = pct(r.folio, 95) / pct(r.floor, 95);
    console.log(
      `| ${r.database} | ${r.case} | ${r.conc} | ${f(pct(r.folio, 50))} | ${f(pct(r.folio, 95))} | ${f(pct(r.floor, 50))} | ${f(pct(r.floor, 95))} | ${ratio.toFixed(2)} | ${ratio <= 1.5 ? 'met' : 'MISSED'} | ${r.bad} |`,
    );
  }
  console.log(
    `(warm: ${ROUNDS} alternating rounds of ${SECONDS} s each; after a write: ${AFTER_WRITE} renames, each followed by that many readers at once)`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
