/**
 * How the PostgreSQL and MySQL/MariaDB connections run the statements `prepared()` compiled: prepared once per
 * connection on the database server instead of parsed and planned at every request. Every other query runs as
 * Kysely's dialect runs it. Only the server's statement is kept: every execution reads the database.
 */
import type { MysqlPool, MysqlPoolConnection } from 'kysely';
import type * as Mysql2 from 'mysql2';
import type PgModule from 'pg';
import { statementName } from './prepared.js';

/**
 * A pg client that runs the statements `prepared()` compiled as named statements (prepared once per connection,
 * then bound and executed). A migration that changes the columns a prepared statement returns (a later
 * release's, run by another server) makes PostgreSQL refuse it (0A000, cached plan must not change result
 * type): the connection then prepares it again under a new name. Inside a transaction the refusal would have
 * aborted the transaction, so there the texts run unnamed (parsed and planned each time, as any other query).
 */
export function namedStatementClient(pg: typeof PgModule) {
  return class NamedStatementClient extends pg.Client {
    private readonly renamed = new Map<string, string>();
    private renames = 0;
    query(config: any, values?: any, callback?: any): any {
      const base = typeof config === 'string' && Array.isArray(values) && !callback ? statementName(config) : undefined;
      if (!base || this.getTransactionStatus() !== 'I') return super.query(config, values, callback);
      const name = this.renamed.get(base) ?? base;
      return super.query({ name, text: config, values }).catch((e: { code?: string }) => {
        if (e?.code !== '0A000') throw e;
        const again = `${base}_${++this.renames}`;
        this.renamed.set(base, again);
        return super.query({ name: again, text: config, values });
      });
    }
  };
}

/**
 * A mysql2 pool as Kysely's MysqlDialect takes it, whose connections run the statements `prepared()` compiled
 * with mysql2's `execute` (the binary protocol: prepared once per connection and kept in mysql2's per-connection
 * statement cache); every other query with `query` (values written into the text), as the dialect does. When a
 * table a statement reads has changed, MariaDB and MySQL prepare the statement again themselves.
 */
export function preparedStatementPool(pool: Mysql2.Pool): MysqlPool {
  const wrapped = new WeakMap<Mysql2.PoolConnection, MysqlPoolConnection>();
  const wrap = (raw: Mysql2.PoolConnection): MysqlPoolConnection => {
    let conn = wrapped.get(raw);
    if (!conn) {
      conn = {
        query: ((sql: string, values: any[], callback?: (error: unknown, result: any) => void) => {
          if (!callback) return raw.query(sql, values);
          if (statementName(sql)) raw.execute(sql, values, callback);
          else raw.query(sql, values, callback);
        }) as MysqlPoolConnection['query'],
        release: () => raw.release(),
      };
      wrapped.set(raw, conn);
    }
    return conn;
  };
  return {
    getConnection: (callback) => pool.getConnection((error, raw) => callback(error, error ? (raw as any) : wrap(raw))),
    end: (callback) => pool.end(callback),
  };
}
