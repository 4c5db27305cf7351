/**
 * Turns a loosely typed push payload (smart-doc strings "1"/"0", torna-sdk numbers, absent and unknown
 * fields, items without a name) into a strict tree the merge can work on. Lengths are checked against
 * the columns: a value that does not fit is rejected with the field's path, never silently clipped.
 */
import {
  type DocSpecExtras,
  DocType,
  NOT_DEPRECATED,
  ParamStyle,
  type PushDocItem,
  type PushEnumInfo,
  type PushParam,
  type PushPayload,
} from '@folio/shared';
import { turnTaker } from '../../lib/turns.js';
import { normalizeExtras } from '../docs/doc-extras.js';
import { normalizeVersion } from '../docs/doc-keys.js';

export interface NEnum {
  name: string;
  description: string;
  items: { name: string; type: string; value: string; description: string }[];
}

/**
 * A normalised param. Its fields are a doc detail's param's, in the same order, so the merge turns it into
 * one in place (push-merge.ts `toDocParams`): `enumId` and `enumContent` stay empty until then.
 */
export interface NParam {
  name: string;
  type: string;
  required: number;
  maxLength: string;
  example: string;
  description: string;
  enumId: string;
  enumInfo: NEnum | null;
  enumContent: string;
  orderIndex: number;
  children: NParam[];
}

export interface NDubbo {
  interfaceName: string;
  author: string;
  version: string;
  protocol: string;
  dependency: string;
}

interface NBase {
  name: string;
  description: string;
  author: string;
  type: number;
  isShow: number;
  orderIndex: number;
  dubboInfo: NDubbo | null;
  /** Path in the payload, for error messages (`apis[0].items[2]`). */
  path: string;
}

export interface NFolder extends NBase {
  kind: 'folder';
  children: NItem[];
}

export interface NDoc extends NBase {
  kind: 'doc';
  url: string;
  version: string;
  /** Tells apart docs sharing method and URL ('' for Torna's identity). */
  identityKey: string;
  definition: string;
  httpMethod: string;
  contentType: string;
  deprecated: string;
  isRequestArray: number;
  isResponseArray: number;
  requestArrayType: string;
  responseArrayType: string;
  /** Param lists by style (path, header, body, response, code, query). */
  params: Record<number, NParam[]>;
  /** The spec's named examples, every response, the webhook event (doc-extras.ts); null for none. */
  extras: DocSpecExtras | null;
}

export type NItem = NFolder | NDoc;

export interface NPayload {
  items: NItem[];
  author: string;
  debugEnvs: { name: string; url: string }[];
  commonErrorCodes: { code: string; msg: string; solution: string }[];
  /** undefined when the client did not say (default replace). */
  isReplace: number | undefined;
  isOverride: number | undefined;
}

/** A push that cannot be stored as sent; `fields` name every offending value. */
export class PushInputError extends Error {
  constructor(readonly fields: { field: string; message: string }[]) {
    super(fields.map((f) => `${f.field}: ${f.message}`).join('; '));
  }
}

/** Column limits (characters). */
export const LIMITS = {
  name: 255,
  author: 128,
  url: 1024,
  version: 64,
  identityKey: 255,
  definition: 1024,
  httpMethod: 16,
  contentType: 255,
  deprecated: 255,
  arrayType: 32,
  paramName: 255,
  paramType: 64,
  maxLength: 32,
  enumValue: 1024,
  envName: 128,
  envUrl: 512,
} as const;

/** "1", 1, true, "true", "yes" → 1; "0", 0, false → 0; absent → the default. */
export function flag(v: unknown, dflt: number): number {
  if (v === undefined || v === null || v === '') return dflt;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number') return v !== 0 ? 1 : 0;
  const s = String(v).trim().toLowerCase();
  if (s === '1' || s === 'true' || s === 'yes' || s === 'y' || s === 'on') return 1;
  if (s === '0' || s === 'false' || s === 'no' || s === 'n' || s === 'off') return 0;
  const n = Number(s);
  return Number.isFinite(n) ? (n !== 0 ? 1 : 0) : dflt;
}

/** Flag that is undefined when absent. */
export function optFlag(v: unknown): number | undefined {
  return v === undefined || v === null || v === '' ? undefined : flag(v, 0);
}

/** Any scalar as text; objects as JSON; absent as ''. */
export function str(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  try {
    return JSON.stringify(v);
  } catch {
    return '';
  }
}

function int(v: unknown, dflt: number): number {
  if (v === undefined || v === null || v === '') return dflt;
  const n = Number(v);
  if (!Number.isFinite(n)) return dflt;
  return Math.max(-2_000_000_000, Math.min(2_000_000_000, Math.trunc(n)));
}

const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** Strips scheme and host of an HTTP url and enforces a leading slash (Torna's rule). */
export function normalizeHttpUrl(raw: string): string {
  let u = raw.trim();
  if (!u) return '';
  u = u.replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/]*/, '');
  if (!u.startsWith('/')) u = `/${u}`;
  return u;
}

/** Splits Torna 1.30's `url#version` form. */
export function splitUrlVersion(url: string, version: string): { url: string; version: string } {
  const i = url.lastIndexOf('#');
  if (i < 0) return { url, version };
  const v = url.slice(i + 1).trim();
  return { url: url.slice(0, i), version: version || v };
}

function deprecatedText(v: unknown): string {
  if (v === undefined || v === null || v === false) return NOT_DEPRECATED;
  if (v === true) return 'Deprecated';
  const s = str(v).trim();
  if (!s || s === NOT_DEPRECATED || s.toLowerCase() === 'false' || s === '0') return NOT_DEPRECATED;
  return s;
}

/** Normalises a dictionary (name defaults to the given fallback). */
export function normalizeEnum(e: PushEnumInfo | Record<string, unknown>, fallbackName: string): NEnum | null {
  const o = obj(e);
  if (!o) return null;
  const name = str(o.name).trim() || fallbackName;
  if (!name) return null;
  const items = arr<Record<string, unknown>>(o.items)
    .map((it) => obj(it))
    .filter((it): it is Record<string, unknown> => !!it)
    .map((it) => ({
      name: str(it.name).trim() || str(it.value).trim(),
      type: str(it.type).trim() || 'string',
      value: str(it.value),
      description: str(it.description),
    }))
    .filter((it) => it.name);
  return { name, description: str(o.description), items };
}

class Checker {
  readonly errors: { field: string; message: string }[] = [];
  max(path: string, value: string, limit: number): string {
    if (value.length > limit) this.errors.push({ field: path, message: `length ${value.length} exceeds ${limit}` });
    return value;
  }
  /** As `max`, for the field `${path}[${i}]${suffix}` (the path is only built when it is reported). */
  maxAt(path: string, i: number, suffix: string, value: string, limit: number): string {
    if (value.length > limit) this.max(`${path}[${i}]${suffix}`, value, limit);
    return value;
  }
}

function normalizeParams(list: unknown, path: string, c: Checker, depth = 0): NParam[] {
  if (depth > 32) return [];
  const raws = arr<PushParam>(list);
  const out: NParam[] = [];
  for (let i = 0; i < raws.length; i++) {
    const p = obj(raws[i]);
    if (!p) continue;
    const children = p.children ? normalizeParams(p.children, `${path}[${i}].children`, c, depth + 1) : [];
    const name = c.maxAt(path, i, '.name', str(p.name).trim(), LIMITS.paramName);
    let type = str(p.type).trim();
    if (!type) type = children.length ? 'object' : 'string';
    c.maxAt(path, i, '.type', type, LIMITS.paramType);
    let maxLength = str(p.maxLength).trim();
    if (children.length) maxLength = '';
    else if (!maxLength || maxLength === '0') maxLength = '-';
    c.maxAt(path, i, '.maxLength', maxLength, LIMITS.maxLength);
    const enumInfo = p.enumInfo ? normalizeEnum(p.enumInfo as PushEnumInfo, name) : null;
    out.push({
      name,
      type,
      required: flag(p.required, 0),
      maxLength,
      example: str(p.example),
      description: str(p.description),
      enumId: '',
      enumInfo,
      enumContent: '',
      orderIndex: int(p.orderIndex, 0),
      children,
    });
  }
  return out;
}

function normalizeCodes(list: unknown, path: string, c: Checker): NParam[] {
  return arr<Record<string, unknown>>(list)
    .map((x) => obj(x))
    .filter((x): x is Record<string, unknown> => !!x)
    .map((x, i) => ({
      name: c.maxAt(path, i, '.code', str(x.code).trim(), LIMITS.paramName),
      type: 'string',
      required: 0,
      maxLength: '-',
      example: str(x.solution),
      description: str(x.msg),
      enumId: '',
      enumInfo: null,
      enumContent: '',
      orderIndex: 0,
      children: [],
    }));
}

function normalizeDubbo(v: unknown): NDubbo | null {
  const o = obj(v);
  if (!o) return null;
  return {
    interfaceName: str(o.interfaceName),
    author: str(o.author),
    version: str(o.version),
    protocol: str(o.protocol),
    dependency: str(o.dependency),
  };
}

function normalizeItems(list: unknown, path: string, parent: { type: number; author: string }, c: Checker, depth = 0): NItem[] {
  if (depth > 64) return [];
  const out: NItem[] = [];
  arr<PushDocItem>(list).forEach((raw, i) => {
    const item = normalizeItem(raw, `${path}[${i}]`, i, parent, c, depth);
    if (item) out.push(item);
  });
  return out;
}

/** Item `i` of a list at `at` (null when it is not an object). */
function normalizeItem(
  raw: unknown,
  at: string,
  i: number,
  parent: { type: number; author: string },
  c: Checker,
  depth: number,
): NItem | null {
  const it = obj(raw);
  if (!it) return null;
  const dubboInfo = normalizeDubbo(it.dubboInfo);
  const explicitType = it.type === undefined || it.type === null || it.type === '' ? undefined : int(it.type, 0);
  const author = c.max(`${at}.author`, str(it.author).trim() || parent.author, LIMITS.author);
  const isFolder = flag(it.isFolder, Array.isArray(it.items) && !it.url ? 1 : 0) === 1;
  const base = {
    description: str(it.description),
    author,
    isShow: flag(it.isShow, 1),
    orderIndex: int(it.orderIndex, i),
    dubboInfo,
    path: at,
  };
  if (isFolder) {
    const type = explicitType ?? (dubboInfo ? DocType.DUBBO : parent.type);
    const name = c.max(`${at}.name`, str(it.name).trim(), LIMITS.name);
    return {
      kind: 'folder',
      ...base,
      name,
      type,
      children: normalizeItems(it.items, `${at}.items`, { type, author }, c, depth + 1),
    };
  }
  const type = explicitType ?? (dubboInfo ? DocType.DUBBO : parent.type);
  const definition = c.max(`${at}.definition`, str(it.definition).trim(), LIMITS.definition);
  let url = str(it.url).trim();
  let version = normalizeVersion(str(it.version));
  ({ url, version } = splitUrlVersion(url, version));
  version = normalizeVersion(version);
  if (type === DocType.HTTP) url = normalizeHttpUrl(url);
  else if (type === DocType.DUBBO && definition) url = definition;
  const params = buildParams(it, at, c);
  // Items without a name (a method without javadoc) are tolerated: the url stands in for it.
  const name = c.max(`${at}.name`, str(it.name).trim() || url || definition, LIMITS.name);
  return {
    kind: 'doc',
    ...base,
    name,
    type,
    url: c.max(`${at}.url`, url, LIMITS.url),
    version: c.max(`${at}.version`, version, LIMITS.version),
    identityKey: c.max(`${at}.identityKey`, str(it.identityKey).trim(), LIMITS.identityKey),
    definition,
    httpMethod: c.max(`${at}.httpMethod`, str(it.httpMethod).trim().toUpperCase(), LIMITS.httpMethod),
    contentType: c.max(`${at}.contentType`, str(it.contentType).trim(), LIMITS.contentType),
    deprecated: c.max(`${at}.deprecated`, deprecatedText(it.deprecated), LIMITS.deprecated),
    isRequestArray: flag(it.isRequestArray, 0),
    isResponseArray: flag(it.isResponseArray, 0),
    requestArrayType: c.max(`${at}.requestArrayType`, str(it.requestArrayType).trim() || 'object', LIMITS.arrayType),
    responseArrayType: c.max(`${at}.responseArrayType`, str(it.responseArrayType).trim() || 'object', LIMITS.arrayType),
    params,
    extras: normalizeExtras(it, at, c),
  };
}

function buildParams(it: Record<string, unknown>, at: string, c: Checker): Record<number, NParam[]> {
  return {
    [ParamStyle.PATH]: normalizeParams(it.pathParams, `${at}.pathParams`, c),
    [ParamStyle.HEADER]: normalizeParams(it.headerParams, `${at}.headerParams`, c),
    [ParamStyle.QUERY]: normalizeParams(it.queryParams, `${at}.queryParams`, c),
    [ParamStyle.REQUEST]: normalizeParams(it.requestParams, `${at}.requestParams`, c),
    [ParamStyle.RESPONSE]: normalizeParams(it.responseParams, `${at}.responseParams`, c),
    [ParamStyle.CODE]: normalizeCodes(it.errorCodeParams, `${at}.errorCodeParams`, c),
  };
}

/** A doc's param lists by style. */
export function docParams(d: NDoc): Record<number, NParam[]> {
  return d.params;
}

/** Merges same-named sibling folders (items concatenated), recursively: they share one identity. */
export function mergeSameFolders(items: NItem[]): NItem[] {
  const out: NItem[] = [];
  const byName = new Map<string, NFolder>();
  for (const it of items) {
    if (it.kind === 'folder') {
      const seen = byName.get(it.name);
      if (seen) {
        seen.children.push(...it.children);
        if (!seen.description) seen.description = it.description;
        if (!seen.dubboInfo) seen.dubboInfo = it.dubboInfo;
        continue;
      }
      byName.set(it.name, it);
    }
    out.push(it);
  }
  for (const it of out) if (it.kind === 'folder') it.children = mergeSameFolders(it.children);
  return out;
}

/** Normalises a push payload; throws PushInputError naming every value that does not fit. */
export function normalizePayload(payload: PushPayload | Record<string, unknown>): NPayload {
  const p = (obj(payload) ?? {}) as Record<string, unknown>;
  const top = beginPayload(p);
  return finishPayload(p, top, normalizeItems(p.apis, 'apis', top.parent, top.c));
}

/**
 * Normalises a payload one top-level item at a time: `head` is the payload without its items, `itemAt(i)` gives
 * item i of `count`, and `between()` is awaited after each (so a 20,000-doc push gives the event loop turns).
 * The result and the errors are normalizePayload's.
 */
export async function normalizeInPieces(
  head: Record<string, unknown>,
  count: number,
  itemAt: (i: number) => unknown,
  between: () => Promise<void>,
): Promise<NPayload> {
  const top = beginPayload(head);
  const items: NItem[] = [];
  for (let i = 0; i < count; i++) {
    const item = await normalizeItemInPieces(itemAt(i), `apis[${i}]`, i, top.parent, top.c, 0, between);
    if (item) items.push(item);
  }
  return finishPayload(head, top, items);
}

/**
 * normalizeItem with `between()` awaited after each doc, also inside folders (one of Stripe's folders took
 * hundreds of ms in one piece). The same result and errors, in the same order.
 */
async function normalizeItemInPieces(
  raw: unknown,
  at: string,
  i: number,
  parent: { type: number; author: string },
  c: Checker,
  depth: number,
  between: () => Promise<void>,
): Promise<NItem | null> {
  const it = obj(raw);
  const children = it && Array.isArray(it.items) ? it.items : null;
  if (!it || !children?.length || flag(it.isFolder, it.url ? 0 : 1) !== 1) {
    const item = normalizeItem(raw, at, i, parent, c, depth);
    await between();
    return item;
  }
  // The folder without its items (what normalizeItem checks of it, first), then its items one by one.
  const folder = normalizeItem({ ...it, items: [] }, at, i, parent, c, depth) as NFolder;
  if (depth + 1 > 64) return folder;
  for (let k = 0; k < children.length; k++) {
    const child = await normalizeItemInPieces(
      children[k],
      `${at}.items[${k}]`,
      k,
      { type: folder.type, author: folder.author },
      c,
      depth + 1,
      between,
    );
    if (child) folder.children.push(child);
  }
  return folder;
}

/** normalizePayload with an event-loop turn now and then between top-level items. */
export function normalizePayloadWithTurns(payload: PushPayload | Record<string, unknown>): Promise<NPayload> {
  const p = (obj(payload) ?? {}) as Record<string, unknown>;
  const apis = arr<unknown>(p.apis);
  return normalizeInPieces(p, apis.length, (i) => apis[i], turnTaker());
}

function beginPayload(p: Record<string, unknown>) {
  const c = new Checker();
  const author = c.max('author', str(p.author).trim(), LIMITS.author);
  return { c, author, parent: { type: DocType.HTTP as number, author } };
}

function finishPayload(p: Record<string, unknown>, top: ReturnType<typeof beginPayload>, topItems: NItem[]): NPayload {
  const { c, author } = top;
  const items = mergeSameFolders(topItems);
  const debugEnvs = arr<Record<string, unknown>>(p.debugEnvs)
    .map((e) => obj(e))
    .filter((e): e is Record<string, unknown> => !!e)
    .map((e, i) => ({
      name: c.max(`debugEnvs[${i}].name`, str(e.name).trim(), LIMITS.envName),
      url: c.max(`debugEnvs[${i}].url`, str(e.url).trim().replace(/\/+$/, ''), LIMITS.envUrl),
    }))
    .filter((e) => e.name && e.url);
  const commonErrorCodes = arr<Record<string, unknown>>(p.commonErrorCodes)
    .map((e) => obj(e))
    .filter((e): e is Record<string, unknown> => !!e)
    .map((e) => ({ code: str(e.code), msg: str(e.msg), solution: str(e.solution) }))
    .filter((e) => e.code || e.msg);
  if (c.errors.length) throw new PushInputError(c.errors);
  return { items, author, debugEnvs, commonErrorCodes, isReplace: optFlag(p.isReplace), isOverride: optFlag(p.isOverride) };
}

/** Counts the docs (not folders) of a normalised tree. */
export function countDocs(items: NItem[]): number {
  let n = 0;
  for (const it of items) n += it.kind === 'folder' ? countDocs(it.children) : 1;
  return n;
}

/** Counts docs in a raw payload without normalising (for the async threshold). */
export function countRawDocs(list: unknown): number {
  let n = 0;
  for (const it of arr<Record<string, unknown>>(list)) {
    if (!it || typeof it !== 'object') continue;
    if (Array.isArray(it.items) && flag(it.isFolder, it.url ? 0 : 1) === 1) n += countRawDocs(it.items);
    else n++;
  }
  return n;
}
