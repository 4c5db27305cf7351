/**
 * PostgreSQL: the search tables are vacuumed after every few thousand inserted rows, not after 20 % of the
 * table (autovacuum's default). A multi-word search counts and checks terms with index-only scans, which read
 * the table itself for every row of a page the visibility map does not mark all-visible: on a freshly
 * written 10,000-doc index a term count took 9 ms instead of 1 ms. SQLite and MySQL have nothing to tune.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../config.js';

const TABLES = ['search_terms', 'search_entries'];

/** Builds the migration for a dialect. */
export function tuneSearchTermsVacuumMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      for (const t of TABLES) {
        await sql`alter table ${sql.table(t)} set (autovacuum_vacuum_insert_threshold = 2000, autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02)`.execute(
          db,
        );
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      for (const t of TABLES) {
        await sql`alter table ${sql.table(t)} reset (autovacuum_vacuum_insert_threshold, autovacuum_vacuum_insert_scale_factor, autovacuum_vacuum_scale_factor, autovacuum_analyze_scale_factor)`.execute(
          db,
        );
      }
    },
  };
}
