/**
 * Tests and benchmarks: a Torna database loaded from a dump (Torna's own mysql.sql of a release, or its demo
 * data) into a uniquely named MariaDB database, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { ADMIN_PASSWORD } from '../../../test/harness.js';

export const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const here = fileURLToPath(new URL('.', import.meta.url));
export const TORNA_FIXTURES = join(here, '../../../test/fixtures/torna');

export interface TornaDb {
  /** mysql://…/torna_src_xxxx */
  url: string;
  name: string;
  /** Runs SQL (several statements allowed) in the database. */
  exec(sqlText: string): Promise<void>;
  drop(): Promise<void>;
}

/** Creates a database and runs the dump (its CREATE DATABASE / USE lines left out) and any extra SQL in it. */
export async function createTornaDb(dumpFile: string | null, extra = ''): Promise<TornaDb> {
  const name = `torna_src_${randomBytes(5).toString('hex')}`;
  const admin = await mysql.createConnection(MYSQL_URL);
  await admin.query(`create database ${name} character set utf8mb4`);
  await admin.end();
  const u = new URL(MYSQL_URL);
  u.pathname = `/${name}`;
  const conn = await mysql.createConnection({ uri: u.toString(), multipleStatements: true, charset: 'utf8mb4' });
  const exec = async (text: string) => {
    if (text.trim()) await conn.query(text);
  };
  try {
    if (dumpFile) {
      const dump = readFileSync(join(TORNA_FIXTURES, dumpFile), 'utf8')
        .split('\n')
        .filter((l) => !/^(CREATE DATABASE|USE )/i.test(l))
        .join('\n');
      await exec(dump);
    }
    await exec(extra);
  } catch (err) {
    await conn.end();
    await dropDb(name);
    throw err;
  }
  return {
    url: u.toString(),
    name,
    exec,
    async drop() {
      await conn.end();
      await dropDb(name);
    },
  };
}

async function dropDb(name: string): Promise<void> {
  const c = await mysql.createConnection(MYSQL_URL);
  await c.query(`drop database if exists ${name}`);
  await c.end();
}

const PW_SALT = '@3dG%gm^uu&=.';
const legacy = (user: string, pw: string) => `md5(concat('${user}', md5('${pw}'), '${PW_SALT}'))`;
/** Rows the demo lacks: users, members, settings, webhooks, common params, shares, compose, history, mocks, scripts. */
export const EXTRA = `
INSERT INTO user_info (id, username, password, nickname, is_super_admin, source, email, status, is_deleted) VALUES
  (16, 'admin', ${legacy('admin', ADMIN_PASSWORD)}, '超级管理员', 1, 'register', 'admin@example.com', 1, 0),
  (17, 'dev1', ${legacy('dev1', 'torna-dev-1')}, 'Dev One', 0, 'backend', 'dev1@example.com', 1, 0),
  (18, 'gone', '', 'Gone', 0, 'register', '', 1, 1);
INSERT INTO user_dingtalk_info (nick, name, email, userid, unionid, openid, user_info_id) VALUES ('d', 'd', '', 'ding-17', 'u17', 'o17', 17);
INSERT INTO space_user (id, user_id, space_id, role_code) VALUES (27, 17, 20, 'dev');
INSERT INTO project_user (id, project_id, user_id, role_code) VALUES (12, 5, 17, 'guest');
INSERT INTO module_config (id, module_id, type, config_key, config_value, extend_id, description) VALUES
  (1, 5, 0, 'dingdingWebhookUrl', 'https://oapi.dingtalk.com/robot/send?access_token=abc', 0, ''),
  (2, 5, 1, '', '', 500, ''),
  (3, 5, 5, '10001', 'check the id', 0, 'product missing'),
  (4, 6, 0, 'torna.push.override', 'true', 0, '');
INSERT INTO doc_param (id, data_id, name, type, required, max_length, example, description, enum_id, doc_id, parent_id, style) VALUES
  (500, 'g1', 'X-Token', 'string', 1, '-', 'abc', 'auth token', 0, 0, 0, 1);
INSERT INTO share_config (id, type, password, expiration_time, status, module_id, is_all, remark, creator_name, is_show_debug, is_all_selected_debug) VALUES
  (3, 2, 'ab12', '2099-12-31', 1, 5, 0, 'for partners', '超级管理员', 1, 0);
INSERT INTO share_content (id, share_config_id, doc_id, parent_id, is_share_folder) VALUES (1, 3, 97, 0, 1), (2, 3, 98, 97, 0);
INSERT INTO share_environment (id, share_config_id, module_environment_id) VALUES (1, 3, 3);
INSERT INTO compose_project (id, name, description, space_id, type, password, creator_id, creator_name, order_index, show_debug, gateway_url, status) VALUES
  (2, '聚合', 'all', 20, 2, 'pw99', 16, '超级管理员', 0, 1, 'http://gw', 1);
INSERT INTO compose_doc (id, doc_id, project_id, is_folder, folder_name, parent_id, origin, creator, order_index) VALUES
  (1, 0, 2, 1, 'Products', 0, '', 'admin', 0), (2, 98, 2, 0, '', 1, '商城项目/商品中心', 'admin', 1);
INSERT INTO compose_additional_page (id, project_id, title, content, order_index, status) VALUES (2, 2, 'Readme', '<p>hi</p>', 0, 1);
INSERT INTO user_subscribe (id, user_id, type, source_id) VALUES (9, 17, 1, 98);
INSERT INTO user_message (id, user_id, message, is_read, type, source_id) VALUES (1, 17, 'doc changed', 0, 1, 98);
INSERT INTO doc_snapshot (id, doc_id, doc_key, md5, modifier_name, modifier_time, content) VALUES
  (1, 98, '85ecc3ba09e5e42522e7db18cceb6564', 'aaa', 'admin', '2023-01-01 10:00:00',
   '{"id":"x","name":"新增产品","url":"/shop/product","httpMethod":"POST","requestParams":[{"id":"p1","name":"name","type":"string","required":1,"children":[{"id":"p2","name":"first","type":"string"}]}],"errorCodeParams":[{"name":"E1","description":"bad","example":"retry"}]}');
INSERT INTO doc_diff_record (id, doc_id, doc_key, md5_old, md5_new, modify_source, modify_user_id, modify_nickname, modify_type, modify_time) VALUES
  (1, 98, '85ecc3ba09e5e42522e7db18cceb6564', '', 'aaa', 0, 16, 'admin', 1, '2023-01-01 10:00:00');
INSERT INTO doc_diff_detail (id, record_id, position_type, target_name, content, modify_type) VALUES (1, 1, 0, 'name', '{"value":{"old":"","new":"新增产品"}}', 1);
INSERT INTO mock_config (id, name, data_id, version, path, ip, request_data, request_data_type, http_status, delay_mills, result_type, response_headers,
  response_body, mock_script, mock_result, doc_id, remark, creator_id, creator_name, modifier_id, modifier_name) VALUES
  (1, 'ok', 'default', 0, '/shop/product', '', '', 0, 201, 5, 0, '[]', '{"code":0}', '', '{"code":0}', 98, 'r', 16, 'admin', 16, 'admin');
INSERT INTO debug_script (id, NAME, description, content, type, scope, ref_id, creator_name, enabled) VALUES (1, 'sign', '', 'req.headers.a=1', 0, 1, 5, 'admin', 1);
INSERT INTO open_user (id, app_key, secret, status, applicant, space_id) VALUES (1, 'ak1', 'sk1', 1, 'admin', 20);
INSERT INTO ms_space_config (id, space_id, ms_space_id, ms_space_name, ms_address, ms_access_key, ms_secret_key) VALUES (1, 20, 'ms1', 'MS', 'http://ms', 'ak', 'sk');
INSERT INTO system_i18n_config (id, lang, description, content) VALUES (1, 'ja', '日本語', '{}');
INSERT INTO prop (id, ref_id, type, name, val) VALUES (1, 98, 0, 'interfaceName', 'com.shop.ProductService');
`;

export const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A copy of a Torna database in its own PostgreSQL schema, as pgloader makes one: the same tables and
 * columns, MySQL types mapped to PostgreSQL's, every row. `url` names the schema with `?schema=`.
 */
export async function copyToPostgres(from: TornaDb): Promise<{ url: string; schema: string; drop(): Promise<void> }> {
  const schema = `torna_pg_${randomBytes(5).toString('hex')}`;
  const my = await mysql.createConnection({ uri: from.url, charset: 'utf8mb4', dateStrings: true, supportBigNumbers: true });
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  const type = (t: string) =>
    ({
      bigint: 'bigint',
      int: 'integer',
      smallint: 'smallint',
      tinyint: 'smallint',
      datetime: 'timestamp',
      timestamp: 'timestamp',
      date: 'date',
    })[t] ?? (t === 'decimal' ? 'numeric' : 'text');
  try {
    await client.query(`create schema ${schema}`);
    const [cols] = await my.query(
      'select table_name as t, column_name as c, data_type as d from information_schema.columns where table_schema = database() order by table_name, ordinal_position',
    );
    const tables = new Map<string, { c: string; d: string }[]>();
    for (const r of cols as { t: string; c: string; d: string }[]) tables.set(r.t, [...(tables.get(r.t) ?? []), r]);
    for (const [t, list] of tables) {
      // Column names as PostgreSQL folds unquoted ones (debug_script.NAME becomes name).
      await client.query(`create table ${schema}.${t} (${list.map((x) => `${x.c.toLowerCase()} ${type(x.d)}`).join(', ')})`);
      const [rows] = await my.query(`select * from \`${t}\``);
      for (const r of rows as Record<string, unknown>[]) {
        const values = list.map((x) => r[x.c]);
        await client.query(
          `insert into ${schema}.${t} values (${values.map((_, i) => `$${i + 1}`).join(', ')})`,
          values.map((v) => (v === '0000-00-00 00:00:00' || v === '0000-00-00' ? null : v)),
        );
      }
    }
  } catch (err) {
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
    await my.end();
    throw err;
  }
  await my.end();
  const u = new URL(PG_URL);
  u.searchParams.set('schema', schema);
  return {
    url: u.toString(),
    schema,
    async drop() {
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}
