/**
 * Torna's demo database (plus rows for every kind of thing it lacks) migrated into the test database: counts,
 * every doc and param field by field, Torna's hash ids, old passwords, old push tokens, and an idempotent re-run.
 */
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Hashids from 'hashids';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, createTestApp, loginAs, TEST_DB, type TestApp } from '../../../test/harness.js';
import { drainJobs } from '../../jobs/queue.js';
import { openApi, smartDocEnvelope } from '../push/open-api.helpers.js';
import { CHECKPOINT_KEY, type MigrationReport, migrateTorna, TORNA_DEFAULT_SALT } from './migration.js';
import { createTornaDb, EXTRA, type TornaDb } from './torna-source.fixture.js';

const torna = new Hashids(TORNA_DEFAULT_SALT, 8);
const md5 = (x: string) => createHash('md5').update(x).digest('hex');
const STYLES: [number, string][] = [
  [0, 'pathParams'],
  [1, 'headerParams'],
  [2, 'requestParams'],
  [3, 'responseParams'],
  [5, 'queryParams'],
];

/** The Folio table and the Torna count it must hold after the migration. */
const COUNTS: [string, string][] = [
  ['users', 'select count(*) from user_info where is_deleted = 0'],
  ['spaces', 'select count(*) from space'],
  ['space_members', 'select count(*) from space_user where is_deleted = 0'],
  ['projects', 'select count(*) from project'],
  ['project_members', 'select count(*) from project_user where is_deleted = 0'],
  ['modules', 'select count(*) from module'],
  ['module_environments', 'select count(*) from module_environment where is_deleted = 0'],
  ['module_webhooks', "select count(*) from module_config where config_key = 'dingdingWebhookUrl'"],
  ['module_configs', "select count(*) from module_config where type = 0 and config_key <> 'dingdingWebhookUrl'"],
  ['docs', 'select count(*) from doc_info'],
  ['enum_infos', 'select count(*) from enum_info'],
  ['enum_items', 'select count(*) from enum_item where is_deleted = 0'],
  ['constant_infos', 'select count(*) from constant_info'],
  ['doc_snapshots', 'select count(*) from doc_snapshot'],
  ['doc_change_records', 'select count(*) from doc_diff_record'],
  ['doc_change_details', 'select count(*) from doc_diff_detail'],
  ['mock_configs', 'select count(*) from mock_config'],
  ['debug_scripts', 'select count(*) from debug_script where is_deleted = 0'],
  ['shares', 'select count(*) from share_config'],
  ['share_contents', 'select count(*) from share_content where is_deleted = 0'],
  ['share_environments', 'select count(*) from share_environment'],
  ['compose_projects', 'select count(*) from compose_project'],
  ['compose_docs', 'select count(*) from compose_doc where is_deleted = 0'],
  ['compose_additional_pages', 'select count(*) from compose_additional_page where is_deleted = 0'],
  ['subscriptions', 'select count(*) from user_subscribe where is_deleted = 0'],
  ['messages', 'select count(*) from user_message'],
  ['open_users', 'select count(*) from open_user'],
  ['ms_space_configs', 'select count(*) from ms_space_config'],
  ['system_i18n', 'select count(*) from system_i18n_config where is_deleted = 0'],
  ['props', 'select count(*) from prop'],
  // Param sets: one per doc and style with params, one per application and style of common params.
  ['param_sets', 'select (select count(distinct doc_id, style) from doc_param where is_deleted = 0 and doc_id > 0) + 2'],
];

describe('migrate a Torna installation', () => {
  let src: TornaDb;
  let first: TestApp;
  let t: TestApp;
  let adminToken: string;
  let report: MigrationReport;
  let conn: mysql.Connection;
  let checksumsBefore: unknown;
  const file = join(tmpdir(), `folio-torna-${process.pid}-${Date.now()}.db`);
  const env = TEST_DB === 'sqlite' ? { DATABASE_URL: `sqlite:${file}` } : undefined;
  const db = () => t.app.ctx.db;
  const q = async (text: string): Promise<Record<string, any>[]> => (await conn.query(text))[0] as Record<string, any>[];
  const folioCounts = async () => {
    const out: Record<string, number> = {};
    for (const [table] of COUNTS) {
      const r = await db()
        .selectFrom(table as never)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      out[table] = Number((r as { n: number }).n);
    }
    return out;
  };

  /** MariaDB's checksum of every Torna table (content-based). */
  const checksums = async () => {
    const tables = (await q('show tables')).map((r) => Object.values(r)[0] as string);
    return q(`checksum table ${tables.map((x) => `\`${x}\``).join(', ')} extended`);
  };

  beforeAll(async () => {
    src = await createTornaDb('torna-mysql-demo-data.sql', EXTRA);
    conn = await mysql.createConnection({ uri: src.url, charset: 'utf8mb4' });
    // An operator started Folio once (its first admin exists), then migrates from the command line while
    // that server runs: no restart, the running server answers with Torna's ids and users at once.
    first = await createTestApp({ env });
    checksumsBefore = await checksums();
    report = await migrateTorna({ from: src.url, target: { db: first.app.ctx.db, dialect: first.app.ctx.dialect } });
    t = first;
    // Folio's first admin was replaced by Torna's `admin` (its sessions ended): log in with the Torna password.
    adminToken = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await conn?.end();
    await first?.close();
    await src?.drop();
    rmSync(file, { force: true });
    rmSync(`${file}-wal`, { force: true });
    rmSync(`${file}-shm`, { force: true });
  });

  it("leaves Torna's database exactly as it was (the source is only read)", async () => {
    expect(await checksums()).toEqual(checksumsBefore);
  });

  it('reports every Torna table: what it read, wrote and left out (and why)', async () => {
    const by = new Map(report.tables.map((x) => [x.table, x]));
    for (const x of report.tables) {
      expect(x.written + x.skipped.reduce((n, s) => n + s.count, 0), x.table).toBe(x.read);
    }
    expect(by.get('doc_info')).toMatchObject({ read: 12, written: 12, skipped: [] });
    expect(by.get('doc_param')).toMatchObject({ read: 59, written: 48, skipped: [{ reason: 'deleted in Torna', count: 11 }] });
    expect(by.get('user_info')).toMatchObject({ read: 3, written: 2, skipped: [{ reason: 'deleted in Torna', count: 1 }] });
    expect(by.get('module_config')).toMatchObject({ read: 4, written: 4 });
    expect(report.notMigrated.map((n) => n.table)).toEqual([
      'gen_template',
      'project_release',
      'project_release_doc',
      'system_login_token',
      'gen_template2',
    ]);
    expect(report.source.version).toBe(12900);
    expect(report.spaces).toEqual({ total: 1, migrated: 1, resumedPast: 0 });
  });

  it('holds as many rows in every Folio table as Torna had', async () => {
    const counts = await folioCounts();
    for (const [table, sqlText] of COUNTS) {
      const [row] = await q(sqlText);
      expect(counts[table], table).toBe(Number(Object.values(row)[0]));
    }
  });

  it('keeps every doc and its params field by field, under Torna hash ids', async () => {
    const docs = await q('select * from doc_info order by id');
    const params = await q('select * from doc_param where is_deleted = 0 and doc_id > 0 order by id');
    for (const d of docs) {
      const hash = torna.encode(d.id);
      expect(t.app.ctx.ids.encode(d.id)).toBe(hash);
      const r = await call(t.app, adminToken, 'GET', '/api/doc/detail', { id: hash });
      expect(r.code, `doc ${d.id}`).toBe('0');
      expect(r.data).toMatchObject({
        id: hash,
        moduleId: torna.encode(d.module_id),
        parentId: d.parent_id ? torna.encode(d.parent_id) : expect.anything(),
        name: d.name,
        description: d.description,
        author: d.author,
        type: d.type,
        url: d.url,
        version: d.version,
        httpMethod: d.http_method,
        contentType: d.content_type,
        deprecated: d.deprecated,
        isFolder: d.is_folder,
        isShow: d.is_show,
        orderIndex: d.order_index,
        status: d.status,
        isLocked: d.is_locked,
        isUseGlobalHeaders: d.is_use_global_headers,
        isUseGlobalParams: d.is_use_global_params,
        isUseGlobalReturns: d.is_use_global_returns,
        isRequestArray: d.is_request_array,
        isResponseArray: d.is_response_array,
        requestArrayType: d.request_array_type,
        responseArrayType: d.response_array_type,
        creatorName: d.creator_name,
        modifierName: d.modifier_name,
      });
      const row = await db().selectFrom('docs').selectAll().where('id', '=', d.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        docKey: d.doc_key,
        dataId: d.data_id,
        md5: d.md5,
        remark: d.remark ?? '',
        createMode: d.create_mode,
        creatorId: d.creator_id,
        modifierId: d.modifier_id,
        createdAt: (d.gmt_create as Date).getTime(),
        updatedAt: (d.gmt_modified as Date).getTime(),
      });
      // Params: Torna's rows as trees, siblings by orderIndex (ties in id order), every field.
      const tree = (style: number, parent: number): unknown[] =>
        params
          .filter((p) => p.doc_id === d.id && p.style === style && p.parent_id === parent)
          .sort((a, b) => a.order_index - b.order_index)
          .map((p) => ({
            name: p.name,
            type: p.type,
            required: p.required,
            maxLength: p.max_length,
            example: p.example,
            description: p.description,
            enumId: p.enum_id ? torna.encode(p.enum_id) : '',
            orderIndex: p.order_index,
            children: tree(style, p.id),
          }));
      const strip = (ps: any[]): unknown[] =>
        ps.map((p) => ({
          name: p.name,
          type: p.type,
          required: p.required,
          maxLength: p.maxLength,
          example: p.example,
          description: p.description,
          enumId: p.enumId,
          orderIndex: p.orderIndex,
          children: strip(p.children),
        }));
      for (const [style, key] of STYLES) expect(strip(r.data[key]), `doc ${d.id} ${key}`).toEqual(tree(style, 0));
    }
  });

  it('keeps application settings, common params, webhooks, dictionaries and their links', async () => {
    const common = await call(t.app, adminToken, 'GET', '/api/module/commonParam/list', { moduleId: torna.encode(5) });
    expect(common.data.headers).toMatchObject([{ name: 'X-Token', example: 'abc', description: 'auth token', required: 1 }]);
    expect(common.data.errorCodes).toMatchObject([{ name: '10001', example: 'check the id', description: 'product missing' }]);
    const hook = await db().selectFrom('moduleWebhooks').selectAll().executeTakeFirstOrThrow();
    expect(hook).toMatchObject({ id: 1, moduleId: 5, kind: 'dingtalk', urlHint: 'https://oapi.dingtalk.com', enabled: 1 });
    expect(hook.urlEnc).not.toContain('access_token');
    const setting = await db().selectFrom('moduleConfigs').select(['moduleId', 'configKey', 'configValue']).execute();
    expect(setting).toEqual([{ moduleId: 6, configKey: 'override', configValue: 'true' }]);
    const item = await db().selectFrom('enumItems').selectAll().where('enumId', '=', 5).orderBy('id').execute();
    expect(item.length).toBe(4);
    const dev = await db().selectFrom('users').selectAll().where('id', '=', 17).executeTakeFirstOrThrow();
    expect(dev).toMatchObject({
      username: 'dev1',
      nickname: 'Dev One',
      source: 'backend',
      dingtalkUserId: 'ding-17',
      isSuperAdmin: 0,
      status: 1,
    });
    const mock = await db().selectFrom('mockConfigs').selectAll().executeTakeFirstOrThrow();
    expect(mock).toMatchObject({ id: 1, docId: 98, isDefault: 1, httpStatus: 201, delayMills: 5, responseBody: '{"code":0}', remark: 'r' });
    const s = await db().selectFrom('docSnapshots').select(['content', 'docKey', 'md5']).executeTakeFirstOrThrow();
    expect(s.docKey).toBe('85ecc3ba09e5e42522e7db18cceb6564');
    expect(JSON.parse(s.content)).toMatchObject({
      name: '新增产品',
      requestParams: [{ name: 'name', children: [{ name: 'first' }] }],
      errorCodeParams: [{ code: 'E1', msg: 'bad', solution: 'retry' }],
    });
  });

  it("opens Torna's share and compose links under their old ids, with their passwords", async () => {
    const share = await call(t.app, null, 'GET', '/api/share/get', { id: torna.encode(3) });
    expect(share.data).toMatchObject({ remark: 'for partners', isAll: 0, needPassword: true, allowDebug: 1 });
    expect(share.data.expiresAt).toBe(new Date(2100, 0, 1).getTime());
    const ok = await call(t.app, null, 'POST', '/api/share/checkPassword', { id: torna.encode(3), password: md5('ab12') });
    expect(ok.code).toBe('0');
    const compose = await call(t.app, null, 'GET', '/api/compose/project/get', { id: torna.encode(2) });
    expect(compose.code).toBe('0');
    const pw = await call(t.app, null, 'POST', '/api/compose/project/checkPassword', { id: torna.encode(2), password: md5('pw99') });
    expect(pw.code).toBe('0');
  });

  it('flags migrated share links as guessable and rotates them to a random one', async () => {
    const list = await call(t.app, adminToken, 'GET', '/api/share/list', { moduleId: torna.encode(5) });
    expect(list.data).toMatchObject([{ publicId: torna.encode(3), guessable: true }]);
    const r = await call(t.app, adminToken, 'POST', '/api/share/rotate', { id: list.data[0].id });
    expect(r.data.publicId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect((await call(t.app, null, 'GET', '/api/share/get', { id: torna.encode(3) })).status).toBe(404);
    expect((await call(t.app, null, 'GET', '/api/share/get', { id: r.data.publicId })).code).toBe('0');
    const after = await call(t.app, adminToken, 'GET', '/api/share/list', { moduleId: torna.encode(5) });
    expect(after.data[0]).toMatchObject({ publicId: r.data.publicId, guessable: false });
  });

  it('lets a migrated user log in with the old Torna password (then upgrades the hash)', async () => {
    await loginAs(t.app, 'dev1', 'torna-dev-1');
    const u = await db().selectFrom('users').select('passwordHash').where('id', '=', 17).executeTakeFirstOrThrow();
    expect(u.passwordHash.startsWith('scrypt$')).toBe(true);
    await loginAs(t.app, 'dev1', 'torna-dev-1');
    const bad = await call(t.app, null, 'POST', '/api/user/login', { username: 'dev1', password: 'wrong-one' });
    expect(bad.code).not.toBe('0');
  });

  it('queues the search index rebuild: migrated docs are found', async () => {
    expect(report.reindexJobId).toMatch(/.{8,}/);
    await drainJobs(t.app);
    const hits = await call(t.app, adminToken, 'GET', '/api/search', { q: '新增产品' });
    expect(hits.data.list.map((h: { id: string }) => h.id)).toContain(torna.encode(98));
  });

  it('re-runs idempotently: rows are updated, never duplicated, and the search index follows', async () => {
    const before = await folioCounts();
    await conn.query("update doc_info set name = 'Produkt anlegen' where id = 98");
    const again = await migrateTorna({ from: src.url, target: { db: db(), dialect: t.app.ctx.dialect } });
    await conn.query("update doc_info set name = '新增产品' where id = 98");
    expect(await folioCounts()).toEqual(before);
    expect(again.tables).toEqual(report.tables);
    // The renamed doc is found under its new name once the queued rebuild ran, and no longer under the old one.
    const search = async (q: string) =>
      (await call(t.app, adminToken, 'GET', '/api/search', { q })).data.list.map((h: { id: string }) => h.id);
    expect(again.reindexJobId).not.toBe(report.reindexJobId);
    await drainJobs(t.app);
    expect(await search('anlegen')).toContain(torna.encode(98));

    const cp = await db()
      .selectFrom('systemConfigs')
      .select('configValue')
      .where('configKey', '=', CHECKPOINT_KEY)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(cp.configValue)).toMatchObject({ state: 'done', spacesDone: [20] });
    // The share link rotated since the first run stays rotated.
    const share = await db().selectFrom('shares').select('publicId').where('id', '=', 3).executeTakeFirstOrThrow();
    expect(share.publicId).not.toBe(torna.encode(3));
    // The dry run counts without writing.
    const dry = await migrateTorna({ from: src.url, target: { db: db(), dialect: t.app.ctx.dialect }, dryRun: true });
    expect(dry.tables.find((x) => x.table === 'doc_info')).toMatchObject({ read: 12, written: 0 });
  });

  it('runs from the admin console: connection test, dry run, a job with progress and its report', async () => {
    const test = await call(t.app, adminToken, 'POST', '/api/admin/tornaMigration/test', { from: src.url });
    expect(test.data).toMatchObject({ ok: true, database: src.name, version: 12900, problem: '' });
    const down = await call(t.app, adminToken, 'POST', '/api/admin/tornaMigration/test', { from: 'mysql://nobody@127.0.0.1:1/torna' });
    expect(down.data).toMatchObject({ ok: false });
    expect(down.data.problem).toMatch(/ECONNREFUSED/);
    const dry = await call(t.app, adminToken, 'POST', '/api/admin/tornaMigration/dryRun', { from: src.url });
    expect(dry.code, JSON.stringify(dry)).toBe('0');
    expect(dry.data.dryRun).toBe(true);
    expect(dry.data.tables.find((x: { table: string }) => x.table === 'doc_info')).toMatchObject({ read: 12 });
    const bad = await call(t.app, adminToken, 'POST', '/api/admin/tornaMigration/dryRun', { from: 'mysql://nobody@127.0.0.1:1/torna' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/ECONNREFUSED/);
    const before = await folioCounts();
    const started = await call(t.app, adminToken, 'POST', '/api/admin/tornaMigration/start', { from: src.url });
    expect((await call(t.app, adminToken, 'GET', '/api/admin/tornaMigration/status', { jobId: started.data.jobId })).data.state).toBe(
      'queued',
    );
    await drainJobs(t.app);
    const done = await call(t.app, adminToken, 'GET', '/api/admin/tornaMigration/status', { jobId: started.data.jobId });
    expect(done.data).toMatchObject({ state: 'done', progress: 100, error: '' });
    expect(done.data.report.tables).toEqual(report.tables);
    expect(await folioCounts()).toEqual(before);
    // The job keeps the source URL (with its password) encrypted.
    const job = await db().selectFrom('jobs').select('payload').where('publicId', '=', started.data.jobId).executeTakeFirstOrThrow();
    expect(job.payload).not.toContain('127.0.0.1');
  });

  it("merges a smart-doc push with the application's old token into the migrated docs", async () => {
    const api = (name: string, url: string, httpMethod: string) => ({
      isFolder: '0',
      name,
      url,
      httpMethod,
      contentType: 'application/json',
      isShow: '1',
    });
    const payload = {
      author: 'ci',
      isReplace: 1,
      apis: [
        {
          isFolder: '1',
          name: '产品模块',
          items: [
            api('新增产品', '/shop/product', 'POST'),
            api('修改产品', '/shop/product', 'PUT'),
            api('查询产品', '/shop/product', 'GET'),
          ],
        },
        {
          isFolder: '1',
          name: '分类模块',
          items: [
            api('添加分类', '/category/add', 'POST'),
            api('查询分类', '/category/get', 'POST'),
            api('删除分类', '/category/del', 'POST'),
          ],
        },
      ],
    };
    const r = await openApi(t.app, smartDocEnvelope('doc.push', 'b414086531524fb0bc14f757346fec92', payload));
    expect(r.body.code).toBe('0');
    const live = await db()
      .selectFrom('docs')
      .select(['id', 'name', 'dataId'])
      .where('moduleId', '=', 5)
      .where('isDeleted', '=', 0)
      .orderBy('id')
      .execute();
    expect(live.map((d) => d.id).slice(0, 7)).toEqual([97, 98, 99, 100, 104, 105, 106]);
    expect(live.length).toBe(8);
    expect(new Set(live.map((d) => d.dataId)).size).toBe(8);
    expect(live[7]).toMatchObject({ name: '删除分类' });
    expect(live[7].id).toBeGreaterThan(119);
  });

  it('refuses a database that is not a Torna schema it knows, naming what it found', async () => {
    const other = await createTornaDb(
      null,
      'create table space (id int); create table system_config (config_key varchar(64), config_value varchar(64));',
    );
    try {
      await expect(migrateTorna({ from: other.url, target: { db: db(), dialect: t.app.ctx.dialect } })).rejects.toThrow(
        /missing user_info.*found torna.version=none and 2 tables/,
      );
      await other.exec("insert into system_config values ('torna.version', '99900')");
      await other.exec(
        'create table user_info (id int, username text, password text, nickname text); create table space_user (user_id int, space_id int, role_code text);' +
          'create table project (id int, name text, space_id int); create table project_user (project_id int, user_id int, role_code text);' +
          'create table module (id int, name text, project_id int, token text); alter table space add column name text;' +
          'create table doc_info (id int, name text, parent_id int, module_id int, is_folder int, url text, http_method text);' +
          'create table doc_param (id int, name text, doc_id int, parent_id int, style int);',
      );
      await expect(migrateTorna({ from: other.url, target: { db: db(), dialect: t.app.ctx.dialect } })).rejects.toThrow(
        /schema version 99900 is newer/,
      );
    } finally {
      await other.drop();
    }
  });
});
