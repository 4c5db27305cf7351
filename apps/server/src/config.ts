/** Environment → typed config, validated at boot with a clear message on a bad value. */
import { resolve } from 'node:path';

export type Dialect = 'sqlite' | 'postgres' | 'mysql';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  dialect: Dialect;
  sqlitePath: string;
  publicUrl: string;
  /** Whether FOLIO_PUBLIC_URL set publicUrl (else it is http://localhost:<port>). */
  publicUrlFromEnv: boolean;
  adminPassword: string | undefined;
  logLevel: string;
  tokenTtlDays: number;
  webDist: string | undefined;
  /** Where uploaded files are stored (default: beside the SQLite file, or ./data/uploads). */
  uploadDir: string | undefined;
  /** Proxies whose X-Forwarded-For is believed (addresses, CIDRs, or loopback/linklocal/uniquelocal); empty = none. */
  trustProxy: string[];
  /** Wraps the install's encryption key stored in the database (FOLIO_SECRET_KEY, at least 16 characters). */
  secretKey: string | undefined;
}

/** Thrown for a bad configuration value; main prints it and exits. */
export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads the dialect and, for SQLite, the file path from a DATABASE_URL. */
export function parseDatabaseUrl(url: string): { dialect: Dialect; sqlitePath: string } {
  if (url.startsWith('sqlite:')) {
    const p = url.slice('sqlite:'.length).replace(/^\/\//, '');
    if (!p) throw new ConfigError('DATABASE_URL: sqlite: needs a file path, e.g. sqlite:./data/folio.db');
    return { dialect: 'sqlite', sqlitePath: p === ':memory:' ? p : resolve(p) };
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', sqlitePath: '' };
  if (/^(mysql|mariadb):\/\//.test(url)) return { dialect: 'mysql', sqlitePath: '' };
  throw new ConfigError(`DATABASE_URL must start with sqlite:, postgres:// or mysql:// (got "${url}")`);
}

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}$/;
const IPV6 = /^[0-9a-f:]+(%\w+)?$/i;
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Parses FOLIO_TRUST_PROXY: off (default) or a comma-separated list of addresses, CIDRs or proxy-addr names. */
export function parseTrustProxy(raw: string | undefined): string[] {
  const v = (raw ?? '').trim();
  if (!v || ['off', 'false', 'no', '0', 'none'].includes(v.toLowerCase())) return [];
  const list = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const item of list) {
    const [addr, bits, extra] = item.split('/');
    const okAddr = PROXY_NAMES.has(item) || ((IPV4.test(addr) || (addr.includes(':') && IPV6.test(addr))) && extra === undefined);
    const max = addr.includes(':') ? 128 : 32;
    const okBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
    if (!okAddr || !okBits) {
      throw new ConfigError(
        `FOLIO_TRUST_PROXY must be off or a comma-separated list of proxy addresses or CIDRs, e.g. 10.0.0.0/8,127.0.0.1 (got "${item}")`,
      );
    }
  }
  return list;
}

/** Builds the config from an environment map; throws ConfigError with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const portRaw = env.PORT ?? '7700';
  const port = Number(portRaw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer between 0 and 65535 (got "${portRaw}")`);
  }
  const logLevel = (env.LOG_LEVEL ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${env.LOG_LEVEL}")`);
  }
  const databaseUrl = env.DATABASE_URL ?? 'sqlite:./data/folio.db';
  const { dialect, sqlitePath } = parseDatabaseUrl(databaseUrl);
  const publicUrl = (env.FOLIO_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new ConfigError(`FOLIO_PUBLIC_URL must be an absolute URL (got "${env.FOLIO_PUBLIC_URL}")`);
  }
  const ttlRaw = env.FOLIO_TOKEN_TTL_DAYS ?? '7';
  const tokenTtlDays = Number(ttlRaw);
  if (!(tokenTtlDays > 0)) throw new ConfigError(`FOLIO_TOKEN_TTL_DAYS must be a positive number (got "${ttlRaw}")`);
  const adminPassword = env.FOLIO_ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 8) {
    throw new ConfigError('FOLIO_ADMIN_PASSWORD must be at least 8 characters');
  }
  const secretKey = env.FOLIO_SECRET_KEY || undefined;
  if (secretKey !== undefined && secretKey.length < 16) throw new ConfigError('FOLIO_SECRET_KEY must be at least 16 characters');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    dialect,
    sqlitePath,
    publicUrl,
    publicUrlFromEnv: !!env.FOLIO_PUBLIC_URL,
    adminPassword,
    logLevel,
    tokenTtlDays,
    webDist: env.FOLIO_WEB_DIST,
    uploadDir: env.FOLIO_UPLOAD_DIR || undefined,
    trustProxy: parseTrustProxy(env.FOLIO_TRUST_PROXY),
    secretKey,
  };
}
