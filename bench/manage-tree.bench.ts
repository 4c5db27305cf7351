/**
 * Management-mode doc tree (issue 3) in Debian's Chromium against the built server: one application holding
 * 10,000 docs in 20 folders. Prints time to the tree, rows rendered (virtualized), filter keystroke → tree
 * updated (median over typing and clearing; target under 100 ms) and the JS heap.
 * Run: `npm run build && npm run bench -- manage-tree`.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, startHarness } from '../e2e/harness.js';

const MEASURE = `async (text) => {
  const input = document.querySelector('.doc-tree-panel input');
  const box = document.querySelector('.doc-tree-body');
  const before = box.innerText;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const t0 = performance.now();
  setter.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((resolve) => { const check = () => (box.innerText !== before || performance.now() - t0 > 5000 ? resolve() : requestAnimationFrame(check)); requestAnimationFrame(check); });
  return performance.now() - t0;
}`;
const h = await startHarness({ prefix: 'mgmt-bench' });
try {
  const space = await h.admin<{ id: string }>('POST', 'space/add', { name: 'Big' });
  const project = await h.admin<{ id: string }>('POST', 'project/add', { spaceId: space.id, name: 'Big project', isPrivate: 0 });
  await h.admin('POST', 'module/add', { projectId: project.id, name: 'big-app' });
  const require = createRequire(join(ROOT, 'apps/server/package.json'));
  const Database = require('better-sqlite3');
  const db = new Database(h.dbPath);
  db.pragma('busy_timeout = 5000');
  const m = db.prepare("select id from modules where name = 'big-app'").get() as { id: number };
  const now = Date.now();
  const insert = db.prepare(
    `insert into docs (module_id, parent_id, data_id, doc_key, name, url, http_method, is_folder, type, order_index, creator_id, creator_name, modifier_id, modifier_name, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 1, 'admin', 1, 'admin', ?, ?)`,
  );
  const methods = ['GET', 'POST', 'PUT', 'DELETE'];
  db.transaction(() => {
    const folders: number[] = [];
    for (let f = 0; f < 20; f++)
      folders.push(Number(insert.run(m.id, 0, `f${f}`, `f${f}`, `folder ${f}`, '', '', 1, f, now, now).lastInsertRowid));
    for (let d = 0; d < 10_000; d++)
      insert.run(m.id, folders[d % 20], `d${d}`, `d${d}`, `doc ${d}`, `/api/res${d}`, methods[d % 4], 0, d, now, now);
  })();
  db.close();
  const page = await h.newPage({ token: h.adminToken, lang: 'en' });
  const t0 = Date.now();
  await page.goto(`/project/doc/${project.id}`);
  await page.getByTestId('tree-node').first().waitFor();
  const visibleMs = Date.now() - t0;
  await page.getByRole('button', { name: 'Expand all' }).click();
  await page.waitForTimeout(500);
  const rows = await page.getByTestId('tree-node').count();
  const times: number[] = [];
  for (const q of [
    '/api/res99',
    '',
    '/api/res123',
    '',
    'doc 777',
    '',
    'RES4567',
    '',
    '/api/res1',
    '',
    'folder 3',
    '',
    '/api/res99',
    '',
    'doc 777',
    '',
  ]) {
    times.push(await page.evaluate(`(${MEASURE})(${JSON.stringify(q)})`));
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const heap = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0);
  await h.shot(page, 'filtered');
  console.log('\nManagement doc tree (1 application, 10,000 docs, 20 folders)');
  console.table([
    { measure: '/project/doc → tree visible', value: `${visibleMs} ms` },
    { measure: 'tree rows in the DOM after expand all (virtualized)', value: `${rows}` },
    { measure: 'filter keystroke → tree updated (median, target < 100 ms)', value: `${median.toFixed(0)} ms (${times.length} samples)` },
    { measure: 'JS heap after the runs', value: `${(heap / 1048576).toFixed(1)} MB` },
  ]);
} finally {
  await h.stop();
}
