/**
 * Search over the index (search-index.ts). Every query term reads `search_terms` by its primary key (term,
 * weight, entry, scope): a term's rows come in weight order, a prefix is a range, and the reader's scopes (the
 * projects they may read, minus-space ids for spaces) filter the rows there, so permission is part of the
 * query and a reader never gets a count or a snippet of what they cannot open. Entries matching all terms
 * are scored by the best field of each term (a name or path match outranks a description match).
 * - one term, no entry filter: the page is the first rows of the term in weight order; the count stops at 1,000;
 * - several terms: grouped by entry, all terms required, ranked, counted;
 * - filters on the entry (kind, method, status, deprecated, application) or a share's docs: joined to entries.
 * Then one query reads the page's entries with their breadcrumbs (space › project › application › folder).
 */
import type { SearchHit, SearchKind, SearchResult } from '@folio/shared';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
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

/** A one-term query counts its matches up to this number. */
export const COUNT_CAP = 1000;
/** Highest upper bound of a prefix range (terms are compared bytewise / by code point on every database). */
const TOP = '\uffff';

function list(xs: number[]) {
  return xs.length ? sql.join(xs.map((n) => sql`${n}`)) : sql`null`;
}

/** The scope ids (projects; minus-space ids) the reader may search within the filters, or null for all. */
async function scopeIdsOf(conn: Conn, scope: ReadScope, f: SearchFilters): Promise<number[] | null> {
  if (scope.kind === 'docs') return null;
  if (scope.kind === 'all' && !f.spaceId && !f.projectId) return null;
  let q = conn.selectFrom('projects').select(['id', 'spaceId']).where('isDeleted', '=', 0);
  if (f.projectId) q = q.where('id', '=', f.projectId);
  if (f.spaceId) q = q.where('spaceId', '=', f.spaceId);
  if (scope.kind === 'member') {
    const { projectIds, spaceIds } = scope;
    q = q.where((eb) =>
      eb.or([
        eb('id', 'in', projectIds.length ? projectIds : [0]),
        eb.and([eb('isPrivate', '=', 0), eb('spaceId', 'in', spaceIds.length ? spaceIds : [0])]),
      ]),
    );
  }
  const rows = await q.execute();
  const out = rows.map((r) => r.id);
  if (!f.projectId) {
    // A space's own entry: for its members and for readers of a project in it.
    const spaces = new Set(rows.map((r) => r.spaceId));
    if (scope.kind === 'member') for (const s of scope.spaceIds) spaces.add(s);
    for (const s of spaces) if (!f.spaceId || s === f.spaceId) out.push(-s);
  }
  return out;
}

/** Prefix terms that exist as whole terms match exactly (`order` is not also `orderno`): fewer rows, same intent. */
async function settleTerms(conn: Conn, terms: QueryTerm[]): Promise<QueryTerm[]> {
  const prefixes = terms.filter((t) => t.prefix).map((t) => t.term);
  if (!prefixes.length) return terms;
  const found = await sql<{ term: string }>`select distinct term from search_terms where term in (${sql.join(prefixes)})`.execute(conn);
  const whole = new Set(found.rows.map((r) => r.term));
  return terms.map((t) => (t.prefix && whole.has(t.term) ? { term: t.term, prefix: false } : t));
}

function termRows(terms: QueryTerm[], scopeIds: number[] | null) {
  const inScope = scopeIds ? sql` and scope_id in (${list(scopeIds)})` : sql``;
  const parts = terms.map((t) =>
    t.prefix
      ? sql`select entry_id, max(weight) as w from search_terms where term >= ${t.term} and term < ${t.term + TOP}${inScope} group by entry_id`
      : sql`select entry_id, weight as w from search_terms where term = ${t.term}${inScope}`,
  );
  return sql.join(parts, sql` union all `);
}

/** Entry-level conditions over `e` (filters the terms cannot decide, a share's docs), or null. */
function entryWhere(scope: ReadScope, f: SearchFilters): RawBuilder<SqlBool> | null {
  const conds: RawBuilder<unknown>[] = [];
  if (scope.kind === 'docs') conds.push(sql`e.kind = 'doc' and e.ref_id in (${list(scope.docIds)})`);
  if (f.moduleId) conds.push(sql`e.module_id = ${f.moduleId}`);
  if (f.kind) conds.push(sql`e.kind = ${f.kind}`);
  if (f.method) conds.push(sql`e.method = ${f.method.toUpperCase()}`);
  if (f.status !== undefined) conds.push(sql`e.status = ${f.status}`);
  if (f.deprecated !== undefined) conds.push(sql`e.deprecated = ${f.deprecated}`);
  return conds.length ? sql<SqlBool>`${sql.join(conds, sql` and `)}` : null;
}

interface Ranked {
  entryId: number;
  score: number;
  total: number;
}

/** The page of (entry, score) and the number of matches. */
async function rank(conn: Conn, terms: QueryTerm[], scopeIds: number[] | null, where: Expression<SqlBool> | null, page: SearchPage) {
  const offset = (Math.max(1, page.page) - 1) * page.pageSize;
  const inScope = scopeIds ? sql` and scope_id in (${list(scopeIds)})` : sql``;
  if (!terms.length) {
    // No words: the most recently changed docs the reader may open.
    const r = await sql<Ranked>`
      select e.id as entry_id, 0 as score, count(*) over () as total from search_entries e
      where e.kind = 'doc'${scopeIds ? sql` and e.project_id in (${list(scopeIds)})` : sql``}${where ? sql` and ${where}` : sql``}
      order by e.updated_at desc, e.id desc limit ${page.pageSize} offset ${offset}`.execute(conn);
    return r.rows;
  }
  if (terms.length === 1 && !terms[0].prefix && !where) {
    const term = terms[0].term;
    const [rows, count] = await Promise.all([
      sql<Ranked>`select entry_id, weight as score from search_terms where term = ${term}${inScope}
        order by weight desc, entry_id desc limit ${page.pageSize} offset ${offset}`.execute(conn),
      sql<{
        n: number;
      }>`select count(*) as n from (select 1 as x from search_terms where term = ${term}${inScope} limit ${COUNT_CAP}) c`.execute(conn),
    ]);
    const total = Number(count.rows[0]?.n ?? 0);
    return rows.rows.map((r) => ({ ...r, total }));
  }
  const matched = sql`select entry_id, sum(w) as score from (${termRows(terms, scopeIds)}) t group by entry_id having count(*) = ${terms.length}`;
  const r = where
    ? await sql<Ranked>`with m as (${matched})
        select m.entry_id, m.score, count(*) over () as total from m join search_entries e on e.id = m.entry_id
        where ${where} order by m.score desc, m.entry_id desc limit ${page.pageSize} offset ${offset}`.execute(conn)
    : await sql<Ranked>`with m as (${matched})
        select entry_id, score, count(*) over () as total from m order by score desc, entry_id desc
        limit ${page.pageSize} offset ${offset}`.execute(conn);
  return r.rows;
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
  s: string | null;
  p: string | null;
  m: string | null;
  f: string | null;
}

/**
 * Searches what `scope` may read. An empty query lists the most recently changed docs (a helpful
 * start page). Returns one page of hits and the number of matches.
 */
export async function searchDocs(ctx: Ctx, scope: ReadScope, q: string, filters: SearchFilters, page: SearchPage): Promise<SearchResult> {
  const conn = ctx.db;
  const asked = queryTerms(q);
  if (!asked.length && q.trim()) return { list: [], total: 0 };
  const [terms, scopeIds] = await Promise.all([settleTerms(conn, asked), scopeIdsOf(conn, scope, filters)]);
  if (scopeIds && !scopeIds.length) return { list: [], total: 0 };
  const ranked = await rank(conn, terms, scopeIds, entryWhere(scope, filters), page);
  if (!ranked.length) return { list: [], total: 0 };
  const rows = await pageEntries(
    conn,
    ranked.map((r) => r.entryId),
  );
  const words = highlightWords(q);
  const list: SearchHit[] = [];
  for (const r of ranked) {
    const row = rows.get(r.entryId);
    if (row) list.push(toHit(ctx, row, Number(r.score), words));
  }
  return { list, total: Number(ranked[0].total) };
}

/** The page's entries with their breadcrumb names, in one query. */
async function pageEntries(conn: Conn, entryIds: number[]): Promise<Map<number, Row>> {
  const r = await sql<Row>`
    select e.id, e.kind, e.ref_id, e.space_id, e.project_id, e.module_id, e.name, e.method, e.path, e.doc_type, e.status,
      e.deprecated, e.body, s.name as s, p.name as p, mo.name as m, f.name as f
    from search_entries e
    left join spaces s on s.id = e.space_id
    left join projects p on p.id = e.project_id
    left join modules mo on mo.id = e.module_id
    left join docs d on d.id = e.ref_id and e.kind in ('doc', 'folder')
    left join docs f on f.id = d.parent_id and d.parent_id > 0
    where e.id in (${list(entryIds)})`.execute(conn);
  return new Map(r.rows.map((x) => [Number(x.id), x]));
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

function toHit(ctx: Ctx, r: Row, score: number, words: string[]): SearchHit {
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
    breadcrumb: breadcrumbOf(r),
    snippet: snippetOf(r.body ?? '', words),
    score,
  };
}
