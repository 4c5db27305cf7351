/**
 * Import benchmark (issue 5): GitHub's REST API description (from the `@octokit/openapi` package, ~12 MB,
 * ~1,200 operations) and a generated 5,000-operation spec, imported as a real job (parse, convert, one
 * transaction through the push merge) into a fresh application on SQLite (a file) and PostgreSQL. Each run
 * is its own process, so the peak RSS is that run's. Next to it, the floor: parsing alone, and parsing plus
 * dereferencing/converting every operation (no database). Then the imported application is exported to
 * Word and HTML. Targets: GitHub < 10 s, < 3× the floor, < 1 GB peak; each export < 10 s.
 *   npm run bench -- import        (BENCH_DBS=sqlite to skip PostgreSQL; BENCH_SPECS=github or generated for
 *                                   one spec; BENCH_RUNS=N runs, 5 by default; TEST_PG_URL as in the tests;
 *                                   BENCH_NODE_FLAGS replaces the server's V8 flags, '--max-semi-space-size=8')
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
const GITHUB = join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json');

/** A synthetic spec: `ops` operations in 50 tags, shared schemas with $refs, nesting, enums, arrays. */
export function generatedSpec(ops: number): object {
  const schemas: Record<string, unknown> = {
    Address: {
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' }, zip: { type: 'string', example: '10115' } },
    },
    Status: { type: 'string', enum: ['active', 'suspended', 'closed'] },
    Tag: { type: 'object', properties: { id: { type: 'integer' }, label: { type: 'string' } } },
    Node: {
      type: 'object',
      properties: { id: { type: 'integer' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
    },
  };
  for (let i = 0; i < 100; i++) {
    schemas[`Entity${i}`] = {
      type: 'object',
      required: ['id', 'name'],
      properties: {
        id: { type: 'integer', format: 'int64', example: i },
        name: { type: 'string', maxLength: 64, example: `entity ${i}` },
        status: { $ref: '#/components/schemas/Status' },
        address: { $ref: '#/components/schemas/Address' },
        tags: { type: 'array', items: { $ref: '#/components/schemas/Tag' } },
        tree: { $ref: '#/components/schemas/Node' },
        createdAt: { type: 'string', format: 'date-time' },
        note: { type: ['string', 'null'] },
      },
    };
  }
  const paths: Record<string, Record<string, unknown>> = {};
  const methods = ['get', 'post', 'put', 'delete', 'patch'];
  for (let i = 0; i < ops; i++) {
    const path = `/svc${i % 50}/res${Math.floor(i / 5)}/{id}`;
    const method = methods[i % 5];
    const entity = `#/components/schemas/Entity${i % 100}`;
    paths[path] ??= {};
    paths[path][method] = {
      tags: [`Service ${i % 50}`],
      summary: `Operation ${i}`,
      description: `Does thing ${i}.`,
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
        { name: 'q', in: 'query', schema: { type: 'string' } },
        { name: 'page', in: 'query', schema: { type: 'integer', default: 1 } },
        { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
      ],
      ...(method === 'get' || method === 'delete'
        ? {}
        : { requestBody: { content: { 'application/json': { schema: { $ref: entity } } } } }),
      responses: {
        '200': {
          description: 'ok',
          content: {
            'application/json': { schema: { type: 'object', properties: { code: { type: 'integer' }, data: { $ref: entity } } } },
          },
        },
        '404': { description: 'not found' },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'generated', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths,
    components: { schemas },
  };
}

interface RunResult {
  case: string;
  db: string;
  ms: number;
  docs: number;
  params: number;
  peakMb: number;
  floorParseMs?: number;
  floorConvertMs?: number;
  docxMs?: number;
  docxMb?: number;
  htmlMs?: number;
  htmlMb?: number;
  state?: string;
  error?: string;
  timings?: { fetch: number; convert: number; merge: number };
  uploadMs?: number;
  /** Fastest and slowest of the repeated runs (ms). */
  range?: [number, number];
  /** Wall time over the parse+convert floor measured just before (median over the runs). */
  ratio?: number;
}

/** One measurement in this (child) process. */
async function child(kind: 'floor' | 'import', specFile: string, db: string): Promise<RunResult> {
  const name = specFile.includes('github') ? 'GitHub REST' : 'generated 5,000 ops';
  if (kind === 'floor') {
    const { parseStructured } = await import('../apps/server/src/modules/imports/spec-text.js');
    const { openApiToPush } = await import('../apps/server/src/modules/imports/openapi-to-push.js');
    const { countPayload } = await import('../apps/server/src/modules/imports/import-convert.js');
    const text = readFileSync(specFile, 'utf8');
    const t0 = performance.now();
    const parsed = parseStructured(text);
    const t1 = performance.now();
    const { payload } = await openApiToPush(parsed);
    const t2 = performance.now();
    const c = countPayload(payload.apis);
    return {
      case: name,
      db: '-',
      ms: t2 - t0,
      docs: c.docs,
      params: c.params,
      peakMb: process.resourceUsage().maxRSS / 1024,
      floorParseMs: t1 - t0,
      floorConvertMs: t2 - t0,
    };
  }
  process.env.TEST_DB = db === 'sqlite' ? 'sqlite' : 'postgres';
  const { createTestApp, call } = await import('../apps/server/test/harness.js');
  const { drainJobs } = await import('../apps/server/src/jobs/queue.js');
  const dir = mkdtempSync(join(tmpdir(), 'folio-import-bench-'));
  const t = await createTestApp(db === 'sqlite' ? { env: { DATABASE_URL: `sqlite:${join(dir, 'folio.db')}` } } : {});
  try {
    const space = await call(t.app, t.adminToken, 'POST', '/api/space/add', { name: 'bench', isCompose: 0 });
    const project = await call(t.app, t.adminToken, 'POST', '/api/project/add', { spaceId: space.data.id, name: 'bench', isPrivate: 0 });
    // The file goes up as the web app's import dialog sends it: a multipart form with the file.
    const boundary = `----folio-bench-${process.pid}`;
    const field = (k: string, v: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
    const body = Buffer.concat([
      Buffer.from(
        `${field('projectId', project.data.id)}${field('name', name)}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="spec.json"\r\nContent-Type: application/json\r\n\r\n`,
      ),
      readFileSync(specFile),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const t0 = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/import',
      headers: { token: t.adminToken, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    const r = res.json();
    if (r.code !== '0') throw new Error(r.msg);
    const uploadMs = performance.now() - t0;
    await drainJobs(t.app);
    const ms = performance.now() - t0;
    const s = await call(t.app, t.adminToken, 'GET', '/api/import/status', { jobId: r.data.jobId });
    const out: RunResult = {
      case: name,
      db,
      ms,
      docs: s.data.counts.docs,
      params: s.data.counts.params,
      peakMb: 0,
      state: s.data.state,
      timings: s.data.timings,
      uploadMs,
    };
    if (s.data.state !== 'done') out.error = JSON.stringify(s.data.errors).slice(0, 300);
    else {
      for (const format of ['docx', 'html'] as const) {
        const e0 = performance.now();
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/export',
          query: { format, moduleId: s.data.moduleId },
          headers: { token: t.adminToken },
        });
        const ems = performance.now() - e0;
        if (res.statusCode !== 200) throw new Error(`export ${format}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (format === 'docx') {
          out.docxMs = ems;
          out.docxMb = res.rawPayload.length / 1048576;
        } else {
          out.htmlMs = ems;
          out.htmlMb = res.rawPayload.length / 1048576;
        }
      }
    }
    out.peakMb = process.resourceUsage().maxRSS / 1024;
    return out;
  } finally {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (n: number | undefined, d = 1) => (n === undefined ? '-' : n.toFixed(d));
const spread = (r: RunResult) =>
  r.range && r.range[0] !== r.range[1] ? ` (${fmt(r.range[0] / 1000, 2)}–${fmt(r.range[1] / 1000, 2)})` : '';

async function main() {
  if (process.argv[2] === '--child') {
    const [kind, file, db] = process.argv.slice(3);
    try {
      console.log(`RESULT ${JSON.stringify(await child(kind as 'floor' | 'import', file, db))}`);
    } catch (err) {
      console.log(
        `RESULT ${JSON.stringify({ case: file, db, ms: 0, docs: 0, params: 0, peakMb: 0, error: String((err as Error).stack ?? err).slice(0, 500) })}`,
      );
    }
    process.exit(0);
  }
  const tmp = mkdtempSync(join(tmpdir(), 'folio-import-spec-'));
  const generated = join(tmp, 'generated-5000.json');
  writeFileSync(generated, JSON.stringify(generatedSpec(5000)));
  const dbs = (process.env.BENCH_DBS ?? 'sqlite,postgres').split(',');
  const only = process.env.BENCH_SPECS;
  const specs = [GITHUB, generated].filter((f) => !only || only.split(',').some((k) => f.includes(k)));
  const results: RunResult[] = [];
  const run = (args: string[]) => {
    const r = spawnSync(
      process.execPath,
      // The server's own flags (npm start): a larger young generation, as in production.
      [
        '--import',
        'tsx',
        '--max-old-space-size=3072',
        ...(process.env.BENCH_NODE_FLAGS ?? '--max-semi-space-size=8').split(' '),
        join(ROOT, 'bench/import.bench.ts'),
        '--child',
        ...args,
      ],
      {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env },
      },
    );
    const line = r.stdout.split('\n').find((l) => l.startsWith('RESULT '));
    if (!line) {
      console.error(r.stdout.slice(-2000), r.stderr.slice(-2000));
      return null;
    }
    return JSON.parse(line.slice(7)) as RunResult;
  };
  // This machine's speed varies from run to run (by up to half): each figure is the median of BENCH_RUNS
  // runs, each in its own process, with the range beside it. The floor and the imports are measured in
  // turn, so each import is set against a floor taken moments before it, and "× floor" is the median of
  // those ratios.
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
  const mid = <T>(xs: T[], key: (x: T) => number): T => [...xs].sort((a, b) => key(a) - key(b))[Math.floor((xs.length - 1) / 2)];
  for (const spec of specs) {
    const floors: RunResult[] = [];
    const byDb = new Map<string, RunResult[]>(dbs.map((db) => [db, []]));
    for (let i = 0; i < runs; i++) {
      const floor = run(['floor', spec, '-']);
      if (!floor || floor.error) continue;
      floors.push(floor);
      for (const db of dbs) {
        const r = run(['import', spec, db]);
        if (!r) continue;
        r.ratio = r.ms / (floor.floorConvertMs ?? r.ms);
        byDb.get(db)?.push(r);
      }
    }
    if (!floors.length) continue;
    const floor = mid(floors, (r) => r.floorConvertMs ?? r.ms);
    floor.range = [Math.min(...floors.map((r) => r.floorConvertMs ?? r.ms)), Math.max(...floors.map((r) => r.floorConvertMs ?? r.ms))];
    results.push(floor);
    for (const list of byDb.values()) {
      const good = list.filter((r) => !r.error);
      if (!good.length) {
        if (list[0]) results.push(list[0]);
        continue;
      }
      const r = mid(good, (x) => x.ms);
      r.range = [Math.min(...good.map((x) => x.ms)), Math.max(...good.map((x) => x.ms))];
      r.ratio = mid(good, (x) => x.ratio ?? 0).ratio;
      r.floorParseMs = floor.floorParseMs;
      r.floorConvertMs = floor.floorConvertMs;
      results.push(r);
    }
  }
  rmSync(tmp, { recursive: true, force: true });
  console.log(
    `\nImport benchmark (wall time from the upload to the job's end; floor = same file, no database; median of ${runs} runs, range in brackets)\n`,
  );
  console.log(
    '| spec | database | docs | params | wall s | docs/s | × parse floor | × parse+convert floor | upload / convert / merge s | peak RSS MB | .docx s (MB) | HTML s (MB) |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    if (r.error) {
      console.log(`| ${r.case} | ${r.db} | failed: ${r.error.replace(/\|/g, '/').replace(/\n/g, ' ')} |`);
      continue;
    }
    if (r.db === '-') {
      console.log(
        `| ${r.case} | (floor: parse ${fmt((r.floorParseMs ?? 0) / 1000, 2)} s, parse+convert ${fmt((r.floorConvertMs ?? 0) / 1000, 2)} s) | ${r.docs} | ${r.params} | ${fmt(r.ms / 1000, 2)}${spread(r)} | - | - | - | - | ${fmt(r.peakMb, 0)} | - | - |`,
      );
      continue;
    }
    console.log(
      `| ${r.case} | ${r.db} | ${r.docs} | ${r.params} | ${fmt(r.ms / 1000, 2)}${spread(r)} | ${fmt(r.docs / (r.ms / 1000), 0)} | ${fmt(r.ms / (r.floorParseMs ?? r.ms), 1)} | ${fmt(r.ratio ?? r.ms / (r.floorConvertMs ?? r.ms), 1)} | ${fmt((r.uploadMs ?? 0) / 1000, 2)} / ${fmt((r.timings?.convert ?? 0) / 1000, 2)} / ${fmt((r.timings?.merge ?? 0) / 1000, 2)} | ${fmt(r.peakMb, 0)} | ${fmt((r.docxMs ?? 0) / 1000, 2)} (${fmt(r.docxMb)}) | ${fmt((r.htmlMs ?? 0) / 1000, 2)} (${fmt(r.htmlMb)}) |`,
    );
  }
  const gh = results.filter((r) => r.case === 'GitHub REST' && r.db !== '-' && !r.error);
  const ok = gh.every(
    (r) =>
      r.ms < 10_000 && (r.ratio ?? Number.POSITIVE_INFINITY) < 3 && r.peakMb < 1024 && (r.docxMs ?? 0) < 10_000 && (r.htmlMs ?? 0) < 10_000,
  );
  console.log(`\nTargets (GitHub: < 10 s, < 3× the parse+convert floor, < 1 GB; exports < 10 s): ${gh.length && ok ? 'met' : 'NOT met'}`);
}

// Run when executed (the spec generator is importable without running the benchmark).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
