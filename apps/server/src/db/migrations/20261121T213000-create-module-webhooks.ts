/**
 * Chat webhooks per application (DingTalk, WeCom, Feishu/Lark, Slack, generic JSON): the URL and the
 * DingTalk signing secret are encrypted at rest. Deliveries point at their webhook.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.js';
import { createIndex, createTable } from '../schema-dsl.js';

/** Builds the migration for a dialect. */
export function createModuleWebhooksMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await createTable(db, dialect, 'moduleWebhooks', {
        id: 'id',
        moduleId: 'int',
        kind: 'str:32',
        name: 'str:128',
        urlEnc: 'text',
        secretEnc: 'text',
        urlHint: 'str:255',
        enabled: { kind: 'flag', default: 1 },
        creatorId: 'int',
        createdAt: 'bigint',
        updatedAt: 'bigint',
      });
      await createIndex(db, 'moduleWebhooks', ['moduleId']);
      await db.schema
        .alterTable('webhook_deliveries')
        .addColumn('webhook_id', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await createIndex(db, 'webhookDeliveries', ['webhookId']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('idx_webhook_deliveries_webhook_id').on('webhook_deliveries').execute();
      await db.schema.alterTable('webhook_deliveries').dropColumn('webhook_id').execute();
      await db.schema.dropTable('module_webhooks').execute();
    },
  };
}
