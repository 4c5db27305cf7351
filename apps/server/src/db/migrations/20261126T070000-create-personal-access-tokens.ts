/**
 * Personal access tokens: read-only tokens a user creates for agents and scripts (MCP, Markdown twins,
 * llms.txt). Only the SHA-256 of the token is stored; the prefix is kept to tell tokens apart in the list.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.js';
import { createIndex, createTable } from '../schema-dsl.js';

/** Builds the migration for a dialect. */
export function createPersonalAccessTokensMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await createTable(db, dialect, 'personalAccessTokens', {
        id: 'id',
        userId: 'int',
        name: 'str:100',
        tokenHash: 'str:64',
        tokenPrefix: 'str:16',
        scope: 'str:16',
        createdAt: 'bigint',
        lastUsedAt: { kind: 'bigint', nullable: true },
        expiresAt: { kind: 'bigint', nullable: true },
        revokedAt: { kind: 'bigint', nullable: true },
      });
      await createIndex(db, 'personalAccessTokens', ['tokenHash']);
      await createIndex(db, 'personalAccessTokens', ['userId']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('personal_access_tokens').execute();
    },
  };
}
