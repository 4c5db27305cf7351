/** Prepared statements kept per SQLite connection (the main thread's connections and the read workers'). */
import type SQLite from 'better-sqlite3';

/**
 * Reuses prepared statements on an SQLite connection: Kysely's driver prepares every query again (a
 * measurable share of a read). Long statements are mostly one-off IN lists, but full chunks of a bulk insert
 * repeat the same text (hundreds of times in a large import), so a few of them are kept too.
 */
export function reuseStatements(file: SQLite.Database): void {
  const stmts = new Map<string, ReturnType<typeof file.prepare>>();
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
}
