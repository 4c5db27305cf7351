/**
 * Everything of one Torna space read and converted: its members, projects, applications with their settings,
 * environments, common params, webhooks, docs, params, dictionaries, history, mocks, scripts, shares and
 * compose projects. The migration writes one batch per space in one transaction.
 */
import { ParamOwner } from '@folio/shared';
import { md5 } from '../../lib/crypto.js';
import type { ParamSet } from '../docs/doc-params.js';
import * as c from './convert.js';
import { changeDetail, changeRecord, snapshot } from './history.js';
import type { Row, TornaSource } from './source.js';

/** Rows for one Folio table, converted from one Torna table. */
export interface TableRows {
  table: string;
  source: string;
  rows: c.Out[];
}

export interface ParamBatch {
  ownerType: number;
  source: string;
  owners: number[];
  sets: ParamSet[];
  /** Torna rows these params came from, per table (default: one per param written, credited to `source`). */
  credit?: Record<string, number>;
}

export interface Batch {
  tables: TableRows[];
  params: ParamBatch[];
  /** Torna rows read per Torna table. */
  read: Map<string, number>;
  /** Rows left out, with why: Torna table → reason → count. */
  skipped: Map<string, Map<string, number>>;
  /** Things the report should mention. */
  notes: string[];
}

const ids = (rows: Row[], col = 'id') => rows.map((r) => c.num(r[col]));
/** An IN list that is never empty (mysql2 renders [] as nothing). */
const list = (xs: number[]) => (xs.length ? xs : [-1]);

export function newBatch(): Batch {
  return { tables: [], params: [], read: new Map(), skipped: new Map(), notes: [] };
}

export function skip(b: Batch, table: string, reason: string, n = 1): void {
  if (!n) return;
  const m = b.skipped.get(table) ?? new Map<string, number>();
  m.set(reason, (m.get(reason) ?? 0) + n);
  b.skipped.set(table, m);
}

/** Reads rows and counts them as read. */
async function read(
  src: TornaSource,
  b: Batch,
  table: string,
  cols: string[],
  where: string,
  params: unknown[],
  defaults?: Row,
): Promise<Row[]> {
  const notDeleted = src.has(table, 'is_deleted') ? ' and is_deleted = 0' : '';
  const rows = await src.rows(table, cols, defaults, `(${where})${notDeleted}`, params);
  b.read.set(table, (b.read.get(table) ?? 0) + rows.length);
  return rows;
}
/** Reads rows, deleted ones included (Folio keeps them soft-deleted too). */
async function readAll(
  src: TornaSource,
  b: Batch,
  table: string,
  cols: string[],
  where: string,
  params: unknown[],
  defaults?: Row,
): Promise<Row[]> {
  const rows = await src.rows(table, cols, defaults, where, params);
  b.read.set(table, (b.read.get(table) ?? 0) + rows.length);
  return rows;
}

const TIMES = ['gmt_create', 'gmt_modified'];
const WHO = ['creator_id', 'creator_name', 'modifier_id', 'modifier_name'];
const PARAM_COLS = ['id', 'data_id', 'name', 'type', 'required', 'max_length', 'example', 'description', 'enum_id', 'parent_id', 'style'];
const PARAM_MORE = ['create_mode', 'order_index', ...TIMES];

/** Module config keys of Torna's application settings that Folio names differently. */
const MODULE_SETTING_KEYS: Record<string, string> = { 'torna.push.override': 'override', 'torna.push.print-content': 'printContent' };
const WEBHOOK_KEYS: Record<string, string> = { dingdingwebhookurl: 'dingtalk', wecomwebhookurl: 'wecom' };

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

function addParams(
  b: Batch,
  ownerType: number,
  source: string,
  owners: number[],
  lists: ReturnType<typeof c.paramLists>,
  credit?: Record<string, number>,
): void {
  const sets: ParamSet[] = [...lists.values()].map((l) => ({ ownerId: l.ownerId, style: l.style, params: l.params }));
  b.params.push({ ownerType, source, owners, sets, credit });
}

type Put = (table: string, source: string, rows: c.Out[]) => void;

/** Application settings: k/v settings, webhooks, debug environments and their params, common params, Swagger, MeterSphere. */
export async function readModuleSettings(
  src: TornaSource,
  b: Batch,
  M: number[],
  modules: Row[],
  globalParams: Map<number, Row>,
  put: Put,
  cx: c.ConvertContext,
): Promise<void> {
  const configs = await read(
    src,
    b,
    'module_config',
    ['id', 'module_id', 'type', 'config_key', 'config_value', 'extend_id', 'description', ...TIMES],
    'module_id in (?)',
    [M],
    {
      extend_id: 0,
    },
  );
  const settings: c.Out[] = [];
  const hooks: c.Out[] = [];
  const hosts: c.Out[] = [];
  const common = new Map<string, { ownerId: number; style: number; params: ReturnType<typeof c.param>[] }>();
  const hasEnvTable = src.has('module_environment');
  let fromConfig = 0;
  let fromDocParam = 0;
  // Children of global params (doc_param rows with doc_id 0) by parent.
  const childrenOf = new Map<number, Row[]>();
  for (const r of globalParams.values()) {
    const p = c.num(r.parent_id);
    if (p) childrenOf.set(p, [...(childrenOf.get(p) ?? []), r]);
  }
  const tree = (r: Row, depth = 0): ReturnType<typeof c.param> => {
    const p = c.param(r);
    if (depth < 64) p.children = (childrenOf.get(c.num(r.id)) ?? []).map((x) => tree(x, depth + 1));
    return p;
  };
  for (const r of configs) {
    const type = c.num(r.type);
    const moduleId = c.num(r.module_id);
    const key = c.str(r.config_key);
    if (type === 0) {
      const kind = WEBHOOK_KEYS[key.toLowerCase()];
      const url = c.str(r.config_value).trim();
      if (!hasEnvTable && /^debughost_/i.test(key)) {
        // Torna 1.0–1.2 kept one debug host per application as a plain setting.
        hosts.push({
          id: c.num(r.id),
          moduleId,
          name: 'debug',
          url: c.str(r.config_value),
          isPublic: 0,
          orderIndex: 0,
          createdAt: c.ms(r.gmt_create),
          updatedAt: c.ms(r.gmt_modified),
        });
        continue;
      }
      if (kind) {
        if (url) {
          hooks.push({
            id: c.num(r.id),
            moduleId,
            kind,
            name: kind === 'dingtalk' ? 'DingTalk (Torna)' : 'WeCom (Torna)',
            urlEnc: cx.enc(url),
            secretEnc: '',
            urlHint: c.urlHint(url),
            enabled: 1,
            creatorId: 0,
            createdAt: c.ms(r.gmt_create),
            updatedAt: c.ms(r.gmt_modified),
          });
        } else skip(b, 'module_config', 'empty robot URL setting');
        continue;
      }
      settings.push({
        id: c.num(r.id),
        moduleId,
        type: 0,
        configKey: (MODULE_SETTING_KEYS[key] ?? key).slice(0, 128),
        configValue: c.str(r.config_value),
        description: c.str(r.description).slice(0, 255),
        createdAt: c.ms(r.gmt_create),
        updatedAt: c.ms(r.gmt_modified),
      });
    } else if (type === 2) {
      // Before 1.12.0 debug hosts were module settings; from then on Torna moved them to module_environment itself.
      if (!hasEnvTable)
        hosts.push({
          id: c.num(r.id),
          moduleId,
          name: key,
          url: c.str(r.config_value),
          isPublic: c.num(r.extend_id) ? 1 : 0,
          orderIndex: 0,
          createdAt: c.ms(r.gmt_create),
          updatedAt: c.ms(r.gmt_modified),
        });
      else skip(b, 'module_config', 'debug host setting of Torna before 1.12 (already moved to module_environment by Torna)');
    } else if (c.COMMON_STYLE[type] !== undefined) {
      const style = c.COMMON_STYLE[type];
      const k = `${moduleId}:${style}`;
      const l = common.get(k) ?? { ownerId: moduleId, style, params: [] };
      const ext = c.num(r.extend_id);
      if (type !== 5 && ext) {
        const root = globalParams.get(ext);
        if (root) {
          const p = tree(root);
          l.params.push(p);
          fromDocParam += c.paramCount([p]);
          fromConfig++;
        } else skip(b, 'module_config', 'common param whose doc_param row is deleted');
      } else {
        l.params.push(c.configParam(r));
        fromConfig++;
      }
      common.set(k, l);
    } else skip(b, 'module_config', `unknown module_config type ${type}`);
  }
  put('moduleConfigs', 'module_config', settings);
  put('moduleWebhooks', 'module_config', hooks);
  addParams(b, ParamOwner.MODULE, 'module_config', M, common, { module_config: fromConfig, doc_param: fromDocParam });

  const envs = await read(src, b, 'module_environment', ['id', 'module_id', 'name', 'url', 'is_public', ...TIMES], 'module_id in (?)', [M]);
  put('moduleEnvironments', hasEnvTable ? 'module_environment' : 'module_config', hasEnvTable ? envs.map(c.environment) : hosts);
  const envParams = await read(
    src,
    b,
    'module_environment_param',
    [...PARAM_COLS, 'environment_id', ...PARAM_MORE],
    'environment_id in (?)',
    [list(ids(envs))],
  );
  addParams(b, ParamOwner.ENVIRONMENT, 'module_environment_param', ids(envs), c.paramLists(envParams, 'environment_id'));

  // Swagger import settings: module_swagger_config (1.16+), or the module's own import URL before it.
  if (src.has('module_swagger_config')) {
    const sw = await readAll(
      src,
      b,
      'module_swagger_config',
      ['id', 'module_id', 'url', 'content', 'auth_username', 'auth_password', ...TIMES],
      'module_id in (?)',
      [M],
    );
    put(
      'moduleSwaggerConfigs',
      'module_swagger_config',
      sw.map((r) => swagger(r, c.num(r.id), r.url, r.auth_username, cx.enc(r.auth_password))),
    );
  } else {
    const withUrl = modules.filter((m) => c.str(m.import_url));
    put(
      'moduleSwaggerConfigs',
      'module.import_url',
      withUrl.map((m) => swagger(m, c.num(m.id), m.import_url, m.basic_auth_username, cx.enc(m.basic_auth_password))),
    );
  }
  const ignores = await readAll(src, b, 'push_ignore_field', ['id', 'module_id', 'data_id', 'field_name'], 'module_id in (?)', [M]);
  put(
    'pushIgnoreFields',
    'push_ignore_field',
    ignores.map((r) => ({
      id: c.num(r.id),
      moduleId: c.num(r.module_id),
      dataId: c.str(r.data_id),
      fieldName: c.str(r.field_name).slice(0, 64),
    })),
  );
  const msm = await readAll(
    src,
    b,
    'ms_module_config',
    ['id', 'module_id', 'release_id', 'ms_project_id', 'ms_module_id', 'ms_cover_module', 'name', 'gmt_modified'],
    'module_id in (?)',
    [M],
    {
      release_id: 0,
      ms_cover_module: 1,
    },
  );
  const plain = msm.filter((r) => !c.num(r.release_id));
  skip(b, 'ms_module_config', 'MeterSphere target of a Torna release (Folio has no release management)', msm.length - plain.length);
  put(
    'msModuleConfigs',
    'ms_module_config',
    plain.map((r) => ({
      id: c.num(r.id),
      moduleId: c.num(r.module_id),
      msProjectId: c.str(r.ms_project_id),
      msModuleId: c.str(r.ms_module_id),
      msCoverModule: c.num(r.ms_cover_module) ? 1 : 0,
      name: c.str(r.name),
      updatedAt: c.ms(r.gmt_modified),
    })),
  );
}

/** Swagger settings row (the password already encrypted). */
function swagger(r: Row, id: number, url: unknown, user: unknown, passwordEnc: string): c.Out {
  return {
    id,
    moduleId: c.num(r.module_id ?? r.id),
    url: c.str(url).slice(0, 1024),
    content: c.str(r.content),
    format: '',
    authUsername: c.str(user).slice(0, 255),
    authPasswordEnc: passwordEnc,
    createdAt: c.ms(r.gmt_create),
    updatedAt: c.ms(r.gmt_modified),
  };
}
