/** Reads config, opens the database, migrates, listens, and drains on SIGTERM/SIGINT. */
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { lockSqliteFile } from './db/sqlite-lock.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  let unlock = () => {};
  try {
    config = loadConfig();
    if (config.dialect === 'sqlite') unlock = lockSqliteFile(config.sqlitePath);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Folio cannot start: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }
  const database = openDatabase(config.dialect, config.databaseUrl, config.sqlitePath);
  const app = await buildApp({
    config,
    database,
    logger: { level: config.logLevel },
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await database.destroy();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Folio is serving ${config.publicUrl} (database: ${config.dialect})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
