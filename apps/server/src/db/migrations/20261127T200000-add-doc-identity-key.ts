/**
 * A doc's identity key: what tells it apart from other docs with the same method and URL (a Postman
 * request's folder path and name, a GraphQL operation). Empty for Torna's plain identity, so pushes keep
 * Torna's formulas exactly. Postman imports used to put that text in `version`: those rows move it here.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../config.js';
import { md5 } from '../../lib/crypto.js';

/** Postman imports' application type (imports/import-convert.ts MODULE_TYPE_OF.postman). */
const POSTMAN_MODULE = 2;

/** Builds the migration for a dialect. */
export function addDocIdentityKeyMigration(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('docs')
        .addColumn('identity_key', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .execute();
      await moveVersionWorkaround(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('docs').dropColumn('identity_key').execute();
    },
  };
}

/** Moves the identity that Postman imports kept in `version` into `identity_key` (exported for its test). */
export async function moveVersionWorkaround(db: Kysely<unknown>): Promise<void> {
  // (Aliases without underscores: the same rows whether or not the connection camel-cases names.)
  // Imported (create_mode 1) docs of Postman applications whose version was the workaround.
  const rows = await sql<{ id: number; mid: number; did: string; url: string; method: string; version: string }>`
    select d.id, d.module_id as mid, d.data_id as did, d.url, d.http_method as method, d.version from docs d
    join modules m on m.id = d.module_id
    where m.type = ${POSTMAN_MODULE} and d.is_folder = 0 and d.create_mode = 1 and d.version <> ''`.execute(db);
  // A one-time rewrite of the few rows that used the workaround, two statements each (Postman docs are HTTP docs): doc_key is
  // modules/docs/doc-keys.ts docKey with an identity, written out so later changes there cannot change it.
  for (const r of rows.rows) {
    const key = md5(`${r.mid}:${r.url}:${r.method.toUpperCase()}#${r.version}`);
    await sql`update docs set identity_key = ${r.version}, version = '', doc_key = ${key}, data_id = ${md5(key)}
      where id = ${r.id}`.execute(db);
    // A description edited by hand stays protected from the next import (keyed by the row's data_id).
    await sql`update push_ignore_fields set data_id = ${md5(key)} where module_id = ${r.mid} and data_id = ${r.did}`.execute(db);
  }
}
