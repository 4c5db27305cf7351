/**
 * Keeps the search index (search_entries + search_terms) in step with content. Docs follow the doc change
 * events inside the writing transaction; folders, dictionaries and constants pages of the applications a
 * write touched are rebuilt with them (they are few per application); applications, projects and spaces are
 * indexed by their routes on create and rename, and dropped with the cascade that soft-deletes them.
 * Permissions are not in the index: they are applied when searching, so membership changes need nothing here.
 */
import { type DocDetail, type DocParam, DocType, NOT_DEPRECATED } from '@folio/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { type Conn, insertManyReturningIds } from '../../db/database.js';
import { turnTaker } from '../../lib/turns.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { treeTriggersPresent } from '../docs/tree-answers.js';
import {
  contentKey,
  type EntryKind,
  insertTerms,
  removeById,
  removeEntries,
  removeOrphans,
  storedEntries,
  type TermRow,
} from './search-rows.js';
import { addPath, addText, Weight } from './search-tokens.js';

export { type EntryKind, removeEntries, removeEntriesUnder } from './search-rows.js';

type Ctx = Pick<AppContext, 'db' | 'ids' | 'dialect'>;

/** Characters of text kept per entry for snippets. */
const BODY_MAX = 6000;

interface Entry {
  kind: EntryKind;
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
  terms: Map<string, number>;
}

function entry(kind: EntryKind, refId: number, where: { spaceId: number; projectId: number; moduleId: number }, name: string): Entry {
  const terms = new Map<string, number>();
  addText(terms, name, kind === 'doc' ? Weight.NAME : Weight.OTHER_NAME);
  return { kind, refId, ...where, name: name.slice(0, 255), method: '', path: '', docType: 0, status: 0, deprecated: 0, body: '', terms };
}

function clip(s: string): string {
  return s.length > BODY_MAX ? s.slice(0, BODY_MAX) : s;
}

/** Adds the params of a list (any depth): names as PARAM, descriptions as TEXT; their lines go to the body. */
function addParams(e: Entry, params: DocParam[], lines: string[], depth = 0): void {
  for (const p of params) {
    addText(e.terms, p.name, Weight.PARAM);
    addText(e.terms, p.description, Weight.TEXT);
    if (lines.length < 400) lines.push(p.description ? `${p.name}: ${p.description}` : p.name);
    if (p.children?.length && depth < 32) addParams(e, p.children, lines, depth + 1);
  }
}

/** The entry of a doc (not a folder) from its detail. */
function docEntry(d: DocDetail, refId: number, where: { spaceId: number; projectId: number; moduleId: number }): Entry {
  const e = entry('doc', refId, where, d.name);
  e.docType = d.type;
  e.status = d.status;
  e.deprecated = d.deprecated && d.deprecated !== NOT_DEPRECATED ? 1 : 0;
  if (d.type === DocType.HTTP) {
    e.method = (d.httpMethod ?? '').toUpperCase().slice(0, 16);
    e.path = (d.url ?? '').slice(0, 1024);
    addPath(e.terms, d.url, Weight.PATH);
    if (e.method) addText(e.terms, e.method, Weight.METHOD);
  } else if (d.type === DocType.DUBBO) {
    const iface = d.dubboInfo?.interfaceName ?? '';
    e.path = (iface ? `${iface}#${d.url || d.name}` : d.url).slice(0, 1024);
    addText(e.terms, iface, Weight.INTERFACE);
    addText(e.terms, d.url, Weight.PATH);
  } else if (d.url) {
    e.path = d.url.slice(0, 1024);
    addPath(e.terms, d.url, Weight.PATH);
  }
  addText(e.terms, d.description, Weight.TEXT);
  const lines: string[] = [d.description ?? ''];
  for (const list of [d.pathParams, d.queryParams, d.headerParams, d.requestParams, d.responseParams]) addParams(e, list ?? [], lines);
  for (const c of d.errorCodeParams ?? []) {
    addText(e.terms, c.code, Weight.PARAM);
    addText(e.terms, c.msg, Weight.TEXT);
    addText(e.terms, c.solution, Weight.TEXT);
    lines.push(`${c.code} ${c.msg}`);
  }
  e.body = clip(lines.filter(Boolean).join('\n'));
  return e;
}

/** Writes entries and their terms (after their old versions were removed). */
async function writeEntries(ctx: Ctx, conn: Conn, entries: Entry[]): Promise<void> {
  await insertTerms(ctx.dialect, conn, await insertEntries(ctx, conn, entries));
}

/** Inserts entries; returns their term rows (to insert after). */
async function insertEntries(ctx: Ctx, conn: Conn, entries: Entry[]): Promise<TermRow[]> {
  if (!entries.length) return [];
  const now = Date.now();
  const rows = entries.map(({ terms: _t, ...r }) => ({ ...r, updatedAt: now }) as Record<string, unknown>);
  const ids = await insertManyReturningIds(conn, ctx.dialect, 'searchEntries', rows, 200);
  const terms: TermRow[] = [];
  entries.forEach((e, i) => {
    const scopeId = e.kind === 'space' ? -e.spaceId : e.projectId;
    for (const [term, weight] of e.terms) terms.push([term, ids[i], weight, scopeId]);
  });
  return terms;
}

/** Space and project of applications, by application id. */
async function placesOf(conn: Conn, moduleIds: number[]): Promise<Map<number, { spaceId: number; projectId: number; moduleId: number }>> {
  const out = new Map<number, { spaceId: number; projectId: number; moduleId: number }>();
  if (!moduleIds.length) return out;
  const rows = await conn
    .selectFrom('modules as m')
    .innerJoin('projects as p', 'p.id', 'm.projectId')
    .select(['m.id', 'm.projectId', 'p.spaceId'])
    .where('m.id', 'in', [...new Set(moduleIds)])
    .execute();
  for (const r of rows) out.set(r.id, { spaceId: r.spaceId, projectId: r.projectId, moduleId: r.id });
  return out;
}

/** (Re)indexes docs from their details (ids decoded by the caller); deleted ones are passed in `removed`. */
export async function indexDocs(
  ctx: Ctx,
  conn: Conn,
  docs: { id: number; moduleId: number; detail: DocDetail }[],
  removed: number[] = [],
): Promise<void> {
  await insertTerms(ctx.dialect, conn, await indexDocEntries(ctx, conn, docs, removed));
}

/** indexDocs without the term rows: writes the docs' entries and returns their term rows. */
async function indexDocEntries(
  ctx: Ctx,
  conn: Conn,
  docs: { id: number; moduleId: number; detail: DocDetail }[],
  removed: number[] = [],
): Promise<TermRow[]> {
  const all = [...docs.map((d) => d.id), ...removed];
  if (all.length) await removeEntries(conn, ['doc'], all, ctx.dialect);
  const places = await placesOf(
    conn,
    docs.map((d) => d.moduleId),
  );
  const entries: Entry[] = [];
  const turn = turnTaker();
  for (const d of docs) {
    const where = places.get(d.moduleId);
    if (where && !d.detail.isFolder) entries.push(docEntry(d.detail, d.id, where));
    await turn();
  }
  return insertEntries(ctx, conn, entries);
}

/** The content key of an entry as built (see contentKey). */
function keyOf(e: Entry): string {
  const { terms, ...row } = e;
  const scopeId = e.kind === 'space' ? -e.spaceId : e.projectId;
  return contentKey(
    row,
    [...terms].map(([term, weight]) => [term, weight, scopeId]),
  );
}

/**
 * The rebuild's indexDocEntries: a doc's stored entry (locked as removeEntries locks it) is kept when its row and
 * terms are what the doc gives now and replaced otherwise, so rebuilding an index that is up to date writes
 * little: deleting and inserting every doc's ~55 term rows made a 10,000-doc rebuild on MariaDB 1.2–2.5× slower
 * than emptying and refilling (its server CPU 2.2–4×).
 */
async function refreshDocEntries(ctx: Ctx, conn: Conn, docs: { id: number; moduleId: number; detail: DocDetail }[]): Promise<TermRow[]> {
  const places = await placesOf(
    conn,
    docs.map((d) => d.moduleId),
  );
  const fresh = new Map<number, Entry>();
  const turn = turnTaker();
  for (const d of docs) {
    const where = places.get(d.moduleId);
    if (where && !d.detail.isFolder) fresh.set(d.id, docEntry(d.detail, d.id, where));
    await turn();
  }
  const stored = await storedEntries(
    conn,
    'doc',
    docs.map((d) => d.id),
    ctx.dialect,
  );
  const stale: number[] = [];
  for (const [refId, s] of stored) {
    const e = fresh.get(refId);
    if (e && keyOf(e) === s.key) fresh.delete(refId);
    else stale.push(s.id);
  }
  await removeById(conn, stale);
  return insertEntries(ctx, conn, [...fresh.values()]);
}

/**
 * PostgreSQL/MySQL: takes the applications of docs (their `modules` rows, then their `tree_revisions` rows, each
 * in id order) until the transaction ends, before any doc or entry: a push takes its application's row first and
 * its tree revision row with its first doc write, a save that revision row, and a rebuild batch
 * (reindexModules) its applications' revision rows before anything else. So the catch-up job and those writers
 * take the same rows in the same order, and whichever comes second waits for the first to commit. Before, the
 * job took doc entries and then the folder entries, a batch the folder entries and then the doc entries: the
 * two deadlocked (MariaDB) or the batch failed on the unique (kind, ref_id) key (PostgreSQL). SQLite has one
 * writer at a time.
 */
async function lockApplicationsOf(ctx: Ctx, conn: Conn, docIds: number[]): Promise<void> {
  if (ctx.dialect === 'sqlite' || !docIds.length) return;
  const moduleIds = new Set<number>();
  // Read on another connection: on MariaDB a plain read in the transaction would start its snapshot before the
  // locks, and what a writer committed while this waited for it would not be seen.
  for (let i = 0; i < docIds.length; i += 500) {
    const mods = await ctx.db
      .selectFrom('docs')
      .select('moduleId')
      .distinct()
      .where('id', 'in', docIds.slice(i, i + 500))
      .execute();
    for (const m of mods) moduleIds.add(m.moduleId);
  }
  const ids = [...moduleIds].sort((a, b) => a - b);
  if (!ids.length) return;
  await conn.selectFrom('modules').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
  await lockTreeRevisions(ctx, conn, ids);
}

/** PostgreSQL/MySQL with the tree triggers: takes applications' `tree_revisions` rows, in id order. */
async function lockTreeRevisions(ctx: Ctx, conn: Conn, moduleIds: number[]): Promise<void> {
  if (ctx.dialect === 'sqlite' || !moduleIds.length || !(await treeTriggersPresent(ctx.db))) return;
  await conn.selectFrom('treeRevisions').select('moduleId').where('moduleId', 'in', moduleIds).orderBy('moduleId').forUpdate().execute();
}

/**
 * PostgreSQL/MySQL: locks docs until the transaction ends, so a form save or push of one of them indexes it
 * before or after this transaction, never at the same time: two writers that both found no entry for a doc
 * would each insert one, and the second would fail on the unique (kind, ref_id) key. SQLite has one writer.
 */
async function lockDocs(ctx: Ctx, conn: Conn, docIds: number[]): Promise<void> {
  if (ctx.dialect === 'sqlite' || !docIds.length) return;
  await conn.selectFrom('docs').select('id').where('id', 'in', docIds).orderBy('id').forUpdate().execute();
}

/**
 * (Re)indexes docs by id from what is stored now: live ones are indexed, deleted or missing ones dropped;
 * the folders and dictionaries of their applications follow. Used by the catch-up job of large writes and a
 * large restore; their applications are taken first (lockApplicationsOf).
 */
export async function indexDocIds(ctx: Ctx, conn: Conn, docIds: number[]): Promise<void> {
  await lockApplicationsOf(ctx, conn, docIds);
  const moduleIds = new Set<number>();
  for (let i = 0; i < docIds.length; i += 500) {
    const part = docIds.slice(i, i + 500);
    await lockDocs(ctx, conn, part);
    const live = await conn
      .selectFrom('docs')
      .select(['id', 'moduleId'])
      .where('id', 'in', part)
      .where('isDeleted', '=', 0)
      .where('isFolder', '=', 0)
      .execute();
    const details = await loadDocDetails(
      ctx,
      live.map((d) => d.id),
      conn,
      { paramIds: false },
    );
    const liveIds = new Set(live.map((d) => d.id));
    for (const d of live) moduleIds.add(d.moduleId);
    await indexDocs(
      ctx,
      conn,
      live.flatMap((d) => {
        const detail = details.get(d.id);
        return detail ? [{ id: d.id, moduleId: d.moduleId, detail }] : [];
      }),
      part.filter((id) => !liveIds.has(id)),
    );
  }
  await indexModuleExtras(ctx, conn, [...moduleIds]);
}

/** Rebuilds the folder, dictionary and constants-page entries of applications. */
export async function indexModuleExtras(ctx: Ctx, conn: Conn, moduleIds: number[]): Promise<void> {
  if (!moduleIds.length) return;
  const places = await placesOf(conn, moduleIds);
  const ids = [...places.keys()];
  if (!ids.length) return;
  const q = conn
    .selectFrom('searchEntries')
    .select('id')
    .where('moduleId', 'in', ids)
    .where('kind', 'in', ['folder', 'dictionary', 'constant']);
  const old = await (ctx.dialect === 'sqlite' ? q : q.forUpdate()).execute();
  await removeById(
    conn,
    old.map((r) => r.id),
  );
  const [folders, enums, consts] = await Promise.all([
    conn
      .selectFrom('docs')
      .select(['id', 'moduleId', 'name'])
      .where('moduleId', 'in', ids)
      .where('isFolder', '=', 1)
      .where('isDeleted', '=', 0)
      .execute(),
    conn
      .selectFrom('enumInfos')
      .select(['id', 'moduleId', 'name', 'description'])
      .where('moduleId', 'in', ids)
      .where('isDeleted', '=', 0)
      .execute(),
    conn.selectFrom('constantInfos').select(['id', 'moduleId', 'content']).where('moduleId', 'in', ids).where('docId', '=', 0).execute(),
  ]);
  const items = enums.length
    ? await conn
        .selectFrom('enumItems')
        .select(['enumId', 'name', 'value', 'description'])
        .where(
          'enumId',
          'in',
          enums.map((e) => e.id),
        )
        .orderBy('orderIndex')
        .execute()
    : [];
  const entries: Entry[] = [];
  for (const f of folders) entries.push(entry('folder', f.id, places.get(f.moduleId) as Entry, f.name));
  const byEnum = new Map<number, Entry>();
  for (const d of enums) {
    const e = entry('dictionary', d.id, places.get(d.moduleId) as Entry, d.name);
    addText(e.terms, d.description, Weight.TEXT);
    e.body = d.description;
    byEnum.set(d.id, e);
    entries.push(e);
  }
  for (const it of items) {
    const e = byEnum.get(it.enumId);
    if (!e) continue;
    addText(e.terms, it.name, Weight.PARAM);
    addText(e.terms, it.value, Weight.PARAM);
    addText(e.terms, it.description, Weight.TEXT);
    if (e.body.length < BODY_MAX) e.body = clip(`${e.body}\n${it.name} = ${it.value} ${it.description}`.trim());
  }
  for (const c of consts) {
    if (!c.content.trim()) continue;
    const e = entry('constant', c.id, places.get(c.moduleId) as Entry, '');
    addText(e.terms, c.content, Weight.TEXT);
    e.body = clip(c.content);
    entries.push(e);
  }
  await writeEntries(ctx, conn, entries);
}

/** (Re)indexes applications, projects and spaces by id (their names and descriptions). */
export async function indexContainers(
  ctx: Ctx,
  conn: Conn,
  by: { spaceIds?: number[]; projectIds?: number[]; moduleIds?: number[] },
): Promise<void> {
  const entries: Entry[] = [];
  if (by.spaceIds?.length) {
    await removeEntries(conn, ['space'], by.spaceIds, ctx.dialect);
    const rows = await conn.selectFrom('spaces').select(['id', 'name']).where('id', 'in', by.spaceIds).where('isDeleted', '=', 0).execute();
    for (const s of rows) entries.push(entry('space', s.id, { spaceId: s.id, projectId: 0, moduleId: 0 }, s.name));
  }
  if (by.projectIds?.length) {
    await removeEntries(conn, ['project'], by.projectIds, ctx.dialect);
    const rows = await conn
      .selectFrom('projects')
      .select(['id', 'spaceId', 'name', 'description'])
      .where('id', 'in', by.projectIds)
      .where('isDeleted', '=', 0)
      .execute();
    for (const p of rows) {
      const e = entry('project', p.id, { spaceId: p.spaceId, projectId: p.id, moduleId: 0 }, p.name);
      addText(e.terms, p.description, Weight.TEXT);
      e.body = clip(p.description ?? '');
      entries.push(e);
    }
  }
  if (by.moduleIds?.length) {
    await removeEntries(conn, ['application'], by.moduleIds, ctx.dialect);
    const places = await placesOf(conn, by.moduleIds);
    const rows = await conn
      .selectFrom('modules')
      .select(['id', 'name'])
      .where('id', 'in', by.moduleIds)
      .where('isDeleted', '=', 0)
      .execute();
    for (const m of rows) {
      const where = places.get(m.id);
      if (where) entries.push(entry('application', m.id, where, m.name));
    }
  }
  await writeEntries(ctx, conn, entries);
}

/** Live doc ids (not folders) of applications, in id order. */
async function liveDocIds(conn: Conn, moduleIds: number[]): Promise<{ id: number; moduleId: number }[]> {
  if (!moduleIds.length) return [];
  return conn
    .selectFrom('docs')
    .select(['id', 'moduleId'])
    .where('moduleId', 'in', moduleIds)
    .where('isDeleted', '=', 0)
    .where('isFolder', '=', 0)
    .orderBy('id')
    .execute();
}

/** Docs per part of indexModuleDocs (one read of their rows and params, one set of term inserts). */
const DOC_PART = 500;

/**
 * Indexes every doc of applications (an entry that differs from what its doc gives now is replaced, an equal one
 * kept: refreshDocEntries), part by part, pipelined on the one
 * connection of the transaction: a part's term rows (most of the time of a rebuild from empty) are sent without waiting,
 * the next part's reads and entry writes queue behind them (a connection runs its statements in the order they
 * were sent), and Node builds that part's details and entries while the database writes the terms. One term
 * insert is in flight at a time. SQLite runs each statement as it is sent: there it is the plain sequence.
 */
export async function indexModuleDocs(ctx: Ctx, conn: Conn, moduleIds: number[]): Promise<number> {
  const docs = await liveDocIds(conn, moduleIds);
  const read = (part: { id: number; moduleId: number }[]) =>
    loadDocDetails(
      ctx,
      part.map((d) => d.id),
      conn,
      { paramIds: false },
    );
  let inFlight: Promise<void> | undefined;
  try {
    for (let i = 0; i < docs.length; i += DOC_PART) {
      const part = docs.slice(i, i + DOC_PART);
      // Queued behind the previous part's term insert: Node builds this part while the database writes those.
      const details = await read(part);
      const terms = await refreshDocEntries(
        ctx,
        conn,
        part.flatMap((d) => {
          const detail = details.get(d.id);
          return detail ? [{ id: d.id, moduleId: d.moduleId, detail }] : [];
        }),
      );
      // In key order (the terms' primary key starts with the term): neighbouring rows land on the same pages.
      terms.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[2] - b[2] || a[1] - b[1]));
      // One term insert in flight at a time.
      if (inFlight) await inFlight;
      const sent = insertTerms(ctx.dialect, conn, terms);
      // Awaited below or on the next turn of the loop; a failure meanwhile is not an unhandled rejection.
      sent.catch(() => {});
      inFlight = sent;
    }
    if (inFlight) await inFlight;
  } finally {
    // On an error, the transaction is not rolled back while a statement of it is still running.
    if (inFlight) await inFlight.catch(() => {});
  }
  return docs.length;
}

/**
 * Re-indexes applications' folders, dictionaries, constants pages and docs in the caller's transaction, which
 * first takes the applications' tree revision rows (`tree_revisions`, ordered by id): every write of a doc takes
 * its application's row (the trigger on `docs`), so a save or push of these applications waits until this
 * transaction ends, and one in progress ends before this one reads anything. Otherwise a save committed meanwhile
 * could find its doc's entry replaced under it and fail on the (kind, ref_id) key (PostgreSQL), or be indexed
 * again from this transaction's older snapshot (MariaDB, whose snapshot starts at the first plain read, after the
 * lock). Without the triggers (a MySQL that refuses them) there is no such row to take. Returns the docs indexed.
 */
export async function reindexModules(ctx: Ctx, tx: Conn, moduleIds: number[]): Promise<number> {
  await lockTreeRevisions(ctx, tx, moduleIds);
  await indexModuleExtras(ctx, tx, moduleIds);
  return indexModuleDocs(ctx, tx, moduleIds);
}

/**
 * Rebuilds the whole index in place: every live space, project, application, folder, dictionary, constants page
 * and doc is indexed again, each entry replaced in the transaction that writes its new version (the containers in
 * one, then one per batch of applications), so a reader searching meanwhile gets an application's old entries
 * or its new ones, never none; then the entries of deleted content go (removeOrphans). `onProgress` gets
 * 0..100. Returns the number of entries in the index.
 */
export async function reindexAll(ctx: Ctx, onProgress?: (pct: number) => Promise<void>): Promise<number> {
  const db = ctx.db;
  const spaces = await db.selectFrom('spaces').select('id').where('isDeleted', '=', 0).execute();
  const projects = await db
    .selectFrom('projects as p')
    .innerJoin('spaces as s', 's.id', 'p.spaceId')
    .select('p.id')
    .where('p.isDeleted', '=', 0)
    .where('s.isDeleted', '=', 0)
    .execute();
  const modules = await db
    .selectFrom('modules as m')
    .innerJoin('projects as p', 'p.id', 'm.projectId')
    .innerJoin('spaces as s', 's.id', 'p.spaceId')
    .select('m.id')
    .where('m.isDeleted', '=', 0)
    .where('p.isDeleted', '=', 0)
    .where('s.isDeleted', '=', 0)
    .orderBy('m.id')
    .execute();
  const moduleIds = modules.map((m) => m.id);
  await db
    .transaction()
    .execute((tx) => indexContainers(ctx, tx, { spaceIds: spaces.map((s) => s.id), projectIds: projects.map((p) => p.id), moduleIds }));
  const total = (await liveDocIds(db, moduleIds)).length || 1;
  let done = 0;
  // One transaction per batch of applications; progress is written between them (on SQLite the job's
  // progress write would wait for the open transaction's connection).
  for (let i = 0; i < moduleIds.length; i += 20) {
    const part = moduleIds.slice(i, i + 20);
    done += await db.transaction().execute((tx) => reindexModules(ctx, tx, part));
    if (onProgress) await onProgress(Math.min(99, Math.floor((done / total) * 100)));
  }
  await db.transaction().execute((tx) => removeOrphans(tx));
  // Fresh statistics for the planner, and on PostgreSQL a vacuum, so the index-only scans of a search do not
  // visit the rewritten table's dead rows.
  await analyzeIndex(ctx);
  if (onProgress) await onProgress(100);
  const n = await db
    .selectFrom('searchEntries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n.n);
}

/** Updates the planner's statistics of the index tables (PostgreSQL: and its visibility map, by a vacuum). */
async function analyzeIndex(ctx: Ctx): Promise<void> {
  if (ctx.dialect === 'postgres') await sql`vacuum (analyze) search_terms, search_entries`.execute(ctx.db);
  else if (ctx.dialect === 'mysql') await sql`analyze table search_terms, search_entries`.execute(ctx.db);
  else {
    // From a sample of each index (SQLite's advice for its own `pragma optimize`): the whole table took 0.3–0.8 s.
    await sql`pragma analysis_limit = 1000`.execute(ctx.db);
    await sql`analyze search_terms`.execute(ctx.db);
  }
}
