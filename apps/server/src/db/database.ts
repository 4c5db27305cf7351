/** Kysely factory per dialect, migrations, and the transaction helper. */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  Kysely,
  type Kysely as KyselyType,
  type Migration,
  type MigrationProvider,
  Migrator,
  MysqlDialect,
  PostgresDialect,
  sql,
  type Transaction,
} from 'kysely';
import type * as Mysql2 from 'mysql2';
import type PgModule from 'pg';
import type { Dialect } from '../config.js';
import { allMigrations } from './migrations/index.js';
import { namedStatementClient, preparedStatementPool } from './prepared-drivers.js';
import { SqliteReadWorkers } from './sqlite-read-workers.js';
import { ReaderWriterSqliteDialect } from './sqlite-reader.js';
import { reuseStatements } from './sqlite-statements.js';
import type { Database } from './types.js';

export type Db = KyselyType<Database>;
export type Tx = Transaction<Database>;
/** Either the database or a transaction: every repository method accepts both. */
export type Conn = Db | Tx;

// The PostgreSQL and MySQL drivers load only when used (each costs ~10 MB of memory on an SQLite install).
const requireDriver = createRequire(import.meta.url);
let pgLoaded: typeof PgModule | null = null;
function loadPg(): typeof PgModule {
  if (!pgLoaded) {
    pgLoaded = requireDriver('pg') as typeof PgModule;
    // PostgreSQL returns int8 (bigint, COUNT) as strings; our bigints are epoch ms and counts, safe as numbers.
    pgLoaded.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    pgLoaded.types.setTypeParser(1700, (v) => Number(v));
  }
  return pgLoaded;
}

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** Worker threads with read-only connections to the SQLite file (none in memory, on PostgreSQL or MySQL). */
  readWorkers: SqliteReadWorkers | null;
  destroy(): Promise<void>;
}

/** The mysql2 pool's options for a mysql: or mariadb: DATABASE_URL. */
export function mysqlPoolOptions(url: string): Mysql2.PoolOptions {
  const u = new URL(url.replace(/^mariadb:/, 'mysql:'));
  return {
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: u.pathname.replace(/^\//, ''),
    connectionLimit: 10,
    charset: 'utf8mb4',
    supportBigNumbers: true,
    bigNumberStrings: false,
  };
}

/** Opens a connection pool for a DATABASE_URL. */
export function openDatabase(dialect: Dialect, url: string, sqlitePath: string): DatabaseHandle {
  let kdialect: ReaderWriterSqliteDialect | PostgresDialect | MysqlDialect;
  let readWorkers: SqliteReadWorkers | null = null;
  if (dialect === 'sqlite') {
    if (sqlitePath !== ':memory:') mkdirSync(dirname(sqlitePath), { recursive: true });
    const file = new SQLite(sqlitePath);
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = NORMAL');
    file.pragma('foreign_keys = OFF');
    file.pragma('busy_timeout = 5000');
    // The write-ahead log is checkpointed by SQLite itself (wal_autocheckpoint, 1,000 pages by default).
    // Reads outside transactions go to a second, read-only connection (sqlite-reader.ts).
    let reader: SQLite.Database | null = null;
    if (sqlitePath !== ':memory:') {
      reader = new SQLite(sqlitePath, { readonly: true });
      reader.pragma('busy_timeout = 5000');
      // The search index's statements run on worker threads (started on first use), off the event loop.
      readWorkers = new SqliteReadWorkers(sqlitePath);
    }
    reuseStatements(file);
    if (reader) reuseStatements(reader);
    kdialect = new ReaderWriterSqliteDialect(file, reader);
  } else if (dialect === 'postgres') {
    const pg = loadPg();
    kdialect = new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10, Client: namedStatementClient(pg) }) });
  } else {
    const mysql2 = requireDriver('mysql2') as typeof Mysql2;
    const pool = mysql2.createPool(mysqlPoolOptions(url));
    // JSON_ARRAYAGG and GROUP_CONCAT results are cut at group_concat_max_len (1 MB by default), which a big space's
    // tree rows (visible-projects.ts) can pass: 64 MB per connection, under max_allowed_packet's own bound.
    pool.on('connection', (c) => c.query('SET SESSION group_concat_max_len = 67108864', () => {}));
    kdialect = new MysqlDialect({ pool: preparedStatementPool(pool) });
  }
  const db = new Kysely<Database>({ dialect: kdialect, plugins: [new CamelCasePlugin()] });
  return {
    db,
    dialect,
    readWorkers,
    async destroy() {
      await readWorkers?.close();
      await db.destroy();
    },
  };
}

class StaticProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations() {
    return this.migrations;
  }
}

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrate(db: Db, dialect: Dialect): Promise<string[]> {
  const migrator = await migratorOf(db, dialect);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  const reason = (error as Error | undefined)?.message ?? String(error);
  // No failed migration: the database refused or could not be reached before any ran.
  if (error && !failed) throw new Error(`the database could not be migrated: ${reason}`);
  if (error) throw new Error(`migration ${failed?.migrationName} failed: ${reason}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrator `migrate` runs (tests step it down and up again). */
export async function migratorOf(db: Db, dialect: Dialect): Promise<Migrator> {
  // PostgreSQL: name the schema explicitly. Without it Kysely looks for its lock table in EVERY schema, so a
  // second Folio schema in the same database (tests, staging) makes it skip creating its own and fail.
  const schema =
    dialect === 'postgres' ? ((await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s ?? undefined) : undefined;
  return new Migrator({
    db: db.withoutPlugins() as unknown as KyselyType<unknown>,
    provider: new StaticProvider(allMigrations(dialect)),
    migrationTableName: 'folio_migrations',
    migrationLockTableName: 'folio_migrations_lock',
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/** Runs fn inside a transaction (or inside the given one). */
export async function inTx<T>(conn: Conn, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (conn.isTransaction) return fn(conn as Tx);
  return (conn as Db).transaction().execute(fn);
}

/** Inserts a row and returns its new integer id on every dialect. */
export async function insertId<T extends keyof Database & string>(
  conn: Conn,
  dialect: Dialect,
  table: T,
  values: Record<string, unknown>,
): Promise<number> {
  const q = conn.insertInto(table).values(values as any);
  if (dialect === 'mysql') {
    const r = await q.executeTakeFirstOrThrow();
    return Number(r.insertId);
  }
  const row = (await (q as any).returning('id').executeTakeFirstOrThrow()) as { id: number };
  return Number(row.id);
}

/** True when the database answers. */
export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** Values the same for every row of a bulk insert (set on each row). */
export type RowConstants = Record<string, number>;

/**
 * Bound values per statement: SQLite's limit is 32,766, PostgreSQL's 65,535; MySQL's driver inlines the
 * values, where the statement's size is what counts (MAX_STATEMENT_CHARS).
 */
const MAX_VALUES = 30_000;

/** Characters of text per multi-row statement: MariaDB's default max_allowed_packet is 16 MB (CJK text is 3 bytes a character). */
const MAX_STATEMENT_CHARS = 4_000_000;

function rowChars(row: Record<string, unknown>): number {
  let n = 16;
  for (const v of Object.values(row)) n += typeof v === 'string' ? v.length : 8;
  return n;
}

/**
 * Splits rows into chunks for one multi-row insert each: at most maxRows rows, at most MAX_VALUES bound
 * values and about 4 M characters of values (a bigger row goes alone).
 */
export function chunkRows<R extends Record<string, unknown>>(rows: R[], maxRows: number): R[][] {
  const out: R[][] = [];
  const width = rows.length ? Math.max(1, Object.keys(rows[0]).length) : 1;
  const perChunk = Math.max(1, Math.min(maxRows, Math.floor(MAX_VALUES / width)));
  let cur: R[] = [];
  let chars = 0;
  for (const r of rows) {
    const c = rowChars(r);
    if (cur.length && (cur.length >= perChunk || chars + c > MAX_STATEMENT_CHARS)) {
      out.push(cur);
      cur = [];
      chars = 0;
    }
    cur.push(r);
    chars += c;
  }
  if (cur.length) out.push(cur);
  return out;
}

/** Inserts many rows: one multi-row insert per chunk (chunkRows), the same on every database. */
export async function insertMany<T extends keyof Database & string>(
  conn: Conn,
  table: T,
  rows: Record<string, unknown>[],
  chunk = 500,
): Promise<void> {
  for (const part of chunkRows(rows, chunk)) {
    await conn
      .insertInto(table)
      .values(part as any)
      .execute();
  }
}

/**
 * Inserts rows and returns their ids in insertion order: RETURNING on SQLite and PostgreSQL; on MySQL the
 * consecutive ids of one multi-row insert (InnoDB gives a statement's rows consecutive ids). `consts` are
 * columns with one value for every row, set on each row (the given rows receive them).
 */
export async function insertManyReturningIds<T extends keyof Database & string>(
  conn: Conn,
  dialect: Dialect,
  table: T,
  rows: Record<string, unknown>[],
  chunk = 500,
  consts?: RowConstants,
): Promise<number[]> {
  if (consts) for (const r of rows) Object.assign(r, consts);
  const ids: number[] = [];
  for (const part of chunkRows(rows, chunk)) {
    const q = conn.insertInto(table).values(part as any);
    if (dialect === 'mysql') {
      const r = await q.executeTakeFirstOrThrow();
      const first = Number(r.insertId);
      for (let k = 0; k < part.length; k++) ids.push(first + k);
    } else {
      const out = (await (q as any).returning('id').execute()) as { id: number }[];
      if (out.length !== part.length) throw new Error(`insert into ${table} returned ${out.length} ids for ${part.length} rows`);
      for (const r of out) ids.push(Number(r.id));
    }
  }
  return ids;
}

/**
 * Whether an error is the database aborting a transaction because of another one: a deadlock, a serialization
 * failure or a lock wait that timed out (PostgreSQL 40P01 / 40001 / 55P03, MySQL/MariaDB 1213 / 1205, SQLite busy).
 * The transaction was rolled back whole, so running it again is safe.
 */
export function isTransactionConflict(err: unknown): boolean {
  const e = err as { code?: unknown; errno?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.code === '40P01' || e.code === '40001' || e.code === '55P03') return true;
  if (e.errno === 1213 || e.errno === 1205) return true;
  return typeof e.code === 'string' && e.code.startsWith('SQLITE_BUSY');
}
