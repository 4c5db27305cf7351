/**
 * A Torna database as the migration reads it (read only): its tables and columns as found, its schema version
 * (`system_config.torna.version`), and rows of a table with the columns an older schema lacks filled with
 * Torna's defaults. Torna's schema grew over the years (docs/migrating-from-torna.md lists what changed when),
 * so nothing is assumed: every read names only columns that exist.
 */
import mysql from 'mysql2/promise';

/** The newest Torna schema version this migration knows (Torna 1.31.0 writes 13100). */
export const NEWEST_KNOWN_VERSION = 13100;

/** Tables and columns every Torna schema since 1.0.0 has; without them the source is not a Torna database. */
const REQUIRED: Record<string, string[]> = {
  user_info: ['id', 'username', 'password', 'nickname'],
  space: ['id', 'name'],
  space_user: ['user_id', 'space_id', 'role_code'],
  project: ['id', 'name', 'space_id'],
  project_user: ['project_id', 'user_id', 'role_code'],
  module: ['id', 'name', 'project_id', 'token'],
  doc_info: ['id', 'name', 'parent_id', 'module_id', 'is_folder', 'url', 'http_method'],
  doc_param: ['id', 'name', 'doc_id', 'parent_id', 'style'],
};

export type Row = Record<string, unknown>;

export interface TornaSource {
  /** Database name. */
  database: string;
  /** Table → its columns (lower case). */
  columns: Map<string, Set<string>>;
  /** `torna.version` (e.g. 12900), or null when the table or key is missing (Torna before 1.7.1 wrote none). */
  version: number | null;
  has(table: string, column?: string): boolean;
  /** Rows of a table: `cols` that exist are selected, missing ones get `defaults[col]` (else ''), ordered by id. */
  rows(table: string, cols: string[], defaults?: Row, where?: string, params?: unknown[]): Promise<Row[]>;
  count(table: string, where?: string): Promise<number>;
  close(): Promise<void>;
}

/** Parses `mysql://user:pw@host:3306/db` (mariadb: accepted) into connection options. */
export function sourceOptions(url: string, timezone = 'local'): mysql.ConnectionOptions {
  let u: URL;
  try {
    u = new URL(url.replace(/^mariadb:/, 'mysql:'));
  } catch {
    throw new Error(`--from must be a URL like mysql://user:password@host:3306/torna (got "${url}")`);
  }
  if (u.protocol !== 'mysql:') throw new Error(`--from must start with mysql:// or mariadb:// (got "${u.protocol}")`);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!database) throw new Error('--from must name the Torna database, e.g. mysql://root@127.0.0.1:3306/torna');
  return {
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database,
    charset: 'utf8mb4',
    supportBigNumbers: true,
    bigNumberStrings: false,
    timezone,
  };
}

/** Why a source is not a Torna schema this migration knows (null: it is). */
export function schemaProblem(columns: Map<string, Set<string>>, version: number | null): string | null {
  const missing: string[] = [];
  for (const [t, cols] of Object.entries(REQUIRED)) {
    const have = columns.get(t);
    if (!have) missing.push(t);
    else for (const c of cols) if (!have.has(c)) missing.push(`${t}.${c}`);
  }
  const found = `found torna.version=${version ?? 'none'} and ${columns.size} tables${
    columns.size ? ` (${[...columns.keys()].sort().slice(0, 12).join(', ')}${columns.size > 12 ? ', …' : ''})` : ''
  }`;
  if (missing.length) return `not a Torna database this migration knows: missing ${missing.join(', ')}; ${found}`;
  if (version !== null && version > NEWEST_KNOWN_VERSION) {
    return `Torna schema version ${version} is newer than the newest this migration knows (${NEWEST_KNOWN_VERSION}, Torna 1.31.0); ${found}`;
  }
  return null;
}

/** Opens a Torna database (one connection, read only: the session is set READ ONLY where the server allows). */
export async function openTornaSource(url: string, timezone?: string): Promise<TornaSource> {
  const opts = sourceOptions(url, timezone);
  const conn = await mysql.createConnection(opts);
  try {
    await conn.query('SET SESSION TRANSACTION READ ONLY');
  } catch {
    // Older servers: the migration only selects anyway.
  }
  const [colRows] = await conn.query(
    'select lower(table_name) as t, lower(column_name) as c from information_schema.columns where table_schema = database()',
  );
  const columns = new Map<string, Set<string>>();
  for (const r of colRows as { t: string; c: string }[]) {
    const s = columns.get(r.t) ?? new Set<string>();
    s.add(r.c);
    columns.set(r.t, s);
  }
  let version: number | null = null;
  if (columns.get('system_config')?.has('config_key')) {
    const [v] = await conn.query("select config_value as v from system_config where config_key = 'torna.version' limit 1");
    const n = Number.parseInt(String((v as { v: string }[])[0]?.v ?? ''), 10);
    if (Number.isFinite(n)) version = n;
  }
  const has = (table: string, column?: string) => {
    const t = columns.get(table);
    return !!t && (!column || t.has(column));
  };
  return {
    database: opts.database as string,
    columns,
    version,
    has,
    async rows(table, cols, defaults = {}, where, params = []) {
      if (!has(table)) return [];
      const present = cols.filter((c) => has(table, c));
      const list = present.map((c) => `\`${c}\``).join(', ') || '1';
      const order = has(table, 'id') ? ' order by `id`' : '';
      const [rows] = await conn.query({ sql: `select ${list} from \`${table}\`${where ? ` where ${where}` : ''}${order}`, values: params });
      const out = rows as Row[];
      const absent = cols.filter((c) => !has(table, c));
      if (absent.length) for (const r of out) for (const c of absent) r[c] = c in defaults ? defaults[c] : '';
      // Columns Torna wrote in upper case (debug_script.NAME) come back as declared: read them lower case.
      for (const r of out) for (const k of Object.keys(r)) if (k !== k.toLowerCase()) r[k.toLowerCase()] = r[k];
      return out;
    },
    async count(table, where) {
      if (!has(table)) return 0;
      const [r] = await conn.query(`select count(*) as n from \`${table}\`${where ? ` where ${where}` : ''}`);
      return Number((r as { n: number }[])[0].n);
    },
    close: () => conn.end(),
  };
}
