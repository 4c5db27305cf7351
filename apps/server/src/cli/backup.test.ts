/**
 * `folio backup` of a populated installation (docs, params, history, shares, users, uploads) and `folio restore`
 * into empty databases of the two other dialects (SQLite when the suite runs on one of the servers): every table
 * compares row for row, and Folio started on the restored database serves a doc, the upload, and logs in.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/fixtures/index.js';
import { ADMIN_PASSWORD, call, createTestApp, createUser, createWorld, loginAs, TEST_DB, type TestApp } from '../../test/harness.js';
import { buildApp } from '../app.js';
import { loadConfig, parseDatabaseUrl } from '../config.js';
import { openDatabase } from '../db/database.js';
import { listTables, readTable } from './archive.js';
import { folio } from './cli.test-helpers.js';

const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const PASSPHRASE = 'correct horse battery';

/** An empty database of a dialect; returns its URL and how to drop it. */
async function emptyDatabase(dialect: 'sqlite' | 'postgres' | 'mysql', dir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `folio_r_${randomBytes(5).toString('hex')}`;
  if (dialect === 'sqlite') return { url: `sqlite:${join(dir, `${name}.db`)}`, drop: async () => {} };
  if (dialect === 'postgres') {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`create schema ${name}`);
    await c.end();
    const u = new URL(PG_URL);
    u.searchParams.set('options', `-c search_path=${name}`);
    return {
      url: u.toString(),
      drop: async () => {
        const d = new pg.Client({ connectionString: PG_URL });
        await d.connect();
        await d.query(`drop schema ${name} cascade`);
        await d.end();
      },
    };
  }
  const conn = await mysql.createConnection(MYSQL_URL);
  await conn.query(`create database ${name} character set utf8mb4`);
  await conn.end();
  const u = new URL(MYSQL_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const d = await mysql.createConnection(MYSQL_URL);
      await d.query(`drop database ${name}`);
      await d.end();
    },
  };
}

/** Every table of a database, every row in id order. */
async function dump(url: string): Promise<Record<string, unknown[][]>> {
  const { dialect, sqlitePath } = parseDatabaseUrl(url);
  const h = openDatabase(dialect, url, sqlitePath);
  try {
    const out: Record<string, unknown[][]> = {};
    for (const table of await listTables(h.db, dialect)) {
      const rows: unknown[][] = [];
      for await (const page of readTable(h.db.withoutPlugins() as unknown as Kysely<any>, table)) rows.push(...page);
      out[table.name] = rows;
    }
    return out;
  } finally {
    await h.destroy();
  }
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let t: TestApp;
let dir: string;
let sourceUrl: string;
let sourceUploads: string;
let archive: string;
let world: Awaited<ReturnType<typeof createWorld>>;
let fileUrl: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folio-backup-'));
  sourceUploads = join(dir, 'uploads-src');
  // SQLite runs on a file here: the command line opens the database on its own connection.
  const env: Record<string, string> = { FOLIO_UPLOAD_DIR: sourceUploads };
  if (TEST_DB === 'sqlite') env.DATABASE_URL = `sqlite:${join(dir, 'source.db')}`;
  t = await createTestApp({ workers: false, env });
  sourceUrl = env.DATABASE_URL ?? t.databaseUrl;
  world = await createWorld(t);
  const token = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: world.moduleId })).data.token;
  const spec = fixture('openapi/oai-petstore-v3.0.yaml');
  for (const text of [spec, spec.replace('summary: List all pets', 'summary: List every pet')]) {
    const r = await t.app.inject({ method: 'POST', url: '/api/import/push?format=openapi', headers: { token }, payload: text });
    expect(r.json().code, r.body).toBe('0');
  }
  await createUser(t, 'reader');
  const share = await call(t.app, t.adminToken, 'POST', '/api/share/add', { moduleId: world.moduleId, type: 2, isAll: 1 });
  expect(share.code, JSON.stringify(share.body)).toBe('0');
  const up = await call(t.app, t.adminToken, 'POST', '/api/upload', {
    filename: 'a.png',
    contentType: 'image/png',
    data: PNG.toString('base64'),
  });
  expect(up.code).toBe('0');
  fileUrl = up.data.url;
  archive = join(dir, 'backup.zip');
  // Taken while the server is up.
  const b = await folio('backup', archive, '--passphrase', PASSPHRASE, '--database-url', sourceUrl, '--upload-dir', sourceUploads);
  expect(b.err).toBe('');
  expect(b.code).toBe(0);
  expect(b.out).toMatch(/^backup written to .*backup\.zip: \d+ tables, \d+ rows, 1 uploaded files/);
  await t.app.close();
});

afterAll(async () => {
  await t?.close().catch(() => undefined);
  if (dir) await rm(dir, { recursive: true, force: true });
});

const targets = (['sqlite', 'postgres', 'mysql'] as const).filter((d) => d !== TEST_DB);

describe.each(targets)('folio restore into %s', (dialect) => {
  it('restores every table row for row, the uploads and the secrets; Folio serves the restored install', async () => {
    const target = await emptyDatabase(dialect, dir);
    const uploads = join(dir, `uploads-${dialect}`);
    try {
      const wrong = await folio('restore', archive, '--database-url', target.url, '--passphrase', 'not the one', '--upload-dir', uploads);
      expect(wrong.code).toBe(1);
      expect(wrong.err).toMatch(/wrong passphrase/);
      const r = await folio('restore', archive, '--database-url', target.url, '--passphrase', PASSPHRASE, '--upload-dir', uploads);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const [src, dst] = await Promise.all([dump(sourceUrl), dump(target.url)]);
      expect(Object.keys(dst)).toEqual(Object.keys(src));
      for (const table of Object.keys(src)) expect(dst[table], table).toEqual(src[table]);
      expect(src.docs.length).toBeGreaterThan(3);
      expect(src.doc_change_records.length).toBeGreaterThan(0);
      expect(src.shares.length).toBe(1);
      expect(src.system_configs.some((row) => String(row[1]).startsWith('folio.secret.'))).toBe(true);

      const again = await folio('restore', archive, '--database-url', target.url, '--passphrase', PASSPHRASE, '--upload-dir', uploads);
      expect(again.code).toBe(1);
      expect(again.err).toMatch(/is not empty/);

      const config = loadConfig({ DATABASE_URL: target.url, FOLIO_UPLOAD_DIR: uploads, LOG_LEVEL: 'silent' });
      const database = openDatabase(config.dialect, config.databaseUrl, config.sqlitePath);
      const app = await buildApp({ config, database, logger: false, workers: false });
      try {
        await app.ready();
        const token = await loginAs(app, 'admin', ADMIN_PASSWORD);
        const tree = await call(app, token, 'GET', '/api/doc/tree', { moduleId: world.moduleId });
        expect(JSON.stringify(tree.data)).toContain('List every pet');
        const file = await app.inject({ method: 'GET', url: fileUrl });
        expect(file.statusCode).toBe(200);
        expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);
        await loginAs(app, 'reader', 'user-pass-1234');
      } finally {
        await app.close();
        await database.destroy();
      }
    } finally {
      await target.drop();
    }
  });
});

describe('folio backup while the server writes', () => {
  it('archives one moment: every push is in whole or not at all, and no parameter lacks its doc', async () => {
    const src = await createTestApp({
      workers: false,
      env: TEST_DB === 'sqlite' ? { DATABASE_URL: `sqlite:${join(dir, 'busy.db')}` } : {},
    });
    const url = TEST_DB === 'sqlite' ? `sqlite:${join(dir, 'busy.db')}` : src.databaseUrl;
    const target = await emptyDatabase(targets[0], dir);
    try {
      const w = await createWorld(src);
      const token = (await call(src.app, src.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId })).data.token;
      const spec = fixture('openapi/oai-petstore-v3.0.yaml');
      // Each push adds three docs (and their parameters) in one transaction, under its own path prefix.
      const push = async (i: number) => {
        const r = await src.app.inject({
          method: 'POST',
          url: '/api/import/push?format=openapi',
          headers: { token },
          payload: spec.replace(/^ {2}\/pets/gm, `  /v${i}/pets`),
        });
        expect(r.json().code, r.body).toBe('0');
      };
      await push(0);
      let i = 1;
      let done = false;
      const writer = (async () => {
        while (!done && i < 40) await push(i++);
      })();
      const file = join(dir, 'busy.zip');
      const b = await folio('backup', file, '--passphrase', PASSPHRASE, '--database-url', url, '--upload-dir', join(dir, 'busy-up'));
      done = true;
      await writer;
      expect(b.code, b.err).toBe(0);
      const r = await folio(
        'restore',
        file,
        '--database-url',
        target.url,
        '--passphrase',
        PASSPHRASE,
        '--upload-dir',
        join(dir, 'busy-up2'),
      );
      expect(r.code, r.err).toBe(0);
      const rows = await dump(target.url);
      const cols = async (table: string) => {
        const { dialect, sqlitePath } = parseDatabaseUrl(target.url);
        const h = openDatabase(dialect, target.url, sqlitePath);
        try {
          return (await listTables(h.db, dialect)).find((t) => t.name === table)?.columns ?? [];
        } finally {
          await h.destroy();
        }
      };
      const dc = await cols('docs');
      const pc = await cols('param_sets');
      const docs = rows.docs.filter((d) => d[dc.indexOf('is_folder')] === 0 && d[dc.indexOf('is_deleted')] === 0);
      expect(i).toBeGreaterThan(1); // pushes went on while the backup ran
      expect(docs.length % 3).toBe(0);
      expect(docs.length).toBeGreaterThanOrEqual(3);
      const docIds = new Set(rows.docs.map((d) => d[dc.indexOf('id')]));
      const orphans = rows.param_sets.filter((p) => p[pc.indexOf('owner_type')] === 0 && !docIds.has(p[pc.indexOf('owner_id')]));
      expect(orphans).toEqual([]);
    } finally {
      await src.close();
      await target.drop();
    }
  });
});
