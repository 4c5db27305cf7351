/**
 * The full rebuild of the search index, in place: every live space, project, application, folder, dictionary,
 * constants page and doc indexed again batch by batch (an entry equal to what its content gives now is kept),
 * then the entries of deleted content removed (search-rows.ts: removeOrphans). `folio admin reindex`, the admin
 * button and an upgraded installation's first start run it as a job (search-jobs.ts).
 */
import type { DocDetail } from '@folio/shared';
import { sql } from 'kysely';
import type { Conn } from '../../db/database.js';
import { turnTaker } from '../../lib/turns.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { type Ctx, docEntry, type Entry, insertEntries, keyOf, placesOf } from './search-entries.js';
import { indexContainers, indexModuleExtras, lockTreeRevisions } from './search-index.js';
import { insertTerms, removeById, removeOrphans, storedEntries, type TermRow } from './search-rows.js';

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
