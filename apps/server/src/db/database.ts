/** Kysely factory per dialect, migrations, and the transaction helper. */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { finished } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  CompiledQuery,
  Kysely,
  type KyselyPlugin,
  type Kysely as KyselyType,
  type Migration,
  type MigrationProvider,
  Migrator,
  MysqlDialect,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Transaction,
} from 'kysely';
import type * as Mysql2 from 'mysql2';
import type PgModule from 'pg';
import type * as PgCopyStreams from 'pg-copy-streams';
import type { Dialect } from '../config.js';
import { allMigrations } from './migrations/index.js';
import type { Database } from './types.js';
import { WalCheckpointer } from './wal-checkpointer.js';
import { registerWriteEpoch, WriteEpochPlugin } from './write-epoch.js';

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

/** The text of a query that runs its one parameter, a function, with the connection's pg client (see withPgClient). */
const PG_WITH_CLIENT = '/* folio: with the pg client */';
type PgClient = PgModule.PoolClient;
const reachable = new WeakSet<PgClient>();

/**
 * A pg pool for Kysely whose clients answer the PG_WITH_CLIENT query by calling its function with themselves:
 * the way to reach the client that holds a transaction (for COPY), which Kysely keeps private.
 */
function clientReachingPool(pool: PgModule.Pool) {
  return {
    connect: async () => {
      const client = await pool.connect();
      if (!reachable.has(client)) {
        reachable.add(client);
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as { query: unknown }).query = (...args: unknown[]) => {
          if (args[0] !== PG_WITH_CLIENT) return query(...args);
          const fn = (args[1] as [(c: PgClient) => Promise<void>])[0];
          return fn(client).then(() => ({ command: 'SELECT', rowCount: 0, rows: [] }));
        };
      }
      return client;
    },
    end: () => pool.end(),
  };
}

/** Runs fn with the pg client of a PostgreSQL connection or transaction (its statements join the transaction). */
async function withPgClient<T>(conn: Conn, fn: (client: PgClient) => Promise<T>): Promise<T> {
  let out: { v: T } | null = null;
  await conn.executeQuery(
    CompiledQuery.raw(PG_WITH_CLIENT, [
      async (client: PgClient) => {
        out = { v: await fn(client) };
      },
    ]),
  );
  if (!out) throw new Error('the PostgreSQL pool did not hand out its client');
  return (out as { v: T }).v;
}

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  destroy(): Promise<void>;
}

/** Opens a connection pool for a DATABASE_URL. */
export function openDatabase(dialect: Dialect, url: string, sqlitePath: string): DatabaseHandle {
  let kdialect: SqliteDialect | PostgresDialect | MysqlDialect;
  let sqliteHandle: SqliteHandlePlugin | null = null;
  let checkpointer: WalCheckpointer | null = null;
  if (dialect === 'sqlite') {
    if (sqlitePath !== ':memory:') mkdirSync(dirname(sqlitePath), { recursive: true });
    const file = new SQLite(sqlitePath);
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = NORMAL');
    file.pragma('foreign_keys = OFF');
    file.pragma('busy_timeout = 5000');
    // A database file's write-ahead log is checkpointed on a worker thread, not inside commits.
    if (sqlitePath !== ':memory:') checkpointer = new WalCheckpointer(file, sqlitePath);
    // Reuse prepared statements: Kysely's driver prepares every query again (a measurable share of a read).
    const stmts = new Map<string, ReturnType<typeof file.prepare>>();
    // Long statements: mostly one-off IN lists, but full chunks of a bulk insert repeat the same text
    // (hundreds of times in a large import), so a few of them are kept too.
    const longStmts = new Map<string, ReturnType<typeof file.prepare>>();
    const prepare = file.prepare.bind(file);
    (file as { prepare: typeof prepare }).prepare = ((source: string) => {
      const cache = source.length <= 2000 ? stmts : /^insert /i.test(source) ? longStmts : null;
      let st = cache?.get(source);
      if (!st) {
        st = prepare(source);
        if (cache) {
          if (cache.size >= (cache === stmts ? 500 : 16)) cache.clear();
          cache.set(source, st);
        }
      }
      return st;
    }) as typeof prepare;
    kdialect = new SqliteDialect({ database: file });
    sqliteHandle = new SqliteHandlePlugin(file);
  } else if (dialect === 'postgres') {
    const pg = loadPg();
    kdialect = new PostgresDialect({ pool: clientReachingPool(new pg.Pool({ connectionString: url, max: 10 })) });
  } else {
    const u = new URL(url.replace(/^mariadb:/, 'mysql:'));
    kdialect = new MysqlDialect({
      pool: (requireDriver('mysql2') as typeof Mysql2).createPool({
        host: u.hostname,
        port: Number(u.port || 3306),
        user: decodeURIComponent(u.username),
        password: decodeURIComponent(u.password),
        database: u.pathname.replace(/^\//, ''),
        connectionLimit: 10,
        charset: 'utf8mb4',
        supportBigNumbers: true,
        bigNumberStrings: false,
      }),
    });
  }
  const epoch = new WriteEpochPlugin();
  // Tell the epochs about commits (see write-epoch.ts): wrap the driver's commitTransaction.
  const createDriver = kdialect.createDriver.bind(kdialect);
  kdialect.createDriver = () => {
    const driver = createDriver();
    const commit = driver.commitTransaction.bind(driver);
    driver.commitTransaction = async (connection) => {
      await commit(connection);
      epoch.committed();
    };
    return driver;
  };
  const db = new Kysely<Database>({
    dialect: kdialect,
    plugins: sqliteHandle ? [new CamelCasePlugin(), epoch, sqliteHandle] : [new CamelCasePlugin(), epoch],
  });
  registerWriteEpoch(db, epoch);
  return {
    db,
    dialect,
    destroy: async () => {
      await checkpointer?.close();
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
  if (error) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`);
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

/** Carries the better-sqlite3 handle of a database (and of its transactions, which inherit plugins). */
class SqliteHandlePlugin implements KyselyPlugin {
  constructor(readonly handle: SQLite.Database) {}
  transformQuery(args: Parameters<KyselyPlugin['transformQuery']>[0]) {
    return args.node;
  }
  async transformResult(args: Parameters<KyselyPlugin['transformResult']>[0]) {
    return args.result;
  }
}

/**
 * SQLite inside a transaction: the rows go through prepared inserts compiled by Kysely from the first row
 * (so names and plugins are as usual), 64 rows a statement, instead of statements Kysely would build node
 * by node. Returns the new ids in order, or null when the rows do not all have the first row's columns
 * with plain values (the caller then takes the usual path).
 */
/** Rows per multi-row SQLite insert, and SQLite's limit of bound values per statement. */
const SQLITE_GROUP = 64;
const SQLITE_MAX_VARS = 32_000;

/** Copies a row's columns into a statement's values; false when one is not a plain bindable value. */
type Extract = (r: Record<string, unknown>, out: unknown[], at: number) => boolean;
const extractors = new Map<string, Extract | null>();

/**
 * The copier of a column list, generated once per list: plain property reads (`r.name`) instead of keyed
 * ones (`r[cols[j]]`), which V8 runs several times faster over tens of thousands of rows. Column names are
 * the schema's own identifiers; any other name gets no copier (the caller takes the usual path).
 */
function extractorOf(cols: string[]): Extract | null {
  const key = cols.join(',');
  let f = extractors.get(key);
  if (f === undefined) {
    f = null;
    if (cols.every((c) => /^[A-Za-z_$][\w$]*$/.test(c))) {
      const body = cols
        .map(
          (c, j) =>
            `v = r.${c}; if (typeof v !== 'string' && typeof v !== 'number' && v !== null && typeof v !== 'bigint' && !isBuf(v)) return false; out[at + ${j}] = v;`,
        )
        .join('\n');
      f = new Function('isBuf', `return function extract(r, out, at) { let v;\n${body}\nreturn true; };`)(Buffer.isBuffer) as Extract;
    }
    extractors.set(key, f);
  }
  return f;
}

/** Prepared bulk inserts per connection (a 64-row statement is long to prepare; imports run many). */
const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

function prepared(handle: SQLite.Database, sqlText: string): SQLite.Statement {
  let m = statements.get(handle);
  if (!m) {
    m = new Map();
    statements.set(handle, m);
  }
  let st = m.get(sqlText);
  if (!st) {
    if (m.size >= 64) m.clear();
    st = handle.prepare(sqlText);
    m.set(sqlText, st);
  }
  return st;
}

/** Values the same for every row of a bulk insert (written once into the statement, not bound per row). */
export type RowConstants = Record<string, number>;

/** Writes the values of row `i` (in the column order given) into `out` from index `at`. */
export type FillRow = (i: number, out: unknown[], at: number) => void;

/** The better-sqlite3 handle under a transaction, or null (not SQLite, or not in a transaction). */
function sqliteTxHandle(conn: Conn): SQLite.Database | null {
  if (!conn.isTransaction) return null;
  const raw = conn.getExecutor().plugins.find((p): p is SqliteHandlePlugin => p instanceof SqliteHandlePlugin);
  return raw?.handle ?? null;
}

function sqliteInsertRows(conn: Conn, table: string, rows: Record<string, unknown>[], consts?: RowConstants): number[] | null {
  if (!rows.length) return null;
  const handle = sqliteTxHandle(conn);
  if (!handle) return null;
  const cols = Object.keys(rows[0]);
  const extract = extractorOf(cols);
  if (!extract) return null;
  const probe: unknown[] = new Array(cols.length);
  for (const r of rows) {
    if (Object.keys(r).length !== cols.length || !extract(r, probe, 0)) return null;
  }
  return sqliteWrite(conn, handle, table, cols, consts, rows.length, (i, out, at) => {
    extract(rows[i], out, at);
  });
}

/**
 * A bulk insert for a caller that has its values at hand (no row objects): `n` rows of `cols`, each filled
 * by `fill`, plus `consts`. SQLite inside a transaction only (null elsewhere: the caller takes the usual
 * path). The values must be plain (text, numbers, null): anything else fails the statement.
 */
export function sqliteBulkInsert(
  conn: Conn,
  table: string,
  cols: string[],
  consts: RowConstants,
  n: number,
  fill: FillRow,
): number[] | null {
  const handle = sqliteTxHandle(conn);
  if (!handle || !n) return null;
  return sqliteWrite(conn, handle, table, cols, consts, n, fill);
}

function sqliteWrite(
  conn: Conn,
  handle: SQLite.Database,
  table: string,
  cols: string[],
  consts: RowConstants | undefined,
  n: number,
  fill: FillRow,
): number[] | null {
  const fixed = Object.entries(consts ?? {}).filter(([k]) => !cols.includes(k));
  if (!fixed.every(([, v]) => Number.isFinite(v))) return null;
  // Kysely compiles the statement (names through its plugins); the values here only stand in.
  const compiled = conn
    .insertInto(table as keyof Database & string)
    .values(Object.fromEntries([...cols.map((c) => [c, 0]), ...fixed]) as any)
    .compile();
  const open = compiled.sql.lastIndexOf('(');
  if (compiled.parameters.length !== cols.length + fixed.length || !/\)\s*$/.test(compiled.sql)) return null;
  // The statement's tuple: a placeholder per row column, then the constants written in.
  const tuple = `(${[...cols.map(() => '?'), ...fixed.map(([, v]) => String(v))].join(', ')})`;
  const head = compiled.sql.slice(0, open);
  // Rows go GROUP at a time in one multi-row statement (half the cost of one statement a row), the rest
  // one by one. Ids: every table has an AUTOINCREMENT key, so the rows of one statement get consecutive
  // ids ending at the last insert rowid (checked by the row count).
  const per = Math.max(1, Math.min(SQLITE_GROUP, Math.floor(SQLITE_MAX_VARS / cols.length)));
  const single = prepared(handle, head + tuple);
  const group = per > 1 && n >= per ? prepared(handle, head + `${tuple}, `.repeat(per - 1) + tuple) : null;
  const ids: number[] = new Array(n);
  let i = 0;
  if (group) {
    const vals: unknown[] = new Array(cols.length * per);
    for (; i + per <= n; i += per) {
      for (let k = 0; k < per; k++) fill(i + k, vals, k * cols.length);
      const res = group.run(vals);
      if (res.changes !== per) throw new Error(`multi-row insert into ${table} wrote ${res.changes} of ${per} rows`);
      const last = Number(res.lastInsertRowid);
      for (let k = 0; k < per; k++) ids[i + k] = last - per + 1 + k;
    }
  }
  const vals: unknown[] = new Array(cols.length);
  for (; i < n; i++) {
    fill(i, vals, 0);
    ids[i] = Number(single.run(vals).lastInsertRowid);
  }
  // Compiling ran the write-epoch plugin's write bump; complete it as a result would.
  completeWrite(conn, compiled.queryId);
  return ids;
}

/** Completes the write bump the write-epoch plugin made when a query was compiled (as its result would). */
function completeWrite(conn: Conn, queryId: CompiledQuery['queryId']): void {
  for (const p of conn.getExecutor().plugins) {
    if (p instanceof WriteEpochPlugin) void p.transformResult({ queryId, result: { rows: [] } });
  }
}

/** Rows from which a bulk insert on PostgreSQL goes through COPY (fewer go as one plain insert). */
const PG_COPY_MIN_ROWS = 50;

/**
 * PostgreSQL: rows as COPY (with ids from pgReserveIds when asked), when there are enough of them and every
 * row has the first row's columns with plain values (text, numbers, null); null otherwise (the caller then
 * takes the usual path). Returns the ids in row order (empty without `withIds`).
 */
async function pgCopyRows(
  conn: Conn,
  table: keyof Database & string,
  rows: Record<string, unknown>[],
  withIds: boolean,
): Promise<number[] | null> {
  if (rows.length < PG_COPY_MIN_ROWS || !(conn.getExecutor().adapter instanceof PostgresAdapter)) return null;
  const cols = Object.keys(rows[0]);
  if (withIds && cols.includes('id')) return null;
  for (const r of rows) {
    if (Object.keys(r).length !== cols.length) return null;
    for (const c of cols) {
      const v = r[c];
      if (typeof v !== 'string' && typeof v !== 'number' && v !== null) return null;
    }
  }
  const ids = withIds ? await pgReserveIds(conn, table, rows.length) : null;
  const width = cols.length;
  await pgCopyInsert(conn, table, ids ? ['id', ...cols] : cols, {}, rows.length, (i, out, at) => {
    const r = rows[i];
    let k = at;
    if (ids) out[k++] = ids[i];
    for (let j = 0; j < width; j++) out[k + j] = r[cols[j]];
  });
  return ids ?? [];
}

/**
 * PostgreSQL: takes `n` new ids of a table's `id` sequence in one statement, ascending (rows written with
 * them, as by pgCopyInsert, keep the order the ids give them).
 */
export async function pgReserveIds(conn: Conn, table: keyof Database & string, n: number): Promise<number[]> {
  if (!n) return [];
  const name = tableName(conn, table);
  const seq = await conn.executeQuery<{ seq: string | null }>(
    CompiledQuery.raw(`select pg_get_serial_sequence($1, 'id') as "seq"`, [name]),
  );
  const seqName = seq.rows[0]?.seq;
  if (!seqName) throw new Error(`${name} has no id sequence`);
  // The sequence is bound as a regclass (a lookup per row costs six times the sequence itself), and the
  // ids come back as one text, not a row each (74k rows through the driver and Kysely's plugins cost ten
  // times what the sequence does).
  const res = await conn.executeQuery<{ ids: string }>(
    CompiledQuery.raw(
      `select string_agg(v::text, ',') as "ids" from (select nextval($1::regclass) as v from generate_series(1, $2::int)) s`,
      [seqName, n],
    ),
  );
  const ids = (res.rows[0]?.ids ?? '').split(',').map(Number);
  for (let i = 1; i < ids.length; i++) {
    if (ids[i] < ids[i - 1]) {
      ids.sort((x, y) => x - y);
      break;
    }
  }
  if (ids.length !== n) throw new Error(`${name}: ${ids.length} ids for ${n} rows`);
  return ids;
}

/** A table's name as the database knows it (through Kysely's plugins: camelCase → snake_case). */
function tableName(conn: Conn, table: keyof Database & string): string {
  const compiled = conn
    .selectFrom(table)
    .select('id' as never)
    .compile();
  const m = /from "([^"]+)"/.exec(compiled.sql);
  if (!m) throw new Error(`no table name in ${compiled.sql}`);
  return m[1];
}

/** Characters COPY's text format escapes (backslash, tab, newline, carriage return). */
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_CONTROL = /[\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const COPY_CONTROL_ALL = /[\t\n\r]/g;

/**
 * Text in COPY's text format: backslashes doubled first (one pass without a callback: JSON bodies of
 * megabytes hold many and no raw control characters), then tab, newline and carriage return escaped.
 */
function copyText(v: string): string {
  if (!COPY_SPECIAL.test(v)) return v;
  const out = v.includes('\\') ? v.replaceAll('\\', '\\\\') : v;
  return COPY_CONTROL.test(out) ? out.replace(COPY_CONTROL_ALL, (c) => COPY_ESCAPES[c]) : out;
}

/** A value in COPY's text format: numbers as written, null as \N, text with its special characters escaped. */
function copyValue(v: unknown): string {
  if (typeof v === 'string') return copyText(v);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`COPY: ${v} is not a number PostgreSQL can store`);
    return String(v);
  }
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'bigint') return v.toString();
  throw new Error(`COPY: a value of type ${typeof v} cannot be written`);
}

/** An open `COPY … FROM STDIN` (see pgOpenCopy). */
export interface PgCopy {
  /** Adds a row: `fill` writes its values in the column order given (the constants follow by themselves). */
  row(fill: (out: unknown[], at: number) => void): void;
  /** Waits while the connection has more unsent data than it wants (for a writer that can wait). */
  drained(): Promise<void>;
  /** Sends the rest and finishes the COPY; resolves once the server holds every row (their count checked). */
  end(): Promise<void>;
  /** Abandons the COPY (the server discards its rows and fails the transaction), then resolves. */
  abort(reason: Error): Promise<void>;
}

/** Characters of COPY text sent at a time. */
const COPY_CHUNK = 1 << 16;

/**
 * PostgreSQL: opens `COPY table (cols…) FROM STDIN` on the connection or transaction's own client and
 * resolves once the server has accepted it. Rows then go out as they are added, so the server inserts them
 * while the caller goes on working: one statement, no per-value parameters and no RETURNING, several times
 * faster than `insert … select * from unnest(…)` for tens of thousands of rows. Rows that need their ids take
 * them first from pgReserveIds and write them as the `id` column. Until `end()` or `abort()`, the connection
 * carries nothing else: a query issued meanwhile waits for the COPY to end.
 */
export async function pgOpenCopy(conn: Conn, table: keyof Database & string, cols: string[], consts: RowConstants): Promise<PgCopy> {
  const fixed = Object.entries(consts).filter(([k]) => !cols.includes(k));
  // Kysely compiles an insert of these columns: the names through its plugins, and the write-epoch bump.
  const compiled = conn
    .insertInto(table)
    .values(Object.fromEntries([...cols.map((c) => [c, 0]), ...fixed]) as any)
    .compile();
  const m = /^insert into ("[^"]+") (\([^)]*\)) values/.exec(compiled.sql);
  if (!m) throw new Error(`COPY: unexpected insert ${compiled.sql.slice(0, 80)}`);
  const tail = `${fixed.map(([, v]) => `\t${copyValue(v)}`).join('')}\n`;
  const width = cols.length;
  const vals: unknown[] = new Array(width);
  let stream: ReturnType<typeof PgCopyStreams.from> | null = null;
  let buf = '';
  let rows = 0;
  let opened: (() => void) | null = null;
  let failed: ((err: unknown) => void) | null = null;
  const accepted = new Promise<void>((resolve, reject) => {
    opened = resolve;
    failed = reject;
  });
  const done = withPgClient(conn, async (client) => {
    const { from: copyFrom } = requireDriver('pg-copy-streams') as typeof PgCopyStreams;
    const s = client.query(copyFrom(`copy ${m[1]} ${m[2]} from stdin`));
    stream = s;
    // Errors surface through `finished` (and end/abort); a row added after the server failed the COPY must
    // not raise an unhandled 'error' event.
    s.on('error', () => {});
    const over = finished(s);
    // The first write's callback runs once the server has answered the COPY (CopyInResponse).
    s.write(Buffer.alloc(0), (err) => (err ? failed?.(err) : opened?.()));
    await over;
    return s.rowCount;
  });
  done.catch((err) => failed?.(err));
  await accepted;
  const send = () => {
    if (buf) (stream as NonNullable<typeof stream>).write(buf);
    buf = '';
  };
  return {
    row(fill) {
      fill(vals, 0);
      let line = copyValue(vals[0]);
      for (let j = 1; j < width; j++) line += `\t${copyValue(vals[j])}`;
      buf += line + tail;
      rows++;
      if (buf.length >= COPY_CHUNK) send();
    },
    async drained() {
      const s = stream as NonNullable<typeof stream>;
      if (s.writableNeedDrain) await new Promise<void>((resolve) => s.once('drain', resolve));
    },
    async end() {
      send();
      (stream as NonNullable<typeof stream>).end();
      const written = await done;
      if (written !== rows) throw new Error(`COPY into ${m[1]} wrote ${written} of ${rows} rows`);
      completeWrite(conn, compiled.queryId);
    },
    async abort(reason) {
      buf = '';
      (stream as NonNullable<typeof stream>).destroy(reason);
      await done.catch(() => {});
    },
  };
}

/**
 * PostgreSQL: writes `n` rows of `cols` (each filled by `fill`, plus `consts`) with one COPY (pgOpenCopy),
 * letting the connection drain between chunks.
 */
export async function pgCopyInsert(
  conn: Conn,
  table: keyof Database & string,
  cols: string[],
  consts: RowConstants,
  n: number,
  fill: FillRow,
): Promise<void> {
  if (!n) return;
  const copy = await pgOpenCopy(conn, table, cols, consts);
  try {
    for (let i = 0; i < n; i++) {
      copy.row((out, at) => fill(i, out, at));
      if ((i & 255) === 255) await copy.drained();
    }
  } catch (err) {
    await copy.abort(err as Error);
    throw err;
  }
  await copy.end();
}

/** Inserts many rows in chunks (bound-parameter limits differ per dialect). */
export async function insertMany<T extends keyof Database & string>(
  conn: Conn,
  table: T,
  rows: Record<string, unknown>[],
  chunk = 200,
): Promise<void> {
  if (sqliteInsertRows(conn, table, rows)) return;
  if (await pgCopyRows(conn, table, rows, false)) return;
  for (const part of chunkRows(rows, chunk)) {
    await conn
      .insertInto(table)
      .values(part as any)
      .execute();
  }
}

/** Characters of text per multi-row statement: MariaDB's default max_allowed_packet is 16 MB (CJK text is 3 bytes a character). */
const MAX_STATEMENT_CHARS = 4_000_000;

function rowChars(row: Record<string, unknown>): number {
  let n = 16;
  for (const v of Object.values(row)) n += typeof v === 'string' ? v.length : 8;
  return n;
}

/** Splits rows into chunks of at most maxRows rows and about 4 M characters of values (a bigger row goes alone). */
export function chunkRows<R extends Record<string, unknown>>(rows: R[], maxRows: number): R[][] {
  const out: R[][] = [];
  let cur: R[] = [];
  let chars = 0;
  for (const r of rows) {
    const c = rowChars(r);
    if (cur.length && (cur.length >= maxRows || chars + c > MAX_STATEMENT_CHARS)) {
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

/** True when the database answers. */
export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * Inserts rows and returns their ids in insertion order (MySQL: consecutive ids of one multi-row insert).
 * `consts` are columns with one value for every row: SQLite writes them into the statement; elsewhere
 * they are set on each row (the given rows receive them).
 */
export async function insertManyReturningIds<T extends keyof Database & string>(
  conn: Conn,
  dialect: Dialect,
  table: T,
  rows: Record<string, unknown>[],
  chunk = 200,
  consts?: RowConstants,
): Promise<number[]> {
  if (dialect === 'sqlite') {
    const fast = sqliteInsertRows(conn, table, rows, consts);
    if (fast) return fast;
  }
  if (consts) for (const r of rows) Object.assign(r, consts);
  if (dialect === 'postgres') {
    const fast = await pgCopyRows(conn, table, rows, true);
    if (fast) return fast;
  }
  const ids: number[] = [];
  for (const part of chunkRows(rows, chunk)) {
    const q = conn.insertInto(table).values(part as any);
    if (dialect === 'mysql') {
      const r = await q.executeTakeFirstOrThrow();
      const first = Number(r.insertId);
      for (let k = 0; k < part.length; k++) ids.push(first + k);
    } else {
      const out = (await (q as any).returning('id').execute()) as { id: number }[];
      for (const r of out) ids.push(Number(r.id));
    }
  }
  return ids;
}
