/**
 * Side by side with Scalar (issue 21): imports Stripe, Train Travel (OpenAPI 3.1) and GitHub into Folio (the
 * built server, a fresh SQLite file) and serves the same specs to Scalar's standalone API reference (installed
 * under bench/scalar: `npm install --prefix bench/scalar`), then screenshots the same three operations in Folio's
 * /view and in Scalar at 1440 px and 375 px: the first screen at the operation, and the next screen down.
 *   npm run build && node --import tsx bench/compare-scalar.ts
 * Env: SHOTS (default bench/out/shots), TRAIN_TRAVEL_SPEC (Train Travel's openapi.yaml, default
 * bench/out/train-travel.yaml; its licence, CC BY-NC-SA, keeps it out of this repository: skipped when absent),
 * STRIPE_SPEC, GITHUB_SPEC; ONLY=folio or ONLY=scalar takes one side's screenshots.
 * Prints each import's time and where each screenshot went; the comparison itself is written in bench/RESULTS.md.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { freePort, type Harness, ROOT, startHarness } from '../e2e/harness.js';
import { benchProject, importSpec, readSpec } from './lib/import-spec.js';

const SCALAR_JS = join(ROOT, 'bench/scalar/node_modules/@scalar/api-reference/dist/browser/standalone.js');
const SHOTS = process.env.SHOTS ?? join(ROOT, 'bench/out/shots');
/** `folio` or `scalar` to take only that side's screenshots. */
const ONLY = process.env.ONLY ?? '';
const WIDTHS = [
  { name: '1440', width: 1440, height: 900 },
  { name: '375', width: 375, height: 812 },
];

interface Case {
  key: string;
  file: string;
  method: string;
  path: string;
}

const CASES: Case[] = [
  {
    key: 'stripe',
    file: process.env.STRIPE_SPEC ?? join(ROOT, 'apps/server/test/fixtures/openapi/stripe-spec3.yaml.gz'),
    method: 'POST',
    path: '/v1/customers',
  },
  {
    key: 'train-travel',
    file: process.env.TRAIN_TRAVEL_SPEC ?? join(ROOT, 'bench/out/train-travel.yaml'),
    method: 'POST',
    path: '/bookings',
  },
  {
    key: 'github',
    file: process.env.GITHUB_SPEC ?? join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json'),
    method: 'GET',
    path: '/repos/{owner}/{repo}',
  },
];

interface TreeNode {
  id: string;
  url: string;
  httpMethod: string;
  isFolder: number;
  children?: TreeNode[];
}

function findOp(nodes: TreeNode[], method: string, path: string): string {
  for (const n of nodes) {
    if (!n.isFolder && n.url === path && n.httpMethod.toUpperCase() === method) return n.id;
    const hit = findOp(n.children ?? [], method, path);
    if (hit) return hit;
  }
  return '';
}

/** A local server for Scalar: its bundle, the specs as JSON, and one page per spec. */
async function serveScalar(specs: Map<string, Buffer>): Promise<{ server: Server; base: string }> {
  const port = await freePort();
  const bundle = readFileSync(SCALAR_JS);
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/standalone.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
      return;
    }
    const spec = /^\/spec\/([\w-]+)\.json$/.exec(url)?.[1];
    if (spec && specs.has(spec)) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(specs.get(spec));
      return;
    }
    const page = /^\/ref\/([\w-]+)/.exec(url)?.[1];
    if (page && specs.has(page)) {
      res.writeHead(200, { 'content-type': 'text/html' }).end(
        `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page}</title></head><body><div id="app"></div><script src="/standalone.js"></script>
<script>Scalar.createApiReference('#app', { url: '/spec/${page}.json', withDefaultFonts: false, telemetry: false })</script></body></html>`,
      );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return { server, base: `http://127.0.0.1:${port}` };
}

/** The first screen at the operation, then the next screen down (the wheel scrolls whatever is under the pointer). */
async function twoScreens(page: Page, file: string, width: number, height: number): Promise<string[]> {
  const a = join(SHOTS, `${file}-1.png`);
  const b = join(SHOTS, `${file}-2.png`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: a });
  await page.mouse.move(width * 0.7, height * 0.6);
  await page.mouse.wheel(0, height - 120);
  await page.waitForTimeout(1000);
  await page.screenshot({ path: b });
  return [a, b];
}

async function folioShots(h: Harness, c: Case, docId: string): Promise<string[]> {
  const out: string[] = [];
  for (const w of WIDTHS) {
    const page = await h.newPage({ token: h.adminToken, lang: 'en', viewport: { width: w.width, height: w.height } });
    await page.goto(`/view/${docId}`);
    await page.getByTestId('doc-title').waitFor({ timeout: 120_000 });
    out.push(...(await twoScreens(page, `folio-${c.key}-${w.name}`, w.width, w.height)));
    await page.context().close();
  }
  return out;
}

/** Scalar's anchor of an operation: `tag/{tag slug}/{METHOD}{path}`, or `{METHOD}{path}` when it has no tag. */
function scalarHash(spec: { paths: Record<string, Record<string, { tags?: string[] }>> }, c: Case): string {
  const tag = spec.paths[c.path]?.[c.method.toLowerCase()]?.tags?.[0];
  const slug = tag?.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return `${slug ? `tag/${slug}/` : ''}${c.method}${c.path}`;
}

async function scalarShots(h: Harness, base: string, c: Case, hash: string): Promise<string[]> {
  const out: string[] = [];
  for (const w of WIDTHS) {
    const ctx = await h.browser.newContext({ viewport: { width: w.width, height: w.height } });
    const page = await ctx.newPage();
    page.setDefaultTimeout(240_000);
    await page.goto(`${base}/ref/${c.key}#${hash}`);
    // Scalar renders the operation (element id `api-1/<anchor>`) and scrolls to it.
    const target = page.locator(`[id="api-1/${hash}"]`);
    await target.waitFor({ state: 'attached' });
    await page.waitForTimeout(3000);
    await target.scrollIntoViewIfNeeded();
    out.push(...(await twoScreens(page, `scalar-${c.key}-${w.name}`, w.width, w.height)));
    await ctx.close();
  }
  return out;
}

async function main(): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  if (!existsSync(SCALAR_JS)) throw new Error('Scalar is not installed: npm install --prefix bench/scalar');
  const h = await startHarness({ prefix: 'compare' });
  const specs = new Map<string, Buffer>();
  let scalar: { server: Server; base: string } | undefined;
  try {
    const ops = new Map<string, string>();
    const hashes = new Map<string, string>();
    for (const c of CASES) {
      if (!existsSync(c.file)) {
        console.log(`${c.key}: ${c.file} not found, skipped`);
        continue;
      }
      const text = readSpec(c.file);
      const projectId = await benchProject(h, c.key);
      const load = loadavg()[0];
      const r = await importSpec(h, projectId, c.key, text, c.file);
      console.log(`${c.key}: imported ${r.docs} docs in ${(r.ms / 1000).toFixed(1)} s (load average ${load.toFixed(1)})`);
      const tree = await h.admin<TreeNode[]>('GET', 'doc/view/dataByProject', { projectId });
      const docId = findOp(tree, c.method, c.path);
      if (!docId) throw new Error(`${c.key}: ${c.method} ${c.path} not in the imported tree`);
      ops.set(c.key, docId);
      const spec = c.file.replace(/\.gz$/, '').endsWith('.json') ? JSON.parse(text.toString('utf8')) : parse(text.toString('utf8'));
      specs.set(c.key, Buffer.from(JSON.stringify(spec)));
      hashes.set(c.key, scalarHash(spec, c));
    }
    scalar = await serveScalar(specs);
    for (const c of CASES) {
      const docId = ops.get(c.key);
      if (!docId) continue;
      if (ONLY !== 'scalar') for (const f of await folioShots(h, c, docId)) console.log(f);
      if (ONLY !== 'folio') for (const f of await scalarShots(h, scalar.base, c, hashes.get(c.key) ?? '')) console.log(f);
    }
  } finally {
    scalar?.server.close();
    await h.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
