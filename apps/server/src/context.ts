/** The application context handed to every module: database, config, id codec, install key, settings. */
import type { Config, Dialect } from './config.js';
import type { Db } from './db/database.js';
import type { IdCodec } from './lib/ids.js';
import type { Settings } from './modules/system/settings.js';

export interface AppContext {
  db: Db;
  dialect: Dialect;
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
