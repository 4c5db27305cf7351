/**
 * Torna migration benchmark (issue 18): a synthetic Torna database (bench/torna-gen.ts: 5 spaces, 50 projects,
 * 10,000 docs, 200,000 params, history) migrated into a fresh SQLite file, each run in its own process (its
 * peak RSS is the migration's). Budget: under 60 s and under 1 GB.
 *   npm run bench -- torna-migration   (BENCH_RUNS=N runs, 3 by default; TEST_MYSQL_URL names the MariaDB server)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

async function child(from: string, file: string): Promise<void> {
  const { openDatabase, migrate } = await import('../apps/server/src/db/database.js');
  const { migrateTorna } = await import('../apps/server/src/modules/torna-migration/migration.js');
  const database = openDatabase('sqlite', `sqlite:${file}`, file);
  await migrate(database.db, 'sqlite');
  const started = performance.now();
  const report = await migrateTorna({ from, target: database });
  const ms = performance.now() - started;
  await database.destroy();
  const count = (t: string) => report.tables.find((x) => x.table === t)?.written ?? 0;
  console.log(
    JSON.stringify({
      ms,
      rssMb: process.resourceUsage().maxRSS / 1024,
      docs: count('doc_info'),
      params: count('doc_param'),
      snapshots: count('doc_snapshot'),
      records: count('doc_diff_record'),
    }),
  );
}

async function main(): Promise<void> {
  const { generateTorna } = await import('./torna-gen.js');
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  let t = performance.now();
  const src = await generateTorna();
  console.log(`generated the Torna database in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const dir = mkdtempSync(join(tmpdir(), 'folio-torna-bench-'));
  const rows: { ms: number; rssMb: number; docs: number; params: number; snapshots: number; records: number }[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const file = join(dir, `run${i}.db`);
      t = performance.now();
      const r = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', src.url, file], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      if (r.status !== 0) throw new Error(`run ${i} failed: ${r.stderr}`);
      rows.push(JSON.parse(r.stdout.trim().split('\n').pop() as string));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await src.drop();
  }
  console.log('\n| run | docs | params | snapshots | change records | time (s) | peak RSS (MB) | budget |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const [i, r] of rows.entries()) {
    const ok = r.ms < 60_000 && r.rssMb < 1024;
    console.log(
      `| ${i + 1} | ${r.docs} | ${r.params} | ${r.snapshots} | ${r.records} | ${(r.ms / 1000).toFixed(1)} | ${r.rssMb.toFixed(0)} | ${ok ? 'ok' : 'OVER'} |`,
    );
  }
  const med = [...rows].sort((a, b) => a.ms - b.ms)[Math.floor(rows.length / 2)];
  console.log(
    `\nmedian ${(med.ms / 1000).toFixed(1)} s, peak RSS ${Math.max(...rows.map((r) => r.rssMb)).toFixed(0)} MB (budget < 60 s, < 1024 MB, SQLite)`,
  );
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4]);
else await main();
process.exit(0);
