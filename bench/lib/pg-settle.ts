/**
 * PostgreSQL as a default install has it after a bulk load: the tables vacuumed and analysed. The machines' test
 * PostgreSQL runs with `autovacuum = off` (faster tests), so a freshly seeded corpus was never analysed and its
 * index-only scans visit the heap for every row: the search's backend CPU measured 11.8–15.6 ms per search there
 * against 2.75–4.8 ms after `VACUUM ANALYZE` (bench/RESULTS.md, session hP). A default PostgreSQL (autovacuum on,
 * and Folio's migrations set the index tables' thresholds) does this by itself within a minute of the load.
 */
import pg from 'pg';

/** `VACUUM ANALYZE` of every table in the URL's schema (its `search_path`); nothing on another database. */
export async function settlePostgres(databaseUrl: string): Promise<void> {
  if (!databaseUrl.startsWith('postgres')) return;
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ t: string }>(
      'select quote_ident(tablename) as t from pg_tables where schemaname = current_schema() order by tablename',
    );
    if (rows.length) await c.query(`vacuum analyze ${rows.map((r) => r.t).join(', ')}`);
  } finally {
    await c.end();
  }
}
