/**
 * Search over the index (search-index.ts). Every query term reads `search_terms` by its primary key (term,
 * weight, entry, scope): a term's rows come in weight order, a prefix is a range, and the reader's scopes (the
 * projects they may read, minus-space ids for spaces) filter the rows there, so permission is part of the
 * query and a reader never gets a count or a snippet of what they cannot open. Entries matching all terms
 * are scored by the best field of each term (a name or path match outranks a description match).
 * - one term, no entry filter: the page is the first rows of the term in weight order; the count stops at 1,000;
 * - several terms: the rarest term's rows are read in weight order and kept when the entry has every other
 *   term (an index seek on (entry, term) each), up to CANDIDATES matches, then ranked and counted. When every
 *   term has CANDIDATES rows or more, the longest whole word drives a scan of at most SCAN rows (stopping at
 *   CANDIDATES matches), so the overlap of common words is found, at a bounded cost;
 * - filters on the entry (kind, method, status, deprecated, application) or a share's docs: joined to entries.
 * Then one query reads the page's entries with their breadcrumbs (space › project › application › folder).
 */
import type { SearchKind, SearchResult } from '@folio/shared';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../config.js';
import type { Conn, Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { type Row, toHit } from './search-hits.js';
import { CANDIDATES, type CountedTerm, type Ctx, run, within } from './search-sql.js';
import { suggest } from './search-suggest.js';
import { highlightWords, type QueryTerm, queryTerms } from './search-tokens.js';

/**
 * What a reader may search: everything (super admin), the projects of a signed-in user's memberships
 * (private ones only as a member; public ones of member spaces) given as ids (`member`) or read with the
 * projects in one statement (`user`), or the docs a share/compose project exposes.
 */
export type ReadScope =
  | { kind: 'all' }
  | { kind: 'member'; spaceIds: number[]; projectIds: number[] }
  | { kind: 'user'; userId: number }
  | { kind: 'docs'; docIds: number[] };

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

/**
 * A query of several words that all have CANDIDATES rows or more reads at most this many rows of its rarest
 * word (checking the others per row); past that, its count says `more`.
 */
export const SCAN = 10_000;
/**
 * MariaDB materialises the driver of a query of common words (all of its `limit` rows, read and sorted) before
 * the lookups, where SQLite and PostgreSQL stop reading it at the CANDIDATES-th match: there the driver is read
 * FIRST_SCAN rows at a time first, and up to SCAN only when those gave fewer matches and it has more rows.
 */
const FIRST_SCAN = 2 * CANDIDATES;
/** Highest upper bound of a prefix range (terms are compared bytewise / by code point on every database). */
const TOP = '\uffff';

/**
 * The statement of a reader's projects within the filters (a `member` or `user` scope; `all` with a filter). A
 * user's memberships are read in the same statement (two round trips fewer per search): the rule is the member
 * one, and the member spaces come as rows with project id 0 (none with a project filter).
 */
function scopeQuery(conn: Conn, scope: ReadScope, f: SearchFilters) {
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
  if (scope.kind !== 'user') return q;
  const { userId } = scope;
  q = q.where((eb) =>
    eb.or([
      eb('id', 'in', eb.selectFrom('projectMembers').select('projectId').where('userId', '=', userId)),
      eb.and([eb('isPrivate', '=', 0), eb('spaceId', 'in', eb.selectFrom('spaceMembers').select('spaceId').where('userId', '=', userId))]),
    ]),
  );
  const spacesOf = conn
    .selectFrom('spaceMembers')
    .select([sql<number>`0`.as('id'), 'spaceId'])
    .where('userId', '=', userId);
  return f.projectId ? q : q.unionAll(spacesOf);
}

/**
 * A signed-in user's scope statement, compiled once per database for each shape of the filters (it runs on every
 * search; building it cost more CPU than SQLite running it). The same `scopeQuery`, with the user and the
 * filters' ids as its parameters.
 */
function userScopeOf(byProject: boolean, bySpace: boolean) {
  return prepared(1 + Number(byProject) + Number(bySpace), (db: Db, userId: number, ...ids: number[]) =>
    scopeQuery(db, { kind: 'user', userId }, { projectId: byProject ? ids[0] : undefined, spaceId: bySpace ? ids.at(-1) : undefined }),
  );
}
/** Indexed by (project filter) + 2 × (space filter). */
const userScopes = [userScopeOf(false, false), userScopeOf(true, false), userScopeOf(false, true), userScopeOf(true, true)];

/** The scope ids (projects; minus-space ids) the reader may search within the filters, or null for all. */
async function scopeIdsOf(conn: Db, scope: ReadScope, f: SearchFilters): Promise<number[] | null> {
  if (scope.kind === 'docs') return null;
  if (scope.kind === 'all' && !f.spaceId && !f.projectId) return null;
  let rows: { id: number; spaceId: number }[];
  if (scope.kind === 'user') {
    const ids = [f.projectId, f.spaceId].filter((x): x is number => !!x);
    rows = await userScopes[Number(!!f.projectId) + 2 * Number(!!f.spaceId)](conn, scope.userId, ...ids);
  } else rows = await scopeQuery(conn, scope, f).execute();
  const out = rows.filter((r) => Number(r.id) !== 0).map((r) => r.id);
  if (!f.projectId) {
    // A space's own entry: for its members and for readers of a project in it.
    const spaces = new Set(rows.map((r) => r.spaceId));
    if (scope.kind === 'member') for (const s of scope.spaceIds) spaces.add(s);
    for (const s of spaces) if (!f.spaceId || s === f.spaceId) out.push(-s);
  }
  return out;
}

function termCond(t: QueryTerm, col = 'term') {
  const c = sql.ref(col);
  return t.prefix ? sql`${c} >= ${t.term} and ${c} < ${t.term + TOP}` : sql`${c} = ${t.term}`;
}

/**
 * Each term's rows in the reader's scope, counted up to `cap`, in one query: `n` of the term (a prefix: of its
 * range), `exact` of the whole word. A range is read in term order and the whole word is its first term, so one
 * scan of at most `cap` rows gives both (the whole word's count is exact below `cap`, like `n`). A whole word's
 * rows all have the same term: no `order by` there, which MariaDB 10.11 executed as a sort of every row of the
 * word before the limit (10,000 rows of `api` to count 500).
 */
async function countRange(
  ctx: Ctx,
  terms: QueryTerm[],
  scopeIds: number[] | null,
  cap: number,
): Promise<Map<number, { n: number; exact: number }>> {
  const inScope = scopeIds ? sql` and ${within(ctx.dialect, 'scope_id', scopeIds)}` : sql``;
  const parts = terms.map(
    (t, i) =>
      sql`select ${sql.lit(i)} as i, count(*) as n, sum(case when term = ${t.term} then 1 else 0 end) as e from (select term from search_terms where ${termCond(t)}${inScope}${t.prefix ? sql` order by term` : sql``} limit ${cap}) c${sql.raw(String(i))}`,
  );
  const rows = await run(ctx, sql<{ i: number; n: number; e: number }>`${sql.join(parts, sql` union all `)}`);
  return new Map(rows.map((x) => [Number(x.i), { n: Number(x.n), exact: Number(x.e ?? 0) }]));
}

/**
 * Counts each term's rows in the reader's scope, up to CANDIDATES, in one query. A prefix term that exists
 * as a whole term matches exactly (`order` is not also `orderno`): fewer rows, same intent.
 */
async function countTerms(ctx: Ctx, terms: QueryTerm[], scopeIds: number[] | null): Promise<CountedTerm[]> {
  const n = await countRange(ctx, terms, scopeIds, CANDIDATES);
  return terms.map((t, i) => {
    const c = n.get(i) ?? { n: 0, exact: 0 };
    return t.prefix && !c.exact ? { term: t.term, prefix: true, n: c.n } : { term: t.term, prefix: false, n: c.exact };
  });
}

/** Entry-level conditions over `e` (filters the terms cannot decide, a share's docs), or null. */
function entryWhere(dialect: Dialect, scope: ReadScope, f: SearchFilters): RawBuilder<SqlBool> | null {
  const conds: RawBuilder<unknown>[] = [];
  if (scope.kind === 'docs') conds.push(sql`e.kind = 'doc' and ${within(dialect, 'e.ref_id', scope.docIds)}`);
  if (f.moduleId) conds.push(sql`e.module_id = ${f.moduleId}`);
  if (f.kind) conds.push(sql`e.kind = ${f.kind}`);
  if (f.method) conds.push(sql`e.method = ${f.method.toUpperCase()}`);
  if (f.status !== undefined) conds.push(sql`e.status = ${f.status}`);
  if (f.deprecated !== undefined) conds.push(sql`e.deprecated = ${f.deprecated}`);
  return conds.length ? sql<SqlBool>`${sql.join(conds, sql` and `)}` : null;
}

/** A page of entries (with their score and breadcrumb names), the number of matches, and whether there may be more. */
interface RankedPage {
  rows: Row[];
  total: number;
  more: boolean;
}

/**
 * The page's entries with their breadcrumb names (space › project › application › folder) joined to a
 * ranked page `r` (entry_id, score, total), in the order given: one statement for the ranking and the page.
 * The names are scalar subqueries, not joins: PostgreSQL plans a join of seven tables by trying their orders
 * (1.6 ms of planning per search, against 0.7 ms so).
 */
function withEntries(ranked: RawBuilder<unknown>, orderBy: RawBuilder<unknown>) {
  const doc = sql`d.id = e.ref_id and e.kind in ('doc', 'folder')`;
  return sql<Row>`
    select r.score, r.total, e.id, e.kind, e.ref_id, e.space_id, e.project_id, e.module_id, e.name, e.method, e.path,
      e.doc_type, e.status, e.deprecated, e.body,
      (select d.webhook from docs d where ${doc}) as webhook,
      (select s.name from spaces s where s.id = e.space_id) as s,
      (select p.name from projects p where p.id = e.project_id) as p,
      (select m.name from modules m where m.id = e.module_id) as m,
      (select f.name from docs d join docs f on f.id = d.parent_id where ${doc} and d.parent_id > 0) as f
    from (${ranked}) r
    join search_entries e on e.id = r.entry_id
    order by ${orderBy}`;
}

/**
 * The page of entries and the number of matches. The rarest term drives: its rows in the reader's scope
 * (and filters) are read in weight order and kept when the entry has every other term, up to CANDIDATES
 * matches, which are ranked (a name or path match before a description match) and counted. Each other
 * whole word is joined by (entry, term) on the (entry_id, term, weight) index, one seek per driver row that
 * also gives its weight (a word that stands for a prefix is looked up by a subquery); the join is written in
 * the driver's order (SQLite `cross join`, MySQL `straight_join`), so the lookups stop with the CANDIDATES-th
 * match. The driver's rows read are CANDIDATES at most when its count was under CANDIDATES; when every term
 * has CANDIDATES rows or more, the rarest drives and at most SCAN of its rows are read: so a query costs at
 * most SCAN × terms index lookups, however many docs its words match, and finds the overlap of common
 * words. `more` when the matches reached CANDIDATES or the driver has SCAN rows or more (a lower bound
 * then). A one-word query needs no overlap: its candidates are its first rows (CANDIDATES entries; 4 ×
 * CANDIDATES rows of a prefix, best entries first).
 */
async function rank(
  ctx: Ctx,
  counted: CountedTerm[],
  scopeIds: number[] | null,
  where: Expression<SqlBool> | null,
  page: SearchPage,
): Promise<RankedPage> {
  const offset = (Math.max(1, page.page) - 1) * page.pageSize;
  // The page size is written into the text (1–100, so at most 100 texts a shape): PostgreSQL plans a named
  // statement with `limit $n` anew at every run (its generic plan guesses 10 % of the term's rows for an unknown
  // limit, so it never wins over the custom plan), with `limit 20` once per connection: planning the one-word page
  // statement was ~0.5 ms of backend CPU, more than running it.
  const pageRows = sql`limit ${sql.lit(Math.trunc(page.pageSize))} offset ${offset}`;
  const inScope = (col: string) => (scopeIds ? sql` and ${within(ctx.dialect, col, scopeIds)}` : sql``);
  const byScore = sql`r.score desc, r.entry_id desc`;
  if (!counted.length) {
    // No words: the most recently changed docs the reader may open.
    const rows = await run(
      ctx,
      withEntries(
        sql`select e.id as entry_id, 0 as score, e.updated_at, count(*) over () as total from search_entries e
      where e.kind = 'doc'${inScope('e.project_id')}${where ? sql` and ${where}` : sql``}
      order by e.updated_at desc, e.id desc ${pageRows}`,
        sql`r.updated_at desc, r.entry_id desc`,
      ),
    );
    return { rows, total: Number(rows[0]?.total ?? 0), more: false };
  }
  if (counted.some((t) => t.n === 0)) return { rows: [], total: 0, more: false };
  if (counted.length === 1 && !counted[0].prefix && !where) {
    const rows = await run(
      ctx,
      withEntries(
        sql`select entry_id, weight as score, 0 as total from search_terms where term = ${counted[0].term}${inScope('scope_id')}
        order by weight desc, entry_id desc ${pageRows}`,
        byScore,
      ),
    );
    return { rows, total: counted[0].n, more: counted[0].n >= CANDIDATES };
  }
  // Every word is common (CANDIDATES rows or more each): the longest exact word drives (long words are the
  // rarer ones), and at most SCAN of its rows are read, stopping at CANDIDATES matches; the driver is counted
  // up to SCAN only when fewer matches were found, to say whether the scan was complete.
  const wide = counted.length > 1 && Math.min(...counted.map((t) => t.n)) >= CANDIDATES;
  const byRarity = (a: CountedTerm, b: CountedTerm) =>
    (wide ? 0 : a.n - b.n) || Number(a.prefix) - Number(b.prefix) || b.term.length - a.term.length;
  const [driver, ...others] = [...counted].sort(byRarity);
  const scan = wide ? SCAN : driver.prefix ? CANDIDATES * 4 : CANDIDATES;
  const firstScan = wide && ctx.dialect === 'mysql' ? FIRST_SCAN : scan;
  const join = where ? sql` join search_entries e on e.id = t.entry_id` : sql``;
  const filter = where ? sql` and ${where}` : sql``;
  const rows = (scan: number) =>
    driver.prefix
      ? sql`select entry_id, max(w) as w from (select t.entry_id, t.weight as w from search_terms t${join}
        where ${termCond(driver, 't.term')}${inScope('t.scope_id')}${filter} limit ${scan}) r
        group by entry_id order by max(w) desc, entry_id desc limit ${scan}`
      : sql`select t.entry_id, t.weight as w from search_terms t${join}
        where t.term = ${driver.term}${inScope('t.scope_id')}${filter} order by t.weight desc, t.entry_id desc limit ${scan}`;
  const words = others.filter((t) => !t.prefix);
  const prefixes = others.filter((t) => t.prefix);
  const x = (i: number) => sql.raw(`x${i}`);
  // PostgreSQL would hash-join a plain join (reading every row of the other word): a lateral subquery with a
  // limit is looked up per driver row, in its order.
  const joins = words.map((t, i) =>
    ctx.dialect === 'postgres'
      ? sql` cross join lateral (select y.weight from search_terms y where y.entry_id = c.entry_id and y.term = ${t.term} limit 1) ${x(i)}`
      : sql` ${sql.raw(ctx.dialect === 'mysql' ? 'straight_join' : 'cross join')} search_terms ${x(i)}`,
  );
  const has = (t: QueryTerm) => sql`(select max(y.weight) from search_terms y where y.entry_id = c.entry_id and ${termCond(t, 'y.term')})`;
  const conds = [
    ...(ctx.dialect === 'postgres' ? [] : words.map((t, i) => sql`${x(i)}.entry_id = c.entry_id and ${x(i)}.term = ${t.term}`)),
    ...prefixes.map((t) => sql`${has(t)} is not null`),
  ];
  const score = sql.join([sql`c.w`, ...words.map((_, i) => sql`${x(i)}.weight`), ...prefixes.map(has)], sql` + `);
  const ranked = async (scan: number) => {
    const matches = sql`select c.entry_id, ${score} as score from (${rows(scan)}) c${sql.join(joins, sql``)}
    ${conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``} limit ${CANDIDATES}`;
    const found = await run(
      ctx,
      withEntries(
        sql`select entry_id, score, count(*) over () as total from (${matches}) m
      order by score desc, entry_id desc ${pageRows}`,
        byScore,
      ),
    );
    return { rows: found, total: Number(found[0]?.total ?? 0) };
  };
  let r = await ranked(firstScan);
  if (r.total >= CANDIDATES) return { ...r, more: true };
  if (!wide) return { ...r, more: driver.n >= CANDIDATES };
  const driverRows = (await countRange(ctx, [driver], scopeIds, SCAN)).get(0)?.n ?? 0;
  // The first rows of the driver gave fewer than CANDIDATES matches and it has more: the same scan, up to SCAN rows.
  if (driverRows > firstScan) r = await ranked(scan);
  return { ...r, more: r.total >= CANDIDATES || driverRows >= SCAN };
}

/**
 * Searches what `scope` may read. An empty query lists the most recently changed docs (a helpful
 * start page). Returns one page of hits and the number of matches.
 */
export async function searchDocs(ctx: Ctx, scope: ReadScope, q: string, filters: SearchFilters, page: SearchPage): Promise<SearchResult> {
  const asked = queryTerms(q);
  if (!asked.length && q.trim()) return { list: [], total: 0 };
  const scopeIds = await scopeIdsOf(ctx.db, scope, filters);
  if (scopeIds && !scopeIds.length) return { list: [], total: 0 };
  // The index's statements are SQL with snake_case names: they run without the CamelCasePlugin (`run`), whose walk
  // over every fragment of the statement and every key of every row was CPU for nothing.
  const terms = asked.length ? await countTerms(ctx, asked, scopeIds) : [];
  const { rows, total, more } = await rank(ctx, terms, scopeIds, entryWhere(ctx.dialect, scope, filters), page);
  if (!rows.length) {
    const suggestion = terms.some((t) => t.n === 0) ? await suggest(ctx, q, terms, scopeIds) : null;
    if (suggestion) return { list: [], total: 0, suggestion };
    return more ? { list: [], total: 0, more } : { list: [], total: 0 };
  }
  const words = highlightWords(q);
  const list = rows.map((row) => toHit(ctx, row, Number(row.score), words));
  return more ? { list, total, more } : { list, total };
}
