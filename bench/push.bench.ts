/**
 * Push benchmark (issue 4): through the open API (`POST /api`, smart-doc-shaped envelope with URL-encoded
 * data), push 1,000 docs with 20 parameters each into a fresh application — full, then the same content
 * again (unchanged), then with one doc changed — on SQLite (a file, WAL) and PostgreSQL. History, notices
 * and webhook queueing run as in production. Each database runs in its own process; the median of three
 * fresh applications is reported. Budgets on SQLite (issue 17): ≤ 2 s, ≤ 0.5 s, ≤ 0.5 s. The server keeps no
 * process cache of pushed content, so every push reads, parses and hashes everything it is sent.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const DOCS = 1000;
const ROUNDS = 3;

function param(name: string, i: number, children: unknown[] = []) {
  return {
    name,
    type: children.length ? 'object' : 'string',
    required: '1',
    maxLength: '64',
    example: `${name}-${i}`,
    description: `${name} of doc ${i}<br>more`,
    children,
  };
}

/** 1,000 docs in 20 controller folders, 20 params each (2 header, 2 path, 2 query, 6 body incl. 2 nested, 8 response incl. 2 nested). */
export function payload(changed = -1) {
  const folders = Array.from({ length: 20 }, (_, f) => ({
    isFolder: '1',
    name: `Controller${f}`,
    author: 'bench',
    orderIndex: f,
    items: Array.from({ length: DOCS / 20 }, (_, k) => {
      const i = f * (DOCS / 20) + k;
      return {
        isFolder: '0',
        name: `Doc ${i}`,
        url: `/bench/${f}/${k}/{id}`,
        httpMethod: k % 2 ? 'POST' : 'GET',
        contentType: 'application/json',
        description: i === changed ? 'changed' : `Doc ${i} description`,
        isShow: '1',
        orderIndex: k,
        headerParams: [param('token', i), param('traceId', i)],
        pathParams: [param('id', i), param('tenant', i)],
        queryParams: [param('page', i), param('size', i)],
        requestParams: [param('a', i), param('b', i), param('c', i), param('obj', i, [param('x', i), param('y', i)])],
        responseParams: [
          param('code', i),
          param('msg', i),
          param('d1', i),
          param('d2', i),
          param('d3', i),
          param('data', i, [param('id', i), param('name', i)]),
        ],
      };
    }),
  }));
  return { author: 'bench', isReplace: 1, apis: folders };
}

const enc = (s: string) =>
  encodeURIComponent(s)
    .replace(/%20/g, '+')
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

async function runOne(db: string) {
  if (db === 'postgres') process.env.TEST_DB = 'postgres';
  const dir = mkdtempSync(join(tmpdir(), 'folio-push-bench-'));
  const { createTestApp, createWorld, call } = await import('../apps/server/test/harness.js');
  const t = await createTestApp(db === 'sqlite' ? { env: { DATABASE_URL: `sqlite:${join(dir, 'bench.db')}` } } : {});
  const bodies = { full: payload(), changed: payload(DOCS / 2) };
  const results: Record<string, number | string>[] = [];
  try {
    for (let r = 0; r < ROUNDS; r++) {
      const w = await createWorld(t);
      const token = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId })).data.token as string;
      const push = async (data: unknown) => {
        const body = JSON.stringify({
          name: 'doc.push',
          version: '1.0',
          access_token: token,
          data: enc(JSON.stringify(data)),
          timestamp: '2024-06-26 10:00:00',
        });
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const res = await t.app.inject({ method: 'POST', url: '/api', headers: { 'content-type': 'application/json' }, payload: body });
        const ms = performance.now() - t0;
        const c = process.cpuUsage(c0);
        const cpu = (c.user + c.system) / 1000;
        const j = res.json();
        if (j.code !== '0') throw new Error(`push failed: ${res.body.slice(0, 300)}`);
        return { ms, cpu, data: j.data };
      };
      const full = await push(bodies.full);
      const same = await push(bodies.full);
      const one = await push(bodies.changed);
      if (full.data.added !== DOCS || same.data.unchanged !== DOCS || one.data.updated !== 1)
        throw new Error(`unexpected outcome ${JSON.stringify([full.data, same.data, one.data])}`);
      results.push({
        full: full.ms,
        unchanged: same.ms,
        one: one.ms,
        fullCpu: full.cpu,
        unchangedCpu: same.cpu,
        oneCpu: one.cpu,
        outcome: `${full.data.added}/${same.data.unchanged}/${one.data.updated}`,
      });
    }
  } finally {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const med = (k: string) => results.map((x) => Number(x[k])).sort((a, b) => a - b)[Math.floor(results.length / 2)];
  const keys = ['full', 'unchanged', 'one', 'fullCpu', 'unchangedCpu', 'oneCpu'];
  console.log(JSON.stringify({ db, ...Object.fromEntries(keys.map((k) => [k, med(k)])), outcome: results[0].outcome }));
}

async function main() {
  const arg = process.argv[2];
  if (arg) return runOne(arg);
  const rows: Record<string, string>[] = [];
  for (const db of ['sqlite', 'postgres']) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/push.bench.ts'), db], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env },
    });
    const line = r.stdout.trim().split('\n').at(-1) ?? '';
    if (r.status !== 0 || !line.startsWith('{')) {
      console.error(`${db} failed:\n${r.stderr.slice(-2000)}`);
      rows.push({ db, full: 'failed', unchanged: '', one: '' });
      continue;
    }
    const j = JSON.parse(line);
    const s = (ms: number) => `${(ms / 1000).toFixed(3)} s`;
    const both = (k: string) => `${s(j[k])} (CPU ${s(j[`${k}Cpu`])})`;
    rows.push({ db, full: both('full'), unchanged: both('unchanged'), one: both('one'), outcome: j.outcome });
  }
  console.log(`\nPush of ${DOCS} docs × 20 params through POST /api (median of ${ROUNDS} fresh applications)`);
  console.log(
    'Wall time, and in brackets the server process CPU time (SQLite runs in-process; the PostgreSQL server CPU is not counted).\n',
  );
  console.log('| database | full push | unchanged push | one doc changed | added/unchanged/updated |');
  console.log('|---|---:|---:|---:|---|');
  for (const r of rows) console.log(`| ${r.db} | ${r.full} | ${r.unchanged} | ${r.one} | ${r.outcome ?? ''} |`);
  console.log('\nBudgets on SQLite: full ≤ 2 s, unchanged ≤ 0.5 s, one changed ≤ 0.5 s.');
}

if (process.argv[1]?.endsWith('push.bench.ts')) await main();
