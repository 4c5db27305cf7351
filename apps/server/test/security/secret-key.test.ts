/**
 * FOLIO_SECRET_KEY: the install's encryption key is stored wrapped by a key from the environment, so the
 * database alone does not reveal what it encrypts; the same data opens after a restart with the same key,
 * and a start without it stops with a clear message.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { ADMIN_PASSWORD, createTestApp, TEST_DB, type TestApp } from '../harness.js';

const KEY = 'a-long-operator-secret-kept-outside-the-database';

describe.skipIf(TEST_DB === 'sqlite')('FOLIO_SECRET_KEY', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('wraps the install key and needs the same key at the next start', async () => {
    t = await createTestApp({ env: { FOLIO_SECRET_KEY: KEY } });
    const row = await t.app.ctx.db
      .selectFrom('systemConfigs')
      .select('configValue')
      .where('configKey', '=', 'folio.secret.install-key')
      .executeTakeFirstOrThrow();
    expect(row.configValue.startsWith('env:')).toBe(true);
    expect(row.configValue).not.toContain(t.app.ctx.installKey.toString('base64'));
    const start = async (env: Record<string, string>) => {
      const config = loadConfig({ DATABASE_URL: t.databaseUrl, FOLIO_ADMIN_PASSWORD: ADMIN_PASSWORD, LOG_LEVEL: 'silent', ...env });
      const database = openDatabase(config.dialect, config.databaseUrl, config.sqlitePath);
      try {
        const app = await buildApp({ config, database, logger: false, workers: false, migrate: false });
        const key = app.ctx.installKey.toString('base64');
        await app.close();
        return key;
      } finally {
        await database.destroy();
      }
    };
    expect(await start({ FOLIO_SECRET_KEY: KEY })).toBe(t.app.ctx.installKey.toString('base64'));
    await expect(start({})).rejects.toThrow(/FOLIO_SECRET_KEY/);
    await expect(start({ FOLIO_SECRET_KEY: 'another-key-of-enough-length-123' })).rejects.toThrow(/FOLIO_SECRET_KEY/);
  });
});
