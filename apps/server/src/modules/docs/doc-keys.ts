/**
 * Identity keys of torna-compat §1b, so pushes, imports and history merge without duplicating:
 * doc_key is the logical identity across versions, data_id the row identity, md5 the content hash.
 */
import { type DocDetail, DocType } from '@folio/shared';
import { md5 } from '../../lib/crypto.js';
import { extrasText } from './doc-extras.js';

/** Normalises a version: '-' and blanks mean none. */
export function normalizeVersion(v: string | null | undefined): string {
  const s = (v ?? '').trim();
  return s === '-' ? '' : s;
}

/** doc_key of a folder: md5(moduleId:parentId:name). */
export function folderKey(moduleId: number, parentId: number, name: string): string {
  return md5(`${moduleId}:${parentId}:${name}`);
}

/**
 * doc_key of a doc: HTTP by url+method (parent not included, so moving keeps identity); others by name.
 * An identity key (what tells apart docs sharing method and URL, e.g. Postman requests) is appended after
 * `#`; without one the key is Torna's formula exactly.
 */
export function docKey(moduleId: number, type: number, name: string, url: string, httpMethod: string, identityKey = ''): string {
  const id = identityKey ? `#${identityKey}` : '';
  if (type === DocType.HTTP) return md5(`${moduleId}:${url}:${httpMethod.toUpperCase()}${id}`);
  return md5(`${moduleId}:${name}:CUSTOM${id}`);
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

/** `stable` of a value that is normally a scalar (strings, numbers: their JSON; null/undefined: nothing). */
const sv = (v: unknown): string =>
  typeof v === 'string'
    ? JSON.stringify(v)
    : typeof v === 'number'
      ? // JSON's text of a number: the same as String() for finite ones.
        Number.isFinite(v)
        ? String(v)
        : 'null'
      : v === null || v === undefined
        ? ''
        : typeof v === 'object'
          ? stable(v)
          : JSON.stringify(v);

/** Strings JSON writes with escapes (quote, backslash, control characters, surrogates): the rest is quoted as is. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what JSON escapes.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
/** `sv` of a param field: strings are mostly plain, and quoting them directly skips JSON.stringify. */
const pv = (v: unknown): string => {
  if (typeof v !== 'string') return sv(v);
  return NEEDS_ESCAPE.test(v) ? sv(v) : `"${v}"`;
};

/**
 * `stable` of a param list mapped to {n,t,r,m,e,d,en,c} (keys in sorted order c,d,e,en,m,n,r,t), written
 * directly into `out` (joined once): the same text as the generic serialiser without building and sorting
 * an object per param, and without a rope of concatenations to flatten.
 */
function paramContent(ps: P[] | null | undefined, out: string[]): void {
  if (!ps) {
    out.push('[]');
    return;
  }
  out.push('[');
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i];
    out.push(i ? ',{c:' : '{c:');
    paramContent(p.children ?? [], out);
    out.push(
      `,d:${pv(p.description)},e:${pv(p.example)},en:${p.enumId === '' || p.enumId == null ? '""' : pv(p.enumId)},m:${pv(p.maxLength)},n:${pv(p.name)},r:${pv(p.required)},t:${pv(p.type)}}`,
    );
  }
  out.push(']');
}

const list = (vs: unknown[]): string => `[${vs.map(sv).join(',')}]`;

/**
 * Content hash of a doc: what a reader sees. Status, visibility and order are not content
 * (changing them makes no history entry), as in Torna; content type and deprecation are.
 * The hashed text is `stable` of {name, description, author, url, httpMethod, contentType, deprecated,
 * version, definition, type, g, a, dubbo, h, p, q, b, r, e[, x]} (keys sorted; x only when the doc has extras),
 * built without intermediate objects.
 */
export function contentHash(d: DocDetail): string {
  const e = d.errorCodeParams ? `[${d.errorCodeParams.map((x) => list([x.code, x.msg, x.solution])).join(',')}]` : '';
  const out = [`{a:${list([d.isRequestArray, d.isResponseArray, d.requestArrayType, d.responseArrayType])},author:${sv(d.author)},b:`];
  paramContent(d.requestParams, out);
  out.push(
    `,contentType:${sv(d.contentType)},definition:${sv(d.definition)},deprecated:${sv(d.deprecated)},description:${sv(d.description)},dubbo:${sv(d.dubboInfo)},e:${e},g:${list([d.isUseGlobalHeaders, d.isUseGlobalParams, d.isUseGlobalReturns])},h:`,
  );
  paramContent(d.headerParams, out);
  out.push(`,httpMethod:${sv(d.httpMethod)},name:${sv(d.name)},p:`);
  paramContent(d.pathParams, out);
  out.push(',q:');
  paramContent(d.queryParams, out);
  out.push(',r:');
  paramContent(d.responseParams, out);
  out.push(`,type:${sv(d.type)},url:${sv(d.url)},version:${sv(d.version)}`);
  // A spec's examples, responses and webhook event (absent from Torna pushes: their hashes stay as they were).
  const x = extrasText(d);
  out.push(x ? `,x:${sv(x)}}` : '}');
  return md5(out.join(''));
}
