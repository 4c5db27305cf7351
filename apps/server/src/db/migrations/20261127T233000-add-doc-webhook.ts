/**
 * A doc's webhook event name ('' for an operation you call): its own column, so the tree, search and exports
 * know a webhook without reading the spec extras (modules/docs/doc-extras.ts), where it was kept at first.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../config.js';

/** Builds the migration for a dialect. */
export function addDocWebhookMigration(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('docs')
        .addColumn('webhook', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .execute();
      await moveWebhookOutOfExtras(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('docs').dropColumn('webhook').execute();
    },
  };
}

/** Moves the event name of docs imported before this column from their extras text into it (exported for its test). */
export async function moveWebhookOutOfExtras(db: Kysely<unknown>): Promise<void> {
  // Only webhook docs have the key (a few rows); the text is rewritten without it, as writers now store it.
  const rows = await sql<{ id: number; x: string }>`
    select id, spec_extras as x from docs where spec_extras like ${'%"webhook":%'}`.execute(db);
  for (const r of rows.rows) {
    let extras: Record<string, unknown>;
    try {
      extras = JSON.parse(r.x) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (typeof extras.webhook !== 'string') continue;
    const { webhook, ...rest } = extras;
    const text = Object.keys(rest).length ? JSON.stringify(rest) : '';
    await sql`update docs set webhook = ${String(webhook).slice(0, 255)}, spec_extras = ${text} where id = ${r.id}`.execute(db);
  }
}
