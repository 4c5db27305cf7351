/**
 * The index on `params.enum_id` had no reader (no query looks params up by dictionary), yet every param
 * written paid for it: about a third of the time SQLite needs to insert a large import's 74k params.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.js';

/** Builds the migration for a dialect. */
export function dropParamsEnumIndexMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const drop = db.schema.dropIndex('idx_params_enum_id');
      await (dialect === 'mysql' ? drop.on('params') : drop).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.createIndex('idx_params_enum_id').on('params').column('enum_id').execute();
    },
  };
}
