/**
 * A search hit from a row of the page: ids encoded, the breadcrumb (space › project › application › folder), the
 * matched ranges of the name and path, and a snippet of the text around the first match.
 */
import type { SearchHit, SearchKind } from '@folio/shared';
import type { AppContext } from '../../context.js';

/** A row of the page as the database names its columns (read without the CamelCasePlugin). */
export interface Row {
  score: number;
  total: number;
  id: number;
  kind: string;
  ref_id: number;
  space_id: number;
  project_id: number;
  module_id: number;
  name: string;
  method: string;
  path: string;
  doc_type: number;
  status: number;
  deprecated: number;
  body: string;
  webhook: string | null;
  s: string | null;
  p: string | null;
  m: string | null;
  f: string | null;
}

function breadcrumbOf(x: Row): string[] {
  const names: string[] = [];
  if (x.kind !== 'space' && x.s) names.push(x.s);
  if (x.kind !== 'project' && x.p) names.push(x.p);
  if (x.kind !== 'application' && x.m) names.push(x.m);
  if (x.f) names.push(x.f);
  return names;
}

/** Characters of snippet text around the first match. */
const SNIPPET = 160;

/** A snippet of text around the first match of any word, with the matched ranges. */
export function snippetOf(text: string, words: string[]): { text: string; marks: [number, number][] } {
  const flat = text.replace(/\s+/g, ' ').trim();
  const lower = flat.toLowerCase();
  let first = -1;
  for (const w of words) {
    const i = lower.indexOf(w);
    if (i >= 0 && (first < 0 || i < first)) first = i;
  }
  const start = first < 0 ? 0 : Math.max(0, first - 40);
  let cut = flat.slice(start, start + SNIPPET);
  const prefix = start > 0 ? '…' : '';
  const suffix = start + SNIPPET < flat.length ? '…' : '';
  cut = prefix + cut + suffix;
  return { text: cut, marks: marksOf(cut, words) };
}

/** Ranges of `text` that match any of the words (longest words first, no overlaps). */
export function marksOf(text: string, words: string[]): [number, number][] {
  const lower = text.toLowerCase();
  const marks: [number, number][] = [];
  for (const w of words) {
    if (!w) continue;
    for (let i = lower.indexOf(w); i >= 0; i = lower.indexOf(w, i + w.length)) {
      const end = i + w.length;
      if (!marks.some(([a, b]) => i < b && end > a)) marks.push([i, end]);
    }
  }
  return marks.sort((a, b) => a[0] - b[0]);
}

/** The hit of a row (`words`: the query's words to highlight). */
export function toHit(ctx: Pick<AppContext, 'ids'>, r: Row, score: number, words: string[]): SearchHit {
  const kind = r.kind as SearchKind;
  const isDoc = kind === 'doc' || kind === 'folder';
  return {
    kind,
    id: ctx.ids.encode(r.ref_id),
    docId: isDoc ? ctx.ids.encode(r.ref_id) : '',
    moduleId: r.module_id ? ctx.ids.encode(r.module_id) : '',
    projectId: r.project_id ? ctx.ids.encode(r.project_id) : '',
    spaceId: r.space_id ? ctx.ids.encode(r.space_id) : '',
    name: r.name,
    nameMarks: marksOf(r.name, words),
    method: r.method,
    path: r.path,
    pathMarks: marksOf(r.path, words),
    docType: Number(r.doc_type),
    status: Number(r.status),
    deprecated: Number(r.deprecated),
    ...(r.webhook ? { webhook: r.webhook } : {}),
    breadcrumb: breadcrumbOf(r),
    snippet: snippetOf(r.body ?? '', words),
    score,
  };
}
