/**
 * Torna's doc history in Folio's shape: a snapshot's content (Torna's DocInfoDTO as JSON) becomes a Folio
 * DocDetail; change records and their field lines keep their columns (Torna's position codes are Folio's).
 */
import { NOT_DEPRECATED } from '@folio/shared';
import { ms, num, type Out, str } from './convert.js';
import type { Row } from './source.js';

type J = Record<string, unknown>;

/** A DTO param list (nested through `children`, or flat with `parentId`) as Folio's nested params. */
function params(list: unknown): J[] {
  if (!Array.isArray(list)) return [];
  const items = list.filter((x): x is J => !!x && typeof x === 'object');
  const nested = items.some((p) => Array.isArray(p.children) && p.children.length);
  const make = (p: J): J => ({
    id: str(p.id),
    name: str(p.name),
    type: str(p.type) || 'string',
    required: num(p.required) ? 1 : 0,
    maxLength: str(p.maxLength),
    example: str(p.example),
    description: str(p.description),
    enumId: p.enumId ? str(p.enumId) : '',
    orderIndex: num(p.orderIndex),
    children: [] as J[],
  });
  if (nested) {
    const walk = (ps: J[]): J[] =>
      ps.map((p) => {
        const n = make(p);
        n.children = walk(Array.isArray(p.children) ? (p.children as J[]) : []);
        return n;
      });
    return walk(items);
  }
  const byId = new Map<string, J>();
  const made = items.map((p) => {
    const n = make(p);
    byId.set(str(p.id), n);
    return n;
  });
  const roots: J[] = [];
  items.forEach((p, i) => {
    const parent = p.parentId && str(p.parentId) !== '0' ? byId.get(str(p.parentId)) : undefined;
    if (parent && parent !== made[i]) (parent.children as J[]).push(made[i]);
    else roots.push(made[i]);
  });
  return roots;
}

/** Torna's snapshot JSON as a Folio DocDetail JSON; text that is not JSON is kept as it is. */
export function snapshotContent(text: string): string {
  let j: J;
  try {
    j = JSON.parse(text) as J;
  } catch {
    return text;
  }
  if (!j || typeof j !== 'object') return text;
  const codes = Array.isArray(j.errorCodeParams) ? (j.errorCodeParams as J[]) : [];
  return JSON.stringify({
    id: str(j.id),
    docId: str(j.id),
    moduleId: str(j.moduleId),
    parentId: str(j.parentId),
    name: str(j.name),
    description: str(j.description),
    author: str(j.author),
    type: num(j.type),
    url: str(j.url),
    version: str(j.version),
    definition: '',
    httpMethod: str(j.httpMethod),
    contentType: str(j.contentType),
    isFolder: num(j.isFolder),
    isShow: j.isShow === undefined ? 1 : num(j.isShow),
    orderIndex: num(j.orderIndex),
    status: j.status === undefined ? 5 : num(j.status),
    deprecated: str(j.deprecated) || NOT_DEPRECATED,
    isUseGlobalHeaders: j.isUseGlobalHeaders === undefined ? 1 : num(j.isUseGlobalHeaders),
    isUseGlobalParams: j.isUseGlobalParams === undefined ? 1 : num(j.isUseGlobalParams),
    isUseGlobalReturns: j.isUseGlobalReturns === undefined ? 1 : num(j.isUseGlobalReturns),
    isRequestArray: num(j.isRequestArray),
    isResponseArray: num(j.isResponseArray),
    requestArrayType: str(j.requestArrayType) || 'object',
    responseArrayType: str(j.responseArrayType) || 'object',
    dubboInfo: j.dubboInfo && typeof j.dubboInfo === 'object' ? j.dubboInfo : null,
    isLocked: num(j.isLocked),
    modifySource: num(j.modifyMode) === 1 ? 0 : 1,
    gmtCreate: str(j.gmtCreate),
    gmtModified: str(j.gmtModified),
    creatorName: str(j.creatorName),
    modifierName: str(j.modifierName),
    headerParams: params(j.headerParams),
    pathParams: params(j.pathParams),
    queryParams: params(j.queryParams),
    requestParams: params(j.requestParams),
    responseParams: params(j.responseParams),
    errorCodeParams: codes.map((c) => ({
      code: str(c.code ?? c.name),
      msg: str(c.msg ?? c.description),
      solution: str(c.solution ?? c.example),
    })),
  });
}

export const snapshot = (r: Row, docKeyOf: Map<number, string>): Out => ({
  id: num(r.id),
  docId: num(r.doc_id),
  docKey: docKeyOf.get(num(r.doc_id)) || str(r.doc_key),
  md5: str(r.md5),
  modifierName: str(r.modifier_name).slice(0, 128),
  modifiedAt: ms(r.modifier_time) || ms(r.gmt_create),
  content: snapshotContent(str(r.content)),
});

export const changeRecord = (r: Row, docs: Map<number, { moduleId: number; docKey: string }>): Out => ({
  id: num(r.id),
  docId: num(r.doc_id),
  moduleId: docs.get(num(r.doc_id))?.moduleId ?? 0,
  docKey: docs.get(num(r.doc_id))?.docKey || str(r.doc_key),
  md5Old: str(r.md5_old),
  md5New: str(r.md5_new),
  modifySource: num(r.modify_source),
  modifyUserId: num(r.modify_user_id),
  modifyNickname: str(r.modify_nickname).slice(0, 128),
  modifyType: num(r.modify_type),
  modifiedAt: ms(r.modify_time) || ms(r.gmt_create),
});

export const changeDetail = (r: Row): Out => ({
  id: num(r.id),
  recordId: num(r.record_id),
  positionType: num(r.position_type),
  targetName: str(r.target_name).slice(0, 255),
  content: str(r.content),
  modifyType: num(r.modify_type),
});
