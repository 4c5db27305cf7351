/** Kysely queries of compose projects, their picked docs and folders and their extra pages; every function takes the connection or transaction. */
import { ParamOwner } from '@folio/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Dialect } from '../../config.js';
import { type Conn, insertId, insertMany, type Tx } from '../../db/database.js';
import type { ComposeAdditionalPagesTable, ComposeDocsTable, ComposeProjectsTable } from '../../db/types.js';
import { deleteParams } from '../docs/doc-params.js';

export type ComposeProjectRow = Selectable<ComposeProjectsTable>;

// ---------- projects ----------
/** A live compose project by row id. */
export function findProject(conn: Conn, id: number): Promise<ComposeProjectRow | undefined> {
  return conn.selectFrom('composeProjects').selectAll().where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
}

/** A live compose project by public id (whatever its status). */
export function findProjectByPublicId(conn: Conn, publicId: string): Promise<ComposeProjectRow | undefined> {
  return conn.selectFrom('composeProjects').selectAll().where('publicId', '=', publicId).where('isDeleted', '=', 0).executeTakeFirst();
}

/** The live compose projects of a space, in their order. */
export function listProjects(conn: Conn, spaceId: number): Promise<ComposeProjectRow[]> {
  return conn
    .selectFrom('composeProjects')
    .selectAll()
    .where('spaceId', '=', spaceId)
    .where('isDeleted', '=', 0)
    .orderBy('orderIndex')
    .orderBy('id')
    .execute();
}

/** True when the space is a composed space (the only kind holding compose projects). */
export async function isComposeSpace(conn: Conn, spaceId: number): Promise<boolean> {
  const s = await conn.selectFrom('spaces').select('isCompose').where('id', '=', spaceId).executeTakeFirstOrThrow();
  return !!s.isCompose;
}

/** Inserts a compose project; returns its id. */
export function insertProject(conn: Conn, dialect: Dialect, values: Insertable<ComposeProjectsTable>): Promise<number> {
  return insertId(conn, dialect, 'composeProjects', values);
}

/** Changes columns of a compose project. */
export async function updateProject(conn: Conn, id: number, patch: Updateable<ComposeProjectsTable>): Promise<void> {
  await conn.updateTable('composeProjects').set(patch).where('id', '=', id).execute();
}

/** Moves a compose project to the bin: it stops answering, and its rows, pages and common params go. */
export async function deleteProject(tx: Tx, id: number, now: number): Promise<void> {
  await tx.updateTable('composeProjects').set({ isDeleted: 1, status: 0, updatedAt: now }).where('id', '=', id).execute();
  await tx.deleteFrom('composeDocs').where('projectId', '=', id).execute();
  await tx.deleteFrom('composeAdditionalPages').where('projectId', '=', id).execute();
  await deleteParams(tx, ParamOwner.COMPOSE, [id]);
}

// ---------- picked docs and own folders ----------
/** The space of a compose row's live project (for declared authorisation). */
export function composeDocPlace(conn: Conn, id: number) {
  return conn
    .selectFrom('composeDocs as c')
    .innerJoin('composeProjects as p', 'p.id', 'c.projectId')
    .select(['p.spaceId'])
    .where('c.id', '=', id)
    .where('p.isDeleted', '=', 0)
    .executeTakeFirst();
}

/** A compose row by id. */
export function findComposeDoc(conn: Conn, id: number): Promise<Selectable<ComposeDocsTable> | undefined> {
  return conn.selectFrom('composeDocs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A row of the project by id (to check a folder a row goes into). */
export function findProjectRow(conn: Conn, projectId: number, id: number) {
  return conn
    .selectFrom('composeDocs')
    .select(['id', 'isFolder', 'docId'])
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
}

/** Live docs among these ids with the space, project and application they live in. */
export function liveDocsWithPlace(conn: Conn, docIds: number[]) {
  return conn
    .selectFrom('docs as d')
    .innerJoin('modules as mo', 'mo.id', 'd.moduleId')
    .innerJoin('projects as pr', 'pr.id', 'mo.projectId')
    .innerJoin('spaces as s', 's.id', 'pr.spaceId')
    .select([
      'd.id',
      'd.isFolder',
      'pr.id as projectId',
      'pr.spaceId',
      'pr.isPrivate',
      'pr.name as projectName',
      'mo.name as moduleName',
      's.name as spaceName',
    ])
    .where('d.id', 'in', docIds)
    .where('d.isDeleted', '=', 0)
    .where('mo.isDeleted', '=', 0)
    .where('pr.isDeleted', '=', 0)
    .execute();
}

/** The referenced docs and order of a project's rows. */
export function rowOrders(conn: Conn, projectId: number) {
  return conn.selectFrom('composeDocs').select(['docId', 'orderIndex']).where('projectId', '=', projectId).execute();
}

/** The largest order of a project's rows (0 when it has none). */
export async function maxRowOrder(conn: Conn, projectId: number): Promise<number> {
  const r = await conn
    .selectFrom('composeDocs')
    .select(({ fn }) => fn.max('orderIndex').as('m'))
    .where('projectId', '=', projectId)
    .executeTakeFirst();
  return Number(r?.m ?? 0);
}

/** Inserts picked docs (multi-row inserts). */
export async function insertComposeDocs(tx: Tx, rows: Insertable<ComposeDocsTable>[]): Promise<void> {
  await insertMany(tx, 'composeDocs', rows, 200);
}

/** Inserts one compose row (an own folder); returns its id. */
export function insertComposeDoc(conn: Conn, dialect: Dialect, values: Insertable<ComposeDocsTable>): Promise<number> {
  return insertId(conn, dialect, 'composeDocs', values);
}

/** Changes columns of a compose row. */
export async function updateComposeDoc(conn: Conn, id: number, patch: Updateable<ComposeDocsTable>): Promise<void> {
  await conn.updateTable('composeDocs').set(patch).where('id', '=', id).execute();
}

/** Every row of a project with its parent (to find a folder's subtree). */
export function rowParents(conn: Conn, projectId: number) {
  return conn.selectFrom('composeDocs').select(['id', 'parentId']).where('projectId', '=', projectId).execute();
}

/** Deletes compose rows. */
export async function deleteComposeDocs(conn: Conn, ids: number[]): Promise<void> {
  await conn.deleteFrom('composeDocs').where('id', 'in', ids).execute();
}

/** What a compose view's revision is made of: its rows and the application each referenced doc lives in. */
export function revisionRows(conn: Conn, projectId: number) {
  return conn
    .selectFrom('composeDocs as c')
    .leftJoin('docs as d', 'd.id', 'c.docId')
    .select(['c.id', 'c.parentId', 'c.orderIndex', 'c.folderName', 'd.moduleId'])
    .where('c.projectId', '=', projectId)
    .orderBy('c.id')
    .execute();
}

// ---------- extra pages ----------
/** The space of a page's live project (for declared authorisation). */
export function pagePlace(conn: Conn, id: number) {
  return conn
    .selectFrom('composeAdditionalPages as pg')
    .innerJoin('composeProjects as p', 'p.id', 'pg.projectId')
    .select(['p.spaceId'])
    .where('pg.id', '=', id)
    .where('p.isDeleted', '=', 0)
    .executeTakeFirst();
}

/** A project's pages, in their order. */
export function listPages(conn: Conn, projectId: number) {
  return conn
    .selectFrom('composeAdditionalPages')
    .select(['id', 'title', 'content', 'orderIndex', 'status'])
    .where('projectId', '=', projectId)
    .orderBy('orderIndex')
    .orderBy('id')
    .execute();
}

/** The titles of a project's shown pages, in their order. */
export function shownPageTitles(conn: Conn, projectId: number) {
  return conn
    .selectFrom('composeAdditionalPages')
    .select(['id', 'title'])
    .where('projectId', '=', projectId)
    .where('status', '=', 1)
    .orderBy('orderIndex')
    .orderBy('id')
    .execute();
}

/** A shown page of a project. */
export function findShownPage(conn: Conn, projectId: number, id: number) {
  return conn
    .selectFrom('composeAdditionalPages')
    .select(['id', 'title', 'content'])
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .where('status', '=', 1)
    .executeTakeFirst();
}

/** A page by id. */
export function findPage(conn: Conn, id: number): Promise<Selectable<ComposeAdditionalPagesTable> | undefined> {
  return conn.selectFrom('composeAdditionalPages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a page; returns its id. */
export function insertPage(conn: Conn, dialect: Dialect, values: Insertable<ComposeAdditionalPagesTable>): Promise<number> {
  return insertId(conn, dialect, 'composeAdditionalPages', values);
}

/** Changes columns of a page. */
export async function updatePage(conn: Conn, id: number, patch: Updateable<ComposeAdditionalPagesTable>): Promise<void> {
  await conn.updateTable('composeAdditionalPages').set(patch).where('id', '=', id).execute();
}

/** Deletes a page. */
export async function deletePage(conn: Conn, id: number): Promise<void> {
  await conn.deleteFrom('composeAdditionalPages').where('id', '=', id).execute();
}
