/**
 * Identity keys of torna-compat §1b, so pushes, imports and history merge without duplicating:
 * doc_key is the logical identity across versions, data_id the row identity, md5 the content hash.
 */
import { type DocDetail, DocType } from '@folio/shared';
import { md5 } from '../../lib/crypto.js';

/** Normalises a version: '-' and blanks mean none. */
export function normalizeVersion(v: string | null | undefined): string {
  const s = (v ?? '').trim();
  return s === '-' ? '' : s;
}

/** doc_key of a folder: md5(moduleId:parentId:name). */
export function folderKey(moduleId: number, parentId: number, name: string): string {
  return md5(`${moduleId}:${parentId}:${name}`);
}

/** doc_key of a doc: HTTP by url+method (parent not included, so moving keeps identity); others by name. */
export function docKey(moduleId: number, type: number, name: string, url: string, httpMethod: string): string {
  if (type === DocType.HTTP) return md5(`${moduleId}:${url}:${httpMethod.toUpperCase()}`);
  return md5(`${moduleId}:${name}:CUSTOM`);
}

/** data_id (row uniqueness) = md5(doc_key + version). */
export function dataId(key: string, version: string): string {
  return md5(key + normalizeVersion(version));
}

function stable(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${k}:${stable(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

type P = DocDetail['requestParams'][number];
const paramContent = (ps: P[]): unknown[] =>
  ps.map((p) => ({
    n: p.name,
    t: p.type,
    r: p.required,
    m: p.maxLength,
    e: p.example,
    d: p.description,
    en: p.enumId ?? '',
    c: paramContent(p.children ?? []),
  }));

/**
 * Content hash of a doc: what a reader sees. Status, visibility and order are not content
 * (changing them makes no history entry), as in Torna; content type and deprecation are.
 */
export function contentHash(d: DocDetail): string {
  return md5(
    stable({
      name: d.name,
      description: d.description,
      author: d.author,
      url: d.url,
      httpMethod: d.httpMethod,
      contentType: d.contentType,
      deprecated: d.deprecated,
      version: d.version,
      definition: d.definition,
      type: d.type,
      g: [d.isUseGlobalHeaders, d.isUseGlobalParams, d.isUseGlobalReturns],
      a: [d.isRequestArray, d.isResponseArray, d.requestArrayType, d.responseArrayType],
      dubbo: d.dubboInfo,
      h: paramContent(d.headerParams),
      p: paramContent(d.pathParams),
      q: paramContent(d.queryParams),
      b: paramContent(d.requestParams),
      r: paramContent(d.responseParams),
      e: d.errorCodeParams.map((x) => [x.code, x.msg, x.solution]),
    }),
  );
}
