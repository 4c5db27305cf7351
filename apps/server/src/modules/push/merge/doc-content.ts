/** What a pushed doc becomes: its key, its detail (params sorted, dictionaries linked), its row and param sets. */
import { type DocDetail, type DocParam, DocType, ModifySource, ParamStyle } from '@folio/shared';
import { storedExtrasText } from '../../docs/doc-extras.js';
import { contentHash, docKey } from '../../docs/doc-keys.js';
import type { ParamInput, ParamSet } from '../../docs/doc-params.js';
import { docParams, type NDoc, type NEnum, type NItem, type NParam } from '../push-normalize.js';
import { fullDubbo } from '../push-writes.js';
import type { MergeState, PlannedDoc } from './state.js';

/** doc_key of a pushed doc: HTTP by url+method; Dubbo by its definition when present (two services may share a method name); others by name. */
export function pushedDocKey(moduleId: number, d: Pick<NDoc, 'type' | 'name' | 'url' | 'httpMethod'> & { identityKey?: string }): string {
  if (d.type === DocType.DUBBO && d.url) return docKey(moduleId, DocType.HTTP, d.name, d.url, '', d.identityKey);
  return docKey(moduleId, d.type, d.name, d.url, d.httpMethod, d.identityKey);
}

/** One level of params in display order (by orderIndex, ties in sent order); children are sorted where they are used. */
export const sortParams = (ps: NParam[]): NParam[] => {
  for (let i = 1; i < ps.length; i++)
    if (ps[i].orderIndex < ps[i - 1].orderIndex) return [...ps].sort((a, b) => a.orderIndex - b.orderIndex);
  return ps;
};

/**
 * A doc detail's param list from normalised params, turned in place (the merge's params are its own: no
 * second object per param). The dictionary becomes its encoded id; the dictionary itself is filled in
 * where one is needed (emit-changes.ts). Lists come sorted for display (see sortParams).
 */
function toDocParams(ps: NParam[], enumIds: Map<string, number>, encode: (n: number) => string, withEnum: DocParam[]): DocParam[] {
  const list = sortParams(ps);
  for (const p of list) {
    if (p.enumInfo) {
      const eid = enumIds.get(p.enumInfo.name) ?? 0;
      p.enumInfo = null;
      if (eid) {
        p.enumId = encode(eid);
        withEnum.push(p as DocParam);
      }
    }
    if (p.children.length) p.children = toDocParams(p.children, enumIds, encode, withEnum) as NParam[];
  }
  return list as DocParam[];
}

function toParamInputs(ps: NParam[], enumIds: Map<string, number>): ParamInput[] {
  return ps.map((p) => ({
    name: p.name,
    type: p.type,
    required: p.required,
    maxLength: p.maxLength,
    example: p.example,
    description: p.description,
    enumId: p.enumInfo ? (enumIds.get(p.enumInfo.name) ?? 0) : 0,
    orderIndex: p.orderIndex,
    createMode: 1,
    children: toParamInputs(p.children, enumIds),
  }));
}

/** Every dictionary the params of the items name. */
export function collectEnums(items: NItem[], out: NEnum[] = []): NEnum[] {
  const walk = (ps: NParam[]) => {
    for (const p of ps) {
      if (p.enumInfo) out.push(p.enumInfo);
      walk(p.children);
    }
  };
  for (const it of items) {
    if (it.kind === 'folder') collectEnums(it.children, out);
    else for (const list of Object.values(docParams(it))) walk(list as NParam[]);
  }
  return out;
}

export function countItems(items: NItem[]): number {
  let n = 0;
  for (const it of items) n += 1 + (it.kind === 'folder' ? countItems(it.children) : 0);
  return n;
}

/** Builds the doc's detail as it will read after the merge, and its content hash. */
export function buildDetail(s: MergeState, p: PlannedDoc): void {
  const w = p.existing;
  const it = p.item;
  const keepDescription = w && s.ignoreDescription.has(p.dataId);
  const params = docParams(it);
  const encode = (n: number) => s.app.ctx.ids.encode(n);
  const list = (style: number) => toDocParams(params[style] ?? [], s.enumIds, encode, p.enumParams);
  p.detail = {
    name: it.name,
    description: keepDescription ? w.description : it.description,
    author: it.author,
    url: it.url,
    httpMethod: it.httpMethod,
    contentType: it.contentType,
    deprecated: it.deprecated,
    version: it.version,
    identityKey: it.identityKey,
    definition: it.definition,
    type: it.type,
    isUseGlobalHeaders: w?.isUseGlobalHeaders ?? 1,
    isUseGlobalParams: w?.isUseGlobalParams ?? 1,
    isUseGlobalReturns: w?.isUseGlobalReturns ?? 1,
    isRequestArray: it.isRequestArray,
    isResponseArray: it.isResponseArray,
    requestArrayType: it.requestArrayType,
    responseArrayType: it.responseArrayType,
    dubboInfo: it.dubboInfo ? fullDubbo(it.dubboInfo) : p.parentDubbo,
    headerParams: list(ParamStyle.HEADER),
    pathParams: list(ParamStyle.PATH),
    queryParams: list(ParamStyle.QUERY),
    requestParams: list(ParamStyle.REQUEST),
    responseParams: list(ParamStyle.RESPONSE),
    errorCodeParams: sortParams(params[ParamStyle.CODE] ?? []).map((c) => ({ code: c.name, msg: c.description, solution: c.example })),
    ...(it.extras ?? {}),
  } as unknown as DocDetail;
  p.hash = contentHash(p.detail);
}

/** The param sets a written doc replaces: the trees built for its hash (sorted; ties keep their sent order), and its error codes. */
export function docParamSets(s: MergeState, p: PlannedDoc, id: number): ParamSet[] {
  const d = p.detail as DocDetail;
  const sets: ParamSet[] = [];
  for (const [style, params] of [
    [ParamStyle.PATH, d.pathParams],
    [ParamStyle.HEADER, d.headerParams],
    [ParamStyle.REQUEST, d.requestParams],
    [ParamStyle.RESPONSE, d.responseParams],
    [ParamStyle.QUERY, d.queryParams],
  ] as const) {
    sets.push({ ownerId: id, style, params, enumIdOf: s.enumIdOf, createMode: 1 });
  }
  sets.push({ ownerId: id, style: ParamStyle.CODE, params: toParamInputs(docParams(p.item)[ParamStyle.CODE] ?? [], s.enumIds) });
  return sets;
}

/**
 * The docs row the merge writes for a planned doc. `content`: its content changed (the modifier and time
 * are the push's); otherwise only its place or visibility did (the row keeps its modifier and time).
 */
export function docRow(s: MergeState, p: PlannedDoc, content: boolean): Record<string, unknown> {
  const it = p.item;
  const ex = p.existing;
  const mine = content || !ex;
  return {
    moduleId: s.moduleId,
    parentId: p.parentId,
    dataId: p.dataId,
    docKey: p.docKey,
    md5: p.hash,
    name: it.name,
    description: p.detail ? p.detail.description : (ex?.description ?? ''),
    author: it.author,
    type: it.type,
    url: it.url,
    version: it.version,
    identityKey: it.identityKey,
    specExtras: storedExtrasText(it.extras),
    webhook: it.extras?.webhook ?? '',
    definition: it.definition,
    httpMethod: it.httpMethod,
    contentType: it.contentType,
    deprecated: it.deprecated,
    isFolder: 0,
    isShow: it.isShow,
    orderIndex: it.orderIndex,
    isRequestArray: it.isRequestArray,
    isResponseArray: it.isResponseArray,
    requestArrayType: it.requestArrayType,
    responseArrayType: it.responseArrayType,
    createMode: 1,
    modifySource: mine ? ModifySource.PUSH : ex.modifySource,
    creatorId: s.userId,
    creatorName: s.nickname,
    modifierId: mine ? s.userId : ex.modifierId,
    modifierName: mine ? s.nickname : ex.modifierName,
    createdAt: s.now,
    updatedAt: mine ? s.now : ex.updatedAt,
    isDeleted: 0,
  };
}
