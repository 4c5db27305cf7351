/**
 * A large imported source (kept for "refresh from source") lives in a file beside the uploads; its
 * application's Swagger settings name the file instead of holding megabytes of text in a row.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.js';

/** Builds the migration for a dialect. */
export function addSwaggerContentFileMigration(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('module_swagger_configs')
        .addColumn('content_file', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('module_swagger_configs').dropColumn('content_file').execute();
    },
  };
}
