/**
 * The search index (modules/search): one `search_entries` row per searchable thing (doc, folder, dictionary,
 * constants page, application, project, space) with the text its snippets come from, and `search_terms`, its
 * normalised terms (search-tokens.ts) with the weight of the best field each came from and the scope that
 * decides who may read it (the project id; minus the space id for a space's own entry), so a query reads
 * the terms' primary key only: a term's rows in weight order (the best hits of a one-word query first), a
 * prefix as a range, the reader's scopes as a filter. The same on SQLite, PostgreSQL and MariaDB (PostgreSQL
 * compares terms bytewise, `collate "C"`, so a prefix is a range whatever the database's collation).
 * The index is derived data: it is filled for existing content by `reindexAll` (search-rebuild.ts) at startup
 * when empty, and by the admin reindex job.
 */
import { CamelCasePlugin, type Kysely, sql } from 'kysely';
import type { Dialect } from '../../config.js';
import { createIndex, createTable } from '../schema-dsl.js';

/** Builds the migration for a dialect. */
export function createSearchIndexMigration(dialect: Dialect) {
  return {
    async up(plain: Kysely<any>) {
      const db = plain.withPlugin(new CamelCasePlugin());
      await createTable(db, dialect, 'searchEntries', {
        id: 'id',
        kind: 'str:16',
        refId: 'int',
        spaceId: 'int',
        projectId: 'int',
        moduleId: 'int',
        name: 'str:255',
        method: 'str:16',
        path: 'str:1024',
        docType: 'flag',
        status: 'flag',
        deprecated: 'flag',
        body: 'longtext',
        updatedAt: 'bigint',
      });
      await createIndex(db, 'searchEntries', ['kind', 'refId'], true);
      await createIndex(db, 'searchEntries', ['moduleId']);
      await createIndex(db, 'searchEntries', ['projectId']);
      let t = plain.schema
        .createTable('search_terms')
        .addColumn('term', sql.raw(dialect === 'postgres' ? 'varchar(48) collate "C"' : 'varchar(48)'), (c) => c.notNull())
        .addColumn('entry_id', 'integer', (c) => c.notNull())
        .addColumn('weight', 'smallint', (c) => c.notNull())
        .addColumn('scope_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('pk_search_terms', ['term', 'weight', 'entry_id', 'scope_id']);
      if (dialect === 'sqlite') t = t.modifyEnd(sql.raw(' WITHOUT ROWID'));
      if (dialect === 'mysql') t = t.modifyEnd(sql.raw(' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin'));
      await t.execute();
      await plain.schema.createIndex('idx_search_terms_entry_id').on('search_terms').column('entry_id').execute();
    },
    async down(plain: Kysely<any>) {
      await plain.schema.dropTable('search_terms').execute();
      await plain.schema.dropTable('search_entries').execute();
    },
  };
}
