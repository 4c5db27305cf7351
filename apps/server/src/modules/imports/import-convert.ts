/**
 * One entry point from source text to a push payload: format detection, the converter of each format,
 * and a final pass that fits values into the columns (so a long example name never fails a whole import).
 */
import type { PushDocItem, PushParam, PushPayload } from '@folio/shared';
import { LIMITS } from '../push/push-normalize.js';
import { openApiToPush } from './openapi-to-push.js';
import { type PostmanVariable, postmanToPush } from './postman-to-push.js';
import { detectFormat, type ImportFormat, ImportInputError, parseStructured, stripBom } from './spec-text.js';
import { yapiJsonToPush, yapiMarkdownToPush } from './yapi-to-push.js';

/** Torna's module.type per source (0 manual, 1 swagger, 2 postman, 3 yapi). */
export const MODULE_TYPE_OF: Record<ImportFormat, number> = { openapi: 1, postman: 2, 'yapi-md': 3, 'yapi-json': 3 };

export interface Converted {
  format: ImportFormat;
  payload: PushPayload;
  warnings: string[];
  variables: PostmanVariable[];
}

/** Cheap detection on raw text, without parsing (used by the upload call to refuse garbage at once). */
export function quickDetect(text: string): ImportFormat | null {
  const head = stripBom(text).slice(0, 200_000);
  const t = head.trimStart();
  if (!t) return null;
  if (t.startsWith('{') || t.startsWith('[')) {
    // Keys may come in any order (Kubernetes' spec has "swagger" after 4 MB of definitions): whole text.
    if (/"(openapi|swagger)"\s*:\s*"[23]\./.test(text)) return 'openapi';
    if (/getpostman\.com\/json\/collection|"_postman_id"\s*:/.test(head)) return 'postman';
    if (t.startsWith('[') && /"req_body_type"|"res_body_type"|"add_time"/.test(head)) return 'yapi-json';
    if (/"item"\s*:\s*\[/.test(head) && /"request"\s*:/.test(head)) return 'postman';
    return null;
  }
  if (/^(openapi|swagger)\s*:\s*['"]?[23]\./m.test(text)) return 'openapi';
  if (/\*\*Path[：:]\*\*/.test(head) && /\*\*Method[：:]\*\*/.test(head)) return 'yapi-md';
  return null;
}

/** Parses and converts source text of the given (or detected) format. */
export async function convertSource(
  text: string,
  format: ImportFormat | null,
  opts: { author?: string; onProgress?: (fraction: number) => void | Promise<void> } = {},
): Promise<Converted> {
  if (!stripBom(text).trim()) throw new ImportInputError('import.empty');
  let fmt = format ?? quickDetect(text);
  if (fmt === 'yapi-md') {
    const r = await yapiMarkdownToPush(text, opts);
    return fit({ format: fmt, ...r, variables: [] });
  }
  const parsed = parseStructured(text);
  fmt = fmt ?? detectFormat(text, parsed);
  if (!fmt) throw new ImportInputError('import.unknown_format');
  if (fmt === 'openapi') return fit({ format: fmt, ...(await openApiToPush(parsed, opts)), variables: [] });
  if (fmt === 'postman') return fit({ format: fmt, ...(await postmanToPush(parsed, opts)) });
  return fit({ format: fmt, ...(await yapiJsonToPush(parsed, opts)), variables: [] });
}

/** A text cut to `max` characters, with a warning naming `what` (built only when something is cut). */
const cap = (v: unknown, max: number, what: () => string, warnings: string[]): string => {
  const s = typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
  if (s.length <= max) return s;
  if (warnings.length < 500) warnings.push(`${what()} cut to ${max} characters`);
  return s.slice(0, max);
};

function fitParams(list: PushParam[] | undefined, where: string, w: string[]): void {
  for (const p of list ?? []) {
    p.name = cap(p.name, LIMITS.paramName, () => `${where}: parameter name ${String(p.name).slice(0, 40)}…`, w);
    p.type = cap(p.type, LIMITS.paramType, () => `${where}: type of ${p.name}`, w);
    if (p.maxLength !== undefined) p.maxLength = cap(p.maxLength, LIMITS.maxLength, () => `${where}: maxLength of ${p.name}`, w);
    if (p.enumInfo) {
      p.enumInfo.name = cap(p.enumInfo.name, LIMITS.name, () => `${where}: dictionary name`, w);
      for (const it of p.enumInfo.items ?? []) {
        it.name = cap(it.name, LIMITS.name, () => `${where}: dictionary item`, w);
        it.value = cap(it.value, LIMITS.enumValue, () => `${where}: dictionary value`, w);
        it.type = cap(it.type, LIMITS.paramType, () => `${where}: dictionary item type`, w);
      }
    }
    fitParams(p.children, where, w);
  }
}

function fitItems(items: PushDocItem[] | undefined, w: string[]): void {
  for (const d of items ?? []) {
    const where = d.isFolder ? `folder ${d.name}` : `${d.httpMethod ?? ''} ${d.url ?? d.name}`;
    d.name = cap(d.name, LIMITS.name, () => `${where}: name`, w) || (d.isFolder ? 'Folder' : String(d.url || 'Untitled'));
    if (d.author !== undefined) d.author = cap(d.author, LIMITS.author, () => `${where}: author`, w);
    if (d.url !== undefined) d.url = cap(d.url, LIMITS.url, () => `${where}: url`, w);
    if (d.contentType !== undefined) d.contentType = cap(d.contentType, LIMITS.contentType, () => `${where}: content type`, w);
    if (typeof d.deprecated === 'string') d.deprecated = cap(d.deprecated, LIMITS.deprecated, () => `${where}: deprecated`, w);
    if (d.requestArrayType) d.requestArrayType = cap(d.requestArrayType, LIMITS.arrayType, () => `${where}: array type`, w);
    if (d.responseArrayType) d.responseArrayType = cap(d.responseArrayType, LIMITS.arrayType, () => `${where}: array type`, w);
    for (const k of ['headerParams', 'pathParams', 'queryParams', 'requestParams', 'responseParams'] as const) fitParams(d[k], where, w);
    for (const e of d.errorCodeParams ?? []) {
      e.code = cap(e.code, LIMITS.paramName, () => `${where}: code`, w);
    }
    fitItems(d.items, w);
  }
}

function fit(c: Converted): Converted {
  fitItems(c.payload.apis, c.warnings);
  for (const e of c.payload.debugEnvs ?? []) {
    e.name = cap(e.name, LIMITS.envName, () => 'environment name', c.warnings);
    e.url = cap(e.url, LIMITS.envUrl, () => 'environment URL', c.warnings);
  }
  return c;
}

/** Counts folders, docs and parameters of a payload (what the import brings). */
export function countPayload(apis: PushDocItem[]): { folders: number; docs: number; params: number } {
  const out = { folders: 0, docs: 0, params: 0 };
  const countParams = (ps: PushParam[] | undefined): number => (ps ?? []).reduce((n, p) => n + 1 + countParams(p.children), 0);
  const walk = (items: PushDocItem[]) => {
    for (const it of items) {
      if (it.isFolder === 1 || it.isFolder === true || it.isFolder === '1') {
        out.folders++;
        walk(it.items ?? []);
      } else {
        out.docs++;
        out.params += ['headerParams', 'pathParams', 'queryParams', 'requestParams', 'responseParams'].reduce(
          (n, k) => n + countParams(it[k as 'headerParams']),
          0,
        );
      }
    }
  };
  walk(apis);
  return out;
}
