/**
 * The trash: one row per delete a person made (a doc, a folder with its subtree, an application, a project,
 * a space). `payload` lists exactly the rows that delete soft-deleted and the memberships it removed, so a
 * restore undoes that delete and nothing else.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.js';
import { createIndex, createTable } from '../schema-dsl.js';

/** Builds the migration for a dialect. */
export function createTrashMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await createTable(db, dialect, 'trashItems', {
        id: 'id',
        kind: 'str:16',
        targetId: 'int',
        spaceId: 'int',
        projectId: 'int',
        moduleId: 'int',
        name: 'str:255',
        path: 'str:1024',
        itemCount: 'int',
        payload: 'longtext',
        deletedBy: 'int',
        deletedByName: 'str:128',
        deletedAt: 'bigint',
      });
      await createIndex(db, 'trashItems', ['spaceId', 'deletedAt']);
      await createIndex(db, 'trashItems', ['deletedAt']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('trash_items').execute();
    },
  };
}
