/**
 * Smart-doc runs (partitioned pushes, `apiUploadNums`) live in the database, one row per application, so
 * a run whose chunks reach different servers is still one run (modules/push/push-runs.ts).
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.js';
import { createIndex, createTable } from '../schema-dsl.js';

/** Builds the migration for a dialect. */
export function createPushRunsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await createTable(db, dialect, 'pushRuns', {
        id: 'id',
        moduleId: 'int',
        runId: 'str:64',
        signature: 'str:64',
        lastAt: 'bigint',
        topKeys: 'longtext',
        touched: 'longtext',
        pending: 'longtext',
      });
      await createIndex(db, 'pushRuns', ['moduleId'], true);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('push_runs').execute();
    },
  };
}
