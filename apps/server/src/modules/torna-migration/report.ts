/** The migration's report: what it read and wrote per Torna table, and what Folio has no place for. */
import type { Covers, TornaReportSchema } from '@folio/shared';

/** Torna's default Hashids salt (IdUtil): old hash ids decode only with it. */
export const TORNA_DEFAULT_SALT = '@r9#8e.N$z>09=dG';
export interface TableReport {
  /** Torna table. */
  table: string;
  /** Rows in Torna (deleted ones included). */
  read: number;
  /** Rows (params: params) written into Folio by this run. */
  written: number;
  /** Rows not moved, with why. */
  skipped: { reason: string; count: number }[];
}

export interface MigrationReport {
  dryRun: boolean;
  source: { database: string; version: number | null };
  salt: string;
  spaces: { total: number; migrated: number; resumedPast: number };
  tables: TableReport[];
  /** Things worth knowing (rows written differently than they were). */
  notes: string[];
  /** Whole Torna tables Folio has no place for. */
  notMigrated: { table: string; rows: number; reason: string }[];
  /** Torna columns Folio has no place for. */
  columnsNotMigrated: { table: string; columns: string[]; reason: string }[];
  /** The search index rebuild this run queued (a job any Folio server runs), '' for a dry run. */
  reindexJobId: string;
  ms: number;
}

// The answers of the dry run and of the job's status filter through TornaReportSchema: a field added to the report
// alone would vanish from them, so a missing one fails the type check here.
const reportComplete: Covers<MigrationReport, typeof TornaReportSchema> = true;
void reportComplete;

/** Torna tables not carried, and why. */
export const NOT_CARRIED: Record<string, string> = {
  gen_template: 'code generation templates (Torna 1.28+) have no counterpart in Folio',
  project_release: 'release management (Torna 1.29+) has no counterpart in Folio',
  project_release_doc: 'release management (Torna 1.29+) has no counterpart in Folio',
  system_login_token: 'one-time login keys expire within minutes; users log in again',
  doc_comment: 'unfinished feature in Torna, never shown',
  attachment: 'unfinished feature in Torna, never shown',
};

/** Torna columns Folio has no place for (reported when the source has them). */
export const NOT_CARRIED_COLUMNS: [string, string[], string][] = [
  [
    'doc_param',
    ['creator_id', 'creator_name', 'modifier_id', 'modifier_name', 'modify_mode', 'gmt_create', 'gmt_modified'],
    'params keep no author or times of their own (the doc has them)',
  ],
  [
    'module_environment_param',
    ['creator_id', 'creator_name', 'modifier_id', 'modifier_name', 'modify_mode', 'gmt_create', 'gmt_modified'],
    'params keep no author or times of their own',
  ],
  ['compose_common_param', ['gmt_create', 'gmt_modified'], 'params keep no times of their own'],
  ['module', ['create_mode', 'modify_mode'], 'Folio does not track how an application was created'],
  ['user_info', ['token'], 'Torna 1.0 login tokens; users log in again'],
  ['user_dingtalk_info', ['nick', 'name', 'email', 'unionid', 'openid'], 'Folio keeps the DingTalk user id only (for @mentions)'],
  ['mock_config', ['ip'], 'not used by Torna either'],
  ['push_ignore_field', ['field_description'], 'a label of the field name'],
  ['ms_space_config', ['version'], 'Folio talks to one MeterSphere API version'],
  ['doc_diff_detail', ['gmt_create', 'gmt_modified'], 'the change record has the time'],
];

/** Every table this migration reads. */
export const READ_TABLES = new Set(
  (
    'compose_additional_page compose_common_param compose_doc compose_project constant_info debug_script doc_diff_detail doc_diff_record ' +
    'doc_info doc_param doc_snapshot enum_info enum_item mock_config module module_config module_environment module_environment_param ' +
    'module_swagger_config ms_module_config ms_space_config open_user project project_user prop push_ignore_field share_config share_content ' +
    'share_environment space space_user system_config system_i18n_config user_dingtalk_info user_info user_message user_subscribe user_wecom_info'
  ).split(' '),
);

/** Tables whose deleted rows Folio does not keep (it has no is_deleted column for them). */
export const DELETED_DROPPED = [
  'user_info',
  'space_user',
  'project_user',
  'module_config',
  'module_environment',
  'module_environment_param',
  'doc_param',
  'enum_item',
  'debug_script',
  'share_content',
  'compose_doc',
  'compose_common_param',
  'compose_additional_page',
  'user_subscribe',
  'system_config',
  'system_i18n_config',
];

/** Counts of rows the report shows, as a text table (for the CLI). */
export function formatReport(r: MigrationReport): string {
  const lines = [
    `${r.dryRun ? 'Dry run: would migrate' : 'Migrated'} Torna database "${r.source.database}" (schema ${r.source.version ?? 'unknown'}), ${r.spaces.total} spaces${
      r.spaces.resumedPast ? ` (${r.spaces.resumedPast} already done by the interrupted run)` : ''
    } in ${(r.ms / 1000).toFixed(1)} s`,
    '',
    `| Torna table | read | ${r.dryRun ? 'to write' : 'written'} | not moved |`,
    '|---|---:|---:|---|',
  ];
  for (const t of r.tables) {
    const skipped = t.skipped.reduce((n, s) => n + s.count, 0);
    const w = r.dryRun ? t.read - skipped : t.written;
    lines.push(`| ${t.table} | ${t.read} | ${w} | ${t.skipped.map((s) => `${s.count} ${s.reason}`).join('; ')} |`);
  }
  if (r.notes.length) lines.push('', 'Notes:', ...r.notes.map((n) => `- ${n}`));
  if (r.notMigrated.length) {
    lines.push('', 'Not migrated:');
    for (const n of r.notMigrated) lines.push(`- ${n.table} (${n.rows} rows): ${n.reason}`);
  }
  if (r.columnsNotMigrated.length) {
    lines.push('', 'Columns not migrated:');
    for (const c of r.columnsNotMigrated) lines.push(`- ${c.table}.${c.columns.join(', ')}: ${c.reason}`);
  }
  lines.push(
    '',
    `Hashids salt: ${r.salt === TORNA_DEFAULT_SALT ? "Torna's default" : 'as given'}; old links resolve at once on every Folio server.`,
  );
  if (r.reindexJobId) {
    lines.push(`Search index: rebuild queued (job ${r.reindexJobId}); a running Folio server does it now, else the first one to start.`);
  }
  return lines.join('\n');
}
