/**
 * What a spec says about a doc beyond Torna's shape (modules/docs/doc-extras.ts): its named examples, every
 * documented response with body, headers and examples, the webhook event. One JSON text per doc, '' for none.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../config.js';

/** Builds the migration for a dialect. */
export function addDocSpecExtrasMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      // MySQL/MariaDB take a text default only as an expression (as the table DSL writes it).
      const type = dialect === 'mysql' ? 'longtext' : 'text';
      const dflt = dialect === 'mysql' ? sql.raw(`('')`) : '';
      await db.schema
        .alterTable('docs')
        .addColumn('spec_extras', sql.raw(type), (c) => c.notNull().defaultTo(dflt))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('docs').dropColumn('spec_extras').execute();
    },
  };
}
