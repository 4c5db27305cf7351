/**
 * Search tokens: the same normalisation for what is indexed and what is asked, so the index is a plain
 * table of terms (`search_terms`) that behaves the same on SQLite, PostgreSQL and MariaDB.
 * - Latin/digit words are lowercased; camelCase and snake_case parts are terms too (`orderId` → orderid, order, id).
 * - CJK runs become overlapping bigrams (订单管理 → 订单, 单管, 管理); a one-character run is its own term.
 *   A query's bigrams must all match, so 2-character Chinese words match inside longer text.
 * - Path placeholders (`{orderId}`, `:id`, `<id>`) and numeric path segments are the term `{}`, so
 *   `orders/12` and `GET /orders/{id}` find `GET /orders/{orderId}`.
 */

/** Weights of the fields a term comes from: a name or path match outranks a description match. */
export const Weight = {
  /** The name of a doc. */
  NAME: 100,
  /** The name of anything else (folder, dictionary, application, project, space): docs come first on a tie. */
  OTHER_NAME: 90,
  PATH: 80,
  INTERFACE: 60,
  METHOD: 30,
  PARAM: 20,
  CONTEXT: 10,
  TEXT: 4,
} as const;

/** Longest stored term (characters). */
export const MAX_TERM = 48;
/** The term of a path placeholder or a numeric path segment. */
export const PLACEHOLDER = '{}';

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;
const RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+|[\p{L}\p{N}_]+/gu;

function add(out: Map<string, number>, term: string, weight: number): void {
  if (!term) return;
  const t = term.length > MAX_TERM ? term.slice(0, MAX_TERM) : term;
  const w = out.get(t);
  if (w === undefined || w < weight) out.set(t, weight);
}

/** Splits a word on camelCase, digits and underscores (the parts, lowercased; empty when it has one part). */
function wordParts(word: string): string[] {
  // Most words are one lowercase part: the splits below all need a capital, a digit or an underscore.
  if (!/[A-Z0-9_]/.test(word)) return [];
  const parts = word
    .split('_')
    .flatMap((p) => p.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])/))
    .filter(Boolean)
    .map((p) => p.toLowerCase());
  return parts.length > 1 ? parts : [];
}

/** Adds the terms of free text (names, descriptions, bodies) with a weight. */
export function addText(out: Map<string, number>, text: string | null | undefined, weight: number): void {
  if (!text) return;
  const s = text.normalize('NFKC');
  for (const m of s.matchAll(RUN)) {
    const run = m[0];
    if (CJK.test(run[0])) {
      if (run.length === 1) add(out, run, weight);
      for (let i = 0; i + 1 < run.length; i++) add(out, run.slice(i, i + 2), weight);
    } else {
      const w = run.toLowerCase();
      add(out, w, weight);
      for (const p of wordParts(run)) add(out, p, weight);
      // A light plural fold (`orders` is also `order`), so one word finds both.
      if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) add(out, w.slice(0, -1), weight);
    }
  }
}

/** True for a path segment that stands for a value: `{id}`, `:id`, `<id>`, `12`. */
function isPlaceholder(seg: string): boolean {
  return /^\{[^}]*\}$|^:\w+$|^<[^>]*>$|^\d+$/.test(seg);
}

/** Adds the terms of a URL or path: its segments' words, placeholders as `{}` (numeric ones both). */
export function addPath(out: Map<string, number>, url: string | null | undefined, weight: number): void {
  if (!url) return;
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/[?#].*$/, '');
  for (const seg of path.split('/')) {
    if (!seg) continue;
    if (isPlaceholder(seg)) {
      add(out, PLACEHOLDER, weight);
      if (/^\d+$/.test(seg)) add(out, seg, weight);
      continue;
    }
    addText(out, seg, weight);
  }
}

/** One term of a query: exact terms match only themselves, prefix terms every term starting with them. */
export interface QueryTerm {
  term: string;
  prefix: boolean;
}

const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch', 'head', 'options', 'trace']);

/**
 * The terms of a query: every one must match (AND). A word matches terms that start with it (2+ characters,
 * so `ord` finds `orders`); CJK runs become bigrams that must match exactly; path-like pieces (with a `/`)
 * have placeholders as `{}`. A leading HTTP method is returned apart when asked for.
 */
export function queryTerms(q: string): QueryTerm[] {
  const seen = new Map<string, QueryTerm>();
  const push = (term: string, prefix: boolean) => {
    const t = term.length > MAX_TERM ? term.slice(0, MAX_TERM) : term;
    const cur = seen.get(t);
    if (!cur) seen.set(t, { term: t, prefix });
    else if (!prefix) cur.prefix = false;
  };
  const s = q.normalize('NFKC').trim();
  for (const piece of s.split(/\s+/)) {
    if (!piece) continue;
    if (piece.includes('/')) {
      const terms = new Map<string, number>();
      const path = piece.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/[?#].*$/, '');
      const segs = path.split('/').filter(Boolean);
      segs.forEach((seg, i) => {
        // The last segment may be typed half-way: it matches as a prefix.
        if (isPlaceholder(seg) && !/^\d+$/.test(seg)) push(PLACEHOLDER, false);
        else if (/^\d+$/.test(seg)) push(PLACEHOLDER, false);
        else {
          terms.clear();
          addText(terms, seg, 1);
          for (const t of wordLevel(seg)) push(t, i === segs.length - 1 && t.length >= 2 && !CJK.test(t[0]));
          for (const t of terms.keys()) if (CJK.test(t[0])) push(t, t.length === 1);
        }
      });
      continue;
    }
    for (const m of piece.matchAll(RUN)) {
      const run = m[0];
      if (CJK.test(run[0])) {
        if (run.length === 1) push(run, true);
        for (let i = 0; i + 1 < run.length; i++) push(run.slice(i, i + 2), false);
      } else {
        const w = run.toLowerCase();
        push(w, w.length >= 2);
      }
    }
  }
  return [...seen.values()].slice(0, 8);
}

/** The non-CJK words of a segment, lowercased (camel parts are indexed, so the whole word is enough). */
function wordLevel(seg: string): string[] {
  const out: string[] = [];
  for (const m of seg.normalize('NFKC').matchAll(RUN)) if (!CJK.test(m[0][0])) out.push(m[0].toLowerCase());
  return out;
}

/** True when the word is an HTTP method. */
export function isMethodWord(w: string): boolean {
  return METHODS.has(w.toLowerCase());
}

/** The words to highlight in a snippet: the query's words and CJK runs (not placeholders). */
export function highlightWords(q: string): string[] {
  const out = new Set<string>();
  for (const m of q.normalize('NFKC').matchAll(RUN)) out.add(m[0].toLowerCase());
  return [...out].sort((a, b) => b.length - a.length);
}
