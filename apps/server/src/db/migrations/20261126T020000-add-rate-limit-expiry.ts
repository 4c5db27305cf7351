/**
 * Rate limits shared by every server: a counter row per key and window (`bucket`, unique) gets the time of
 * its last hit (the login back-off waits from it) and when it may be deleted.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.js';
import { createIndex } from '../schema-dsl.js';

/** Builds the migration for a dialect. */
export function addRateLimitExpiryMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('rate_limits')
        .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('rate_limits')
        .addColumn('expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await createIndex(db, 'rateLimits', ['expiresAt']);
    },
    async down(db: Kysely<unknown>) {
      const drop = db.schema.dropIndex('idx_rate_limits_expires_at');
      await (dialect === 'mysql' ? drop.on('rate_limits') : drop).execute();
      await db.schema.alterTable('rate_limits').dropColumn('expires_at').execute();
      await db.schema.alterTable('rate_limits').dropColumn('updated_at').execute();
    },
  };
}
