/** Every migration in order. New migrations are added here (files named YYYYMMDDTHHMMSS-verb-noun.ts). */
import type { Migration } from 'kysely';
import type { Dialect } from '../../config.js';
import { createSchemaMigration } from './20261121T200000-create-schema.js';
import { createModuleWebhooksMigration } from './20261121T213000-create-module-webhooks.js';
import { addSwaggerContentFileMigration } from './20261122T010000-add-swagger-content-file.js';
import { dropParamsEnumIndexMigration } from './20261124T160000-drop-params-enum-index.js';
import { createParamSetsMigration } from './20261125T090000-create-param-sets.js';
import { createModuleSecurityMigration } from './20261126T040000-create-module-security.js';

/** The migrations for a dialect, keyed by name (sorted by the migrator). */
export function allMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '20261121T200000-create-schema': createSchemaMigration(dialect),
    '20261121T213000-create-module-webhooks': createModuleWebhooksMigration(dialect),
    '20261122T010000-add-swagger-content-file': addSwaggerContentFileMigration(dialect),
    '20261124T160000-drop-params-enum-index': dropParamsEnumIndexMigration(dialect),
    '20261125T090000-create-param-sets': createParamSetsMigration(dialect),
    '20261126T040000-create-module-security': createModuleSecurityMigration(dialect),
  };
}
