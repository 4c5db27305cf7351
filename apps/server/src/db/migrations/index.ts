/** Every migration in order. New migrations are added here (files named YYYYMMDDTHHMMSS-verb-noun.ts). */
import type { Migration } from 'kysely';
import type { Dialect } from '../../config.js';
import { createSchemaMigration } from './20261121T200000-create-schema.js';
import { createModuleWebhooksMigration } from './20261121T213000-create-module-webhooks.js';
import { addSwaggerContentFileMigration } from './20261122T010000-add-swagger-content-file.js';
import { dropParamsEnumIndexMigration } from './20261124T160000-drop-params-enum-index.js';
import { createParamSetsMigration } from './20261125T090000-create-param-sets.js';
import { createPushRunsMigration } from './20261126T010000-create-push-runs.js';
import { addRateLimitExpiryMigration } from './20261126T020000-add-rate-limit-expiry.js';
import { addJobLeasesMigration } from './20261126T021000-add-job-leases.js';
import { createModuleSecurityMigration } from './20261126T040000-create-module-security.js';
import { createSearchIndexMigration } from './20261126T060000-create-search-index.js';
import { createPersonalAccessTokensMigration } from './20261126T070000-create-personal-access-tokens.js';
import { createTrashMigration } from './20261126T090000-create-trash.js';
import { addDocsRevisionIndexMigration } from './20261127T050000-add-docs-revision-index.js';
import { addSearchTermLookupIndexMigration } from './20261127T070000-add-search-term-lookup-index.js';
import { createTreeRevisionsMigration } from './20261127T090000-create-tree-revisions.js';
import { addDocIdentityKeyMigration } from './20261127T200000-add-doc-identity-key.js';
import { tuneSearchTermsVacuumMigration } from './20261127T210000-tune-search-terms-vacuum.js';
import { addMessageKeysMigration } from './20261127T220000-add-message-keys.js';
import { addDocSpecExtrasMigration } from './20261127T230000-add-doc-spec-extras.js';
import { addDocWebhookMigration } from './20261127T233000-add-doc-webhook.js';

/** The migrations for a dialect, keyed by name (sorted by the migrator). */
export function allMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '20261121T200000-create-schema': createSchemaMigration(dialect),
    '20261121T213000-create-module-webhooks': createModuleWebhooksMigration(dialect),
    '20261122T010000-add-swagger-content-file': addSwaggerContentFileMigration(dialect),
    '20261124T160000-drop-params-enum-index': dropParamsEnumIndexMigration(dialect),
    '20261125T090000-create-param-sets': createParamSetsMigration(dialect),
    '20261126T090000-create-trash': createTrashMigration(dialect),
    '20261126T060000-create-search-index': createSearchIndexMigration(dialect),
    '20261126T070000-create-personal-access-tokens': createPersonalAccessTokensMigration(dialect),
    '20261126T010000-create-push-runs': createPushRunsMigration(dialect),
    '20261126T020000-add-rate-limit-expiry': addRateLimitExpiryMigration(dialect),
    '20261126T021000-add-job-leases': addJobLeasesMigration(dialect),
    '20261126T040000-create-module-security': createModuleSecurityMigration(dialect),
    '20261127T090000-create-tree-revisions': createTreeRevisionsMigration(dialect),
    '20261127T050000-add-docs-revision-index': addDocsRevisionIndexMigration(dialect),
    '20261127T070000-add-search-term-lookup-index': addSearchTermLookupIndexMigration(dialect),
    '20261127T200000-add-doc-identity-key': addDocIdentityKeyMigration(dialect),
    '20261127T210000-tune-search-terms-vacuum': tuneSearchTermsVacuumMigration(dialect),
    '20261127T220000-add-message-keys': addMessageKeysMigration(dialect),
    '20261127T230000-add-doc-spec-extras': addDocSpecExtrasMigration(dialect),
    '20261127T233000-add-doc-webhook': addDocWebhookMigration(dialect),
  };
}
