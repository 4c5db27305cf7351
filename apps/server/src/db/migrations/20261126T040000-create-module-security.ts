/**
 * Security schemes and requirements of an application as data (`SecurityData` JSON, one row per
 * application): kept from an OpenAPI import, written back by the exports.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.js';
import { createIndex, createTable } from '../schema-dsl.js';

/** Builds the migration for a dialect. */
export function createModuleSecurityMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await createTable(db, dialect, 'moduleSecurity', {
        id: 'id',
        moduleId: 'int',
        body: 'text',
        createdAt: 'bigint',
        updatedAt: 'bigint',
      });
      await createIndex(db, 'moduleSecurity', ['moduleId'], true);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('module_security').execute();
    },
  };
}
