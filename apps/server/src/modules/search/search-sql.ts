/**
 * What the search's statements share: the reader's context, the candidate cap, how a list of ids is written, and
 * how a statement of the index runs on each database (`run`).
 */
import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../config.js';
import type { AppContext } from '../../context.js';
import { nameStatement } from '../../db/prepared.js';
import type { QueryTerm } from './search-tokens.js';

export type Ctx = Pick<AppContext, 'db' | 'ids' | 'dialect' | 'readWorkers'>;

/** A query counts and ranks at most this many candidates (entries of its rarest term); counts stop here. */
export const CANDIDATES = 500;

/** A query term with the number of its rows the reader may see (counted up to CANDIDATES). */
export interface CountedTerm extends QueryTerm {
  n: number;
}

/** `col` among the ids `xs`; on PostgreSQL one array parameter, so the text does not depend on how many (see `run`). */
export function within(dialect: Dialect, col: string, xs: number[]) {
  if (dialect === 'postgres') return sql`${sql.ref(col)} = any(${sql.val(xs)})`;
  return sql`${sql.ref(col)} in (${xs.length ? sql.join(xs.map((n) => sql`${n}`)) : sql`null`})`;
}

/**
 * Runs a statement of the index (snake_case SQL, without the CamelCasePlugin). On PostgreSQL as a named statement
 * (db/prepared.ts): its text depends only on the query's shape (terms and ids are parameters), so a connection
 * plans it once instead of at every search (planning the ranking was 0.3–0.6 ms of a search's backend CPU).
 * On an SQLite file on a read worker (db/sqlite-read-workers.ts): better-sqlite3 runs a statement on the calling
 * thread, and on the event loop 20 searches at once waited for each other's statements; there they run on the
 * other core. Inside a transaction the statement must see the transaction's writes: it stays on its connection.
 * `named`: false for a text that depends on the words (a suggestion's variants).
 */
export async function run<R>(ctx: Ctx, q: RawBuilder<R>, named = true): Promise<R[]> {
  const conn = ctx.db.withoutPlugins();
  const compiled = q.compile(conn);
  if (named && ctx.dialect === 'postgres') nameStatement(compiled.sql);
  if (ctx.readWorkers && !ctx.db.isTransaction) return ctx.readWorkers.all<R>(compiled.sql, compiled.parameters);
  return (await conn.executeQuery(compiled)).rows;
}
