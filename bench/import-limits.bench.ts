/**
 * Import limits benchmark (issue 19; formerly timed assertions in the tests): how long the import takes
 *   - to convert Stripe's spec (468 operations, 82 schemas in $ref cycles; budget 30 s),
 *   - to refuse a billion-laughs YAML and 50,000-deep JSON/YAML nesting (budget 5 s for the three),
 *   - to fail an import from a URL that never answers (the URL timeout, 10 s by default; budget timeout + 2 s).
 * Median of 3 runs each (BENCH_RUNS=N), on SQLite for the URL import.
 *   npm run bench -- import-limits
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drainJobs } from '../apps/server/src/jobs/queue.js';
import { importLimits } from '../apps/server/src/modules/imports/imports.service.js';
import { openApiToPush } from '../apps/server/src/modules/imports/openapi-to-push.js';
import { fixture } from '../apps/server/test/fixtures/index.js';
import { call, createTestApp, createWorld } from '../apps/server/test/harness.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed(f: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await f();
    out.push(performance.now() - t0);
  }
  return out;
}

async function refused(text: string): Promise<void> {
  try {
    await openApiToPush(text);
  } catch {
    return;
  }
  throw new Error('accepted a source that must be refused');
}

async function main() {
  const rows: [string, number[], string][] = [];
  const stripe = fixture('openapi/stripe-spec3.yaml.gz');
  rows.push(['Stripe spec → push payload (468 operations)', await timed(() => openApiToPush(stripe)), '30 s']);

  const lol = ['openapi: 3.0.0', 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 10; i++)
    lol.push(
      `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
        .fill(`*${String.fromCharCode(96 + i)}`)
        .join(',')}]`,
    );
  const deep = (open: string, close: string) => `${open.repeat(50_000)}${close.repeat(50_000)}`;
  rows.push([
    'billion laughs + 50,000-deep JSON and YAML refused',
    await timed(async () => {
      await refused(lol.join('\n'));
      await refused(`{"openapi":"3.0.0","x":${deep('[', ']')}}`);
      await refused(`openapi: 3.0.0\nx: ${deep('[', ']')}`);
    }),
    '5 s',
  ]);

  const t = await createTestApp();
  const server = createServer(() => {}); // never answers
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  try {
    const world = await createWorld(t);
    await t.app.ctx.settings.set({ 'folio.outbound.allowlist': '127.0.0.1' });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hang.yaml`;
    rows.push([
      `import from a URL that never answers fails (timeout ${importLimits.urlTimeoutMs / 1000} s)`,
      await timed(async () => {
        const r = await call(t.app, t.adminToken, 'POST', '/api/import', { moduleId: world.moduleId, url });
        await drainJobs(t.app);
        const s = await call(t.app, t.adminToken, 'GET', '/api/import/status', { jobId: r.data.jobId });
        if (s.data.state !== 'failed') throw new Error(`hanging URL import ended ${s.data.state}`);
      }),
      `${importLimits.urlTimeoutMs / 1000 + 2} s`,
    ]);
  } finally {
    server.closeAllConnections();
    server.close();
    await t.close();
  }

  console.log(`\n| what | median | runs | budget |\n|---|---|---|---|`);
  for (const [what, xs, budget] of rows)
    console.log(`| ${what} | ${(median(xs) / 1000).toFixed(2)} s | ${xs.map((x) => (x / 1000).toFixed(2)).join(', ')} | ${budget} |`);
}

await main();
process.exit(0);
