/**
 * A multi-word search checks each candidate entry for its other words by (entry, term): the index on
 * `search_terms.entry_id` becomes (entry_id, term, weight), so that check is one index seek that reads
 * the weight too. (SQLite's WITHOUT ROWID and InnoDB secondary indexes already carried the primary key's
 * columns after entry_id; PostgreSQL's did not, so every check read the table.)
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.js';

/** Builds the migration for a dialect. */
export function addSearchTermLookupIndexMigration(dialect: Dialect) {
  const drop = async (db: Kysely<unknown>, name: string) => {
    const b = db.schema.dropIndex(name);
    await (dialect === 'mysql' ? b.on('search_terms') : b).execute();
  };
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('idx_search_terms_entry_term').on('search_terms').columns(['entry_id', 'term', 'weight']).execute();
      await drop(db, 'idx_search_terms_entry_id');
    },
    async down(db: Kysely<unknown>) {
      await db.schema.createIndex('idx_search_terms_entry_id').on('search_terms').column('entry_id').execute();
      await drop(db, 'idx_search_terms_entry_term');
    },
  };
}
