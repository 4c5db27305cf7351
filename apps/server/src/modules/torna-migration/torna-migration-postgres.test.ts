/**
 * A Torna database on PostgreSQL (moved there with pgloader: same tables and columns) migrates exactly as the same database on MariaDB: the demo database is loaded into MariaDB, copied into a
 * PostgreSQL schema, and both are migrated into two Folio databases whose rows are then compared table by table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { type MigrationReport, migrateTorna } from './migration.js';
import { inlineParams, sourceKind } from './source.js';
import { copyToPostgres, createTornaDb, EXTRA, type TornaDb } from './torna-source.fixture.js';

/**
 * Folio tables a migration fills. Left out of the comparison: columns ending in Enc (encrypted with a random IV)
 * and the times of param lists (written when the migration ran: Torna's params have none of their own).
 */
const TABLES = [
  'users',
  'spaces',
  'spaceMembers',
  'projects',
  'projectMembers',
  'modules',
  'moduleEnvironments',
  'moduleConfigs',
  'moduleWebhooks',
  'docs',
  'paramSets',
  'enumInfos',
  'enumItems',
  'constantInfos',
  'docSnapshots',
  'docChangeRecords',
  'docChangeDetails',
  'mockConfigs',
  'debugScripts',
  'shares',
  'shareContents',
  'shareEnvironments',
  'composeProjects',
  'composeDocs',
  'composeAdditionalPages',
  'subscriptions',
  'messages',
  'openUsers',
  'msSpaceConfigs',
  'systemI18n',
  'props',
] as const;

describe('migrate a Torna database that lives on PostgreSQL', () => {
  let my: TornaDb;
  let pgCopy: Awaited<ReturnType<typeof copyToPostgres>>;
  let fromMysql: TestApp;
  let fromPg: TestApp;
  let reportMysql: MigrationReport;
  let reportPg: MigrationReport;

  beforeAll(async () => {
    my = await createTornaDb('torna-mysql-demo-data.sql', EXTRA);
    pgCopy = await copyToPostgres(my);
    fromMysql = await createTestApp();
    fromPg = await createTestApp();
    const target = (t: TestApp) => ({ db: t.app.ctx.db, dialect: t.app.ctx.dialect });
    reportMysql = await migrateTorna({ from: my.url, target: target(fromMysql) });
    reportPg = await migrateTorna({ from: pgCopy.url, target: target(fromPg) });
  }, 300_000);
  afterAll(async () => {
    await fromPg?.close();
    await fromMysql?.close();
    await pgCopy?.drop();
    await my?.drop();
  });

  it('reads the same rows from PostgreSQL as from MariaDB, and reports the same', () => {
    expect(reportPg.source).toEqual({ database: `test/${pgCopy.schema}`, version: 12900 });
    expect(reportPg.tables).toEqual(reportMysql.tables);
    expect(reportPg.notMigrated).toEqual(reportMysql.notMigrated);
    expect(reportPg.spaces).toEqual({ total: 1, migrated: 1, resumedPast: 0 });
  });

  it('writes the same Folio rows, field by field, as a migration from MariaDB', async () => {
    const dump = async (t: TestApp, table: (typeof TABLES)[number]) => {
      const rows = (await t.app.ctx.db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
      return rows
        .map((r) =>
          JSON.stringify(
            Object.fromEntries(Object.entries(r).filter(([k]) => !k.endsWith('Enc') && !(table === 'paramSets' && k.endsWith('At')))),
          ),
        )
        .sort();
    };
    for (const table of TABLES) {
      const a = await dump(fromMysql, table);
      expect(a.length, table).toBeGreaterThan(0);
      expect(await dump(fromPg, table), table).toEqual(a);
    }
  });

  it('says what to do with an H2 file or an unknown URL, and inlines parameters safely', () => {
    expect(() => sourceKind('jdbc:h2:file:/data/torna')).toThrow(/does not read H2 files.*CSVWRITE.*mysql:\/\//);
    expect(() => sourceKind('sqlserver://x/torna')).toThrow(/mysql:\/\/, mariadb:\/\/ or postgres:\/\//);
    expect(sourceKind('postgresql://u@h/torna')).toBe('postgres');
    expect(inlineParams('a = ? and b in (?) and c in (?)', ["it's", [1, 2], []])).toBe("a = 'it''s' and b in (1, 2) and c in (null)");
  });
});
