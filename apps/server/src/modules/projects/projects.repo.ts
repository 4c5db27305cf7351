/** Kysely queries of projects; every function takes the connection or transaction. */
import type { Dialect } from '../../config.js';
import { type Conn, insertId, type Tx } from '../../db/database.js';

/** How many of these users exist. */
export async function countUsers(conn: Conn, userIds: number[]): Promise<number> {
  return (await conn.selectFrom('users').select('id').where('id', 'in', userIds).execute()).length;
}

/** Inserts a project with its admins and developers; returns its id. */
export async function insertProject(
  tx: Tx,
  dialect: Dialect,
  p: { spaceId: number; name: string; description: string; isPrivate: number; userId: number; nickname: string },
  members: { admins: number[]; devs: number[] },
  now: number,
): Promise<number> {
  const id = await insertId(tx, dialect, 'projects', {
    spaceId: p.spaceId,
    name: p.name,
    description: p.description,
    isPrivate: p.isPrivate,
    creatorId: p.userId,
    creatorName: p.nickname,
    modifierId: p.userId,
    modifierName: p.nickname,
    createdAt: now,
    updatedAt: now,
  });
  await tx
    .insertInto('projectMembers')
    .values([
      ...members.admins.map((userId) => ({ projectId: id, userId, roleCode: 'admin' as const, createdAt: now })),
      ...members.devs.map((userId) => ({ projectId: id, userId, roleCode: 'dev' as const, createdAt: now })),
    ])
    .execute();
  return id;
}

/** A project with its space's name (the caller has found it live). */
export function getProjectWithSpace(conn: Conn, id: number) {
  return conn
    .selectFrom('projects as p')
    .innerJoin('spaces as s', 's.id', 'p.spaceId')
    .select(['p.id', 'p.spaceId', 'p.name', 'p.description', 'p.isPrivate', 'p.creatorName', 'p.createdAt', 's.name as spaceName'])
    .where('p.id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Columns a project update may write. */
export interface ProjectPatch {
  name?: string;
  description?: string;
  isPrivate?: number;
  modifierId: number;
  modifierName: string;
  updatedAt: number;
}

/** Writes some columns of a project. */
export async function updateProject(tx: Tx, id: number, patch: ProjectPatch): Promise<void> {
  await tx.updateTable('projects').set(patch).where('id', '=', id).execute();
}

/** Live projects of live spaces: all of them, or those of some spaces or with some ids; by space, order, id. */
export function listViewProjects(conn: Conn, only?: { spaceIds: number[]; projectIds: number[] }) {
  let q = conn
    .selectFrom('projects as p')
    .innerJoin('spaces as s', 's.id', 'p.spaceId')
    .select(['p.id', 'p.name', 'p.spaceId', 'p.isPrivate', 's.name as spaceName'])
    .where('p.isDeleted', '=', 0)
    .where('s.isDeleted', '=', 0);
  if (only) {
    const { spaceIds, projectIds } = only;
    q = q.where((eb) =>
      eb.or([...(spaceIds.length ? [eb('p.spaceId', 'in', spaceIds)] : []), ...(projectIds.length ? [eb('p.id', 'in', projectIds)] : [])]),
    );
  }
  return q.orderBy('p.spaceId').orderBy('p.orderIndex').orderBy('p.id').execute();
}
