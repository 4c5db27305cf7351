/**
 * One entry point from source text to a push payload: format detection, the converter of each format,
 * and a final pass that fits values into the columns (so a long example name never fails a whole import).
 */
import type { PushDocItem, PushParam, PushPayload, SecurityData } from '@folio/shared';
import { type StoredText, type TextParam, text, writeText } from '../../i18n/stored-text.js';
import { turnTaker } from '../../lib/turns.js';
import { LIMITS } from '../push/push-normalize.js';
import { openApiToPush } from './openapi-to-push.js';
import { type PostmanVariable, postmanToPush } from './postman-to-push.js';
import { detectFormat, type ImportFormat, ImportInputError, parseStructuredAsync, stripBom } from './spec-text.js';
import { yapiJsonToPush, yapiMarkdownToPush } from './yapi-to-push.js';

/** Torna's module.type per source (0 manual, 1 swagger, 2 postman, 3 yapi). */
export const MODULE_TYPE_OF: Record<ImportFormat, number> = { openapi: 1, postman: 2, 'yapi-md': 3, 'yapi-json': 3 };

export interface Converted {
  format: ImportFormat;
  payload: PushPayload;
  /** Message keys, written in the reader's language when read (i18n/stored-text.ts). */
  warnings: StoredText[];
  variables: PostmanVariable[];
  /** Security schemes and requirements (OpenAPI sources). */
  security?: SecurityData;
  /** What the payload brings (as `countPayload` counts it). */
  counts: ImportCounts;
}

/** Characters of the start of a source that detection looks at. */
const HEAD_CHARS = 200_000;

/**
 * Cheap detection on raw text, without parsing (used by the upload call to refuse garbage at once). An
 * uploaded file is looked at as bytes: only its start is decoded, and the whole only when the start does
 * not settle it (a JSON spec whose "openapi" key comes late).
 */
export function quickDetect(src: string | Buffer): ImportFormat | null {
  if (typeof src === 'string') return detectText(stripBom(src).slice(0, HEAD_CHARS), src.length > HEAD_CHARS, () => src);
  // UTF-8 takes at most 4 bytes a character: these bytes hold the first HEAD_CHARS characters.
  const start = stripBom(src.subarray(0, HEAD_CHARS * 4).toString('utf8'));
  return detectText(start.slice(0, HEAD_CHARS), src.length > HEAD_CHARS * 4, () => src.toString('utf8'), start);
}

/** True when a source holds nothing but a byte-order mark and white space. */
export function isBlankSource(src: string | Buffer): boolean {
  // JavaScript's \s is exactly what trim() removes, the byte-order mark included: the search stops at the
  // first visible character instead of copying a trimmed source.
  if (typeof src === 'string') return !/\S/.test(src);
  let i = src[0] === 0xef && src[1] === 0xbb && src[2] === 0xbf ? 3 : 0;
  while (i < src.length && (src[i] === 0x20 || src[i] === 0x09 || src[i] === 0x0a || src[i] === 0x0d)) i++;
  if (i === src.length) return true;
  // Other white space (no-break, ideographic…) is not ASCII: decide on the text.
  return src[i] < 0x80 ? false : !stripBom(src.toString('utf8')).trim();
}

/**
 * Detection on the start of a source (`head`, without a byte-order mark); `whole` gives the entire text for
 * the key searches when `more` says there is more than `known` and `known` does not settle them.
 */
function detectText(head: string, more: boolean, whole: () => string, known = head): ImportFormat | null {
  const t = head.trimStart();
  if (!t) return null;
  const anywhere = (re: RegExp) => re.test(known) || (more && re.test(whole()));
  if (t.startsWith('{') || t.startsWith('[')) {
    // Keys may come in any order (Kubernetes' spec has "swagger" after 4 MB of definitions): whole text.
    if (anywhere(/"(openapi|swagger)"\s*:\s*"[23]\./)) return 'openapi';
    if (/getpostman\.com\/json\/collection|"_postman_id"\s*:/.test(head)) return 'postman';
    if (t.startsWith('[') && /"req_body_type"|"res_body_type"|"add_time"/.test(head)) return 'yapi-json';
    if (/"item"\s*:\s*\[/.test(head) && /"request"\s*:/.test(head)) return 'postman';
    return null;
  }
  if (anywhere(/^(openapi|swagger)\s*:\s*['"]?[23]\./m)) return 'openapi';
  if (/\*\*Path[：:]\*\*/.test(head) && /\*\*Method[：:]\*\*/.test(head)) return 'yapi-md';
  return null;
}

/** True for YApi's HTML export (refused: its Markdown or JSON export holds the same, readably). */
export function isYapiHtml(src: string): boolean {
  const head = src.slice(0, HEAD_CHARS);
  return /<html[\s>]/i.test(head) && /YAPI 接口文档|class="curproject-name"/.test(src);
}

/** Parses and converts source text of the given (or detected) format. */
export async function convertSource(
  text: string,
  format: ImportFormat | null,
  opts: {
    author?: string;
    /** The importer's language: the words the conversion writes into docs (default en). */
    lang?: string;
    onProgress?: (fraction: number) => void | Promise<void>;
  } = {},
): Promise<Converted> {
  if (isBlankSource(text)) throw new ImportInputError('import.empty');
  if (isYapiHtml(text)) throw new ImportInputError('import.yapi_html');
  let fmt = format ?? quickDetect(text);
  if (fmt === 'yapi-md') {
    const r = await yapiMarkdownToPush(text, opts);
    return fit({ format: fmt, ...r, variables: [] }, opts.lang);
  }
  const parsed = await parseStructuredAsync(text);
  fmt = fmt ?? detectFormat(text, parsed);
  if (!fmt) throw new ImportInputError('import.unknown_format');
  if (fmt === 'openapi') return fit({ format: fmt, ...(await openApiToPush(parsed, opts)), variables: [] }, opts.lang);
  if (fmt === 'postman') return fit({ format: fmt, ...(await postmanToPush(parsed, opts)) }, opts.lang);
  return fit({ format: fmt, ...(await yapiJsonToPush(parsed, opts)), variables: [] }, opts.lang);
}

/** A text cut to `max` characters, with a warning naming where and what (built only when something is cut). */
const cap = (v: unknown, max: number, what: () => [where: TextParam, field: TextParam], warnings: StoredText[]): string => {
  const s = typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
  if (s.length <= max) return s;
  if (warnings.length < 500) {
    const [where, field] = what();
    warnings.push(text('import.warn.cut', { where, field, max }));
  }
  return s.slice(0, max);
};
const f = (key: string, name?: string) => text(`import.field.${key}`, name === undefined ? undefined : { name });

/** True when `v` is already a string that fits (the common case: no call, no closure). */
const fits = (v: unknown, max: number): boolean => typeof v === 'string' && v.length <= max;

/** Counts of what an import brings (folders, docs, parameters), taken while fitting. */
export type ImportCounts = { folders: number; docs: number; params: number };

/** Fits a param list into the columns; returns how many params (children included) it holds. */
function fitParams(list: PushParam[] | undefined, where: TextParam, w: StoredText[]): number {
  if (!list) return 0;
  let n = list.length;
  for (const p of list) {
    if (!fits(p.name, LIMITS.paramName))
      p.name = cap(p.name, LIMITS.paramName, () => [where, f('param_name', `${String(p.name).slice(0, 40)}…`)], w);
    if (!fits(p.type, LIMITS.paramType)) p.type = cap(p.type, LIMITS.paramType, () => [where, f('param_type', p.name)], w);
    if (p.maxLength !== undefined && !fits(p.maxLength, LIMITS.maxLength))
      p.maxLength = cap(p.maxLength, LIMITS.maxLength, () => [where, f('param_max_length', p.name)], w);
    if (p.enumInfo) {
      p.enumInfo.name = cap(p.enumInfo.name, LIMITS.name, () => [where, f('dict_name')], w);
      for (const it of p.enumInfo.items ?? []) {
        it.name = cap(it.name, LIMITS.name, () => [where, f('dict_item')], w);
        it.value = cap(it.value, LIMITS.enumValue, () => [where, f('dict_value')], w);
        it.type = cap(it.type, LIMITS.paramType, () => [where, f('dict_item_type')], w);
      }
    }
    if (p.children) n += fitParams(p.children, where, w);
  }
  return n;
}

const isFolderItem = (it: PushDocItem) => it.isFolder === 1 || it.isFolder === true || it.isFolder === '1';

/** Names given to a folder or doc the source leaves without one (in the importer's language). */
type Unnamed = { folder: string; untitled: string };

/** Fits items into the columns; `counts` (when given) adds up the folders, docs and params below. */
async function fitItems(
  items: PushDocItem[] | undefined,
  w: StoredText[],
  counts: ImportCounts | null,
  unnamed: Unnamed,
  turn: () => Promise<void>,
): Promise<void> {
  for (const d of items ?? []) {
    await turn();
    // (Names in the place are cut at 80 characters: the warning is about one that may be far longer.)
    const where: TextParam = d.isFolder
      ? text('import.loc.folder', { name: String(d.name ?? '').slice(0, 80) })
      : `${d.httpMethod ?? ''} ${String(d.url ?? d.name ?? '').slice(0, 80)}`;
    d.name = cap(d.name, LIMITS.name, () => [where, f('name')], w) || (d.isFolder ? unnamed.folder : String(d.url || unnamed.untitled));
    if (d.author !== undefined) d.author = cap(d.author, LIMITS.author, () => [where, f('author')], w);
    if (d.url !== undefined) d.url = cap(d.url, LIMITS.url, () => [where, f('url')], w);
    if (d.contentType !== undefined) d.contentType = cap(d.contentType, LIMITS.contentType, () => [where, f('content_type')], w);
    if (typeof d.deprecated === 'string') d.deprecated = cap(d.deprecated, LIMITS.deprecated, () => [where, f('deprecated')], w);
    if (d.requestArrayType) d.requestArrayType = cap(d.requestArrayType, LIMITS.arrayType, () => [where, f('array_type')], w);
    if (d.responseArrayType) d.responseArrayType = cap(d.responseArrayType, LIMITS.arrayType, () => [where, f('array_type')], w);
    let params = 0;
    for (const k of ['headerParams', 'pathParams', 'queryParams', 'requestParams', 'responseParams'] as const)
      params += fitParams(d[k], where, w);
    for (const e of d.errorCodeParams ?? []) {
      e.code = cap(e.code, LIMITS.paramName, () => [where, f('code')], w);
    }
    const folder = isFolderItem(d);
    if (counts) {
      if (folder) counts.folders++;
      else {
        counts.docs++;
        counts.params += params;
      }
    }
    // As countPayload: only what sits below folders is counted.
    await fitItems(d.items, w, folder ? counts : null, unnamed, turn);
  }
}

async function fit(c: Omit<Converted, 'counts'>, lang = 'en'): Promise<Converted> {
  const counts: ImportCounts = { folders: 0, docs: 0, params: 0 };
  const unnamed = { folder: writeText(lang, 'import.text.folder'), untitled: writeText(lang, 'import.text.untitled') };
  // Stripe's 500 operations take long to fit: other requests get a turn now and then.
  await fitItems(c.payload.apis, c.warnings, counts, unnamed, turnTaker());
  for (const e of c.payload.debugEnvs ?? []) {
    e.name = cap(e.name, LIMITS.envName, () => [text('import.loc.environment'), f('env_name')], c.warnings);
    e.url = cap(e.url, LIMITS.envUrl, () => [text('import.loc.environment'), f('env_url')], c.warnings);
  }
  return { ...c, counts };
}

/** Counts folders, docs and parameters of a payload (what the import brings). */
export function countPayload(apis: PushDocItem[]): ImportCounts {
  const out: ImportCounts = { folders: 0, docs: 0, params: 0 };
  const countParams = (ps: PushParam[] | undefined): number => (ps ?? []).reduce((n, p) => n + 1 + countParams(p.children), 0);
  const walk = (items: PushDocItem[]) => {
    for (const it of items) {
      if (isFolderItem(it)) {
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
