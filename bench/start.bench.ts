/**
 * Start time (issue 25): `npm start` on a built tree until /api/health answers (budget ≤ 5 s), median of
 * START_RUNS runs (5), on a new SQLite file (first start: every migration runs) and again on that file (a
 * restart). The parts are timed alone too: the staleness check (`node scripts/build-if-stale.mjs`, which
 * hashes the sources) and the server (`node apps/server/dist/main.js`). Run `npm run build` first: on a stale
 * tree `npm start` builds, and the figure is the build's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.START_RUNS ?? 5);

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? res(a.port) : rej(new Error('no port'))));
    });
  });
}

/** Seconds from spawning `cmd` until /api/health answers 200; the process is then stopped. */
async function timeToHealth(cmd: string[], dbFile: string): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(cmd[0], cmd.slice(1), {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: `sqlite:${dbFile}`, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return (performance.now() - t0) / 1000;
      } catch {
        /* not listening yet */
      }
      if (child.exitCode !== null) throw new Error(`${cmd.join(' ')} exited with ${child.exitCode}`);
      if (performance.now() - t0 > 300_000) throw new Error('no health answer in 300 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    // npm runs the server in a child of its own: stop the whole process group.
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const check = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: ROOT, encoding: 'utf8' });
if (check.stdout.includes('building')) console.log('(the tree was stale: that run built it; the figures below are of the built tree)');

const rows: Record<string, string>[] = [];
const staleCheck: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: ROOT });
  staleCheck.push((performance.now() - t0) / 1000);
}
rows.push({ what: 'staleness check alone (node scripts/build-if-stale.mjs)', median: `${median(staleCheck).toFixed(2)} s` });
const startScript = ['npm', 'start', '--silent'];
const serverOnly = [process.execPath, 'apps/server/dist/main.js'];
for (const [label, cmd] of [
  ['npm start', startScript],
  ['node apps/server/dist/main.js', serverOnly],
] as const) {
  const first: number[] = [];
  const again: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'folio-start-'));
    try {
      first.push(await timeToHealth([...cmd], join(dir, 'folio.db')));
      again.push(await timeToHealth([...cmd], join(dir, 'folio.db')));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  rows.push({
    what: `${label}, new database (migrations run)`,
    median: `${median(first).toFixed(2)} s`,
    runs: first.map((x) => x.toFixed(2)).join(' '),
  });
  rows.push({
    what: `${label}, restart on that database`,
    median: `${median(again).toFixed(2)} s`,
    runs: again.map((x) => x.toFixed(2)).join(' '),
  });
}
console.log(`\nStart until /api/health answers (built tree, SQLite file; median of ${RUNS})`);
console.table(rows);
