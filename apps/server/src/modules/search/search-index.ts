/**
 * Keeps the search index (search_entries + search_terms) in step with content. Docs follow the doc change
 * events inside the writing transaction; folders, dictionaries and constants pages of the applications a
 * write touched are rebuilt with them (they are few per application); applications, projects and spaces are
 * indexed by their routes on create and rename, and dropped with the cascade that soft-deletes them.
 * Permissions are not in the index: they are applied when searching, so membership changes need nothing here.
 * The entries are built in search-entries.ts; the full rebuild is search-rebuild.ts.
 */
import type { DocDetail } from '@folio/shared';
import type { Conn } from '../../db/database.js';
import { turnTaker } from '../../lib/turns.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { treeTriggersPresent } from '../docs/tree-answers.js';
import { BODY_MAX, type Ctx, clip, docEntry, type Entry, entry, insertEntries, placesOf, writeEntries } from './search-entries.js';
import { insertTerms, removeById, removeEntries, type TermRow } from './search-rows.js';
import { addText, Weight } from './search-tokens.js';

export { type EntryKind, removeEntries, removeEntriesUnder } from './search-rows.js';

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
export async function lockTreeRevisions(ctx: Ctx, conn: Conn, moduleIds: number[]): Promise<void> {
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
