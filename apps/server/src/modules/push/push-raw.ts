/**
 * The fast path of `doc.push`: smart-doc sends the whole application every time, URL-encoded, and
 * usually only a few docs changed. Instead of decoding and parsing every item, `scanPushData` reads the
 * `data` text once, decoding escapes on the fly without copying, and locates the *leaf items* (entries
 * of `apis` and of an item's `items` that hold no `items` of their own). The rest (the skeleton: the
 * root and the folders) is decoded and parsed with each leaf replaced by a marker object
 * `{"<marker>": index}`.
 *
 * Each leaf carries a hash of its exact (still encoded) bytes; normalisation (push-normalize.ts) turns a
 * marker into a doc from the process cache when the same bytes in the same place were stored by an
 * earlier push, and decodes and parses the leaf otherwise. The result is the payload the plain decoder
 * would produce: the skeleton with each marker replaced by its leaf's value is, text for text, the
 * original JSON.
 *
 * The previous scan of each application is kept (bounded): a push that differs from it inside one leaf
 * only is not scanned again; the unchanged leaves keep their ranges (shifted) and hashes.
 *
 * Anything unusual (non-ASCII encoded text, no `{` after one decoding round, a malformed `%` escape or
 * UTF-8 sequence outside the leaves, a skeleton that does not parse) answers null and the caller uses
 * the plain decoder, which reports errors as before. A leaf that does not decode or parse is reported
 * when it is needed (PushJsonError, Torna's code 13).
 */
import { hash, randomBytes } from 'node:crypto';

/** A located leaf item of a scanned push. */
export interface RawLeaf {
  /** Hash of the leaf's exact bytes as sent (base64 sha1). */
  hash: string;
  /** The leaf's JSON text (throws URIError when it does not decode). */
  text(): string;
}

/** A push `data` text split into a parsed skeleton and unparsed leaf items. */
export interface ScannedPush {
  /** The payload with every leaf replaced by `{[marker]: index}`. */
  skeleton: Record<string, unknown>;
  marker: string;
  leaves: RawLeaf[];
  /** The whole payload parsed (for a push that is queued as a job and must be stored in full). */
  full(): Record<string, unknown>;
  /** True when the text was read as a difference from the application's previous push. */
  reused: boolean;
}

/** A leaf item of a scanned push that is not valid (encoded) JSON. */
export class PushJsonError extends Error {}

/** Hex digit values by byte (255: not a hex digit). */
const HEX = (() => {
  const t = new Uint8Array(256).fill(255);
  for (let c = 0; c < 10; c++) t[48 + c] = c;
  for (let c = 0; c < 6; c++) t[65 + c] = t[97 + c] = 10 + c;
  return t;
})();

/**
 * The byte at i as JSON sees it: with `encoded`, `%XX` is one byte and `+` a space. Returns the value
 * plus 256 for each extra byte it took (512 for an escape), or -1 for a malformed escape.
 */
function byteAt(b: Uint8Array, i: number, encoded: boolean): number {
  const v = b[i];
  if (!encoded || (v !== 37 && v !== 43)) return v;
  if (v === 43) return 32;
  const h = HEX[b[i + 1]];
  const l = HEX[b[i + 2]];
  if (h === undefined || l === undefined || h === 255 || l === 255) return -1;
  return 512 | (h << 4) | l;
}

// String states of a scan: outside a string, inside one, inside one right after a backslash.
const OUT = 0;
const IN = 1;
const IN_ESCAPE = 2;

/** The string state after byte v, read inside a string. */
const stringStep = (state: number, v: number): number => (state === IN_ESCAPE ? IN : v === 92 ? IN_ESCAPE : v === 34 ? OUT : IN);

// Roles of the containers on the scanner's stack.
const OTHER = 0;
const ROOT = 1;
const ITEM = 2;
const ITEMS = 3;

const KEY_APIS = Buffer.from('apis');
const KEY_ITEMS = Buffer.from('items');

function keyIs(b: Uint8Array, start: number, end: number, key: Uint8Array): boolean {
  if (end - start !== key.length) return false;
  for (let k = 0; k < key.length; k++) if (b[start + k] !== key[k]) return false;
  return true;
}

/**
 * Byte ranges of the leaf items of a JSON object text (see the file comment), read from raw UTF-8 bytes
 * or, when `encoded`, from form-encoded bytes (`%XX` and `+` decoded on the fly). Keys are compared as
 * sent, so an item array whose key is itself escaped is simply not taken apart (still correct, slower).
 * Null when the root is not an object or an escape is malformed.
 */
export function locateLeaves(b: Uint8Array, encoded: boolean): [number, number][] | null {
  const leaves: [number, number][] = [];
  // Parallel stacks: container kind (1 object, 2 array), role, start offset, whether an item holds `items`, current key range.
  const kind: number[] = [];
  const role: number[] = [];
  const start: number[] = [];
  const hasItems: boolean[] = [];
  const keyStart: number[] = [];
  const keyEnd: number[] = [];
  let depth = 0;
  let str = OUT;
  let stringIsKey = false;
  let stringStart = 0;
  let expectKey = false;
  let started = false;
  const n = b.length;
  for (let i = 0; i < n; i++) {
    const at = i;
    const x = byteAt(b, i, encoded);
    if (x < 0) return null;
    const v = x & 255;
    i += x >> 8;
    if (str !== OUT) {
      str = stringStep(str, v);
      if (str === OUT && stringIsKey) {
        keyStart[depth - 1] = stringStart;
        keyEnd[depth - 1] = at;
      }
      continue;
    }
    if (!started) {
      if (v === 32 || v === 9 || v === 10 || v === 13) continue;
      if (v !== 123) return null;
      started = true;
    }
    switch (v) {
      case 34:
        str = IN;
        stringIsKey = expectKey;
        stringStart = i + 1;
        expectKey = false;
        break;
      case 123: {
        kind[depth] = 1;
        role[depth] = depth === 0 ? ROOT : role[depth - 1] === ITEMS ? ITEM : OTHER;
        start[depth] = at;
        hasItems[depth] = false;
        keyStart[depth] = 0;
        keyEnd[depth] = 0;
        depth++;
        expectKey = true;
        break;
      }
      case 91: {
        let r = OTHER;
        if (depth && kind[depth - 1] === 1) {
          const p = depth - 1;
          if (role[p] === ROOT && keyIs(b, keyStart[p], keyEnd[p], KEY_APIS)) r = ITEMS;
          else if (role[p] === ITEM && keyIs(b, keyStart[p], keyEnd[p], KEY_ITEMS)) {
            r = ITEMS;
            hasItems[p] = true;
          }
        }
        kind[depth] = 2;
        role[depth] = r;
        start[depth] = at;
        depth++;
        expectKey = false;
        break;
      }
      case 125:
      case 93:
        if (!depth) return null;
        depth--;
        if (v === 125 && role[depth] === ITEM && !hasItems[depth]) leaves.push([start[depth], i + 1]);
        if (depth === 0) return leaves;
        expectKey = false;
        break;
      case 44:
        expectKey = depth > 0 && kind[depth - 1] === 1;
        break;
      case 58:
        expectKey = false;
        break;
    }
  }
  return null;
}

/** Form-decodes a piece of ASCII text (`+` is a space); throws URIError on a malformed escape or UTF-8. */
const formDecode = (t: string): string => decodeURIComponent(t.replaceAll('+', ' '));

/** What a scan found in one push's data, kept per application to scan its next push as a difference. */
interface ScanMemo {
  bytes: Buffer;
  encoded: boolean;
  ranges: [number, number][];
  hashes: string[];
  skeletonText: string;
  marker: string;
}

/** Last scan per application (process-local), bounded by total bytes. */
const memos = new Map<number, ScanMemo>();
const MEMO_MAX_BYTES = 64 * 1024 * 1024;
let memoBytes = 0;

function remember(key: number, m: ScanMemo): void {
  const old = memos.get(key);
  if (old) {
    memoBytes -= old.bytes.length;
    memos.delete(key);
  }
  if (m.bytes.length > MEMO_MAX_BYTES / 2) return;
  memos.set(key, m);
  memoBytes += m.bytes.length;
  for (const [k, v] of memos) {
    if (memoBytes <= MEMO_MAX_BYTES) break;
    memos.delete(k);
    memoBytes -= v.bytes.length;
  }
}

/** Forgets every application's previous scan (as after a restart). */
export function clearScanMemos(): void {
  memos.clear();
  memoBytes = 0;
}

const BLOCK = 64 * 1024;

/** Length of the common prefix of two buffers (memcmp by blocks, bytes only in the first differing block). */
function commonPrefix(a: Buffer, b: Buffer): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += BLOCK) {
    const e = Math.min(n, i + BLOCK);
    if (a.compare(b, i, e, i, e) !== 0) {
      let j = i;
      while (a[j] === b[j]) j++;
      return j;
    }
  }
  return n;
}

/** Length of the common suffix of two buffers, at most `max`. */
function commonSuffix(a: Buffer, b: Buffer, max: number): number {
  let k = 0;
  while (k < max) {
    const step = Math.min(BLOCK, max - k);
    if (a.compare(b, b.length - k - step, b.length - k, a.length - k - step, a.length - k) !== 0) {
      while (k < max && a[a.length - 1 - k] === b[b.length - 1 - k]) k++;
      return k;
    }
    k += step;
  }
  return k;
}

/**
 * True when bytes [s, e) (which start with `{`) hold exactly one JSON object: it closes at the last byte
 * and not before (strings and escapes respected; `%XX` and `+` decoded when `encoded`).
 */
function oneObject(b: Uint8Array, s: number, e: number, encoded: boolean): boolean {
  let depth = 0;
  let str = OUT;
  for (let i = s; i < e; i++) {
    const x = byteAt(b, i, encoded);
    if (x < 0) return false;
    const v = x & 255;
    i += x >> 8;
    if (str !== OUT) str = stringStep(str, v);
    else if (v === 34) str = IN;
    else if (v === 123 || v === 91) depth++;
    else if ((v === 125 || v === 93) && --depth === 0) return i === e - 1;
  }
  return false;
}

/**
 * The leaves of `b` from the previous scan of the same application when the two texts differ inside one
 * leaf at most (the usual re-push: one doc edited): the other leaves keep their bytes, so their ranges
 * shift and their hashes stay. Null when the difference touches anything else.
 */
function scanByDifference(prev: ScanMemo, b: Buffer): { ranges: [number, number][]; hashes: string[] } | null {
  if (prev.bytes.length === b.length && prev.bytes.equals(b)) return { ranges: prev.ranges, hashes: prev.hashes };
  const p = commonPrefix(prev.bytes, b);
  const s = commonSuffix(prev.bytes, b, Math.min(prev.bytes.length, b.length) - p);
  const changedEnd = prev.bytes.length - s;
  // The leaf whose interior (between its braces) holds the whole old changed range [p, changedEnd).
  let lo = 0;
  let hi = prev.ranges.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (prev.ranges[mid][0] < p) lo = mid;
    else hi = mid - 1;
  }
  const leaf = prev.ranges[lo];
  if (!leaf || leaf[0] >= p || changedEnd > leaf[1] - 1) return null;
  const delta = b.length - prev.bytes.length;
  const ranges = prev.ranges.map(([rs, re], i): [number, number] =>
    i < lo ? [rs, re] : i === lo ? [rs, re + delta] : [rs + delta, re + delta],
  );
  // The edit must leave one object there (an edit inside a string can also split one item into two).
  if (!oneObject(b, ranges[lo][0], ranges[lo][1], prev.encoded)) return null;
  const hashes = prev.hashes.slice();
  hashes[lo] = hash('sha1', b.subarray(ranges[lo][0], ranges[lo][1]), 'base64');
  return { ranges, hashes };
}

/**
 * Scans a `doc.push` data text (URL-encoded or raw JSON). `memoKey` (the application id) lets the next
 * push to the same application be scanned as a difference from this one. Null when the fast path does
 * not apply; the caller then decodes the text the plain way.
 */
export function scanPushData(text: string, memoKey?: number): ScannedPush | null {
  const t = text.trim();
  const encoded = !t.startsWith('{');
  // Encoded text is ASCII: its bytes are its characters (latin1), so offsets in one are offsets in the other.
  if (encoded && Buffer.byteLength(t, 'utf8') !== t.length) return null;
  const b = Buffer.from(t, encoded ? 'latin1' : 'utf8');
  const piece = encoded ? (s: number, e: number) => formDecode(t.slice(s, e)) : (s: number, e: number) => b.toString('utf8', s, e);
  const prev = memoKey === undefined ? undefined : memos.get(memoKey);
  const same = prev && prev.encoded === encoded ? scanByDifference(prev, b) : null;
  let ranges: [number, number][];
  let hashes: string[];
  let marker: string;
  let skeletonText: string;
  try {
    if (same && prev) {
      ({ ranges, hashes } = same);
      ({ marker, skeletonText } = prev);
    } else {
      const found = locateLeaves(b, encoded);
      if (!found?.length) return null;
      ranges = found;
      hashes = ranges.map(([s, e]) => hash('sha1', b.subarray(s, e), 'base64'));
      marker = `folio:${randomBytes(9).toString('base64url')}`;
      const parts: string[] = [];
      let pos = 0;
      ranges.forEach(([s, e], idx) => {
        parts.push(piece(pos, s), `{"${marker}":${idx}}`);
        pos = e;
      });
      parts.push(piece(pos, b.length));
      skeletonText = parts.join('');
    }
    const skeleton: unknown = JSON.parse(skeletonText);
    if (!skeleton || typeof skeleton !== 'object' || Array.isArray(skeleton)) return null;
    if (memoKey !== undefined) remember(memoKey, { bytes: b, encoded, ranges, hashes, skeletonText, marker });
    return {
      skeleton: skeleton as Record<string, unknown>,
      marker,
      leaves: ranges.map(([s, e], i) => ({ hash: hashes[i], text: () => piece(s, e) })),
      full: () => JSON.parse(piece(0, b.length)) as Record<string, unknown>,
      reused: !!same,
    };
  } catch {
    return null;
  }
}
