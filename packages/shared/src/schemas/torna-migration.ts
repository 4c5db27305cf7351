/**
 * The admin console's migration from a Torna database (super admins only): connection test, dry run, the
 * migration job and its progress. Request and response schemas.
 */
import { type Static, Type } from 'typebox';

/** Where Torna's database is: a mysql://, mariadb:// or postgres:// URL. */
const From = Type.String({ minLength: 8, maxLength: 1024, pattern: '^(mysql|mariadb|postgres|postgresql)://' });
/** The timezone Torna's DATETIME columns were written in: 'local', '+08:00', or absent (the server's). */
const Timezone = Type.Optional(Type.String({ maxLength: 16, pattern: '^(local|[+-]\\d\\d:\\d\\d)?$' }));

/** Body of POST /api/admin/tornaMigration/test. */
export const TornaTestBody = Type.Object({ from: From, timezone: Timezone });

/** Body of the dry run and of the start: the source, Torna's Hashids salt (absent: Torna's default) and timezone. */
export const TornaSourceBody = Type.Object({
  from: From,
  salt: Type.Optional(Type.String({ maxLength: 128 })),
  timezone: Timezone,
});
export type TornaSourceRequest = Static<typeof TornaSourceBody>;

/** Answer of the connection test: the database, its Torna schema version and what, if anything, stands in the way. */
export const TornaTestSchema = Type.Object({
  ok: Type.Boolean(),
  database: Type.String(),
  version: Type.Union([Type.Integer(), Type.Null()], { description: "system_config's torna.version, null when Torna wrote none" }),
  tables: Type.Integer(),
  problem: Type.String({ description: "why the migration cannot read this database; '' when it can" }),
});
export type TornaTestAnswer = Static<typeof TornaTestSchema>;

/** What a run read and wrote for one Torna table. */
export const TornaTableReportSchema = Type.Object({
  table: Type.String(),
  read: Type.Integer({ description: 'rows in Torna, deleted ones included' }),
  written: Type.Integer({ description: 'rows written into Folio by this run' }),
  skipped: Type.Array(Type.Object({ reason: Type.String(), count: Type.Integer() })),
});
export type TornaTableReport = Static<typeof TornaTableReportSchema>;

/** The report of a dry run or of a migration. */
export const TornaReportSchema = Type.Object({
  dryRun: Type.Boolean(),
  source: Type.Object({ database: Type.String(), version: Type.Union([Type.Integer(), Type.Null()]) }),
  salt: Type.String(),
  spaces: Type.Object({ total: Type.Integer(), migrated: Type.Integer(), resumedPast: Type.Integer() }),
  tables: Type.Array(TornaTableReportSchema),
  notes: Type.Array(Type.String(), { description: 'rows written differently than they were' }),
  notMigrated: Type.Array(Type.Object({ table: Type.String(), rows: Type.Integer(), reason: Type.String() }), {
    description: 'whole Torna tables Folio has no place for',
  }),
  columnsNotMigrated: Type.Array(Type.Object({ table: Type.String(), columns: Type.Array(Type.String()), reason: Type.String() }), {
    description: 'Torna columns Folio has no place for',
  }),
  reindexJobId: Type.String({ description: "the search index rebuild this run queued, '' for a dry run" }),
  ms: Type.Number({ description: 'how long the run took' }),
});
export type TornaReport = Static<typeof TornaReportSchema>;

/** Answer of the start: the migration job. */
export const TornaJobSchema = Type.Object({ jobId: Type.String({ description: 'poll GET /api/admin/tornaMigration/status?jobId=' }) });

/** Query of GET /api/admin/tornaMigration/status. */
export const TornaStatusQuery = Type.Object({ jobId: Type.String({ minLength: 1, maxLength: 64 }) });

/** A migration job's progress, and its report once done. */
export const TornaStatusSchema = Type.Object({
  jobId: Type.String(),
  state: Type.String({ description: 'queued, running, done or failed' }),
  progress: Type.Number({ description: 'percent; 100 once done' }),
  report: Type.Union([TornaReportSchema, Type.Null()]),
  error: Type.String(),
});
export type TornaStatus = Static<typeof TornaStatusSchema>;
