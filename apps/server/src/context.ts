/** The application context handed to every module: database, config, id codec, install key, settings. */
import type { Config, Dialect } from './config.js';
import type { Db } from './db/database.js';
import type { SqliteReadWorkers } from './db/sqlite-read-workers.js';
import type { IdCodec } from './lib/ids.js';
import type { Settings } from './modules/system/settings.js';

export interface AppContext {
  db: Db;
  dialect: Dialect;
  /** On an SQLite file: worker threads that run the search index's statements off the event loop; else null. */
  readWorkers: SqliteReadWorkers | null;
  config: Config;
  ids: IdCodec;
  /** 32-byte key for encryption at rest, generated per install. */
  installKey: Buffer;
  /** HMAC key for signed grants (share/compose). */
  grantKey: Buffer;
  settings: Settings;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
