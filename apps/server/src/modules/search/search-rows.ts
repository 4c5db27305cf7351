/**
 * The rows of the search index as written and removed: term rows in bulk (plain bound SQL), entries removed by id.
 */
import { CompiledQuery } from 'kysely';
import type { Dialect } from '../../config.js';
import type { Conn } from '../../db/database.js';

/** What an entry stands for. */
export type EntryKind = 'doc' | 'folder' | 'dictionary' | 'constant' | 'application' | 'project' | 'space';

/** A row of `search_terms`: term, entry_id, weight, scope_id. */
export type TermRow = [string, number, number, number];

/**
 * Rows of search_terms per statement: PostgreSQL takes them as four array parameters (no bind limit);
 * MySQL/MariaDB as 4 placeholders a row in a statement of at most ~1 MB (terms are at most 48 characters;
 * the default max_allowed_packet is 16 MB on MariaDB, 64 MB on MySQL 8); SQLite as before (it runs in process).
 */
const TERM_ROWS: Record<Dialect, number> = { postgres: 10000, mysql: 5000, sqlite: 1000 };

/**
 * Inserts term rows, TERM_ROWS[dialect] per statement, as plain SQL with bound values: a rebuild writes 55 rows per
 * doc, and building each statement through the query builder cost 1–2 ms per 1,000 rows (0.04 ms as text).
 * PostgreSQL takes the columns as four arrays (`unnest`): one short statement to parse instead of 4,000
 * placeholders.
 */
export async function insertTerms(dialect: Dialect, conn: Conn, rows: TermRow[]): Promise<void> {
  const n = TERM_ROWS[dialect];
  for (let i = 0; i < rows.length; i += n) {
    const part = rows.slice(i, i + n);
    if (dialect === 'postgres') {
      const cols = [0, 1, 2, 3].map((c) => part.map((r) => r[c]));
      await conn.executeQuery(
        CompiledQuery.raw(
          'insert into search_terms (term, entry_id, weight, scope_id) select * from unnest($1::varchar[], $2::int[], $3::int[], $4::int[])',
          cols,
        ),
      );
      continue;
    }
    const values = part.map(() => '(?, ?, ?, ?)').join(', ');
    await conn.executeQuery(CompiledQuery.raw(`insert into search_terms (term, entry_id, weight, scope_id) values ${values}`, part.flat()));
  }
}

/**
 * Removes entries and their terms by entry id. The ids are read first: a `delete … where entry_id in (select …)`
 * made MariaDB 10.11 scan the whole terms table (0.7 s per doc save at 10,000 docs); by id every database
 * deletes through its indexes.
 */
export async function removeById(conn: Conn, entryIds: number[]): Promise<void> {
  for (let i = 0; i < entryIds.length; i += 500) {
    const part = entryIds.slice(i, i + 500);
    await conn.deleteFrom('searchTerms').where('entryId', 'in', part).execute();
    await conn.deleteFrom('searchEntries').where('id', 'in', part).execute();
  }
}

/**
 * Removes entries (and their terms) of a kind by the ids they stand for. Before writing them again, pass the
 * dialect: on PostgreSQL/MySQL the entries are read `for update`, a locking read like the delete's own, so a
 * concurrent writer's new entry is waited for and seen (MySQL's plain read is the transaction's snapshot).
 */
export async function removeEntries(conn: Conn, kinds: EntryKind[], refIds: number[], dialect?: Dialect): Promise<void> {
  for (let i = 0; i < refIds.length; i += 500) {
    const part = refIds.slice(i, i + 500);
    const q = conn.selectFrom('searchEntries').select('id').where('kind', 'in', kinds).where('refId', 'in', part);
    const rows = await (dialect && dialect !== 'sqlite' ? q.forUpdate() : q).execute();
    await removeById(
      conn,
      rows.map((r) => r.id),
    );
  }
}

/** Removes every entry under applications, projects or a space (their cascade soft-deleted them). */
export async function removeEntriesUnder(conn: Conn, by: { moduleIds?: number[]; projectIds?: number[]; spaceId?: number }): Promise<void> {
  const scopes: [column: 'moduleId' | 'projectId' | 'spaceId', ids: number[]][] = [
    ['moduleId', by.moduleIds ?? []],
    ['projectId', by.projectIds ?? []],
    ['spaceId', by.spaceId ? [by.spaceId] : []],
  ];
  for (const [col, ids] of scopes) {
    if (!ids.length) continue;
    const rows = await conn.selectFrom('searchEntries').select('id').where(col, 'in', ids).execute();
    await removeById(
      conn,
      rows.map((r) => r.id),
    );
  }
}

/** The columns of an entry that its content decides (all but its id and time). */
const CONTENT = [
  'kind',
  'refId',
  'spaceId',
  'projectId',
  'moduleId',
  'name',
  'method',
  'path',
  'docType',
  'status',
  'deprecated',
  'body',
] as const;

/** An entry's row as its content decides it. */
export type EntryContent = { [K in (typeof CONTENT)[number]]: K extends 'kind' | 'name' | 'method' | 'path' | 'body' ? string : number };

/** An entry's row and term rows (term, weight, scope) as one string: equal strings, equal rows but for ids and times. */
export function contentKey(row: EntryContent, terms: [string, number, number][]): string {
  const rows = terms.map(([term, weight, scope]) => `${term}\t${weight}\t${scope}`).sort();
  return `${JSON.stringify(CONTENT.map((c) => row[c]))}\n${rows.join('\n')}`;
}

/**
 * The stored entries of a kind by the ids they stand for, each with its id and content key (its row and its term
 * rows). Pass the dialect as to removeEntries: on PostgreSQL/MySQL they are read `for update`.
 */
export async function storedEntries(
  conn: Conn,
  kind: EntryKind,
  refIds: number[],
  dialect: Dialect,
): Promise<Map<number, { id: number; key: string }>> {
  const out = new Map<number, { id: number; key: string }>();
  for (let i = 0; i < refIds.length; i += 500) {
    const q = conn
      .selectFrom('searchEntries')
      .select(['id', ...CONTENT])
      .where('kind', '=', kind)
      .where('refId', 'in', refIds.slice(i, i + 500));
    const rows = await (dialect !== 'sqlite' ? q.forUpdate() : q).execute();
    if (!rows.length) continue;
    const terms = new Map<number, [string, number, number][]>();
    const termRows = await conn
      .selectFrom('searchTerms')
      .select(['entryId', 'term', 'weight', 'scopeId'])
      .where(
        'entryId',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    for (const t of termRows) {
      const list = terms.get(t.entryId) ?? [];
      list.push([t.term, t.weight, t.scopeId]);
      terms.set(t.entryId, list);
    }
    for (const r of rows) out.set(r.refId, { id: r.id, key: contentKey(r, terms.get(r.id) ?? []) });
  }
  return out;
}

/**
 * Removes the entries whose content no longer exists: under a missing or deleted space, project or application,
 * or of a missing or deleted doc (or one that became a folder). One statement per owner finds them; the entries
 * of live content are not touched. Folders, dictionaries and constants pages need no sweep of their own: a
 * rebuild rewrites those of every live application whole. Returns how many entries were removed.
 */
export async function removeOrphans(conn: Conn): Promise<number> {
  const [spaces, projects, modules, docs] = [
    await conn
      .selectFrom('searchEntries as e')
      .leftJoin('spaces as s', 's.id', 'e.spaceId')
      .select('e.id')
      .where((eb) => eb.or([eb('s.id', 'is', null), eb('s.isDeleted', '=', 1)]))
      .execute(),
    await conn
      .selectFrom('searchEntries as e')
      .leftJoin('projects as p', 'p.id', 'e.projectId')
      .select('e.id')
      .where('e.projectId', '<>', 0)
      .where((eb) => eb.or([eb('p.id', 'is', null), eb('p.isDeleted', '=', 1)]))
      .execute(),
    await conn
      .selectFrom('searchEntries as e')
      .leftJoin('modules as m', 'm.id', 'e.moduleId')
      .select('e.id')
      .where('e.moduleId', '<>', 0)
      .where((eb) => eb.or([eb('m.id', 'is', null), eb('m.isDeleted', '=', 1)]))
      .execute(),
    await conn
      .selectFrom('searchEntries as e')
      .leftJoin('docs as d', 'd.id', 'e.refId')
      .select('e.id')
      .where('e.kind', '=', 'doc')
      .where((eb) => eb.or([eb('d.id', 'is', null), eb('d.isDeleted', '=', 1), eb('d.isFolder', '=', 1)]))
      .execute(),
  ];
  const ids = [...new Set([...spaces, ...projects, ...modules, ...docs].map((r) => r.id))];
  await removeById(conn, ids);
  return ids.length;
}
