/**
 * A Torna database as the migration reads it (read only): its tables and columns as found, its schema version
 * (`system_config.torna.version`), and rows of a table with the columns an older schema lacks filled with
 * Torna's defaults. Torna's schema grew over the years (docs/migrating-from-torna.md lists what changed when),
 * so nothing is assumed: every read names only columns that exist. Torna itself runs on MySQL/MariaDB; a Torna
 * database moved to PostgreSQL (pgloader, same tables and columns) is read the same way over `postgres://`.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';

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

const URL_HINT = 'a URL like mysql://user:password@host:3306/torna or postgres://user:password@host:5432/torna';

/** Which kind of database a `--from` URL names, or why it names none. */
export function sourceKind(url: string): 'mysql' | 'postgres' {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`--from must be ${URL_HINT} (got "${url}")`);
  }
  if (u.protocol === 'mysql:' || u.protocol === 'mariadb:') return 'mysql';
  if (u.protocol === 'postgres:' || u.protocol === 'postgresql:') return 'postgres';
  if (u.protocol === 'jdbc:' || u.protocol === 'h2:' || url.includes('h2:')) {
    throw new Error(
      "Folio does not read H2 files: with the H2 jar of the version your Torna used, write each table to CSV (CSVWRITE), load them into a MariaDB database made with Torna's mysql.sql, and pass --from mysql://…; docs/migrating-from-torna.md has the commands",
    );
  }
  throw new Error(`--from must start with mysql://, mariadb:// or postgres:// (got "${u.protocol}"): ${URL_HINT}`);
}

/** Parses `mysql://user:pw@host:3306/db` (mariadb: accepted) into connection options. */
export function sourceOptions(url: string, timezone = 'local'): mysql.ConnectionOptions {
  if (sourceKind(url) !== 'mysql') throw new Error(`not a MySQL URL: ${url}`);
  const u = new URL(url.replace(/^mariadb:/, 'mysql:'));
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

/** Opens a Torna database on MySQL/MariaDB or PostgreSQL (read only). */
export async function openTornaSource(url: string, timezone?: string): Promise<TornaSource> {
  return sourceKind(url) === 'postgres' ? openPostgres(url, timezone) : openMysql(url, timezone);
}

/** What a reader needs from a connection: the tables' columns, and rows of a query. */
interface Reader {
  database: string;
  /** Table → lower-case column → the column's name as the database spells it. */
  names: Map<string, Map<string, string>>;
  quote(name: string): string;
  query(sqlText: string, params: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** The source over a reader: Torna's version, and reads that name only columns that exist. */
async function tornaSource(r: Reader): Promise<TornaSource> {
  const columns = new Map<string, Set<string>>();
  for (const [t, cols] of r.names) columns.set(t, new Set(cols.keys()));
  const has = (table: string, column?: string) => {
    const t = columns.get(table);
    return !!t && (!column || t.has(column));
  };
  const tableName = (t: string) => r.quote(r.names.get(t)?.get('__table__') ?? t);
  let version: number | null = null;
  if (has('system_config', 'config_key') && has('system_config', 'config_value')) {
    const col = (c: string) => r.quote(r.names.get('system_config')?.get(c) ?? c);
    const v = await r.query(
      `select ${col('config_value')} as v from ${tableName('system_config')} where ${col('config_key')} = 'torna.version'`,
      [],
    );
    const n = Number.parseInt(String(v[0]?.v ?? ''), 10);
    if (Number.isFinite(n)) version = n;
  }
  return {
    database: r.database,
    columns,
    version,
    has,
    async rows(table, cols, defaults = {}, where, params = []) {
      if (!has(table)) return [];
      const spelled = r.names.get(table) as Map<string, string>;
      const present = cols.filter((c) => has(table, c));
      const list = present.map((c) => `${r.quote(spelled.get(c) as string)} as ${r.quote(c)}`).join(', ') || '1';
      const order = has(table, 'id') ? ` order by ${r.quote(spelled.get('id') as string)}` : '';
      const out = await r.query(`select ${list} from ${tableName(table)}${where ? ` where ${where}` : ''}${order}`, params);
      const absent = cols.filter((c) => !has(table, c));
      if (absent.length) for (const row of out) for (const c of absent) row[c] = c in defaults ? defaults[c] : '';
      return out;
    },
    async count(table, where) {
      if (!has(table)) return 0;
      const rows = await r.query(`select count(*) as n from ${tableName(table)}${where ? ` where ${where}` : ''}`, []);
      return Number(rows[0]?.n ?? 0);
    },
    close: () => r.close(),
  };
}

/** Table → lower-case column → spelled name (the table's own spelling under `__table__`). */
function namesOf(rows: { t: string; c: string }[]): Map<string, Map<string, string>> {
  const names = new Map<string, Map<string, string>>();
  for (const { t, c } of rows) {
    const key = t.toLowerCase();
    const m = names.get(key) ?? new Map<string, string>([['__table__', t]]);
    m.set(c.toLowerCase(), c);
    names.set(key, m);
  }
  return names;
}

/** MySQL/MariaDB: one connection, the session READ ONLY where the server allows. */
async function openMysql(url: string, timezone?: string): Promise<TornaSource> {
  const opts = sourceOptions(url, timezone);
  const conn = await mysql.createConnection(opts);
  try {
    await conn.query('SET SESSION TRANSACTION READ ONLY');
  } catch {
    // Older servers: the migration only selects anyway.
  }
  const [colRows] = await conn.query(
    'select table_name as t, column_name as c from information_schema.columns where table_schema = database()',
  );
  return tornaSource({
    database: opts.database as string,
    names: namesOf(colRows as { t: string; c: string }[]),
    quote: (n) => `\`${n.replace(/`/g, '``')}\``,
    async query(sqlText, params) {
      const [rows] = await conn.query({ sql: sqlText, values: params });
      return rows as Row[];
    },
    close: () => conn.end(),
  });
}

/**
 * PostgreSQL (a Torna database moved there): one client, the session read only.
 * The schema is the connection's search path, or `?schema=` in the URL. Big integers come as numbers (ids fit)
 * and datetimes without a zone are read in `timezone`, as on MySQL.
 */
async function openPostgres(url: string, timezone = 'local'): Promise<TornaSource> {
  const u = new URL(url);
  const schema = u.searchParams.get('schema');
  u.searchParams.delete('schema');
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!database) throw new Error('--from must name the Torna database, e.g. postgres://torna@127.0.0.1:5432/torna');
  const local = localTime(timezone);
  const types = {
    getTypeParser: (oid: number, format?: string) => {
      if (oid === 20 || oid === 1700) return (v: string) => Number(v); // int8, numeric: ids and counts
      if (oid === 1114 || oid === 1082) return local; // timestamp, date (no zone)
      return pg.types.getTypeParser(oid, format as 'text');
    },
  };
  const client = new pg.Client({ connectionString: u.toString(), types: types as pg.CustomTypesConfig });
  await client.connect();
  try {
    if (schema) await client.query(`set search_path to "${schema.replace(/"/g, '""')}"`);
    try {
      await client.query('set session characteristics as transaction read only');
    } catch {
      // A server that refuses it: the migration only selects anyway.
    }
    const cols = await client.query<{ t: string; c: string }>(
      'select table_name as t, column_name as c from information_schema.columns where table_schema = current_schema()',
    );
    return tornaSource({
      database: schema ? `${database}/${schema}` : database,
      names: namesOf(cols.rows),
      quote: (n) => `"${n.replace(/"/g, '""')}"`,
      async query(sqlText, params) {
        return (await client.query(inlineParams(sqlText, params))).rows as Row[];
      },
      close: () => client.end(),
    });
  } catch (err) {
    await client.end();
    throw err;
  }
}

/** Fills `?` placeholders (an array as a list) with literals: ids as integers, text quoted. */
export function inlineParams(sqlText: string, params: unknown[]): string {
  let i = 0;
  const literal = (v: unknown): string => {
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error(`not a number: ${v}`);
      return String(v);
    }
    if (v === null || v === undefined) return 'null';
    return `'${String(v).replace(/'/g, "''")}'`;
  };
  return sqlText.replace(/\?/g, () => {
    if (i >= params.length) throw new Error(`missing parameter ${i + 1} in ${sqlText}`);
    const v = params[i++];
    if (Array.isArray(v)) return v.length ? v.map(literal).join(', ') : 'null';
    return literal(v);
  });
}

/** A parser of datetimes without a zone, read in `timezone` ('local' or '+08:00'). */
function localTime(timezone: string): (v: string) => Date {
  const m = /^([+-])(\d\d):(\d\d)$/.exec(timezone);
  const offset = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : null;
  return (v: string) => {
    const p = /^(\d{4})-(\d\d)-(\d\d)(?:[ T](\d\d):(\d\d):(\d\d)(?:\.(\d+))?)?/.exec(v);
    if (!p) return new Date(Number.NaN);
    const [y, mo, d, h, mi, s] = [p[1], p[2], p[3], p[4] ?? '0', p[5] ?? '0', p[6] ?? '0'].map(Number);
    const msPart = p[7] ? Number(p[7].slice(0, 3).padEnd(3, '0')) : 0;
    if (offset === null) return new Date(y, mo - 1, d, h, mi, s, msPart);
    return new Date(Date.UTC(y, mo - 1, d, h, mi, s, msPart) - offset);
  };
}
