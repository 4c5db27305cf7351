/**
 * Queries that run on every request (the settings revision, the session, the memberships) compiled to SQL
 * once per database instead of rebuilt by Kysely's builder and plugins each time: on a doc detail read the
 * building cost about as much CPU as the SQLite reads themselves. Only the SQL text is kept; every call
 * runs it against the database with the call's values (nothing read is kept).
 */
import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/**
 * The SQL texts `prepared()` compiled, each with a statement name: on PostgreSQL they run as named statements
 * and on MySQL/MariaDB as prepared statements (prepared-drivers.ts), so the server plans each of them once per
 * connection instead of at every request (a space tree read cost PostgreSQL ~0.9 ms of CPU as unnamed statements,
 * ~0.4 ms prepared; bench/RESULTS.md, h17d).
 */
const names = new Map<string, string>();

/** The statement name of a text `prepared()` compiled (or `nameStatement()` named), or undefined for any other query. */
export function statementName(sql: string): string | undefined {
  return names.get(sql);
}

/** The SQL texts `prepared()` has compiled so far in this process. */
export function compiledTexts(): string[] {
  return [...names.keys()];
}

/** Texts named at most: past this, `nameStatement()` leaves a text unnamed (planned at every run, as before). */
const MAX_NAMED = 1000;

/**
 * Names an SQL text built by other means than `prepared()` (the search's statements, whose text depends only on
 * the query's shape), so that PostgreSQL plans it once per connection too. Only the text is kept.
 */
export function nameStatement(sql: string): void {
  if (names.has(sql) || names.size >= MAX_NAMED) return;
  names.set(sql, `folio_${createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`);
}

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each parameter of the query: the index of the argument that fills it, or -1 (a constant). */
  slots: number[];
}

/**
 * A query built once by `build` (called with placeholder arguments, each of which must become a
 * parameter of the query) and run with each call's arguments in their places. Returns the rows.
 */
export function prepared<A extends unknown[], R>(arity: number, build: (db: Kysely<any>, ...args: A) => Compilable<R>) {
  const compiled = new WeakMap<Kysely<any>, Compiled<R>>();
  return async (db: Kysely<any>, ...args: A): Promise<R[]> => {
    let c = compiled.get(db);
    if (!c) {
      const markers = Array.from({ length: arity }, (_, i) => `\u0000prepared-arg-${i}`);
      const query = build(db, ...(markers as A)).compile();
      const slots = query.parameters.map((p) => markers.indexOf(p as string));
      if (markers.some((_, i) => !slots.includes(i))) throw new Error('prepared(): every argument must be a query parameter');
      c = { query, slots };
      names.set(query.sql, `folio_${createHash('sha1').update(query.sql).digest('base64url').slice(0, 20)}`);
      compiled.set(db, c);
    }
    const { query, slots } = c;
    const parameters = query.parameters.map((p, i) => (slots[i] >= 0 ? args[slots[i]] : p));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
