/**
 * In-site messages keep a message key and its params, so each reader sees them in their own language
 * (written when listed). Rows from before, and rows from Torna, have no key: their text shows as it is.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.js';

/** Builds the migration for a dialect. */
export function addMessageKeysMigration(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('messages').addColumn('message_key', 'varchar(128)').execute();
      await db.schema.alterTable('messages').addColumn('message_params', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('messages').dropColumn('message_params').execute();
      await db.schema.alterTable('messages').dropColumn('message_key').execute();
    },
  };
}
