/**
 * Field-level diff of two versions of a doc (torna-compat §1b change details): doc fields by
 * PositionType, parameters matched by their path of names within their list (style), so a renamed
 * parameter shows as one removed and one added, and a changed one as per-field updates.
 */
import { type ChangeDetail, type DocDetail, type DocParam, ModifyType, PositionType } from '@folio/shared';

const FIELDS: [keyof DocDetail, number][] = [
  ['name', PositionType.NAME],
  ['httpMethod', PositionType.HTTP_METHOD],
  ['url', PositionType.URL],
  ['contentType', PositionType.CONTENT_TYPE],
  ['description', PositionType.DESCRIPTION],
  ['deprecated', PositionType.DEPRECATED],
  ['isShow', PositionType.IS_SHOW],
  ['orderIndex', PositionType.ORDER_INDEX],
  ['version', PositionType.VERSION],
  ['definition', PositionType.DEFINITION],
  ['type', PositionType.DOC_TYPE],
  ['status', PositionType.STATUS],
  ['author', PositionType.AUTHOR],
  ['isUseGlobalHeaders', PositionType.USE_GLOBAL_HEADERS],
  ['isUseGlobalParams', PositionType.USE_GLOBAL_PARAMS],
  ['isUseGlobalReturns', PositionType.USE_GLOBAL_RETURNS],
  ['isRequestArray', PositionType.IS_REQUEST_ARRAY],
  ['isResponseArray', PositionType.IS_RESPONSE_ARRAY],
  ['requestArrayType', PositionType.REQUEST_ARRAY_TYPE],
  ['responseArrayType', PositionType.RESPONSE_ARRAY_TYPE],
];

const LISTS: [keyof DocDetail, number][] = [
  ['pathParams', PositionType.PATH_PARAM],
  ['headerParams', PositionType.HEADER_PARAM],
  ['queryParams', PositionType.QUERY_PARAM],
  ['requestParams', PositionType.BODY_PARAM],
  ['responseParams', PositionType.RESPONSE_PARAM],
];

const PARAM_FIELDS: [keyof DocParam, number][] = [
  ['type', PositionType.PARAM_TYPE],
  ['required', PositionType.PARAM_REQUIRED],
  ['maxLength', PositionType.PARAM_MAX_LENGTH],
  ['description', PositionType.PARAM_DESCRIPTION],
  ['example', PositionType.PARAM_EXAMPLE],
];

/** Flattens a param tree into path → param (paths joined by '.'). */
export function flattenParams(ps: DocParam[] | undefined, prefix = '', out = new Map<string, DocParam>()): Map<string, DocParam> {
  for (const p of ps ?? []) {
    const path = prefix ? `${prefix}.${p.name}` : p.name;
    if (!out.has(path)) out.set(path, p);
    flattenParams(p.children, path, out);
  }
  return out;
}

/** A param without its children and ids, as shown in a detail. */
function summary(p: DocParam) {
  return { name: p.name, type: p.type, required: p.required, maxLength: p.maxLength, example: p.example, description: p.description };
}

const norm = (v: unknown) => (v === undefined || v === null ? '' : v);

/** Field-level differences between two versions. */
export function diffDocs(before: DocDetail, after: DocDetail): ChangeDetail[] {
  const out: ChangeDetail[] = [];
  for (const [field, pos] of FIELDS) {
    const a = norm(before[field]);
    const b = norm(after[field]);
    if (a !== b) out.push({ positionType: pos, targetName: field, modifyType: ModifyType.UPDATE, old: a, new: b });
  }
  if (JSON.stringify(before.dubboInfo ?? null) !== JSON.stringify(after.dubboInfo ?? null)) {
    out.push({
      positionType: PositionType.DUBBO_INFO,
      targetName: 'dubboInfo',
      modifyType: ModifyType.UPDATE,
      old: before.dubboInfo ?? null,
      new: after.dubboInfo ?? null,
    });
  }
  for (const [list, pos] of LISTS) {
    const a = flattenParams(before[list] as DocParam[]);
    const b = flattenParams(after[list] as DocParam[]);
    for (const [path, p] of a) {
      const q = b.get(path);
      if (!q) {
        out.push({ positionType: pos, targetName: path, modifyType: ModifyType.DELETE, old: summary(p), new: null });
        continue;
      }
      for (const [f, fpos] of PARAM_FIELDS) {
        if (norm(p[f]) !== norm(q[f])) {
          out.push({
            positionType: fpos,
            targetName: path,
            modifyType: ModifyType.UPDATE,
            old: norm(p[f]),
            new: norm(q[f]),
            paramPosition: pos,
          });
        }
      }
      if ((p.enumId ?? '') !== (q.enumId ?? '')) {
        out.push({
          positionType: PositionType.PARAM_TYPE,
          targetName: path,
          modifyType: ModifyType.UPDATE,
          old: p.enumInfo?.name ?? p.enumId ?? '',
          new: q.enumInfo?.name ?? q.enumId ?? '',
          paramPosition: pos,
        });
      }
    }
    for (const [path, q] of b) {
      if (!a.has(path)) out.push({ positionType: pos, targetName: path, modifyType: ModifyType.ADD, old: null, new: summary(q) });
    }
  }
  const codesA = new Map((before.errorCodeParams ?? []).map((c) => [c.code, c]));
  const codesB = new Map((after.errorCodeParams ?? []).map((c) => [c.code, c]));
  for (const [code, c] of codesA) {
    const d = codesB.get(code);
    if (!d) out.push({ positionType: PositionType.ERROR_CODE, targetName: code, modifyType: ModifyType.DELETE, old: c, new: null });
    else if (c.msg !== d.msg || c.solution !== d.solution) {
      out.push({ positionType: PositionType.ERROR_CODE, targetName: code, modifyType: ModifyType.UPDATE, old: c, new: d });
    }
  }
  for (const [code, d] of codesB) {
    if (!codesA.has(code))
      out.push({ positionType: PositionType.ERROR_CODE, targetName: code, modifyType: ModifyType.ADD, old: null, new: d });
  }
  return out;
}

/** The stored form of a detail's content: Torna's `{value:{old,new}, targetName}` plus the param list. */
export function detailContent(d: ChangeDetail): string {
  return JSON.stringify({
    value: { old: d.old, new: d.new },
    targetName: d.targetName,
    ...(d.paramPosition !== undefined ? { paramPosition: d.paramPosition } : {}),
  });
}
