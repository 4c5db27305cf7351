/**
 * The portable backup archive (`folio backup` / `folio restore`): a zip holding
 *   manifest.json            format, source dialect, migrations, tables with their columns and row counts,
 *                            and the install secrets sealed with the operator's passphrase (scrypt + AES-256-GCM)
 *   tables/<table>.jsonl     one JSON array of column values per row, in id order (the same on every dialect)
 *   uploads/<path>           the uploaded files
 * Rows are read and written with the database's own snake_case names (no plugins), so a table dumped from one
 * dialect compares equal to the same table dumped from another.
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../config.js';
import type { Db } from '../db/database.js';
import { CliError } from './lib.js';

export const ARCHIVE_FORMAT = 'folio-backup';
export const ARCHIVE_VERSION = 1;
/** system_configs keys whose values are install secrets (sealed in the manifest, blank in the table file). */
export const SECRET_PREFIX = 'folio.secret.';

export interface TableInfo {
  name: string;
  columns: string[];
}

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  dialect: Dialect;
  migrations: string[];
  tables: (TableInfo & { rows: number })[];
  uploads: number;
  secrets: Sealed;
}

export interface Sealed {
  kdf: 'scrypt';
  salt: string;
  iv: string;
  tag: string;
  data: string;
}

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const KDF = { N: 32768, r: 8, p: 1, maxmem: 128 * 1024 * 1024 };

/** Seals a JSON value with a passphrase. */
export async function seal(passphrase: string, value: unknown): Promise<Sealed> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = await scryptAsync(passphrase, salt, 32, KDF);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([c.update(JSON.stringify(value), 'utf8'), c.final()]);
  return {
    kdf: 'scrypt',
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    tag: c.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

/** Opens sealed secrets; a wrong passphrase is a clear error. */
export async function unseal<T>(passphrase: string, s: Sealed): Promise<T> {
  const key = await scryptAsync(passphrase, Buffer.from(s.salt, 'base64'), 32, KDF);
  try {
    const d = createDecipheriv('aes-256-gcm', key, Buffer.from(s.iv, 'base64'));
    d.setAuthTag(Buffer.from(s.tag, 'base64'));
    return JSON.parse(Buffer.concat([d.update(Buffer.from(s.data, 'base64')), d.final()]).toString('utf8')) as T;
  } catch {
    throw new CliError('wrong passphrase: the install secrets of this backup cannot be opened');
  }
}

/** Not carried by a backup: the migrations' own tables, and tree_revisions (the database rebuilds it by itself). */
const MIGRATION_TABLES = new Set(['folio_migrations', 'folio_migrations_lock', 'tree_revisions']);

/** The installation's tables and their columns (the migration tables aside), sorted by name. */
export async function listTables(db: Db, dialect: Dialect): Promise<TableInfo[]> {
  const raw = db.withoutPlugins() as unknown as Kysely<any>;
  let rows: { t: string; c: string }[];
  if (dialect === 'sqlite') {
    const names = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
      raw,
    );
    rows = [];
    for (const { name } of names.rows) {
      const cols = await sql<{ name: string }>`select name from pragma_table_info(${name}) order by cid`.execute(raw);
      for (const c of cols.rows) rows.push({ t: name, c: c.name });
    }
  } else {
    const schema = dialect === 'postgres' ? sql`current_schema()` : sql`database()`;
    rows = (
      await sql<{ t: string; c: string }>`select c.table_name as t, c.column_name as c from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = ${schema} and t.table_type = 'BASE TABLE' order by c.table_name, c.ordinal_position`.execute(raw)
    ).rows;
  }
  const out = new Map<string, string[]>();
  for (const r of rows) {
    if (MIGRATION_TABLES.has(r.t)) continue;
    if (!out.has(r.t)) out.set(r.t, []);
    out.get(r.t)?.push(r.c);
  }
  return [...out.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([name, columns]) => ({ name, columns }));
}

/** Names of the applied migrations, in order. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const raw = db.withoutPlugins() as unknown as Kysely<any>;
  const r = await sql<{ name: string }>`select name from folio_migrations order by name`.execute(raw).catch(() => ({ rows: [] }));
  return r.rows.map((x) => x.name);
}

/**
 * Rows of a table in id order, page by page (keyset on id), as arrays in `columns` order. A table without an
 * id column (a derived index such as search_terms) is read in pages ordered by all its columns (the backup
 * reads in one transaction, so the pages are consistent).
 */
export async function* readTable(conn: Kysely<any>, table: TableInfo, page = 2000): AsyncGenerator<unknown[][]> {
  let last = -2147483648; // the smallest integer id every dialect accepts
  const cols = table.columns;
  if (!cols.includes('id')) {
    for (let offset = 0; ; offset += page) {
      let q = conn.selectFrom(table.name).select(cols);
      for (const c of cols) q = q.orderBy(c);
      const rows = (await q.limit(page).offset(offset).execute()) as Record<string, unknown>[];
      if (!rows.length) return;
      yield rows.map((r) => cols.map((c) => normalizeValue(r[c])));
      if (rows.length < page) return;
    }
  }
  for (;;) {
    const rows = (await conn.selectFrom(table.name).select(cols).where('id', '>', last).orderBy('id').limit(page).execute()) as Record<
      string,
      unknown
    >[];
    if (!rows.length) return;
    yield rows.map((r) => cols.map((c) => normalizeValue(r[c])));
    last = Number(rows[rows.length - 1].id);
    if (rows.length < page) return;
  }
}

/** One value in the archive's neutral form: numbers, strings and null (bigints as numbers, bytes as UTF-8 text). */
function normalizeValue(v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v === 'bigint') return Number(v);
  if (Buffer.isBuffer(v)) return v.toString('utf8');
  return v;
}

/** Inserts rows in chunks that stay under every dialect's bound-parameter and packet limits. */
export async function insertRows(conn: Kysely<any>, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  const maxRows = Math.max(1, Math.min(1000, Math.floor(30_000 / columns.length)));
  let i = 0;
  while (i < rows.length) {
    const chunk: Record<string, unknown>[] = [];
    let bytes = 0;
    while (i < rows.length && chunk.length < maxRows && bytes < 4 * 1024 * 1024) {
      const r = rows[i++];
      const o: Record<string, unknown> = {};
      for (let j = 0; j < columns.length; j++) {
        o[columns[j]] = r[j];
        if (typeof r[j] === 'string') bytes += (r[j] as string).length * 3;
      }
      chunk.push(o);
    }
    await conn.insertInto(table).values(chunk).execute();
  }
}

/** Sets PostgreSQL's id sequences past the restored ids (MySQL and SQLite follow explicit ids themselves). */
export async function fixSequences(conn: Kysely<any>, dialect: Dialect, tables: string[]): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const t of tables) {
    await sql`select setval(pg_get_serial_sequence(${t}, 'id'), coalesce((select max(id) from ${sql.table(t)}), 0) + 1, false)`.execute(
      conn,
    );
  }
}

/** Where uploaded files live for a database URL, as the server decides (FOLIO_UPLOAD_DIR, beside SQLite, ./data/uploads). */
export function uploadDirFor(dialect: Dialect, sqlitePath: string, override?: string): string {
  const dir = override || process.env.FOLIO_UPLOAD_DIR;
  if (dir) return resolve(dir);
  if (dialect === 'sqlite' && sqlitePath !== ':memory:') return join(resolve(sqlitePath, '..'), 'uploads');
  return resolve('data', 'uploads');
}
