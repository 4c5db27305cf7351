/**
 * Job leases: a running job names the server that claimed it and until when its claim holds (renewed while
 * it runs). A starting server takes over only jobs whose lease expired, never one a live server is running.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.js';

/** Builds the migration for a dialect. */
export function addJobLeasesMigration(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('jobs')
        .addColumn('lease_owner', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('jobs')
        .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('jobs').dropColumn('lease_until').execute();
      await db.schema.alterTable('jobs').dropColumn('lease_owner').execute();
    },
  };
}
