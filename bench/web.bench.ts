/**
 * Browser benchmark of the reading experience (issues 3 and 21) against the built server in Debian's Chromium,
 * the signed-in preview (/view) next to the anonymous share page (/share, a public share of the application) and
 * compose view (/show, a public compose project of the application's top-level folders and docs) on two data sets: a project of 10,000 docs in 50 applications (10 folders each; the share is one application
 * of 200 docs), and a generated 5,000-operation OpenAPI spec imported as one application (deep link to its last
 * operation). For each page:
 *   - JavaScript shipped for the first doc (raw and gzip, files),
 *   - navigation → deep-linked doc visible, and → its tree row selected (new context and reload, median of 5),
 *   - the tree answer's bytes (as sent and as JSON),
 *   - filter keystroke → tree updated (median over several queries; the tree is virtualized),
 *   - JS heap after the runs.
 * Run: `npm run build && node --import tsx bench/web.bench.ts` (or through `npm run bench -- web`);
 * BENCH_WEB_DIST=<dir> serves another web build (a copy of an earlier apps/web/dist) for a before/after;
 * BENCH_LATENCY_MS=<ms> adds that much latency to every request (Chromium's network emulation), as a reader
 * across a network rather than on the server's own machine sees it.
 */
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { FolderType } from '@folio/shared';
import type { Page } from 'playwright-core';
import { type Harness, ROOT, startHarness } from '../e2e/harness.js';
import { generatedSpec } from './import.bench.js';
import { benchProject, importSpec } from './lib/import-spec.js';

const APPS = 50;
const FOLDERS_PER_APP = 10;
const DOCS = 10_000;
const TARGETS = { jsGzipKb: 350, deepLinkMs: 1000, filterMs: 100, shareOverView: 1.2 };
const SPEC_OPS = 5_000;

/** Runs in the page: types `text` into the filter and waits until the sidebar shows the new result. */
const MEASURE_FILTER = `async (text) => {
  const input = document.querySelector('input[data-testid="tree-filter"]');
  const box = document.querySelector('.reader-sider');
  const before = box.innerText;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const t0 = performance.now();
  setter.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((resolve) => {
    const check = () => (box.innerText !== before || performance.now() - t0 > 5000 ? resolve() : requestAnimationFrame(check));
    requestAnimationFrame(check);
  });
  return performance.now() - t0;
}`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** Creates the space/project/applications through the API and bulk-inserts folders and docs into SQLite. */
export async function seed(h: Harness): Promise<{ projectId: string; deepDocId: string; moduleIds: string[] }> {
  const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Bench space', isCompose: 0 });
  const project = await h.admin<{ id: string }>('POST', 'project/add', {
    spaceId: space.id,
    name: 'Bench project',
    description: '',
    isPrivate: 0,
  });
  const moduleIds: string[] = [];
  for (let i = 0; i < APPS; i++)
    moduleIds.push((await h.admin<{ id: string }>('POST', 'module/add', { projectId: project.id, name: `app-${i}` })).id);
  const require = createRequire(join(ROOT, 'apps/server/package.json'));
  const Database = require('better-sqlite3');
  const db = new Database(h.dbPath);
  db.pragma('busy_timeout = 5000');
  const mods = db
    .prepare("select id from modules where project_id = (select id from projects where name = 'Bench project') order by id")
    .all() as { id: number }[];
  const now = Date.now();
  const insert = db.prepare(
    `insert into docs (module_id, parent_id, data_id, doc_key, name, url, http_method, is_folder, type, order_index, creator_id, creator_name, modifier_id, modifier_name, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 1, 'admin', 1, 'admin', ?, ?)`,
  );
  const methods = ['GET', 'POST', 'PUT', 'DELETE'];
  const perApp = DOCS / APPS;
  db.transaction(() => {
    let n = 0;
    mods.forEach((m, a) => {
      const folders: number[] = [];
      for (let f = 0; f < FOLDERS_PER_APP; f++) {
        const r = insert.run(m.id, 0, `f-${a}-${f}`, `f-${a}-${f}`, `folder ${a}.${f}`, '', '', 1, f, now, now);
        folders.push(Number(r.lastInsertRowid));
      }
      for (let d = 0; d < perApp - (a === 0 ? 1 : 0); d++) {
        const folder = folders[d % FOLDERS_PER_APP];
        insert.run(m.id, folder, `d-${n}`, `d-${n}`, `doc ${n}`, `/api/m${a}/res${d}`, methods[n % 4], 0, d, now, now);
        n++;
      }
    });
  })();
  db.close();
  // One doc made through the API with 20 nested params: the deep link target.
  const params = Array.from({ length: 10 }, (_, i) => ({
    name: `field${i}`,
    type: i % 3 === 0 ? 'object' : 'string',
    description: `field ${i}`,
    example: `v${i}`,
    children: i % 3 === 0 ? [{ name: `inner${i}`, type: 'number', example: '1' }] : [],
  }));
  const deep = await h.admin<{ id: string }>('POST', 'doc/save', {
    moduleId: moduleIds[0],
    name: 'Deep linked doc',
    url: '/api/deep',
    httpMethod: 'POST',
    type: 0,
    description: 'A doc with **twenty** parameters.',
    requestParams: params,
    responseParams: params,
  });
  return { projectId: project.id, deepDocId: deep.id, moduleIds };
}

/** What one reading page measured. */
interface Figures {
  jsGzKb: number;
  jsRawKb: number;
  jsFiles: number;
  /** Navigation → doc title visible, new context (cold cache) and reload (warm). */
  cold: number[];
  warm: number[];
  /** Navigation → the doc's tree row selected, new context. */
  coldTree: number[];
  filter: number[];
  /** The tree answer's bytes as sent (encoded) and as JSON (decoded). */
  treeSentKb: number;
  treeJsonKb: number;
  heapMb: number;
}

/** The tree answer among the page's requests: size as sent and as JSON (Resource Timing). */
const TREE_BYTES = `(() => {
  const e = performance.getEntriesByType('resource').find((r) => /share\\/menu|compose\\/doc\\/menu|doc\\/view\\/data/.test(r.name));
  return e ? [e.encodedBodySize, e.decodedBodySize] : [0, 0];
})()`;

/** Waits for the doc's title, and with `tree` for its row selected in the tree. */
async function docShown(p: Page, tree: boolean): Promise<void> {
  await p.getByTestId('doc-title').waitFor({ timeout: 60_000 });
  if (tree) await p.locator('.vt-row.is-selected').waitFor({ timeout: 60_000 });
}

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 0);

/** A new reader page, with BENCH_LATENCY_MS of latency added to each of its requests when set. */
async function readerPage(h: Harness, token: string | undefined): Promise<Page> {
  const page = await h.newPage({ token, lang: 'en' });
  if (LATENCY_MS > 0) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
  return page;
}

/** Opens `path` as a reader (signed in with `token`, or anonymous) and measures it. */
async function measure(h: Harness, path: string, token: string | undefined, queries: string[]): Promise<Figures> {
  // JS shipped for the first doc (fresh context): every script the page loaded until the doc and its row show.
  const page = await readerPage(h, token);
  const scripts = new Set<string>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.add(r.url());
  });
  await page.goto(path);
  await docShown(page, true);
  let raw = 0;
  let gz = 0;
  for (const url of scripts) {
    const buf = Buffer.from(await (await fetch(url)).arrayBuffer());
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  const [sent, json] = (await page.evaluate(TREE_BYTES)) as [number, number];

  const cold: number[] = [];
  const coldTree: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) {
    const p = await readerPage(h, token);
    let t0 = performance.now();
    await p.goto(path, { waitUntil: 'commit' });
    await docShown(p, false);
    cold.push(performance.now() - t0);
    await docShown(p, true);
    coldTree.push(performance.now() - t0);
    t0 = performance.now();
    await p.reload({ waitUntil: 'commit' });
    await docShown(p, false);
    warm.push(performance.now() - t0);
    await p.context().close();
  }

  // Filter keystroke → tree updated, measured inside the page (input event → DOM shows the result).
  const filter: number[] = [];
  for (const q of queries) {
    // A string, not a function: tsx would inject helpers the page does not have.
    filter.push((await page.evaluate(`(${MEASURE_FILTER})(${JSON.stringify(q)})`)) as number);
  }

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  await page.context().close();
  return {
    jsGzKb: gz / 1024,
    jsRawKb: raw / 1024,
    jsFiles: scripts.size,
    cold,
    warm,
    coldTree,
    filter,
    treeSentKb: sent / 1024,
    treeJsonKb: json / 1024,
    heapMb: heap / 1024 / 1024,
  };
}

/** A public share of a whole application; returns its link's public id. */
async function shareOf(h: Harness, moduleId: string): Promise<string> {
  return (await h.admin<{ publicId: string }>('POST', 'share/add', { moduleId, type: 1, isAll: 1, remark: 'bench' })).publicId;
}

export interface BenchNode {
  id: string;
  type: number;
  isFolder: number;
  children?: BenchNode[];
}

/** A public compose project of an application's top-level folders and docs (read from `tree`); its public id. */
export async function composeOf(h: Harness, tree: BenchNode[], moduleId: string): Promise<string> {
  const app = tree.find((n) => n.type === FolderType.MODULE && n.id === `m_${moduleId}`);
  if (!app?.children?.length) throw new Error(`application ${moduleId} not found in the tree`);
  const space = await h.admin<{ id: string }>('POST', 'space/add', { name: `Bench compose ${moduleId}`, isCompose: 1 });
  const p = await h.admin<{ id: string; publicId: string }>('POST', 'compose/project/add', { spaceId: space.id, name: 'Bench', type: 1 });
  await h.admin('POST', 'compose/doc/add', { projectId: p.id, docIds: app.children.map((c) => c.id) });
  return p.publicId;
}

/** The last doc of a tree in its order (the deep link of the spec case). */
function lastDoc(nodes: { id: string; isFolder: number; children?: unknown[] }[]): string {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const n = nodes[i];
    if (!n.isFolder) return n.id;
    const hit = lastDoc((n.children ?? []) as typeof nodes);
    if (hit) return hit;
  }
  return '';
}

const ms = (xs: number[]) => `${median(xs).toFixed(0)} ms (max ${Math.max(...xs).toFixed(0)})`;

/** One table: /view beside /share and /show, with the targets. */
function table(title: string, view: Figures, share: Figures, show: Figures): void {
  const vs = (f: Figures) => `${ms(f.cold)}, ${(median(f.cold) / median(view.cold)).toFixed(2)}× /view`;
  const rows: [string, string, string, string, string][] = [
    [
      'JS shipped for the first doc (gzip)',
      `${view.jsGzKb.toFixed(1)} KB (${view.jsFiles} files)`,
      `${share.jsGzKb.toFixed(1)} KB (${share.jsFiles} files)`,
      `${show.jsGzKb.toFixed(1)} KB (${show.jsFiles} files)`,
      `each < ${TARGETS.jsGzipKb} KB, /share <= /view`,
    ],
    ['JS shipped (raw)', `${view.jsRawKb.toFixed(0)} KB`, `${share.jsRawKb.toFixed(0)} KB`, `${show.jsRawKb.toFixed(0)} KB`, '-'],
    [
      'deep link → doc visible (new context)',
      ms(view.cold),
      vs(share),
      vs(show),
      `< ${TARGETS.deepLinkMs} ms, /share and /show <= ${TARGETS.shareOverView}× /view`,
    ],
    ['deep link → its tree row selected (new context)', ms(view.coldTree), ms(share.coldTree), ms(show.coldTree), '-'],
    ['deep link → doc visible (reload)', ms(view.warm), ms(share.warm), ms(show.warm), `< ${TARGETS.deepLinkMs} ms`],
    ['tree answer: sent / JSON', ...[view, share, show].map((f) => `${f.treeSentKb.toFixed(1)} / ${f.treeJsonKb.toFixed(0)} KB`), '-'] as [
      string,
      string,
      string,
      string,
      string,
    ],
    ['filter keystroke → tree updated', ms(view.filter), ms(share.filter), ms(show.filter), `< ${TARGETS.filterMs} ms`],
    ['JS heap used after the runs', ...[view, share, show].map((f) => `${f.heapMb.toFixed(1)} MB`), '-'] as [
      string,
      string,
      string,
      string,
      string,
    ],
  ];
  const heads = ['measure', '/view', '/share', '/show'];
  const w = heads.map((head, i) => Math.max(head.length, ...rows.map((r) => r[i].length)));
  console.log(`\n${title}\n`);
  console.log(`| ${heads.map((head, i) => head.padEnd(w[i])).join(' | ')} | target |`);
  console.log(`|${w.map((n) => '-'.repeat(n + 2)).join('|')}|---|`);
  for (const r of rows)
    console.log(
      `| ${r
        .slice(0, 4)
        .map((c, i) => c.padEnd(w[i]))
        .join(' | ')} | ${r[4]} |`,
    );
}

export async function run(): Promise<void> {
  const dist = process.env.BENCH_WEB_DIST;
  const h = await startHarness({ prefix: 'bench', env: dist ? { FOLIO_WEB_DIST: dist } : {} });
  try {
    const load0 = loadavg()[0];
    const { projectId: benchId, deepDocId, moduleIds } = await seed(h);
    const bigShare = await shareOf(h, moduleIds[0]);
    // Each changes what the tree shows (in the 200-doc share too: a query showing the same rows would wait 5 s).
    const docQueries = ['doc 1', 'doc 19', 'doc 198', '/api/m0/', 'RES19', 'zzz-none', ''];
    const bigShow = await composeOf(h, await h.admin<BenchNode[]>('GET', 'doc/view/dataByProject', { projectId: benchId }), moduleIds[0]);
    const view10k = await measure(h, `/view/${deepDocId}`, h.adminToken, docQueries);
    const share10k = await measure(h, `/share/${bigShare}/${deepDocId}`, undefined, docQueries);
    const show10k = await measure(h, `/show/${bigShow}/${deepDocId}`, undefined, docQueries);

    // A 5,000-operation spec imported as one application; deep link to its last operation.
    const projectId = await benchProject(h, 'Spec bench');
    const spec = Buffer.from(JSON.stringify(generatedSpec(SPEC_OPS)));
    const imported = await importSpec(h, projectId, 'generated', spec, 'generated.json');
    const tree = await h.admin<BenchNode[]>('GET', 'doc/view/dataByProject', { projectId });
    const last = lastDoc(tree);
    const specShare = await shareOf(h, imported.moduleId);
    const specShow = await composeOf(h, tree, imported.moduleId);
    const specQueries = ['Operation 49', 'Operation 4999', '/svc7/', 'RES99', 'zzz-none', ''];
    const viewSpec = await measure(h, `/view/${last}`, h.adminToken, specQueries);
    const shareSpec = await measure(h, `/share/${specShare}/${last}`, undefined, specQueries);
    const showSpec = await measure(h, `/show/${specShow}/${last}`, undefined, specQueries);
    const load1 = loadavg()[0];

    console.log(
      `\nWeb reading benchmark, Chromium headless (load average ${load0.toFixed(1)} at the start, ${load1.toFixed(1)} at the end`,
    );
    console.log(
      'on this machine; timings scale with it). /share and /show are anonymous visitors of a public share and a public compose project of the application.',
    );
    if (LATENCY_MS > 0) console.log(`Every request of the reader's pages has ${LATENCY_MS} ms of added latency (BENCH_LATENCY_MS).`);
    table(
      `${DOCS.toLocaleString('en')} docs in ${APPS} applications (the share: one application of ${DOCS / APPS} docs)`,
      view10k,
      share10k,
      show10k,
    );
    table(
      `A generated ${SPEC_OPS.toLocaleString('en')}-operation spec imported as one application (${imported.docs} docs, import ${(imported.ms / 1000).toFixed(1)} s), deep link to its last operation`,
      viewSpec,
      shareSpec,
      showSpec,
    );
  } finally {
    await h.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
