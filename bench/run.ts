/**
 * Runs every bench/*.bench.ts (or those whose name contains an argument: `npm run bench -- foundation`),
 * each in its own process so one benchmark's memory and workers do not skew the next. Each prints a table.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !filters.length || filters.some((x) => f.includes(x)))
  .sort();
if (!files.length) {
  console.error(`no benchmark matches ${filters.join(', ')}`);
  process.exit(1);
}
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(here, f)], { stdio: 'inherit', cwd: join(here, '..') });
  if (r.status !== 0) {
    failed++;
    console.error(`${f} failed (exit ${r.status})`);
  }
}
process.exit(failed ? 1 : 0);
