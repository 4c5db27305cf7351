/**
 * The embedded SQLite file with a second, read-only connection. Kysely's SQLite driver has one connection
 * behind a mutex, so while a transaction is open (a 20,000-doc push holds one for seconds) every other
 * request's query waits for it: the health check and every reader stalled for 5.9 s. In WAL mode readers
 * do not block the writer nor wait for it, so here a statement that only reads and runs outside a
 * transaction goes to the read-only connection and sees what was committed when it starts (as on
 * PostgreSQL); transactions and writes keep the single writer connection and its mutex.
 * An in-memory database has no second connection (it would be another database): everything uses one.
 */
import type SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, SelectQueryNode, SqliteDialect } from 'kysely';

class Mutex {
  #held: Promise<void> | null = null;
  #release: (() => void) | null = null;

  async lock(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => {
      this.#release = resolve;
    });
  }

  unlock(): void {
    const release = this.#release;
    this.#held = null;
    this.#release = null;
    release?.();
  }
}

/** Statements that may go to the reader: selects (and their WITH form) that SQLite says do not write. */
const READ = /^\s*(select|with)\b/i;

/** Column names of statements whose select list names every column (no `*`), so the SQL text fixes them. */
const columnNames = new WeakMap<SQLite.Statement, string[]>();

/**
 * A reading statement's rows as objects. better-sqlite3 builds each row object in C++ as a dictionary-mode
 * object (V8's Object::New with properties): for the space tree's 50 rows of 8 columns that was about a third
 * of the statement's CPU. Here the rows come as arrays and become objects in JavaScript, one shape per
 * statement. A select list with `*` returns whatever columns the table has now (another server's migration
 * may add one), so those statements keep better-sqlite3's objects.
 */
function allRows(stmt: SQLite.Statement, sql: string, params: unknown[]): unknown[] {
  if (sql.includes('*')) return stmt.all(params);
  let names = columnNames.get(stmt);
  if (!names) {
    names = stmt.columns().map((c) => c.name);
    columnNames.set(stmt, names);
  }
  stmt.raw(true);
  let arrays: unknown[][];
  try {
    arrays = stmt.all(params) as unknown[][];
  } finally {
    stmt.raw(false);
  }
  return arrays.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]] = values[i];
    return row;
  });
}

function run(db: SQLite.Database, query: CompiledQuery): QueryResult<unknown> {
  const stmt = db.prepare(query.sql);
  const params = query.parameters as unknown[];
  if (stmt.reader) return { rows: allRows(stmt, query.sql, params) };
  const { changes, lastInsertRowid } = stmt.run(params);
  return {
    numAffectedRows: changes == null ? undefined : BigInt(changes),
    insertId: lastInsertRowid == null ? undefined : BigInt(lastInsertRowid),
    rows: [],
  };
}

/**
 * better-sqlite3 answers synchronously, so a long series of statements (a push writes thousands) resolves
 * one promise after another without ever returning to the event loop: no request could even be read
 * until the write ended. After each statement, once 10 ms have passed since the last turn, the event loop
 * gets one.
 */
let lastTurn = performance.now();
async function yieldSometimes(): Promise<void> {
  if (performance.now() - lastTurn < 10) return;
  await new Promise((resolve) => setImmediate(resolve));
  lastTurn = performance.now();
}

/** One use of the database by Kysely: a single statement, or a transaction. */
class Lease implements DatabaseConnection {
  /** Whether this lease holds the writer (a transaction, or a write outside one). */
  holding = false;

  constructor(
    private readonly writer: SQLite.Database,
    private readonly reader: SQLite.Database | null,
    private readonly mutex: Mutex,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.holding && this.reader && READ.test(query.sql)) {
      const stmt = this.reader.prepare(query.sql);
      if (stmt.readonly && stmt.reader) return { rows: allRows(stmt, query.sql, query.parameters as unknown[]) as R[] };
    }
    await this.hold();
    const result = run(this.writer, query) as QueryResult<R>;
    await yieldSometimes();
    return result;
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('SQLite streams select queries only');
    await this.hold();
    for (const row of this.writer.prepare(query.sql).iterate(query.parameters as unknown[])) yield { rows: [row as R] };
  }

  async hold(): Promise<void> {
    if (this.holding) return;
    await this.mutex.lock();
    this.holding = true;
  }

  release(): void {
    if (!this.holding) return;
    this.holding = false;
    this.mutex.unlock();
  }
}

class ReaderWriterDriver implements Driver {
  readonly #mutex = new Mutex();

  constructor(
    private readonly writer: SQLite.Database,
    private readonly reader: SQLite.Database | null,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Lease(this.writer, this.reader, this.#mutex);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as Lease).hold();
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name.replace(/"/g, '""')}"`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name.replace(/"/g, '""')}"`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release "${name.replace(/"/g, '""')}"`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as Lease).release();
  }

  async destroy(): Promise<void> {
    this.reader?.close();
    this.writer.close();
  }
}

/** Kysely's SQLite dialect with a read-only connection beside the writer (none for an in-memory database). */
export class ReaderWriterSqliteDialect extends SqliteDialect {
  constructor(
    private readonly writer: SQLite.Database,
    private readonly reader: SQLite.Database | null,
  ) {
    super({ database: writer });
  }

  override createDriver(): Driver {
    return new ReaderWriterDriver(this.writer, this.reader);
  }
}
