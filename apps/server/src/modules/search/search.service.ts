/**
 * Search over the index (search-index.ts): every query term is a range scan of `search_terms`; entries that
 * match all terms are scored by the best field of each term (a name or path match outranks a description
 * match), filtered by what the reader may read and by the filters, then ranked and paged, in one query.
 * Permission is part of that query (readable projects, or the doc ids a share exposes), so a reader never
 * gets a count or a snippet of what they cannot open. Breadcrumbs are read for the page's hits only.
 */
import type { SearchHit, SearchKind, SearchResult } from '@folio/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Conn } from '../../db/database.js';
import { highlightWords, type QueryTerm, queryTerms } from './search-tokens.js';

type Ctx = Pick<AppContext, 'db' | 'ids'>;

/**
 * What a reader may search: everything (super admin), the projects of a signed-in user's memberships
 * (private ones only as a member; public ones of member spaces), or the docs a share/compose project exposes.
 */
export type ReadScope = { kind: 'all' } | { kind: 'member'; spaceIds: number[]; projectIds: number[] } | { kind: 'docs'; docIds: number[] };

/** Filters of a search (internal ids). */
export interface SearchFilters {
  spaceId?: number;
  projectId?: number;
  moduleId?: number;
  kind?: SearchKind;
  method?: string;
  status?: number;
  deprecated?: number;
}

/** A page of results: 1-based page number and its size. */
export interface SearchPage {
  page: number;
  pageSize: number;
}

/** Highest upper bound of a prefix range (terms are compared bytewise / by code point on every database). */
const TOP = '\uffff';

function termMatches(terms: QueryTerm[]) {
  const parts = terms.map((t) =>
    t.prefix
      ? sql`select entry_id, max(weight) as w from search_terms where term >= ${t.term} and term < ${t.term + TOP} group by entry_id`
      : sql`select entry_id, weight as w from search_terms where term = ${t.term}`,
  );
  return sql.join(parts, sql` union all `);
}

function ids(list: number[]) {
  return list.length ? sql.join(list.map((n) => sql`${n}`)) : sql`null`;
}

/** The permission predicate over `e` (entries) and `p` (their project). */
function scopeWhere(scope: ReadScope): Expression<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`1 = 1`;
  if (scope.kind === 'docs') return sql<SqlBool>`(e.kind = 'doc' and e.ref_id in (${ids(scope.docIds)}))`;
  const { projectIds, spaceIds } = scope;
  return sql<SqlBool>`(
    (e.kind = 'space' and (e.space_id in (${ids(spaceIds)}) or e.space_id in (select space_id from projects where id in (${ids(projectIds)}) and is_deleted = 0)))
    or (e.kind <> 'space' and (p.id in (${ids(projectIds)}) or (p.is_private = 0 and p.space_id in (${ids(spaceIds)}))))
  )`;
}

function filterWhere(f: SearchFilters): Expression<SqlBool> {
  const conds = [sql`1 = 1`];
  if (f.spaceId) conds.push(sql`e.space_id = ${f.spaceId}`);
  if (f.projectId) conds.push(sql`e.project_id = ${f.projectId}`);
  if (f.moduleId) conds.push(sql`e.module_id = ${f.moduleId}`);
  if (f.kind) conds.push(sql`e.kind = ${f.kind}`);
  if (f.method) conds.push(sql`e.method = ${f.method.toUpperCase()}`);
  if (f.status !== undefined) conds.push(sql`e.status = ${f.status}`);
  if (f.deprecated !== undefined) conds.push(sql`e.deprecated = ${f.deprecated}`);
  return sql<SqlBool>`${sql.join(conds, sql` and `)}`;
}

interface Row {
  id: number;
  kind: string;
  refId: number;
  spaceId: number;
  projectId: number;
  moduleId: number;
  name: string;
  method: string;
  path: string;
  docType: number;
  status: number;
  deprecated: number;
  body: string;
  score: number;
  total: number;
}

/** Kinds in the order they rank on equal score. */
const KIND_ORDER = sql`case e.kind when 'doc' then 0 when 'folder' then 1 when 'dictionary' then 2 when 'constant' then 3 when 'application' then 4 when 'project' then 5 else 6 end`;

/**
 * Searches what `scope` may read. An empty query lists the most recently changed docs (a helpful
 * start page). Returns one page of hits and the total number of matches.
 */
export async function searchDocs(ctx: Ctx, scope: ReadScope, q: string, filters: SearchFilters, page: SearchPage): Promise<SearchResult> {
  const conn = ctx.db;
  const terms = queryTerms(q);
  const offset = (Math.max(1, page.page) - 1) * page.pageSize;
  const where = sql`e.id = m.entry_id and ${scopeWhere(scope)} and ${filterWhere(filters)}`;
  let rows: Row[];
  if (!terms.length) {
    if (q.trim()) return { list: [], total: 0 };
    const r = await sql<Row>`
      select e.id, e.kind, e.ref_id, e.space_id, e.project_id, e.module_id, e.name, e.method, e.path, e.doc_type, e.status,
        e.deprecated, e.body, 0 as score, count(*) over () as total
      from search_entries e left join projects p on p.id = e.project_id
      where e.kind = 'doc' and ${scopeWhere(scope)} and ${filterWhere(filters)}
      order by e.updated_at desc, e.id desc
      limit ${page.pageSize} offset ${offset}`.execute(conn);
    rows = r.rows;
  } else {
    const r = await sql<Row>`
      with m as (
        select entry_id, sum(w) as score from (${termMatches(terms)}) t
        group by entry_id having count(*) = ${terms.length}
      )
      select e.id, e.kind, e.ref_id, e.space_id, e.project_id, e.module_id, e.name, e.method, e.path, e.doc_type, e.status,
        e.deprecated, e.body, m.score, count(*) over () as total
      from m join search_entries e on e.id = m.entry_id left join projects p on p.id = e.project_id
      where ${where}
      order by m.score desc, ${KIND_ORDER}, length(e.name), e.id
      limit ${page.pageSize} offset ${offset}`.execute(conn);
    rows = r.rows;
  }
  if (!rows.length) {
    // Past the last page the window count is not there: count apart (rare).
    if (offset === 0) return { list: [], total: 0 };
    return { list: [], total: await countOnly(conn, scope, filters, terms) };
  }
  const crumbs = await breadcrumbs(conn, rows);
  const words = highlightWords(q);
  const list = rows.map((r) => toHit(ctx, r, crumbs.get(r.id) ?? [], words));
  return { list, total: Number(rows[0].total) };
}

async function countOnly(conn: Conn, scope: ReadScope, filters: SearchFilters, terms: QueryTerm[]): Promise<number> {
  const r = terms.length
    ? await sql<{ n: number }>`
      with m as (select entry_id from (${termMatches(terms)}) t group by entry_id having count(*) = ${terms.length})
      select count(*) as n from m join search_entries e on e.id = m.entry_id left join projects p on p.id = e.project_id
      where ${scopeWhere(scope)} and ${filterWhere(filters)}`.execute(conn)
    : await sql<{ n: number }>`
      select count(*) as n from search_entries e left join projects p on p.id = e.project_id
      where e.kind = 'doc' and ${scopeWhere(scope)} and ${filterWhere(filters)}`.execute(conn);
  return Number(r.rows[0]?.n ?? 0);
}

/** Breadcrumb names (space › project › application › folder) of the page's entries, in one query. */
async function breadcrumbs(conn: Conn, rows: Row[]): Promise<Map<number, string[]>> {
  const r = await sql<{ id: number; s: string | null; p: string | null; m: string | null; f: string | null; kind: string }>`
    select e.id, e.kind, s.name as s, p.name as p, mo.name as m, f.name as f
    from search_entries e
    left join spaces s on s.id = e.space_id
    left join projects p on p.id = e.project_id
    left join modules mo on mo.id = e.module_id
    left join docs d on d.id = e.ref_id and e.kind in ('doc', 'folder')
    left join docs f on f.id = d.parent_id and d.parent_id > 0
    where e.id in (${ids(rows.map((x) => x.id))})`.execute(conn);
  const out = new Map<number, string[]>();
  for (const x of r.rows) {
    const names: string[] = [];
    if (x.kind !== 'space' && x.s) names.push(x.s);
    if (x.kind !== 'project' && x.p) names.push(x.p);
    if (x.kind !== 'application' && x.m) names.push(x.m);
    if (x.f) names.push(x.f);
    out.set(x.id, names);
  }
  return out;
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

function toHit(ctx: Ctx, r: Row, breadcrumb: string[], words: string[]): SearchHit {
  const kind = r.kind as SearchKind;
  const isDoc = kind === 'doc' || kind === 'folder';
  return {
    kind,
    id: ctx.ids.encode(r.refId),
    docId: isDoc ? ctx.ids.encode(r.refId) : '',
    moduleId: r.moduleId ? ctx.ids.encode(r.moduleId) : '',
    projectId: r.projectId ? ctx.ids.encode(r.projectId) : '',
    spaceId: r.spaceId ? ctx.ids.encode(r.spaceId) : '',
    name: r.name,
    nameMarks: marksOf(r.name, words),
    method: r.method,
    path: r.path,
    pathMarks: marksOf(r.path, words),
    docType: Number(r.docType),
    status: Number(r.status),
    deprecated: Number(r.deprecated),
    breadcrumb,
    snippet: snippetOf(r.body ?? '', words),
    score: Number(r.score),
  };
}
