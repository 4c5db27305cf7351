/**
 * Older Torna schemas (the mysql.sql of Torna 1.0.0 and 1.10.5, with their demo rows): tables and columns they
 * lack are computed or defaulted; the `folio migrate-torna` command end to end; an interrupted run resumes.
 */
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Hashids from 'hashids';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, loginAs, TEST_DB, type TestApp } from '../../../test/harness.js';
import { type App, buildApp } from '../../app.js';
import { command } from '../../cli/commands/migrate-torna.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { CHECKPOINT_KEY, migrateTorna, TORNA_DEFAULT_SALT } from './migration.js';
import { createTornaDb, type TornaDb } from './torna-source.fixture.js';

const md5 = (x: string) => createHash('md5').update(x).digest('hex');
const torna = new Hashids(TORNA_DEFAULT_SALT, 8);

/** The server started again on a database (no harness login: Torna's users replaced Folio's first admin). */
async function restart(url: string): Promise<{ app: App; close(): Promise<void> }> {
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' });
  const database = openDatabase(config.dialect, config.databaseUrl, config.sqlitePath);
  const app = await buildApp({ config, database, logger: false, workers: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/** Torna's identity keys, written out again independently of the code under test. */
function expectedKey(d: Record<string, any>): string {
  if (d.is_folder) return md5(`${d.module_id}:${d.parent_id}:${d.name}`);
  return md5(`${d.module_id}:${d.url}:${String(d.http_method).toUpperCase()}`);
}

for (const [dump, version] of [
  ['torna-1.0.0-mysql.sql', null],
  ['torna-1.10.5-mysql.sql', 11],
] as const) {
  describe(`migrate the schema of ${dump}`, () => {
    let src: TornaDb;
    let first: TestApp;
    let t: Awaited<ReturnType<typeof restart>>;
    let conn: mysql.Connection;
    let output = '';
    const file = join(tmpdir(), `folio-torna-old-${process.pid}-${Date.now()}.db`);
    const env = TEST_DB === 'sqlite' ? { DATABASE_URL: `sqlite:${file}` } : undefined;
    const q = async (text: string): Promise<Record<string, any>[]> => (await conn.query(text))[0] as Record<string, any>[];

    beforeAll(async () => {
      src = await createTornaDb(dump);
      conn = await mysql.createConnection({ uri: src.url, charset: 'utf8mb4' });
      first = await createTestApp({ env });
      // The command, as an operator runs it: DATABASE_URL names the target exactly as for the server.
      const log = vi.spyOn(console, 'log').mockImplementation((m: unknown) => {
        output += `${String(m)}\n`;
      });
      const saved = process.env.DATABASE_URL;
      process.env.DATABASE_URL = env?.DATABASE_URL ?? first.databaseUrl;
      try {
        expect(await command.run(['--from', src.url])).toBe(0);
      } finally {
        process.env.DATABASE_URL = saved;
        log.mockRestore();
      }
      t = await restart(env?.DATABASE_URL ?? first.databaseUrl);
    });
    afterAll(async () => {
      await conn?.end();
      await t?.close();
      await first?.close();
      await src?.drop();
      for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    });

    it('prints a report whose counts add up', async () => {
      expect(output).toContain(`schema ${version ?? 'unknown'}`);
      const [docs] = await q('select count(*) as n from doc_info');
      expect(output).toContain(`| doc_info | ${docs.n} | ${docs.n} |  |`);
      expect(output).toContain('belongs to a space, project, application or doc that no longer exists');
    });

    it('computes the identity keys and defaults the fields this schema lacks', async () => {
      const rows = await q('select * from doc_info order by id');
      const folio = await t.app.ctx.db.selectFrom('docs').selectAll().orderBy('id').execute();
      expect(folio.map((d) => d.id)).toEqual(rows.map((r) => r.id));
      for (const [i, d] of rows.entries()) {
        const key = expectedKey(d);
        expect(folio[i], `doc ${d.id}`).toMatchObject({
          docKey: key,
          dataId: md5(key),
          version: '',
          status: 5,
          deprecated: '$false$',
          isLocked: 0,
          isUseGlobalHeaders: 'is_use_global_headers' in d ? d.is_use_global_headers : 1,
          requestArrayType: d.request_array_type ?? 'object',
          author: d.author ?? '',
          type: d.type ?? 0,
          name: d.name,
          url: d.url,
          description: d.description,
        });
      }
      const [params] = await q('select count(*) as n from doc_param where is_deleted = 0 and doc_id > 0');
      const sets = await t.app.ctx.db.selectFrom('paramSets').select('body').where('ownerType', '=', 0).execute();
      const count = sets.reduce((n, s) => n + (JSON.parse(s.body).length - 1) / 11, 0);
      expect(count).toBe(Number(params.n));
    });

    it("keeps users' old passwords, history and hash ids", async () => {
      await loginAs(t.app, 'admin@torna.cn', '123456');
      const first = (await q('select id from doc_info where is_folder = 0 and is_deleted = 0 order by id limit 1'))[0].id;
      const r = await call(t.app, await loginAs(t.app, 'admin@torna.cn', '123456'), 'GET', '/api/doc/detail', { id: torna.encode(first) });
      expect(r.code).toBe('0');
      // 1.1.0 dropped Torna's first history table; 1.24.0 brought a new one.
      const [snaps] = version === null ? await q('select count(*) as n from doc_snapshot') : [{ n: 0 }];
      const folio = await t.app.ctx.db.selectFrom('docSnapshots').select('content').execute();
      expect(folio.length).toBe(Number(snaps.n));
      for (const s of folio) expect(JSON.parse(s.content)).toHaveProperty('requestParams');
      // Import URL and the 1.0 debug host became Swagger settings and an environment.
      const swagger = await t.app.ctx.db.selectFrom('moduleSwaggerConfigs').select(['moduleId', 'url']).execute();
      expect(swagger).toEqual([{ moduleId: 1, url: 'http://localhost:2222/v2/api-docs' }]);
      const envs = await t.app.ctx.db.selectFrom('moduleEnvironments').select(['moduleId', 'url']).orderBy('moduleId').execute();
      expect(envs.map((e) => e.moduleId)).toEqual(version === null ? [1, 2] : expect.any(Array));
    });

    it('resumes an interrupted run after the spaces it finished', async () => {
      const db = t.app.ctx.db;
      const spaces = (await q('select id from space order by id')).map((r) => r.id);
      await db
        .updateTable('systemConfigs')
        .set({ configValue: JSON.stringify({ database: src.name, state: 'running', spacesDone: spaces.slice(0, 2) }) })
        .where('configKey', '=', CHECKPOINT_KEY)
        .execute();
      const before = await db.selectFrom('docs').select('id').execute();
      const r = await migrateTorna({ from: src.url, target: { db, dialect: t.app.ctx.dialect } });
      expect(r.spaces).toEqual({ total: spaces.length, migrated: spaces.length - 2, resumedPast: 2 });
      expect((await db.selectFrom('docs').select('id').execute()).length).toBe(before.length);
    });
  });
}
