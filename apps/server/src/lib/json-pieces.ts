/**
 * JSON written and read in pieces, with an event-loop turn between them (issue 20): one `JSON.stringify` of an
 * 85 MB export, or one `JSON.parse` of a big import source, holds the event loop for hundreds of milliseconds.
 * A value is cut into the values found a few levels down (an OpenAPI document: each path, each operation...),
 * each written or parsed on its own; the result is exactly what the one call would give.
 */

/**
 * How many levels of objects and arrays are opened before a value is written or parsed whole: deep enough that
 * one piece of an 85 MB export (a schema's properties several levels into an operation) is small.
 */
const LEVELS = 8;

type Container = Record<string, unknown> | unknown[];

/** A plain object or array (what is opened; anything else, e.g. with a toJSON, is written whole). */
function isContainer(v: unknown): v is Container {
  if (!v || typeof v !== 'object') return false;
  if (Array.isArray(v)) return true;
  const proto = Object.getPrototypeOf(v);
  return (proto === Object.prototype || proto === null) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const skipped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/**
 * The same text as `JSON.stringify(value, null, indent)` (indent 0: compact), written one piece at a time with
 * `turn()` awaited between pieces.
 */
export async function stringifyInPieces(value: unknown, indent: 0 | 2, turn: () => Promise<void>): Promise<string> {
  const parts: string[] = [];
  const write = async (v: unknown, level: number): Promise<void> => {
    const pad = indent ? `\n${' '.repeat(indent * level)}` : '';
    if (level >= LEVELS || !isContainer(v)) {
      const text = JSON.stringify(v, null, indent || undefined);
      // A JSON text holds no raw line break (strings escape theirs): its lines are indented to this level.
      parts.push(pad && text.includes('\n') ? text.replaceAll('\n', pad) : text);
      await turn();
      return;
    }
    const inner = indent ? `\n${' '.repeat(indent * (level + 1))}` : '';
    const colon = indent ? ': ' : ':';
    if (Array.isArray(v)) {
      if (!v.length) return void parts.push('[]');
      parts.push('[');
      for (let i = 0; i < v.length; i++) {
        parts.push(i ? `,${inner}` : inner);
        if (skipped(v[i])) parts.push('null');
        else await write(v[i], level + 1);
      }
      parts.push(`${pad}]`);
      return;
    }
    const keys = Object.keys(v).filter((k) => !skipped(v[k]));
    if (!keys.length) return void parts.push('{}');
    parts.push('{');
    for (let i = 0; i < keys.length; i++) {
      parts.push(`${i ? ',' : ''}${inner}${JSON.stringify(keys[i])}${colon}`);
      await write(v[keys[i]], level + 1);
    }
    parts.push(`${pad}}`);
  };
  await write(value, 0);
  return parts.join('');
}

/**
 * A parsed JSON value as pieces (made where it was parsed, e.g. on a worker thread), all in one string (one copy
 * to cross threads): one line per piece in document order, `level TAB key TAB text`, the key as JSON and the
 * text the value's JSON, or `{` / `[` for an object or array whose members follow. Compact JSON holds no raw tab
 * or line break (strings escape theirs), so both split it safely.
 */
export type JsonPieces = string;

/** A JSON value (as JSON.parse gives it) cut into pieces for `parsePieces`. */
export function toPieces(value: unknown): JsonPieces {
  const out: string[] = [];
  const cut = (v: unknown, key: string, level: number) => {
    const head = `${level}\t${JSON.stringify(key)}\t`;
    if (level >= LEVELS || !isContainer(v)) {
      out.push(`${head}${JSON.stringify(v) ?? 'null'}\n`);
      return;
    }
    if (Array.isArray(v)) {
      out.push(`${head}[\n`);
      for (let i = 0; i < v.length; i++) cut(v[i], '', level + 1);
    } else {
      out.push(`${head}{\n`);
      for (const [k, c] of Object.entries(v)) if (!skipped(c)) cut(c, k, level + 1);
    }
  };
  cut(value, '', 0);
  return out.join('');
}

/** The value of `toPieces`' pieces (as `JSON.parse` of the whole would give it), parsed with `turn()` between pieces. */
export async function parsePieces(pieces: JsonPieces, turn: () => Promise<void>): Promise<unknown> {
  const open: Container[] = [];
  let root: unknown;
  for (let at = 0; at < pieces.length; ) {
    const end = pieces.indexOf('\n', at);
    const tab1 = pieces.indexOf('\t', at);
    const tab2 = pieces.indexOf('\t', tab1 + 1);
    if (end < 0 || tab1 < 0 || tab2 < 0 || tab2 > end) throw new Error('malformed JSON pieces');
    const level = Number(pieces.slice(at, tab1));
    const text = pieces.slice(tab2 + 1, end);
    at = end + 1;
    const container = text === '{' || text === '[';
    const value: unknown = text === '{' ? {} : text === '[' ? [] : JSON.parse(text);
    if (level === 0) root = value;
    else {
      const parent = open[level - 1];
      if (Array.isArray(parent)) parent.push(value);
      else {
        const key = JSON.parse(pieces.slice(tab1 + 1, tab2)) as string;
        // As JSON.parse makes it: an own property, also when it is called __proto__.
        if (key === '__proto__') Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
        else parent[key] = value;
      }
    }
    if (container) open[level] = value as Container;
    await turn();
  }
  return root;
}
