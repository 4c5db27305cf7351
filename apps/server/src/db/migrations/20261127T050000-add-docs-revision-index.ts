/**
 * Live docs: readers poll a scope's revision (count, deletions and edit times of its docs). This index lets the
 * database answer from the index alone, without reading the doc rows.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.js';
import { createIndex } from '../schema-dsl.js';

/** Builds the migration for a dialect. */
export function addDocsRevisionIndexMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await createIndex(db, 'docs', ['moduleId', 'isDeleted', 'updatedAt']);
    },
    async down(db: Kysely<unknown>) {
      const drop = db.schema.dropIndex('idx_docs_module_id_is_deleted_updated_at');
      await (dialect === 'mysql' ? drop.on('docs') : drop).execute();
    },
  };
}
