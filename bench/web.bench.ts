/**
 * Browser benchmark of the reading experience (issue 3) against the built server in Debian's Chromium:
 * a project of 10,000 docs in 50 applications (10 folders each), then
 *   - JavaScript shipped to /view (raw and gzip),
 *   - navigation → deep-linked doc visible (cold and warm cache, median of 5),
 *   - filter keystroke → tree updated (median over several queries; the tree is virtualized),
 *   - JS heap after the runs.
 * Run: `npm run build && node --import tsx bench/web.bench.ts` (or through `npm run bench`).
 */
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Harness, ROOT, startHarness } from '../e2e/harness.js';

const APPS = 50;
const FOLDERS_PER_APP = 10;
const DOCS = 10_000;
const TARGETS = { viewJsGzipKb: 350, deepLinkMs: 1000, filterMs: 100 };

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
async function seed(h: Harness): Promise<{ projectId: string; deepDocId: string; moduleIds: string[] }> {
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

export async function run(): Promise<void> {
  const h = await startHarness({ prefix: 'bench' });
  try {
    const { deepDocId } = await seed(h);
    const rows: [string, string, string][] = [];

    // JS shipped to /view (first load of a deep link, fresh context).
    const page = await h.newPage({ token: h.adminToken, lang: 'en' });
    const scripts = new Set<string>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.add(r.url());
    });
    await page.goto(`/view/${deepDocId}`);
    await page.getByTestId('doc-title').waitFor();
    await page.getByTestId('doc-tree').waitFor();
    let raw = 0;
    let gz = 0;
    for (const url of scripts) {
      const buf = Buffer.from(await (await fetch(url)).arrayBuffer());
      raw += buf.length;
      gz += gzipSync(buf, { level: 9 }).length;
    }
    rows.push([
      'JS shipped to /view (gzip)',
      `${(gz / 1024).toFixed(1)} KB (${scripts.size} files, ${(raw / 1024).toFixed(0)} KB raw)`,
      `< ${TARGETS.viewJsGzipKb} KB`,
    ]);

    // Navigation → deep-linked doc visible.
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await h.newPage({ token: h.adminToken, lang: 'en' });
      let t0 = performance.now();
      await p.goto(`/view/${deepDocId}`, { waitUntil: 'commit' });
      await p.getByTestId('doc-title').waitFor();
      cold.push(performance.now() - t0);
      t0 = performance.now();
      await p.reload({ waitUntil: 'commit' });
      await p.getByTestId('doc-title').waitFor();
      warm.push(performance.now() - t0);
      await p.context().close();
    }
    rows.push([
      'navigation → deep-linked doc visible (new context)',
      `${median(cold).toFixed(0)} ms median (max ${Math.max(...cold).toFixed(0)})`,
      `< ${TARGETS.deepLinkMs} ms`,
    ]);
    rows.push([
      'navigation → deep-linked doc visible (reload)',
      `${median(warm).toFixed(0)} ms median (max ${Math.max(...warm).toFixed(0)})`,
      `< ${TARGETS.deepLinkMs} ms`,
    ]);

    // Filter keystroke → tree updated, measured inside the page (input event → DOM shows the result).
    const queries = ['doc 9', 'doc 99', 'doc 999', '/api/m7/', 'RES19', 'zzz-none', ''];
    const times: number[] = [];
    for (const q of queries) {
      // A string, not a function: tsx would inject helpers the page does not have.
      const ms = (await page.evaluate(`(${MEASURE_FILTER})(${JSON.stringify(q)})`)) as number;
      times.push(ms);
    }
    rows.push([
      'filter keystroke → tree updated (10,000 docs)',
      `${median(times).toFixed(0)} ms median (max ${Math.max(...times).toFixed(0)})`,
      `< ${TARGETS.filterMs} ms`,
    ]);
    await h.shot(page, 'filtered');

    // JS heap after the runs.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    rows.push(['JS heap used after the runs', `${(heap / 1024 / 1024).toFixed(1)} MB`, '-']);

    const w0 = Math.max(...rows.map((r) => r[0].length));
    const w1 = Math.max(...rows.map((r) => r[1].length));
    console.log(`\nWeb reading benchmark: ${DOCS.toLocaleString('en')} docs in ${APPS} applications, Chromium headless`);
    console.log(`(load average during the run: ${loadavg()[0].toFixed(1)} on this machine; timings scale with it)\n`);
    console.log(`${'measure'.padEnd(w0)} | ${'result'.padEnd(w1)} | target`);
    console.log(`${'-'.repeat(w0)}-|-${'-'.repeat(w1)}-|-------`);
    for (const r of rows) console.log(`${r[0].padEnd(w0)} | ${r[1].padEnd(w1)} | ${r[2]}`);
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
