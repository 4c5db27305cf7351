/**
 * Everything of one Torna space read and converted: its members, projects, applications with their settings,
 * environments, common params, webhooks, docs, params, dictionaries, history, mocks, scripts, shares and
 * compose projects. The migration writes one batch per space in one transaction.
 */
import { ParamOwner } from '@folio/shared';
import { md5 } from '../../lib/crypto.js';
import { addParams, type Batch, ids, list, newBatch, PARAM_COLS, PARAM_MORE, read, readAll, TIMES, WHO } from './batch.js';
import * as c from './convert.js';
import { changeDetail, changeRecord, snapshot } from './history.js';
import { readModuleSettings } from './module-settings.js';
import type { Row, TornaSource } from './source.js';

export { type Batch, newBatch, skip } from './batch.js';

/** Reads and converts one space. `globalParams` are doc_param rows with doc_id 0 (module common params), by id. */
export async function readSpace(src: TornaSource, spaceId: number, cx: c.ConvertContext, globalParams: Map<number, Row>): Promise<Batch> {
  const b = newBatch();
  const put = (table: string, source: string, rows: c.Out[]) => {
    if (!rows.length) return;
    b.tables.push({ table, source, rows });
    // A derived source (a column of a table turned into rows of another) counts its own reads.
    if (source.includes('.')) b.read.set(source, (b.read.get(source) ?? 0) + rows.length);
  };
  const spaceRows = await readAll(src, b, 'space', ['id', 'name', 'is_compose', 'is_deleted', ...WHO, ...TIMES], 'id = ?', [spaceId]);
  put(
    'spaces',
    'space',
    spaceRows.map((r) => c.space(r, cx)),
  );
  const spaceUsers = await read(src, b, 'space_user', ['id', 'user_id', 'space_id', 'role_code', 'gmt_create'], 'space_id = ?', [spaceId]);
  put(
    'spaceMembers',
    'space_user',
    spaceUsers.map((r) => c.member(r, 'spaceId', 'space_id')),
  );

  const projects = await readAll(
    src,
    b,
    'project',
    ['id', 'name', 'description', 'space_id', 'is_private', 'order_index', 'is_deleted', ...WHO, ...TIMES],
    'space_id = ?',
    [spaceId],
  );
  put(
    'projects',
    'project',
    projects.map((r) => c.project(r, cx)),
  );
  const P = list(ids(projects));
  const projectUsers = await read(src, b, 'project_user', ['id', 'user_id', 'project_id', 'role_code', 'gmt_create'], 'project_id in (?)', [
    P,
  ]);
  put(
    'projectMembers',
    'project_user',
    projectUsers.map((r) => c.member(r, 'projectId', 'project_id')),
  );

  const modules = await readAll(
    src,
    b,
    'module',
    [
      'id',
      'name',
      'project_id',
      'type',
      'import_url',
      'basic_auth_username',
      'basic_auth_password',
      'token',
      'order_index',
      'is_deleted',
    ].concat(['creator_id', 'modifier_id'], TIMES),
    'project_id in (?)',
    [P],
  );
  put(
    'modules',
    'module',
    modules.map((r) => c.module(r, cx)),
  );
  const M = list(ids(modules));
  await readModuleSettings(src, b, M, modules, globalParams, put, cx);

  // Docs and folders (deleted ones too: their history and links stay), their params and Dubbo props.
  const docCols = ['id', 'data_id', 'doc_key', 'md5', 'name', 'description', 'author', 'type', 'url', 'version', 'http_method'].concat(
    ['content_type', 'deprecated', 'is_folder', 'parent_id', 'module_id', 'is_use_global_headers', 'is_use_global_params'],
    ['is_use_global_returns', 'is_request_array', 'is_response_array', 'request_array_type', 'response_array_type', 'create_mode'],
    ['modify_mode', 'order_index', 'remark', 'is_show', 'is_deleted', 'is_locked', 'status', ...WHO, ...TIMES],
  );
  const docs = await readAll(src, b, 'doc_info', docCols, 'module_id in (?)', [M], {
    is_show: 1,
    status: 5,
    is_use_global_headers: 1,
    is_use_global_params: 1,
    is_use_global_returns: 1,
    deprecated: '$false$',
  });
  const docRows = docs.map((r) => c.doc(r, cx));
  // Two docs of an application with the same identity (Torna before 1.22 keyed them by folder too): the live one
  // (else the first) keeps the key, the others get one of their own.
  const taken = new Set<string>();
  for (const pass of [0, 1]) {
    for (const d of docRows) {
      if (d.isDeleted !== pass) continue;
      const k = `${d.moduleId}:${d.dataId}`;
      if (taken.has(k)) {
        d.dataId = md5(`${d.dataId}:${d.id}`);
        b.notes.push(`doc ${d.id} ("${d.name}") repeats the identity of another doc of its application; it got an identity of its own`);
      }
      taken.add(`${d.moduleId}:${d.dataId}`);
    }
  }
  put('docs', 'doc_info', docRows);
  const docInfo = new Map(docRows.map((d) => [d.id as number, { moduleId: d.moduleId as number, docKey: d.docKey as string }]));
  const docKeyOf = new Map([...docInfo].map(([id, d]) => [id, d.docKey]));
  const DOCS = 'select id from doc_info where module_id in (?)';
  const params = await read(src, b, 'doc_param', [...PARAM_COLS, 'doc_id', ...PARAM_MORE], `doc_id in (${DOCS})`, [M]);
  addParams(b, ParamOwner.DOC, 'doc_param', ids(docs), c.paramLists(params, 'doc_id'));
  const props = await readAll(src, b, 'prop', ['id', 'ref_id', 'type', 'name', 'val'], `ref_id in (${DOCS})`, [M]);
  put(
    'props',
    'prop',
    props.map((r) => ({
      id: c.num(r.id),
      refId: c.num(r.ref_id),
      type: c.num(r.type),
      name: c.str(r.name).slice(0, 64),
      val: c.str(r.val),
    })),
  );

  const enums = await readAll(
    src,
    b,
    'enum_info',
    ['id', 'data_id', 'name', 'description', 'module_id', 'is_deleted', ...TIMES],
    'module_id in (?)',
    [M],
  );
  put('enumInfos', 'enum_info', enums.map(c.enumInfo));
  const items = await read(
    src,
    b,
    'enum_item',
    ['id', 'enum_id', 'name', 'type', 'value', 'description', 'order_index'],
    'enum_id in (select id from enum_info where module_id in (?))',
    [M],
  );
  put('enumItems', 'enum_item', items.map(c.enumItem));
  const constants = await readAll(
    src,
    b,
    'constant_info',
    ['id', 'project_id', 'module_id', 'doc_id', 'content', ...TIMES],
    `project_id in (?) or module_id in (?) or (doc_id > 0 and doc_id in (${DOCS}))`,
    [P, M, M],
  );
  put('constantInfos', 'constant_info', constants.map(c.constantInfo));

  // History.
  const snaps = await readAll(
    src,
    b,
    'doc_snapshot',
    ['id', 'doc_id', 'doc_key', 'md5', 'modifier_name', 'modifier_time', 'content', 'gmt_create'],
    `doc_id in (${DOCS})`,
    [M],
  );
  put(
    'docSnapshots',
    'doc_snapshot',
    snaps.map((r) => snapshot(r, docKeyOf)),
  );
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
    'gmt_create',
  ];
  const records = await readAll(src, b, 'doc_diff_record', recordCols, `doc_id in (${DOCS})`, [M]);
  put(
    'docChangeRecords',
    'doc_diff_record',
    records.map((r) => changeRecord(r, docInfo)),
  );
  const details = await readAll(
    src,
    b,
    'doc_diff_detail',
    ['id', 'record_id', 'position_type', 'target_name', 'content', 'modify_type'],
    `record_id in (select id from doc_diff_record where doc_id in (${DOCS}))`,
    [M],
  );
  put('docChangeDetails', 'doc_diff_detail', details.map(changeDetail));

  // Mocks and debug scripts.
  const mockCols = [
    'id',
    'name',
    'data_id',
    'version',
    'path',
    'request_data',
    'request_data_type',
    'http_status',
    'delay_mills',
    'result_type',
  ].concat(['response_headers', 'response_body', 'mock_script', 'mock_result', 'doc_id', 'remark', 'is_deleted', ...WHO, ...TIMES]);
  const mocks = await readAll(src, b, 'mock_config', mockCols, `doc_id in (${DOCS})`, [M], { http_status: 200 });
  put(
    'mockConfigs',
    'mock_config',
    mocks.map((r) => c.mock(r, cx)),
  );
  const scripts = await read(
    src,
    b,
    'debug_script',
    ['id', 'name', 'description', 'content', 'type', 'scope', 'ref_id', 'creator_name', 'enabled', ...TIMES],
    `(scope = 0 and ref_id in (${DOCS})) or (scope = 1 and ref_id in (?)) or (scope = 2 and ref_id in (?))`,
    [M, M, P],
    { enabled: 1 },
  );
  put('debugScripts', 'debug_script', scripts.map(c.debugScript));

  // Shares.
  const shareCols = [
    'id',
    'type',
    'password',
    'expiration_time',
    'status',
    'module_id',
    'is_all',
    'is_deleted',
    'remark',
    'creator_name',
  ].concat(['is_show_debug', 'is_all_selected_debug', ...TIMES]);
  const shares = await readAll(src, b, 'share_config', shareCols, 'module_id in (?)', [M], {
    status: 1,
    is_show_debug: 1,
    is_all_selected_debug: 1,
    expiration_time: null,
  });
  put(
    'shares',
    'share_config',
    shares.map((r) => c.share(r, cx)),
  );
  const SHARES = 'select id from share_config where module_id in (?)';
  const contents = await read(
    src,
    b,
    'share_content',
    ['id', 'share_config_id', 'doc_id', 'parent_id', 'is_share_folder'],
    `share_config_id in (${SHARES})`,
    [M],
  );
  put(
    'shareContents',
    'share_content',
    contents.map((r) => ({
      id: c.num(r.id),
      shareId: c.num(r.share_config_id),
      docId: c.num(r.doc_id),
      parentId: c.num(r.parent_id),
      isShareFolder: c.num(r.is_share_folder) ? 1 : 0,
    })),
  );
  const shareEnvs = await readAll(
    src,
    b,
    'share_environment',
    ['id', 'share_config_id', 'module_environment_id'],
    `share_config_id in (${SHARES})`,
    [M],
  );
  put(
    'shareEnvironments',
    'share_environment',
    shareEnvs.map((r) => ({ id: c.num(r.id), shareId: c.num(r.share_config_id), environmentId: c.num(r.module_environment_id) })),
  );

  // Compose projects.
  const composeCols = [
    'id',
    'name',
    'description',
    'space_id',
    'type',
    'password',
    'order_index',
    'show_debug',
    'gateway_url',
    'status',
    'is_deleted',
  ];
  const composes = await readAll(src, b, 'compose_project', [...composeCols, ...WHO, ...TIMES], 'space_id = ?', [spaceId], {
    status: 1,
    show_debug: 1,
  });
  put(
    'composeProjects',
    'compose_project',
    composes.map((r) => c.composeProject(r, cx)),
  );
  const C = list(ids(composes));
  const cdocs = await read(
    src,
    b,
    'compose_doc',
    ['id', 'doc_id', 'project_id', 'is_folder', 'folder_name', 'parent_id', 'origin', 'creator', 'order_index', 'gmt_create'],
    'project_id in (?)',
    [C],
  );
  put('composeDocs', 'compose_doc', cdocs.map(c.composeDoc));
  const pages = await read(
    src,
    b,
    'compose_additional_page',
    ['id', 'project_id', 'title', 'content', 'order_index', 'status', ...TIMES],
    'project_id in (?)',
    [C],
  );
  put('composeAdditionalPages', 'compose_additional_page', pages.map(c.composePage));
  const cparams = await read(
    src,
    b,
    'compose_common_param',
    [...PARAM_COLS, 'compose_project_id', 'order_index'],
    'compose_project_id in (?)',
    [C],
  );
  addParams(b, ParamOwner.COMPOSE, 'compose_common_param', ids(composes), c.paramLists(cparams, 'compose_project_id'));

  // MeterSphere account and open users of the space.
  const ms = await readAll(
    src,
    b,
    'ms_space_config',
    ['id', 'space_id', 'ms_space_id', 'ms_space_name', 'ms_address', 'ms_access_key', 'ms_secret_key', 'gmt_modified'],
    'space_id = ?',
    [spaceId],
  );
  put(
    'msSpaceConfigs',
    'ms_space_config',
    ms.map((r) => ({
      id: c.num(r.id),
      spaceId: c.num(r.space_id),
      msSpaceId: c.str(r.ms_space_id),
      msSpaceName: c.str(r.ms_space_name),
      msAddress: c.str(r.ms_address),
      msAccessKey: c.str(r.ms_access_key),
      msSecretKeyEnc: cx.enc(r.ms_secret_key),
      updatedAt: c.ms(r.gmt_modified),
    })),
  );
  const openUsers = await readAll(
    src,
    b,
    'open_user',
    ['id', 'app_key', 'secret', 'status', 'applicant', 'remark', 'space_id', 'is_deleted', 'gmt_create'],
    'space_id = ?',
    [spaceId],
  );
  put(
    'openUsers',
    'open_user',
    openUsers.map((r) => c.openUser(r, cx)),
  );
  return b;
}
