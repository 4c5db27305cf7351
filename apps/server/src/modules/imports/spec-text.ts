/**
 * Turns uploaded or fetched text into a parsed document and detects what kind of source it is.
 * Defensive on purpose: a byte-order mark, YAML aliases (billion laughs), deep nesting and
 * non-spec input all end in a clear ImportInputError with a source location where one exists.
 */
import { parseDocument } from 'yaml';
import { text as storedText, type TextParam } from '../../i18n/stored-text.js';
import { type JsonPieces, parsePieces, toPieces } from '../../lib/json-pieces.js';
import { offload } from '../../lib/offload.js';
import { turnTaker } from '../../lib/turns.js';

export type ImportFormat = 'openapi' | 'postman' | 'yapi-md' | 'yapi-json';

/** A bad input: an i18n message key with params, and the location in the source file when known. */
export class ImportInputError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    /** The place in the source (line and column), when known. */
    readonly location: TextParam = '',
  ) {
    super(params.detail ? `${key}: ${params.detail}` : key);
  }
}

/** Deepest nesting accepted in a parsed document (objects + arrays). */
export const MAX_NESTING = 200;

/** Strips a UTF-8 byte-order mark. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function lineCol(src: string, pos: number): TextParam {
  let line = 1;
  let last = -1;
  for (let i = 0; i < pos && i < src.length; i++) {
    if (src.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return storedText('import.loc.line_col', { line, col: pos - last });
}

/** Nesting depth of a parsed value, iteratively (stops counting past the limit). */
export function nestingDepth(value: unknown, limit = MAX_NESTING): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  const seen = new Set<object>();
  while (stack.length) {
    const [v, d] = stack.pop() as [unknown, number];
    if (!v || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (d > max) max = d;
    if (max > limit) return max;
    for (const c of Array.isArray(v) ? v : Object.values(v)) if (c && typeof c === 'object') stack.push([c, d + 1]);
  }
  return max;
}

/** Parses JSON or YAML text into a value; refuses alias bombs and excessive nesting. */
export function parseStructured(raw: string): unknown {
  const text = stripBom(raw).trim();
  if (!text) throw new ImportInputError('import.empty');
  let value: unknown;
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      value = JSON.parse(text);
    } catch (err) {
      const m = /position (\d+)/.exec(String((err as Error).message));
      // JSON is also YAML; only fall through to YAML when JSON is clearly not intended.
      throw new ImportInputError('import.invalid_json', { detail: (err as Error).message }, m ? lineCol(text, Number(m[1])) : '');
    }
  } else {
    try {
      const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
      if (doc.errors.length) {
        const e = doc.errors[0];
        const at = e.linePos?.[0] ? storedText('import.loc.line_col', { line: e.linePos[0].line, col: e.linePos[0].col }) : '';
        throw new ImportInputError('import.invalid_yaml', { detail: e.message.split('\n')[0] }, at);
      }
      value = doc.toJS({ maxAliasCount: 1000 });
    } catch (err) {
      if (err instanceof ImportInputError) throw err;
      const msg = String((err as Error).message ?? err);
      if (err instanceof RangeError) throw new ImportInputError('import.too_deep', { max: MAX_NESTING });
      throw new ImportInputError('import.invalid_yaml', { detail: msg.split('\n')[0] });
    }
  }
  if (nestingDepth(value) > MAX_NESTING) throw new ImportInputError('import.too_deep', { max: MAX_NESTING });
  return value;
}

/** YAML sources longer than this are parsed on a worker thread (parseStructuredAsync). */
export const OFFLOAD_YAML_CHARS = 256 * 1024;
/** JSON sources longer than this too (JSON.parse of Stripe's spec as JSON holds the loop for hundreds of ms). */
export const OFFLOAD_JSON_CHARS = 1024 * 1024;

/**
 * parseStructured without holding the event loop for a big source (Stripe's YAML spec held it for seconds): that
 * is parsed on a worker thread, which hands back the value cut into small JSON pieces (lib/json-pieces.ts), put
 * together here with an event-loop turn now and then. Small sources are parsed here. Errors are parseStructured's.
 */
export async function parseStructuredAsync(raw: string): Promise<unknown> {
  const start = stripBom(raw.slice(0, 1000)).trimStart();
  const json = start.startsWith('{') || start.startsWith('[');
  if (raw.length < (json ? OFFLOAD_JSON_CHARS : OFFLOAD_YAML_CHARS)) return parseStructured(raw);
  const r = await offload('spec.parse', raw);
  if ('error' in r) throw new ImportInputError(r.error.key, r.error.params, r.error.location);
  return parsePieces(r.pieces, turnTaker());
}

/** parseStructured on the worker's side: the value in pieces, or the refusal's parts. */
export function parseToPieces(
  raw: string,
): { pieces: JsonPieces } | { error: { key: string; params: Record<string, string | number>; location: TextParam } } {
  try {
    return { pieces: toPieces(parseStructured(raw)) };
  } catch (err) {
    if (err instanceof ImportInputError) return { error: { key: err.key, params: err.params, location: err.location } };
    throw err;
  }
}

/** Detects the format of raw text (before or without parsing). */
export function detectFormat(text: string, parsed?: unknown): ImportFormat | null {
  const t = stripBom(text).trimStart();
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const o = parsed as Record<string, unknown>;
    if (typeof o.openapi === 'string' || typeof o.swagger === 'string' || o.swagger === 2) return 'openapi';
    const info = o.info as Record<string, unknown> | undefined;
    if (info && typeof info.schema === 'string' && info.schema.includes('postman')) return 'postman';
    if (info && (info._postman_id || Array.isArray(o.item))) return 'postman';
  }
  if (Array.isArray(parsed) && parsed.length && parsed.every((c) => c && typeof c === 'object' && 'list' in c && 'name' in c)) {
    return 'yapi-json';
  }
  if (!t.startsWith('{') && !t.startsWith('[') && /\*\*Path[：:]\*\*/.test(t) && /\*\*Method[：:]\*\*/.test(t)) return 'yapi-md';
  if (/^(openapi|swagger)\s*:/m.test(t)) return 'openapi';
  return null;
}
