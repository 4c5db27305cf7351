/**
 * A large synthetic Torna database, in Torna's own schema (the demo dump's tables, schema 1.29): 5 spaces,
 * 50 projects, 100 applications, 10,000 docs and folders, 200,000 params (nested), history (a snapshot and
 * two change records per doc), dictionaries, environments, shares and compose projects.
 *   node --import tsx bench/torna-gen.ts   (prints the mysql:// URL of the database it created; TEST_MYSQL_URL
 *                                          names the server, as in the tests)
 */
import { randomBytes } from 'node:crypto';
import type mysql from 'mysql2/promise';
import { createTornaDb, type TornaDb } from '../apps/server/src/modules/torna-migration/torna-source.fixture.js';

export const SIZE = { spaces: 5, projectsPerSpace: 10, modulesPerProject: 2, foldersPerModule: 10, docsPerFolder: 9 };

type V = string | number | null;
const md5hex = () => randomBytes(16).toString('hex');

/** Inserts rows in multi-row statements of at most `chunk` rows. */
async function insert(conn: mysql.Connection, table: string, cols: string[], rows: V[][], chunk = 2000): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    await conn.query(`insert into \`${table}\` (${cols.map((c) => `\`${c}\``).join(', ')}) values ?`, [rows.slice(i, i + chunk)]);
  }
}

/** The params of doc `n`: 2 headers, 3 query, 8 body (2 objects of 3 fields), 9 response (a data object of 6), and an error code for the first 2,000 docs. */
function paramsOf(docId: number, n: number, nextId: () => number): V[][] {
  const out: V[][] = [];
  const add = (name: string, type: string, style: number, parent = 0, enumId = 0): number => {
    const id = nextId();
    out.push([
      id,
      md5hex(),
      name,
      type,
      1,
      '-',
      `${name}-example`,
      `The ${name} of the request, described at some length<br>second line`,
      enumId,
      docId,
      parent,
      style,
      1,
      1,
      out.length,
    ]);
    return id;
  };
  add('Authorization', 'string', 1);
  add('X-Request-Id', 'string', 1);
  for (const q of ['page', 'size', 'sort']) add(q, 'number', 5);
  for (const o of ['item', 'owner']) {
    const p = add(o, 'object', 2);
    for (const f of ['id', 'name', 'status']) add(f, f === 'status' ? 'enum' : 'string', 2, p, f === 'status' ? 1 : 0);
  }
  add('code', 'number', 3);
  add('msg', 'string', 3);
  const data = add('data', 'object', 3);
  for (const f of ['id', 'name', 'price', 'stock', 'createdAt', 'updatedAt']) add(f, 'string', 3, data);
  if (n < 2000) add(`E${n}`, 'string', 4);
  return out;
}

/** Creates and fills the database. */
export async function generateTorna(): Promise<TornaDb> {
  // The demo dump brings Torna's schema; its rows go, the generated ones come.
  const db = await createTornaDb('torna-mysql-demo-data.sql');
  const mysql2 = await import('mysql2/promise');
  const conn = await mysql2.createConnection({ uri: db.url, charset: 'utf8mb4' });
  const [tables] = await conn.query('show tables');
  for (const r of tables as Record<string, string>[]) {
    const t = Object.values(r)[0];
    if (t !== 'system_config') await conn.query(`truncate table \`${t}\``);
  }
  const users: V[][] = [];
  for (let u = 1; u <= 100; u++) users.push([u, `user${u}`, md5hex(), `User ${u}`, u === 1 ? 1 : 0, 'register', `user${u}@example.com`, 1]);
  await insert(conn, 'user_info', ['id', 'username', 'password', 'nickname', 'is_super_admin', 'source', 'email', 'status'], users);

  const spaces: V[][] = [];
  const spaceUsers: V[][] = [];
  const projects: V[][] = [];
  const projectUsers: V[][] = [];
  const modules: V[][] = [];
  const envs: V[][] = [];
  const configs: V[][] = [];
  const enums: V[][] = [];
  const items: V[][] = [];
  const docs: V[][] = [];
  const params: V[][] = [];
  const snapshots: V[][] = [];
  const records: V[][] = [];
  const details: V[][] = [];
  const shares: V[][] = [];
  const shareContents: V[][] = [];
  const composes: V[][] = [];
  const composeDocs: V[][] = [];
  let pid = 0;
  let docId = 0;
  let n = 0;
  let projectId = 0;
  let moduleId = 0;
  for (let s = 1; s <= SIZE.spaces; s++) {
    spaces.push([s, `Space ${s}`, 1, 'User 1', 1, 'User 1', 0]);
    for (let u = 1; u <= 20; u++) spaceUsers.push([spaceUsers.length + 1, ((s * 20 + u) % 100) + 1, s, u === 1 ? 'admin' : 'dev']);
    composes.push([s, `Compose ${s}`, '', s, 1, '', 1, 'User 1', 0, 1, '', 1]);
    for (let p = 0; p < SIZE.projectsPerSpace; p++) {
      projectId++;
      projects.push([projectId, `Project ${projectId}`, `Project ${projectId} of space ${s}`, s, p % 2, 1, 'User 1', 1, 'User 1', p]);
      for (let u = 1; u <= 5; u++)
        projectUsers.push([projectUsers.length + 1, projectId, ((projectId * 5 + u) % 100) + 1, u === 1 ? 'admin' : 'guest']);
      for (let m = 0; m < SIZE.modulesPerProject; m++) {
        moduleId++;
        modules.push([moduleId, `App ${moduleId}`, projectId, 0, '', '', '', md5hex(), 0, 0, 1, 1, m]);
        envs.push(
          [moduleId * 2 - 1, moduleId, 'local', 'http://127.0.0.1:8080', 0],
          [moduleId * 2, moduleId, 'test', 'http://test.example.com', 1],
        );
        configs.push([moduleId, moduleId, 0, 'dingdingWebhookUrl', `https://oapi.dingtalk.com/robot/send?access_token=${md5hex()}`, 0, '']);
        enums.push([moduleId, md5hex(), 'Status', 'status of a thing', moduleId]);
        for (const [i, v] of ['NEW', 'PAID', 'SHIPPED', 'DONE'].entries())
          items.push([moduleId * 4 + i, moduleId, v, 'string', v, `${v} state`, i]);
        shares.push([moduleId, 1, '', 1, moduleId, 0, '', 'User 1', 1, 1]);
        for (let f = 0; f < SIZE.foldersPerModule; f++) {
          const folder = ++docId;
          docs.push([
            folder,
            md5hex(),
            md5hex(),
            '',
            `Folder ${f}`,
            '',
            '',
            0,
            '',
            '',
            '',
            '',
            '$false$',
            1,
            0,
            moduleId,
            1,
            1,
            'User 1',
            1,
            'User 1',
            f,
            10,
          ]);
          if (f === 0) shareContents.push([shareContents.length + 1, moduleId, folder, 0, 1]);
          for (let d = 0; d < SIZE.docsPerFolder; d++) {
            const id = ++docId;
            const url = `/app${moduleId}/res${f}/op${d}`;
            const method = ['GET', 'POST', 'PUT'][d % 3];
            const md5 = md5hex();
            docs.push([
              id,
              md5hex(),
              md5hex(),
              md5,
              `Operation ${f}.${d}`,
              `Does thing ${d}<br>in detail`,
              'dev',
              0,
              url,
              '',
              method,
              'application/json',
              '$false$',
              0,
              folder,
              moduleId,
              1,
              1,
              'User 1',
              1,
              'User 1',
              d,
              10,
            ]);
            const ps = paramsOf(id, n++, () => ++pid);
            params.push(...ps);
            const content = JSON.stringify({
              id: String(id),
              name: `Operation ${f}.${d}`,
              url,
              httpMethod: method,
              requestParams: ps
                .filter((p) => p[11] === 2)
                .map((p) => ({ id: String(p[0]), name: p[2], type: p[3], parentId: String(p[10]) })),
              responseParams: ps
                .filter((p) => p[11] === 3)
                .map((p) => ({ id: String(p[0]), name: p[2], type: p[3], parentId: String(p[10]) })),
            });
            snapshots.push([id, id, '', md5, 'User 1', '2024-01-01 10:00:00', content]);
            records.push(
              [id * 2 - 1, id, '', '', md5hex(), 0, 1, 'User 1', 1, '2024-01-01 10:00:00'],
              [id * 2, id, '', md5hex(), md5, 1, 1, 'User 1', 0, '2024-02-01 10:00:00'],
            );
            details.push(
              [id * 2 - 1, id * 2 - 1, 0, 'name', '{"value":{"old":"","new":"x"}}', 1],
              [id * 2, id * 2, 4, 'description', '{"value":{"old":"a","new":"b"}}', 0],
            );
            if (d === 0 && f < 2) composeDocs.push([composeDocs.length + 1, id, s, 0, '', 0, `Project ${projectId}`, 'User 1', d]);
          }
        }
      }
    }
  }
  const WHO = ['creator_id', 'creator_name', 'modifier_id', 'modifier_name'];
  await insert(conn, 'space', ['id', 'name', ...WHO, 'is_compose'], spaces);
  await insert(conn, 'space_user', ['id', 'user_id', 'space_id', 'role_code'], spaceUsers);
  await insert(conn, 'project', ['id', 'name', 'description', 'space_id', 'is_private', ...WHO, 'order_index'], projects);
  await insert(conn, 'project_user', ['id', 'project_id', 'user_id', 'role_code'], projectUsers);
  const moduleCols = [
    'id',
    'name',
    'project_id',
    'type',
    'import_url',
    'basic_auth_username',
    'basic_auth_password',
    'token',
    'create_mode',
    'modify_mode',
  ];
  await insert(conn, 'module', [...moduleCols, 'creator_id', 'modifier_id', 'order_index'], modules);
  await insert(conn, 'module_environment', ['id', 'module_id', 'name', 'url', 'is_public'], envs);
  await insert(conn, 'module_config', ['id', 'module_id', 'type', 'config_key', 'config_value', 'extend_id', 'description'], configs);
  await insert(conn, 'enum_info', ['id', 'data_id', 'name', 'description', 'module_id'], enums);
  await insert(conn, 'enum_item', ['id', 'enum_id', 'name', 'type', 'value', 'description', 'order_index'], items);
  const docCols = [
    'id',
    'data_id',
    'doc_key',
    'md5',
    'name',
    'description',
    'author',
    'type',
    'url',
    'version',
    'http_method',
    'content_type',
  ];
  await insert(
    conn,
    'doc_info',
    [...docCols, 'deprecated', 'is_folder', 'parent_id', 'module_id', 'create_mode', ...WHO, 'order_index', 'status'],
    docs,
  );
  const paramCols = [
    'id',
    'data_id',
    'name',
    'type',
    'required',
    'max_length',
    'example',
    'description',
    'enum_id',
    'doc_id',
    'parent_id',
    'style',
  ];
  await insert(conn, 'doc_param', [...paramCols, 'create_mode', 'modify_mode', 'order_index'], params, 5000);
  await insert(conn, 'doc_snapshot', ['id', 'doc_id', 'doc_key', 'md5', 'modifier_name', 'modifier_time', 'content'], snapshots, 1000);
  const recordCols = [
    'id',
    'doc_id',
    'doc_key',
    'md5_old',
    'md5_new',
    'modify_source',
    'modify_user_id',
    'modify_nickname',
    'modify_type',
    'modify_time',
  ];
  await insert(conn, 'doc_diff_record', recordCols, records);
  await insert(conn, 'doc_diff_detail', ['id', 'record_id', 'position_type', 'target_name', 'content', 'modify_type'], details);
  await insert(
    conn,
    'share_config',
    ['id', 'type', 'password', 'status', 'module_id', 'is_all', 'remark', 'creator_name', 'is_show_debug', 'is_all_selected_debug'],
    shares,
  );
  await insert(conn, 'share_content', ['id', 'share_config_id', 'doc_id', 'parent_id', 'is_share_folder'], shareContents);
  const composeCols = [
    'id',
    'name',
    'description',
    'space_id',
    'type',
    'password',
    'creator_id',
    'creator_name',
    'order_index',
    'show_debug',
    'gateway_url',
  ];
  await insert(conn, 'compose_project', [...composeCols, 'status'], composes);
  await insert(
    conn,
    'compose_doc',
    ['id', 'doc_id', 'project_id', 'is_folder', 'folder_name', 'parent_id', 'origin', 'creator', 'order_index'],
    composeDocs,
  );
  await conn.end();
  return db;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const db = await generateTorna();
  console.log(db.url);
  process.exit(0);
}
