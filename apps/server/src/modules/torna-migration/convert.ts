/**
 * Torna rows → Folio rows, one function per kind of row. Ids stay Torna's; times become epoch ms; what an older
 * schema lacks is computed with Torna's own formulas (identity keys) or defaults (see source.ts for the reads).
 */
import { NOT_DEPRECATED, ParamStyle } from '@folio/shared';
import { dataId as docDataId, folderKey } from '../docs/doc-keys.js';
import type { ParamInput } from '../docs/doc-params.js';
import { pushedDocKey } from '../push/push-merge.js';
import type { Row } from './source.js';

export type Out = Record<string, unknown>;

/** What conversions need besides the row: user nicknames, the encryption of secrets at rest, Hashids. */
export interface ConvertContext {
  nick(userId: unknown): string;
  enc(plain: unknown): string;
  hashid(id: number): string;
}

export const num = (v: unknown): number => {
  const x = Number(v);
  return Number.isFinite(x) ? x : 0;
};
export const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
/** A Torna datetime (or date) as epoch ms; 0 when absent. */
export const ms = (v: unknown): number => {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? 0 : v.getTime();
  if (typeof v === 'string' && v) {
    const t = Date.parse(v);
    return Number.isNaN(t) ? 0 : t;
  }
  return 0;
};
const clip = (v: unknown, n: number): string => {
  const s = str(v);
  return s.length > n ? s.slice(0, n) : s;
};
const times = (r: Row) => ({ createdAt: ms(r.gmt_create), updatedAt: ms(r.gmt_modified) || ms(r.gmt_create) });

export function user(r: Row, dingtalk: Map<number, string>, wecom: Map<number, string>): Out {
  const source = str(r.source) || 'register';
  return {
    id: num(r.id),
    username: clip(r.username, 128),
    passwordHash: str(r.password),
    nickname: clip(r.nickname, 128),
    email: clip(r.email, 255),
    avatar: '',
    isSuperAdmin: num(r.is_super_admin) ? 1 : 0,
    status: r.status === '' ? 1 : num(r.status),
    source: clip(source, 16),
    lang: '',
    dingtalkUserId: dingtalk.get(num(r.id)) ?? '',
    wecomMobile: wecom.get(num(r.id)) ?? '',
    thirdPartyId: '',
    ...times(r),
  };
}

const byWho = (r: Row, c: ConvertContext) => ({
  creatorId: num(r.creator_id),
  creatorName: clip(str(r.creator_name) || c.nick(r.creator_id), 128),
  modifierId: num(r.modifier_id),
  modifierName: clip(str(r.modifier_name) || c.nick(r.modifier_id), 128),
});
const deleted = (r: Row) => ({ isDeleted: num(r.is_deleted) ? 1 : 0, ...times(r) });

export const space = (r: Row, c: ConvertContext): Out => ({
  id: num(r.id),
  name: clip(r.name, 128),
  isCompose: num(r.is_compose) ? 1 : 0,
  ...byWho(r, c),
  ...deleted(r),
});

export const member = (r: Row, owner: 'spaceId' | 'projectId', ownerCol: string): Out => ({
  id: num(r.id),
  [owner]: num(r[ownerCol]),
  userId: num(r.user_id),
  roleCode: ['guest', 'dev', 'admin'].includes(str(r.role_code)) ? str(r.role_code) : 'guest',
  createdAt: ms(r.gmt_create),
});

export const project = (r: Row, c: ConvertContext): Out => ({
  id: num(r.id),
  spaceId: num(r.space_id),
  name: clip(r.name, 128),
  description: str(r.description),
  isPrivate: num(r.is_private) ? 1 : 0,
  orderIndex: num(r.order_index),
  ...byWho(r, c),
  ...deleted(r),
});

export const module = (r: Row, c: ConvertContext): Out => ({
  id: num(r.id),
  projectId: num(r.project_id),
  name: clip(r.name, 128),
  type: num(r.type),
  token: clip(r.token, 64),
  orderIndex: num(r.order_index),
  ...byWho(r, c),
  ...deleted(r),
});

/**
 * A doc or folder. Schemas before 1.26 have no doc_key, before 1.22 no version, before 1.24 no status, before
 * 1.9.5 no md5/lock: the identity keys are computed (data_id of Torna before 1.22 followed an older formula, so
 * it is always computed), the rest get Torna's defaults (md5 may be empty or Torna's: Folio compares real
 * content when a stored md5 does not match).
 */
export function doc(r: Row, c: ConvertContext): Out {
  const moduleId = num(r.module_id);
  const parentId = num(r.parent_id);
  const isFolder = num(r.is_folder) ? 1 : 0;
  const type = num(r.type);
  const name = str(r.name);
  const version = str(r.version);
  // Folio's own formulas (Torna's for folders and HTTP docs; Dubbo docs by their definition), so pushes merge.
  const key = isFolder
    ? folderKey(moduleId, parentId, name)
    : pushedDocKey(moduleId, { type, name, url: str(r.url), httpMethod: str(r.http_method) });
  return {
    id: num(r.id),
    moduleId,
    parentId,
    dataId: docDataId(key, version),
    docKey: clip(key, 64),
    md5: clip(r.md5, 64),
    name: clip(name, 255),
    description: str(r.description),
    author: clip(r.author, 128),
    type,
    url: clip(r.url, 1024),
    version: clip(version, 64),
    definition: '',
    httpMethod: clip(r.http_method, 16),
    contentType: clip(r.content_type, 255),
    deprecated: clip(str(r.deprecated) || NOT_DEPRECATED, 255),
    isFolder,
    isShow: r.is_show === '' ? 1 : num(r.is_show),
    orderIndex: num(r.order_index),
    status: r.status === '' || r.status === null ? 5 : num(r.status),
    isLocked: num(r.is_locked) ? 1 : 0,
    isUseGlobalHeaders: r.is_use_global_headers === '' ? 1 : num(r.is_use_global_headers),
    isUseGlobalParams: r.is_use_global_params === '' ? 1 : num(r.is_use_global_params),
    isUseGlobalReturns: r.is_use_global_returns === '' ? 1 : num(r.is_use_global_returns),
    isRequestArray: num(r.is_request_array) ? 1 : 0,
    isResponseArray: num(r.is_response_array) ? 1 : 0,
    requestArrayType: clip(str(r.request_array_type) || 'object', 32),
    responseArrayType: clip(str(r.response_array_type) || 'object', 32),
    createMode: num(r.create_mode),
    // Torna's modify_mode: 1 open API (push), otherwise a form edit.
    modifySource: num(r.modify_mode) === 1 ? 0 : 1,
    remark: str(r.remark),
    ...byWho(r, c),
    ...deleted(r),
  };
}

/** A param (doc_param-like row) as Folio writes it, without children yet. */
export const param = (r: Row): ParamInput => ({
  name: str(r.name),
  type: str(r.type) || 'string',
  required: num(r.required) ? 1 : 0,
  maxLength: str(r.max_length),
  example: str(r.example),
  description: str(r.description),
  enumId: num(r.enum_id),
  orderIndex: num(r.order_index),
  dataId: str(r.data_id),
  createMode: num(r.create_mode),
  children: [],
});

/**
 * Param rows (any owner) → one list per (owner, style): children under their parent (rows keep their id
 * order, readers sort by orderIndex); a param whose parent is gone goes to the top of its list.
 */
export function paramLists(rows: Row[], ownerCol: string): Map<string, { ownerId: number; style: number; params: ParamInput[] }> {
  const nodes = new Map<number, { row: Row; p: ParamInput }>();
  for (const r of rows) nodes.set(num(r.id), { row: r, p: param(r) });
  const lists = new Map<string, { ownerId: number; style: number; params: ParamInput[] }>();
  for (const { row, p } of nodes.values()) {
    const parent = nodes.get(num(row.parent_id));
    if (parent && parent.row !== row && num(parent.row[ownerCol]) === num(row[ownerCol]) && num(parent.row.style) === num(row.style)) {
      parent.p.children.push(p);
      continue;
    }
    const key = `${num(row[ownerCol])}:${num(row.style)}`;
    const l = lists.get(key) ?? { ownerId: num(row[ownerCol]), style: num(row.style), params: [] };
    l.params.push(p);
    lists.set(key, l);
  }
  return lists;
}

/** Number of params in a list, children included. */
export const paramCount = (ps: ParamInput[]): number => ps.reduce((n, p) => n + 1 + paramCount(p.children), 0);

/** Module config types (Torna) → common param style in Folio. */
export const COMMON_STYLE: Record<number, number> = {
  1: ParamStyle.HEADER,
  3: ParamStyle.REQUEST,
  4: ParamStyle.RESPONSE,
  5: ParamStyle.CODE,
};

/** A module_config of type 1/3/4/5 written as a key/value (before 1.8.0, and error codes always) → a param. */
export const configParam = (r: Row): ParamInput => ({
  name: str(r.config_key),
  type: 'string',
  required: 1,
  maxLength: '',
  example: str(r.config_value),
  description: str(r.description),
  orderIndex: num(r.id),
  children: [],
});

export const environment = (r: Row): Out => ({
  id: num(r.id),
  moduleId: num(r.module_id),
  name: clip(r.name, 128),
  url: clip(r.url, 512),
  isPublic: num(r.is_public) ? 1 : 0,
  orderIndex: 0,
  ...times(r),
});

export const enumInfo = (r: Row): Out => ({
  id: num(r.id),
  moduleId: num(r.module_id),
  dataId: clip(r.data_id, 64),
  name: clip(r.name, 255),
  description: str(r.description),
  ...deleted(r),
});

export const enumItem = (r: Row): Out => ({
  id: num(r.id),
  enumId: num(r.enum_id),
  name: clip(r.name, 255),
  type: clip(str(r.type) || 'string', 64),
  value: clip(r.value, 1024),
  description: str(r.description),
  orderIndex: num(r.order_index),
});

export const constantInfo = (r: Row): Out => ({
  id: num(r.id),
  projectId: num(r.project_id),
  moduleId: num(r.module_id),
  docId: num(r.doc_id),
  content: str(r.content),
  ...times(r),
});

export const mock = (r: Row, c: ConvertContext): Out => ({
  id: num(r.id),
  docId: num(r.doc_id),
  name: clip(r.name, 255),
  dataId: clip(r.data_id, 64),
  path: clip(r.path, 1024),
  version: num(r.version),
  isDefault: str(r.data_id) === 'default' ? 1 : 0,
  requestDataType: num(r.request_data_type),
  requestData: str(r.request_data),
  httpStatus: r.http_status === '' ? 200 : num(r.http_status),
  delayMills: num(r.delay_mills),
  resultType: num(r.result_type),
  responseHeaders: str(r.response_headers) || '[]',
  responseBody: str(r.response_body),
  mockScript: str(r.mock_script),
  mockResult: str(r.mock_result),
  remark: str(r.remark),
  creatorName: clip(str(r.creator_name) || c.nick(r.creator_id), 128),
  modifierName: clip(str(r.modifier_name) || c.nick(r.modifier_id), 128),
  ...deleted(r),
});

export const debugScript = (r: Row): Out => ({
  id: num(r.id),
  name: clip(r.name, 255),
  description: str(r.description),
  content: str(r.content),
  type: num(r.type),
  scope: num(r.scope),
  refId: num(r.ref_id),
  enabled: r.enabled === '' ? 1 : num(r.enabled),
  creatorName: clip(r.creator_name, 128),
  ...times(r),
});

/** Torna's share expiry is a date (valid through that day): Folio keeps the first moment after it. */
const expiry = (v: unknown): number | null => {
  const t = ms(v);
  return t ? t + 86_400_000 : null;
};

export const share = (r: Row, c: ConvertContext): Out => ({
  id: num(r.id),
  // Torna's share link is /#/share/{hashid of the row id}: the migrated share answers under it.
  publicId: c.hashid(num(r.id)),
  moduleId: num(r.module_id),
  type: num(r.type) || 1,
  passwordEnc: c.enc(r.password),
  expiresAt: expiry(r.expiration_time),
  status: r.status === '' ? 1 : num(r.status),
  isAll: num(r.is_all) ? 1 : 0,
  remark: clip(r.remark, 512),
  allowDebug: r.is_show_debug === '' ? 1 : num(r.is_show_debug),
  isAllSelectedDebug: r.is_all_selected_debug === '' ? 1 : num(r.is_all_selected_debug),
  creatorId: 0,
  creatorName: clip(r.creator_name, 128),
  ...deleted(r),
});

export const openUser = (r: Row, c: ConvertContext): Out => ({
  id: num(r.id),
  appKey: clip(r.app_key, 128),
  secretEnc: c.enc(r.secret),
  status: r.status === '' ? 1 : num(r.status),
  // 1.0 called the applicant `remark`.
  applicant: clip(str(r.applicant) || str(r.remark), 128),
  spaceId: num(r.space_id),
  createdAt: ms(r.gmt_create),
  isDeleted: num(r.is_deleted) ? 1 : 0,
});

export const composeProject = (r: Row, c: ConvertContext): Out => ({
  id: num(r.id),
  publicId: c.hashid(num(r.id)),
  spaceId: num(r.space_id),
  name: clip(r.name, 128),
  description: str(r.description),
  type: num(r.type) || 1,
  passwordEnc: c.enc(r.password),
  status: r.status === '' ? 1 : num(r.status),
  orderIndex: num(r.order_index),
  showDebug: r.show_debug === '' ? 1 : num(r.show_debug),
  gatewayUrl: clip(r.gateway_url, 1024),
  creatorId: num(r.creator_id),
  creatorName: clip(str(r.creator_name) || c.nick(r.creator_id), 128),
  ...deleted(r),
});

export const composeDoc = (r: Row): Out => ({
  id: num(r.id),
  projectId: num(r.project_id),
  docId: num(r.doc_id),
  isFolder: num(r.is_folder) ? 1 : 0,
  folderName: clip(r.folder_name, 255),
  parentId: num(r.parent_id),
  origin: clip(r.origin, 255),
  orderIndex: num(r.order_index),
  creatorName: clip(r.creator, 128),
  createdAt: ms(r.gmt_create),
});

export const composePage = (r: Row): Out => ({
  id: num(r.id),
  projectId: num(r.project_id),
  title: clip(r.title, 255),
  content: str(r.content),
  orderIndex: num(r.order_index),
  status: r.status === '' ? 1 : num(r.status),
  ...times(r),
});

/** Torna system_config keys that Folio names `folio.*` (the rest keep their key, lower case as Folio reads them). */
const RENAMED_KEYS: Record<string, string> = {
  'torna.front-url': 'folio.public-url',
  'torna.register.enable': 'folio.register.enable',
  'torna.default-lang': 'folio.default-lang',
  'torna.doc-sort-type': 'folio.doc-sort-type',
  'torna.snapshot-size': 'folio.snapshot-size',
  'torna.init-order': 'folio.init-order',
  'torna.push.override': 'folio.push.override',
  'torna.push.print-content': 'folio.push.print-content',
  'torna.push.allow-same-folder': 'folio.push.allow-same-folder',
  'torna.push.dingding-webhook-content': 'folio.push.dingding-webhook-content',
  'torna.push.wecom-webhook-content': 'folio.push.wecom-webhook-content',
  'torna.upload.max-mb': 'folio.upload.max-mb',
};

/** The Folio key of a Torna system config, or null for keys that describe Torna itself (not carried). */
export function settingKey(key: string): string | null {
  const k = key.toLowerCase();
  if (k === 'torna.version' || k.startsWith('folio.secret.') || k.startsWith('folio.torna-migration')) return null;
  return RENAMED_KEYS[k] ?? k;
}

/** Host of a robot URL (the path and query carry its secret). */
export function urlHint(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`.slice(0, 255);
  } catch {
    return '';
  }
}
