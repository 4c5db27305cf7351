/**
 * Folio's lead on big specs (issue 21, "keep the lead"): a deep link to the last operation of a generated
 * 5,000-operation spec, opened in a new browser context, in Folio's /view (the spec imported into the built
 * server) and in Swagger UI and Scalar serving the same spec, in one run, alternating, median of RUNS each:
 * navigation → the operation shown (Folio: the doc's title; Swagger UI: the operation's row expanded; Scalar:
 * its section rendered), the CPU the browser's renderer processes spent in that time (CDP SystemInfo; wall time is
 * noisy on a shared machine), the CPU of the page's renderer main thread in that time (a `toplevel` trace: the
 * thread time of its tasks started before the operation was seen; the main thread is what a reader waits on, the
 * rest of the renderer's CPU is background compile, raster and GC helpers), then the JS heap used (after a forced
 * GC). One uncounted load of each comes first.
 * Needs the peers installed: `npm install --prefix bench/scalar` (Scalar 1.72.1 and swagger-ui-dist, outside the
 * workspaces). Run: `npm run build && npm run bench -- lead`. Env: LEAD_RUNS (default 3), LEAD_OPS (5000),
 * BENCH_WEB_DIST=<dir> serves another web build (a copy of an earlier apps/web/dist), as in web.bench.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { freePort, type Harness, ROOT, startHarness } from '../e2e/harness.js';
import { generatedSpec } from './import.bench.js';
import { benchProject, importSpec } from './lib/import-spec.js';

const PEERS = join(ROOT, 'bench/scalar/node_modules');
const SCALAR_JS = join(PEERS, '@scalar/api-reference/dist/browser/standalone.js');
const SWAGGER = join(PEERS, 'swagger-ui-dist');
const RUNS = Number(process.env.LEAD_RUNS ?? 3);
const OPS = Number(process.env.LEAD_OPS ?? 5000);
const LIMIT_MS = 180_000;

// The last operation of the generated spec (see generatedSpec): i = OPS - 1.
const I = OPS - 1;
const METHOD = ['get', 'post', 'put', 'delete', 'patch'][I % 5];
const PATH = `/svc${I % 50}/res${Math.floor(I / 5)}/{id}`;
const TAG = `Service ${I % 50}`;
const SUMMARY = `Operation ${I}`;

interface TreeNode {
  id: string;
  url: string;
  httpMethod: string;
  isFolder: number;
  children?: TreeNode[];
}

function findOp(nodes: TreeNode[]): string {
  for (const n of nodes) {
    if (!n.isFolder && n.url === PATH && n.httpMethod.toLowerCase() === METHOD) return n.id;
    const hit = findOp(n.children ?? []);
    if (hit) return hit;
  }
  return '';
}

/** Swagger UI's and Scalar's pages, their bundles and the spec, from one local server. */
async function servePeers(spec: Buffer): Promise<{ server: Server; base: string }> {
  const port = await freePort();
  const files: Record<string, [string, Buffer]> = {
    '/scalar.js': ['text/javascript', readFileSync(SCALAR_JS)],
    '/swagger-ui-bundle.js': ['text/javascript', readFileSync(join(SWAGGER, 'swagger-ui-bundle.js'))],
    '/swagger-ui.css': ['text/css', readFileSync(join(SWAGGER, 'swagger-ui.css'))],
    '/spec.json': ['application/json', spec],
    '/scalar': [
      'text/html',
      Buffer.from(`<!doctype html><html><head><meta charset="utf-8"><title>Scalar</title></head><body><div id="app"></div>
<script src="/scalar.js"></script>
<script>Scalar.createApiReference('#app', { url: '/spec.json', withDefaultFonts: false, telemetry: false })</script></body></html>`),
    ],
    '/swagger': [
      'text/html',
      Buffer.from(`<!doctype html><html><head><meta charset="utf-8"><title>Swagger UI</title>
<link rel="stylesheet" href="/swagger-ui.css"></head><body><div id="app"></div>
<script src="/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/spec.json', dom_id: '#app', deepLinking: true })</script></body></html>`),
    ],
  };
  const server = createServer((req, res) => {
    const f = files[(req.url ?? '/').split('#')[0].split('?')[0]];
    if (!f) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': f[0] }).end(f[1]);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return { server, base: `http://127.0.0.1:${port}` };
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 1024 / 1024;
}

interface Viewer {
  name: string;
  open: (h: Harness) => Promise<Page>;
  url: string;
  shown: (page: Page) => Promise<void>;
}

/** CPU seconds so far of each of the browser's renderer processes, by process id. */
async function rendererCpu(h: Harness): Promise<Map<number, number>> {
  const cdp = await h.browser.newBrowserCDPSession();
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number; cpuTime: number }[] };
  await cdp.detach();
  return new Map(processInfo.filter((p) => p.type === 'renderer').map((p) => [p.id, p.cpuTime]));
}

/** Renderer CPU (ms) used between two readings; a renderer gone in between is left out. */
const cpuSpent = (a: Map<number, number>, b: Map<number, number>) =>
  [...b].reduce((sum, [id, t]) => sum + (t - (a.get(id) ?? 0)), 0) * 1000;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The top-level units of work of a thread: its tasks and the microtask checkpoints run outside a task. */
const TOP_LEVEL = new Set(['ThreadControllerImpl::RunTask', 'RunTask', 'BlinkScheduler_PerformMicrotaskCheckpoint']);

/** Thread time (ms) of one thread's top-level events, each counted once (an event inside a counted one is not). */
function threadCpu(events: TraceEvent[]): number {
  let end = 0;
  let sum = 0;
  for (const e of [...events].sort((x, y) => x.ts - y.ts)) {
    if (e.ts < end) continue;
    end = e.ts + (e.dur ?? 0);
    sum += (e.tdur ?? 0) / 1000;
  }
  return sum;
}

/** CPU (ms) of the busiest renderer main thread in a `toplevel` trace: the page's, next to a blank tab's. */
function mainThreadCpu(trace: Buffer): number {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}/${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}/${e.tid}`;
    if (e.ph !== 'X' || !mains.has(key) || !TOP_LEVEL.has(e.name)) continue;
    byThread.set(key, [...(byThread.get(key) ?? []), e]);
  }
  return Math.max(0, ...[...byThread.values()].map(threadCpu));
}

async function once(h: Harness, v: Viewer): Promise<{ ms: number; heap: number; cpu: number; main: number }> {
  const page = await v.open(h);
  page.setDefaultTimeout(LIMIT_MS);
  await h.browser.startTracing(undefined, { categories: ['toplevel'] });
  const cpu0 = await rendererCpu(h);
  const t0 = performance.now();
  await page.goto(v.url, { waitUntil: 'commit', timeout: LIMIT_MS });
  await v.shown(page).catch(async (e) => {
    await h.browser.stopTracing();
    throw e;
  });
  const ms = performance.now() - t0;
  const cpu = cpuSpent(cpu0, await rendererCpu(h));
  const main = mainThreadCpu(await h.browser.stopTracing());
  const heap = await heapMb(page);
  await page.context().close();
  return { ms, heap, cpu, main };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  if (!existsSync(SCALAR_JS) || !existsSync(SWAGGER)) {
    console.log('lead: skipped, Swagger UI and Scalar are not installed (npm install --prefix bench/scalar)');
    return;
  }
  const dist = process.env.BENCH_WEB_DIST;
  const h = await startHarness({ prefix: 'lead', env: dist ? { FOLIO_WEB_DIST: dist } : {} });
  let peers: { server: Server; base: string } | undefined;
  try {
    const spec = Buffer.from(JSON.stringify(generatedSpec(OPS)));
    const projectId = await benchProject(h, 'Lead bench');
    await importSpec(h, projectId, 'generated', spec, 'generated.json');
    const docId = findOp(await h.admin<TreeNode[]>('GET', 'doc/view/dataByProject', { projectId }));
    if (!docId) throw new Error(`${METHOD.toUpperCase()} ${PATH} not in the imported tree`);
    peers = await servePeers(spec);
    const scalarId = `api-1/tag/${TAG.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/${METHOD.toUpperCase()}${PATH}`;
    const swaggerOp = `${METHOD}${PATH.replace(/[^\w]/g, '_')}`;
    const viewers: Viewer[] = [
      {
        name: 'Folio /view',
        open: (hh) => hh.newPage({ token: hh.adminToken, lang: 'en' }),
        url: `/view/${docId}`,
        shown: (p) =>
          p
            .waitForFunction((s) => document.querySelector('[data-testid="doc-title"]')?.textContent === s, SUMMARY, { timeout: LIMIT_MS })
            .then(() => {}),
      },
      {
        name: 'Swagger UI 5.35.0',
        open: async (hh) => (await hh.browser.newContext()).newPage(),
        url: `${peers.base}/swagger#/${encodeURIComponent(TAG)}/${swaggerOp}`,
        // Deep linking expands the operation: its body (the parameters table) is in the page.
        shown: (p) => p.locator('.opblock.is-open .opblock-summary-path').filter({ hasText: PATH }).first().waitFor({ timeout: LIMIT_MS }),
      },
      {
        name: 'Scalar 1.72.1',
        open: async (hh) => (await hh.browser.newContext()).newPage(),
        url: `${peers.base}/scalar#${scalarId.slice('api-1/'.length)}`,
        shown: (p) => p.locator(`[id="${scalarId}"]`).getByText(SUMMARY).first().waitFor({ timeout: LIMIT_MS }),
      },
    ];
    // One load of each first, not counted: the server's and the disk's first reads are not what a reader waits for.
    for (const v of viewers) await once(h, v).catch(() => undefined);
    const load0 = loadavg()[0];
    const runs = new Map<string, { ms: number; heap: number; cpu: number; main: number }[]>(viewers.map((v) => [v.name, []]));
    for (let r = 0; r < RUNS; r++) {
      for (const v of r % 2 ? [...viewers].reverse() : viewers) {
        const res = await once(h, v).catch((e: Error) => ({
          ms: Number.NaN,
          heap: Number.NaN,
          cpu: Number.NaN,
          main: Number.NaN,
          error: e.message.split('\n')[0],
        }));
        runs.get(v.name)?.push(res);
        if ('error' in res) console.log(`${v.name}: run ${r + 1} failed: ${res.error}`);
      }
    }
    const load1 = loadavg()[0];
    const folio = median((runs.get('Folio /view') ?? []).map((x) => x.ms));
    console.log(
      `\nDeep link to the last of ${OPS.toLocaleString('en')} operations (${METHOD.toUpperCase()} ${PATH}), new browser context, Chromium headless; median of ${RUNS}; load average ${load0.toFixed(1)} → ${load1.toFixed(1)}\n`,
    );
    console.log(
      '| viewer | operation shown (median) | runs | × Folio | renderer CPU to shown (median) | JS heap after | main-thread CPU to shown (median; runs) |',
    );
    console.log('|---|---:|---|---:|---:|---:|---:|');
    for (const v of viewers) {
      const xs = runs.get(v.name) ?? [];
      const m = median(xs.map((x) => x.ms));
      const runsText = xs.map((x) => (Number.isNaN(x.ms) ? `> ${LIMIT_MS / 1000} s` : `${Math.round(x.ms)}`)).join(' · ');
      console.log(
        `| ${v.name} | ${Number.isNaN(m) ? 'not shown' : `${Math.round(m)} ms`} | ${runsText} | ${(m / folio).toFixed(1)} | ${Math.round(median(xs.map((x) => x.cpu)))} ms | ${median(xs.map((x) => x.heap)).toFixed(1)} MB | ${Math.round(median(xs.map((x) => x.main)))} ms (${xs.map((x) => Math.round(x.main)).join(' · ')}) |`,
      );
    }
  } finally {
    peers?.server.close();
    await h.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
