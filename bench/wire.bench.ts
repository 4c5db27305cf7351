/**
 * Wire bytes and server CPU per request, uncompressed (what every client got before compression) and with
 * brotli / gzip, in one run: the space tree of 10,000 docs (50 applications, 10 folders each) and the first
 * load of /view (index.html plus the scripts and styles it names, from the build's precompressed files;
 * run `npm run build` first for that part). In-process requests (app.inject); CPU is the process's user+system
 * time over N requests divided by N.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, findWebDist } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { insertManyReturningIds, openDatabase } from '../apps/server/src/db/database.js';
import { dataId, docKey, folderKey } from '../apps/server/src/modules/docs/doc-keys.js';

const APPS = 50;
const DOCS_PER_APP = 200;
const N = Number(process.env.BENCH_N ?? 20);
const PASSWORD = 'bench-admin-pass-1234';
const dir = mkdtempSync(join(tmpdir(), 'folio-wire-'));
const config = loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'folio.db')}`, FOLIO_ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'silent' });
const database = openDatabase(config.dialect, config.databaseUrl, config.sqlitePath);
const app = await buildApp({ config, database, logger: false, workers: false });
await app.ready();
const post = async (url: string, payload: Record<string, unknown>, token?: string) => {
  const r = await app.inject({ method: 'POST', url, payload, headers: token ? { token } : {} });
  const b = r.json();
  if (b.code !== '0') throw new Error(`${url}: ${r.body}`);
  return b.data;
};
const { token } = await post('/api/user/login', { username: 'admin', password: PASSWORD });
const space = await post('/api/space/add', { name: 'Wire space', isCompose: 0 }, token);
const project = await post('/api/project/add', { spaceId: space.id, name: 'Wire project', isPrivate: 0 }, token);
const { ids, dialect, db } = app.ctx;
for (let m = 0; m < APPS; m++) {
  const mod = await post('/api/module/add', { projectId: project.id, name: `Application ${m + 1}` }, token);
  const moduleId = ids.decode(mod.id);
  const now = Date.now();
  const base = { moduleId, creatorId: 1, creatorName: 'admin', modifierId: 1, modifierName: 'admin', createdAt: now, updatedAt: now };
  await db.transaction().execute(async (tx) => {
    const folders = Array.from({ length: 10 }, (_, f) => {
      const key = folderKey(moduleId, 0, `Folder ${f + 1}`);
      return { ...base, parentId: 0, name: `Folder ${f + 1}`, isFolder: 1, docKey: key, dataId: dataId(key, ''), orderIndex: f };
    });
    const folderIds = await insertManyReturningIds(tx, dialect, 'docs', folders);
    const docs = Array.from({ length: DOCS_PER_APP }, (_, d) => {
      const url = `/app${m + 1}/resource${d + 1}/{id}`;
      const method = ['GET', 'POST', 'PUT', 'DELETE'][d % 4];
      const key = docKey(moduleId, 0, `Operation ${d + 1}`, url, method);
      return {
        ...base,
        parentId: folderIds[d % 10],
        name: `Operation ${d + 1}`,
        url,
        httpMethod: method,
        docKey: key,
        dataId: dataId(key, ''),
        orderIndex: d,
      };
    });
    await insertManyReturningIds(tx, dialect, 'docs', docs);
  });
}

interface Row {
  answer: string;
  encoding: string;
  'wire KB': string;
  'vs raw': string;
  'CPU ms/req': string;
}
const rows: Row[] = [];
async function measure(answer: string, urls: string[], headers: Record<string, string> = {}) {
  let rawBytes = 0;
  for (const enc of ['identity', 'br', 'gzip']) {
    // one warm-up round, then N measured
    for (const url of urls) await app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': enc } });
    let bytes = 0;
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < N; i++) {
      bytes = 0;
      for (const url of urls) {
        const r = await app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': enc } });
        if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode}`);
        bytes += r.rawPayload.length;
      }
    }
    const cpu = process.cpuUsage(cpu0);
    if (enc === 'identity') rawBytes = bytes;
    rows.push({
      answer,
      encoding: enc === 'identity' ? 'none (before)' : enc,
      'wire KB': (bytes / 1024).toFixed(1),
      'vs raw': `${((bytes / rawBytes) * 100).toFixed(1)}%`,
      'CPU ms/req': ((cpu.user + cpu.system) / 1000 / N).toFixed(2),
    });
  }
}

await measure('space tree, 10,000 docs', [`/api/doc/view/data?spaceId=${space.id}`], { token });
const web = findWebDist(config);
if (web) {
  const html = readFileSync(join(web, 'index.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await measure(`/view first load (index.html + ${assets.length} assets)`, ['/view', ...assets]);
} else console.log('(no web build: run `npm run build` to measure /view)');
console.log(`\nWire bytes and CPU per request (${N} requests each, in-process, SQLite)`);
console.table(rows);
await app.close();
await database.destroy();
rmSync(dir, { recursive: true, force: true });
