/** `npm run db:migrate`: applies pending migrations and exits. */
import { ConfigError, loadConfig } from './config.js';
import { migrate, openDatabase } from './db/database.js';

try {
  const config = loadConfig();
  const database = openDatabase(config.dialect, config.databaseUrl, config.sqlitePath);
  const done = await migrate(database.db, database.dialect);
  console.log(done.length ? `applied: ${done.join(', ')}` : 'database is up to date');
  await database.destroy();
} catch (e) {
  console.error(e instanceof ConfigError ? `Folio cannot migrate: ${e.message}` : e);
  process.exit(1);
}
