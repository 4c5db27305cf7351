/**
 * Moves a whole Torna installation into Folio (torna-compat; docs/migrating-from-torna.md). Reads Torna's
 * tables directly (source.ts), writes Folio's with Torna's integer ids and Torna's Hashids salt, so every old
 * link, push token and password keeps working. Users and settings go first, then one transaction per space
 * (space-batch.ts), then subscriptions and messages; a checkpoint in system_configs lets an interrupted run
 * resume, and a re-run updates the rows of the previous one (delete and insert by id), never duplicating them.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../config.js';
import { type Conn, type Db, inTx } from '../../db/database.js';
import type { Database } from '../../db/types.js';
import { insertJob } from '../../jobs/queue.js';
import { encrypt } from '../../lib/crypto.js';
import { IdCodec } from '../../lib/ids.js';
import { deleteParams, insertParams } from '../docs/doc-params.js';
import { REINDEX_JOB } from '../search/search-jobs.js';
import { loadInstallKey } from '../system/install-key.js';
import { Settings } from '../system/settings.js';
import * as c from './convert.js';
import { DELETED_DROPPED, type MigrationReport, NOT_CARRIED, NOT_CARRIED_COLUMNS, READ_TABLES, TORNA_DEFAULT_SALT } from './report.js';
import { openTornaSource, type Row, schemaProblem, type TornaSource } from './source.js';
import { type Batch, newBatch, readSpace, skip } from './space-batch.js';

export { formatReport, type MigrationReport, type TableReport, TORNA_DEFAULT_SALT } from './report.js';

/** The checkpoint / marker of a migration in system_configs. */
export const CHECKPOINT_KEY = 'folio.torna-migration';

export interface MigrateOptions {
  /** mysql://user:pw@host:3306/torna */
  from: string;
  target: { db: Db; dialect: Dialect };
  salt?: string;
  dryRun?: boolean;
  /** Time zone Torna wrote its datetimes in ('local' or '+08:00'). */
  timezone?: string;
  /** Progress: a line to print, and the share of spaces done (0..1) when a space finished. */
  progress?: (message: string, done?: number) => void;
  /** FOLIO_SECRET_KEY of the target install, when it wraps the install's encryption key. */
  secretKey?: string;
}

interface Checkpoint {
  database: string;
  state: 'running' | 'done';
  spacesDone: number[];
}

const snake = (t: string) => t.replace(/[A-Z]/g, (x) => `_${x.toLowerCase()}`);

/** Runs the migration (or, with dryRun, only counts what it would move). */
export async function migrateTorna(opts: MigrateOptions): Promise<MigrationReport> {
  const started = Date.now();
  const log = opts.progress ?? (() => {});
  const src = await openTornaSource(opts.from, opts.timezone);
  try {
    const problem = schemaProblem(src.columns, src.version);
    if (problem) throw new Error(problem);
    log(`Torna database "${src.database}", schema version ${src.version ?? 'unknown (before 1.7.1)'}, ${src.columns.size} tables`);
    const salt = opts.salt || TORNA_DEFAULT_SALT;
    const totals = new Map<string, number>();
    const deletedDropped = new Map<string, number>();
    for (const t of src.columns.keys()) totals.set(t, await src.count(t));
    for (const t of DELETED_DROPPED) if (src.has(t, 'is_deleted')) deletedDropped.set(t, await src.count(t, 'is_deleted = 1'));
    const spaces = (await src.rows('space', ['id'])).map((r) => c.num(r.id));
    const report: MigrationReport = {
      dryRun: !!opts.dryRun,
      source: { database: src.database, version: src.version },
      salt,
      spaces: { total: spaces.length, migrated: 0, resumedPast: 0 },
      tables: [],
      notes: [],
      notMigrated: Object.entries(NOT_CARRIED)
        .filter(([t]) => src.has(t))
        .map(([table, reason]) => ({ table, rows: totals.get(table) ?? 0, reason }))
        .concat(
          [...src.columns.keys()]
            .filter((t) => !READ_TABLES.has(t) && !NOT_CARRIED[t])
            .sort()
            .map((table) => ({ table, rows: totals.get(table) ?? 0, reason: 'not a table of any Torna release' })),
        ),
      reindexJobId: '',
      columnsNotMigrated: NOT_CARRIED_COLUMNS.map(([table, cols, reason]) => ({
        table,
        columns: cols.filter((c) => src.has(table, c)),
        reason,
      })).filter((x) => x.columns.length),
      ms: 0,
    };
    const written = new Map<string, number>();
    const all = newBatch();
    if (opts.dryRun) {
      for (const [t, n] of deletedDropped) skip(all, t, 'deleted in Torna', n);
    } else {
      await run(src, opts, salt, spaces, all, written, report, log);
      for (const [t, n] of deletedDropped) skip(all, t, 'deleted in Torna', n);
    }
    for (const [t, n] of all.read) if (t.includes('.')) totals.set(t, n);
    for (const [table, read] of [...totals].sort()) {
      if (!READ_TABLES.has(table) && !table.includes('.')) continue;
      const skipped = [...(all.skipped.get(table) ?? new Map<string, number>())].map(([reason, count]) => ({ reason, count }));
      if (!opts.dryRun) {
        const seen = (all.read.get(table) ?? 0) + skipped.filter((s) => s.reason === 'deleted in Torna').reduce((n, s) => n + s.count, 0);
        if (
          read > seen &&
          !['system_config', 'user_dingtalk_info', 'user_wecom_info', 'user_message', 'user_subscribe', 'user_info'].includes(table)
        ) {
          skipped.push({ reason: 'belongs to a space, project, application or doc that no longer exists', count: read - seen });
        }
      }
      report.tables.push({ table, read, written: written.get(table) ?? 0, skipped });
    }
    report.notes = all.notes;
    report.ms = Date.now() - started;
    return report;
  } finally {
    await src.close();
  }
}

async function run(
  src: TornaSource,
  opts: MigrateOptions,
  salt: string,
  spaces: number[],
  all: Batch,
  written: Map<string, number>,
  report: MigrationReport,
  log: (m: string, done?: number) => void,
): Promise<void> {
  const { db, dialect } = opts.target;
  const settings = new Settings(db);
  await settings.load();
  const cp = readCheckpoint(settings.get(CHECKPOINT_KEY));
  if (cp && cp.database !== src.database) {
    throw new Error(`this Folio holds a migration of Torna database "${cp.database}", not "${src.database}": migrate into an empty Folio`);
  }
  if (!cp) {
    const held = await db.selectFrom('spaces').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    if (Number(held.n) > 0)
      throw new Error(
        `this Folio already holds ${held.n} spaces: migrate into an empty Folio (or one holding a previous run of this migration)`,
      );
  }
  // The install's key as the servers read it (unwrapped by FOLIO_SECRET_KEY when the install uses one).
  const installKey = await loadInstallKey(db, settings, opts.secretKey);
  const codec = new IdCodec(salt);
  const nicknames = new Map<number, string>();
  const cx: c.ConvertContext = {
    nick: (id) => nicknames.get(c.num(id)) ?? '',
    enc: (v) => encrypt(installKey, c.str(v)),
    hashid: (id) => codec.encode(id),
  };
  const resume = cp?.state === 'running' ? new Set(cp.spacesDone) : new Set<number>();
  const addWritten = (t: string, n: number) => written.set(t, (written.get(t) ?? 0) + n);
  const merge = (b: Batch) => {
    for (const [t, n] of b.read) all.read.set(t, (all.read.get(t) ?? 0) + n);
    for (const [t, m] of b.skipped) for (const [reason, n] of m) skip(all, t, reason, n);
    all.notes.push(...b.notes);
  };

  // Users, settings, languages, and the salt: one transaction.
  log('users and system settings');
  const users = await src.rows(
    'user_info',
    ['id', 'username', 'password', 'nickname', 'is_super_admin', 'source', 'email', 'status', 'is_deleted', 'gmt_create', 'gmt_modified'],
    {
      status: 1,
      source: 'register',
    },
  );
  for (const u of users) nicknames.set(c.num(u.id), c.str(u.nickname));
  const live = users.filter((u) => !c.num(u.is_deleted));
  const ding = new Map(
    (await src.rows('user_dingtalk_info', ['user_info_id', 'userid'])).map((r) => [c.num(r.user_info_id), c.str(r.userid)]),
  );
  const wecom = new Map(
    (await src.rows('user_wecom_info', ['user_info_id', 'mobile'])).map((r) => [c.num(r.user_info_id), c.str(r.mobile)]),
  );
  all.read.set('user_info', live.length);
  await inTx(db, async (tx) => {
    const userRows = live.map((u) => c.user(u, ding, wecom));
    // An empty Folio holds only its first admin: a Torna user with the same id or name takes its place.
    const others = await tx.selectFrom('users').select(['id', 'username']).execute();
    const ids = new Set(userRows.map((u) => u.id as number));
    const names = new Map(userRows.map((u) => [String(u.username).toLowerCase(), u.id as number]));
    if (cp) {
      const moved = others.filter((o) => (names.get(o.username.toLowerCase()) ?? o.id) !== o.id);
      if (moved.length)
        throw new Error(`Folio users created after the previous run hold Torna user names: ${moved.map((r) => r.username).join(', ')}`);
    } else {
      // First run: the Folio users in the way (its first admin) are replaced, their sessions end.
      const clash = others.filter((o) => ids.has(o.id) || names.has(o.username.toLowerCase())).map((o) => o.id);
      if (clash.length) {
        await tx.deleteFrom('userSessions').where('userId', 'in', clash).execute();
        await tx.deleteFrom('users').where('id', 'in', clash).execute();
      }
    }
    addWritten('user_info', await upsert(tx, 'users', userRows));
    addWritten('user_dingtalk_info', userRows.filter((u) => u.dingtalkUserId).length);
    addWritten('user_wecom_info', userRows.filter((u) => u.wecomMobile).length);
    const configs = await src.rows('system_config', ['config_key', 'config_value', 'is_deleted']);
    const values: Record<string, string> = {};
    for (const r of configs) {
      if (c.num(r.is_deleted)) continue;
      all.read.set('system_config', (all.read.get('system_config') ?? 0) + 1);
      const k = c.settingKey(c.str(r.config_key));
      if (k) values[k] = c.str(r.config_value);
      else skip(all, 'system_config', 'describes Torna itself (its schema version)');
    }
    await settings.set({ ...values, 'folio.secret.hashids-salt': salt }, tx as unknown as Db);
    addWritten('system_config', Object.keys(values).length);
    const langs = await src.rows('system_i18n_config', ['id', 'lang', 'description', 'content', 'is_deleted', 'gmt_modified']);
    const liveLangs = langs.filter((l) => !c.num(l.is_deleted));
    all.read.set('system_i18n_config', liveLangs.length);
    if (liveLangs.length)
      await tx
        .deleteFrom('systemI18n')
        .where(
          'lang',
          'in',
          liveLangs.map((l) => c.str(l.lang)),
        )
        .execute();
    addWritten(
      'system_i18n_config',
      await upsert(
        tx,
        'systemI18n',
        liveLangs.map((l) => ({
          id: c.num(l.id),
          lang: c.str(l.lang),
          description: c.str(l.description),
          content: c.str(l.content),
          updatedAt: c.ms(l.gmt_modified),
        })),
      ),
    );
    await settings.set(
      { [CHECKPOINT_KEY]: JSON.stringify({ database: src.database, state: 'running', spacesDone: [...resume] }) },
      tx as unknown as Db,
    );
  });

  // Module common params live in doc_param rows with doc_id 0, read once.
  const globalParams = new Map<number, Row>();
  if (src.has('doc_param')) {
    const cols = [
      'id',
      'data_id',
      'name',
      'type',
      'required',
      'max_length',
      'example',
      'description',
      'enum_id',
      'parent_id',
      'style',
      'create_mode',
      'order_index',
    ];
    for (const r of await src.rows('doc_param', cols, {}, `doc_id = 0${src.has('doc_param', 'is_deleted') ? ' and is_deleted = 0' : ''}`)) {
      globalParams.set(c.num(r.id), r);
    }
    all.read.set('doc_param', globalParams.size);
  }

  const done = new Set(resume);
  for (const [i, spaceId] of spaces.entries()) {
    if (resume.has(spaceId)) {
      report.spaces.resumedPast++;
      continue;
    }
    const b = await readSpace(src, spaceId, cx, globalParams);
    merge(b);
    await inTx(db, async (tx) => {
      for (const t of b.tables) addWritten(t.source, await upsert(tx, t.table as keyof Database & string, t.rows));
      for (const p of b.params) {
        await deleteParams(tx, p.ownerType, p.owners);
        const out = { rows: [] as unknown[] } as { rows: never[] };
        await insertParams(tx, p.ownerType, p.sets, out);
        if (p.credit) for (const [t, n] of Object.entries(p.credit)) addWritten(t, n);
        else addWritten(p.source, out.rows.length);
      }
      done.add(spaceId);
      await settings.set(
        { [CHECKPOINT_KEY]: JSON.stringify({ database: src.database, state: 'running', spacesDone: [...done] }) },
        tx as unknown as Db,
      );
    });
    report.spaces.migrated++;
    const docs = b.tables.find((t) => t.table === 'docs')?.rows.length ?? 0;
    log(`space ${i + 1}/${spaces.length} (id ${spaceId}): ${docs} docs`, (i + 1) / spaces.length);
  }

  // Per-user rows: subscriptions and messages.
  log('subscriptions and messages');
  await inTx(db, async (tx) => {
    const subs = await src.rows(
      'user_subscribe',
      ['id', 'user_id', 'type', 'source_id', 'is_deleted', 'gmt_create'],
      {},
      src.has('user_subscribe', 'is_deleted') ? 'is_deleted = 0' : undefined,
    );
    all.read.set('user_subscribe', subs.length);
    const subRows = subs.map((r) => ({
      id: c.num(r.id),
      userId: c.num(r.user_id),
      type: c.num(r.type),
      sourceId: c.num(r.source_id),
      createdAt: c.ms(r.gmt_create),
    }));
    addWritten('user_subscribe', await upsert(tx, 'subscriptions', subRows));
    const msgs = await src.rows('user_message', ['id', 'user_id', 'message', 'is_read', 'type', 'source_id', 'gmt_create']);
    all.read.set('user_message', msgs.length);
    const msgRows = msgs.map((r) => ({
      id: c.num(r.id),
      userId: c.num(r.user_id),
      message: c.str(r.message),
      type: c.num(r.type),
      sourceId: c.num(r.source_id),
      isRead: c.num(r.is_read) ? 1 : 0,
      createdAt: c.ms(r.gmt_create),
    }));
    addWritten('user_message', await upsert(tx, 'messages', msgRows));
    // Open users of no space (Torna's global app keys).
    const globalOpen = await src.rows(
      'open_user',
      ['id', 'app_key', 'secret', 'status', 'applicant', 'remark', 'space_id', 'is_deleted', 'gmt_create'],
      { status: 1 },
      'space_id = 0',
    );
    all.read.set('open_user', (all.read.get('open_user') ?? 0) + globalOpen.length);
    addWritten(
      'open_user',
      await upsert(
        tx,
        'openUsers',
        globalOpen.map((r) => c.openUser(r, cx)),
      ),
    );
    await settings.set(
      { [CHECKPOINT_KEY]: JSON.stringify({ database: src.database, state: 'done', spacesDone: [...done] }) },
      tx as unknown as Db,
    );
    // The search index is rebuilt by whichever server claims the job (CLI and console runs alike).
    report.reindexJobId = await insertJob(tx, dialect, { kind: REINDEX_JOB, payload: null });
  });
  if (dialect === 'postgres') await advanceSequences(db);
}

function readCheckpoint(v: string): Checkpoint | null {
  if (!v) return null;
  try {
    return JSON.parse(v) as Checkpoint;
  } catch {
    return null;
  }
}

/** Columns a re-run keeps as Folio has them (a share link rotated since the previous run stays rotated). */
const KEPT: Partial<Record<string, string>> = { shares: 'publicId', composeProjects: 'publicId' };

/** Writes rows keeping their ids: rows of a previous run with the same ids are replaced. Returns rows inserted. */
export async function upsert(tx: Conn, table: keyof Database & string, rows: c.Out[]): Promise<number> {
  if (!rows.length) return 0;
  const width = Object.keys(rows[0]).length;
  const size = Math.max(1, Math.min(500, Math.floor(30_000 / width)));
  const kept = KEPT[table];
  let n = 0;
  for (let i = 0; i < rows.length; i += size) {
    const part = rows.slice(i, i + size);
    if (kept) {
      const had = await (tx as Conn as Kysely<any>)
        .selectFrom(table)
        .select(['id', kept])
        .where(
          'id',
          'in',
          part.map((r) => r.id as number),
        )
        .execute();
      const by = new Map(had.map((h) => [h.id as number, h[kept]]));
      for (const r of part) if (by.has(r.id as number)) r[kept] = by.get(r.id as number);
    }
    await (tx as Conn as Kysely<any>)
      .deleteFrom(table)
      .where(
        'id',
        'in',
        part.map((r) => r.id as number),
      )
      .execute();
    const res = await tx
      .insertInto(table)
      .values(part as never)
      .executeTakeFirst();
    n += Number(res.numInsertedOrUpdatedRows ?? part.length);
  }
  return n;
}

/** PostgreSQL: every id sequence moves past the largest id (rows were inserted with their own ids). */
async function advanceSequences(db: Db): Promise<void> {
  const tables = await sql<{ t: string }>`select table_name as t from information_schema.columns
    where table_schema = current_schema() and column_name = 'id' and column_default like 'nextval%'`.execute(db);
  for (const { t } of tables.rows) {
    const name = sql.raw(`"${snake(t).replace(/"/g, '')}"`);
    await sql`select setval(pg_get_serial_sequence(${t}, 'id'), coalesce((select max(id) from ${name}), 0) + 1, false)`.execute(db);
  }
}
