/** Kysely queries of accounts (users, sessions, password resets, project allocation); every function takes the connection or transaction. */
import type { RoleCode } from '@folio/shared';
import { sql } from 'kysely';
import type { Conn, Tx } from '../../db/database.js';

/** A user's full row. */
export function getUser(conn: Conn, id: number) {
  return conn.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Whether a user exists. */
export async function userExists(conn: Conn, id: number): Promise<boolean> {
  return !!(await conn.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
}

/** Columns a profile or admin update may write. */
export interface UserPatch {
  nickname?: string;
  email?: string;
  avatar?: string;
  lang?: string;
  dingtalkUserId?: string;
  wecomMobile?: string;
  isSuperAdmin?: number;
  updatedAt: number;
}

/** Writes some columns of a user; false when there is no such user. */
export async function updateUser(conn: Conn, id: number, patch: UserPatch): Promise<boolean> {
  const r = await conn.updateTable('users').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Ends one session. */
export async function revokeSession(conn: Conn, sessionId: number, now: number): Promise<void> {
  await conn.updateTable('userSessions').set({ revokedAt: now }).where('id', '=', sessionId).execute();
}

/** The live projects of some spaces or with some ids (for the caller's effective roles). */
export function projectsOfScopes(conn: Conn, spaceIds: number[], projectIds: number[]) {
  return conn
    .selectFrom('projects')
    .select(['id', 'spaceId', 'isPrivate'])
    .where('isDeleted', '=', 0)
    .where((eb) =>
      eb.or([...(spaceIds.length ? [eb('spaceId', 'in', spaceIds)] : []), ...(projectIds.length ? [eb('id', 'in', projectIds)] : [])]),
    )
    .execute();
}

/** A LIKE pattern for a lower-cased keyword (wildcards escaped). */
const likeOf = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Up to 20 enabled users whose username, nickname or e-mail contains the lower-cased text, by username. */
export function searchUsers(conn: Conn, q: string) {
  let qb = conn.selectFrom('users').select(['id', 'username', 'nickname', 'email', 'status']).where('status', '!=', 0);
  if (q) {
    const like = likeOf(q);
    qb = qb.where((eb) =>
      eb.or([eb(sql`lower(username)`, 'like', like), eb(sql`lower(nickname)`, 'like', like), eb(sql`lower(email)`, 'like', like)]),
    );
  }
  return qb.orderBy('username').limit(20).execute();
}

/** A page of users (newest first) and the number of users matching the filters. */
export async function pageUsers(
  conn: Conn,
  f: { status?: number; isSuperAdmin?: number; keyword: string; pageIndex: number; pageSize: number },
) {
  let base = conn.selectFrom('users');
  if (f.status !== undefined) base = base.where('status', '=', f.status);
  if (f.isSuperAdmin !== undefined) base = base.where('isSuperAdmin', '=', f.isSuperAdmin);
  if (f.keyword) {
    const like = likeOf(f.keyword);
    base = base.where((eb) =>
      eb.or([eb(sql`lower(username)`, 'like', like), eb(sql`lower(nickname)`, 'like', like), eb(sql`lower(email)`, 'like', like)]),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(f.pageSize)
      .offset((f.pageIndex - 1) * f.pageSize)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** How many enabled super admins there are besides this user. */
export async function otherSuperAdmins(conn: Conn, userId: number): Promise<number> {
  const r = await conn
    .selectFrom('users')
    .select(sql<number>`count(*)`.as('n'))
    .where('isSuperAdmin', '=', 1)
    .where('status', '!=', 0)
    .where('id', '!=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** How many of these ids are live projects. */
export async function countLiveProjects(conn: Conn, projectIds: number[]): Promise<number> {
  return (await conn.selectFrom('projects').select('id').where('id', 'in', projectIds).where('isDeleted', '=', 0).execute()).length;
}

/** Makes a user a member of projects with a role (replacing their role there). */
export async function allocateProjects(tx: Tx, userId: number, projectIds: number[], roleCode: RoleCode, now: number): Promise<void> {
  await tx.deleteFrom('projectMembers').where('userId', '=', userId).where('projectId', 'in', projectIds).execute();
  await tx
    .insertInto('projectMembers')
    .values(projectIds.map((projectId) => ({ projectId, userId, roleCode, createdAt: now })))
    .execute();
}

// ---- password reset links ----

/** The account a reset request names (by username or e-mail). */
export function findUserByNameOrEmail(conn: Conn, name: string) {
  return conn
    .selectFrom('users')
    .select(['id', 'email', 'username', 'status', 'lang'])
    .where((eb) => eb.or([eb('username', '=', name), eb('email', '=', name)]))
    .executeTakeFirst();
}

/** Stores a reset link (its token hashed). */
export async function insertPasswordReset(conn: Conn, userId: number, tokenHash: string, now: number, expiresAt: number): Promise<void> {
  await conn.insertInto('passwordResets').values({ userId, tokenHash, createdAt: now, expiresAt, usedAt: null }).execute();
}

/** Marks an unused, unexpired reset link used (once, whoever else tries at the same time); returns its user, or undefined. */
export async function consumePasswordReset(conn: Conn, tokenHash: string, now: number): Promise<number | undefined> {
  const row = await conn
    .selectFrom('passwordResets')
    .select(['id', 'userId'])
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const r = await conn
    .updateTable('passwordResets')
    .set({ usedAt: now })
    .where('id', '=', row.id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) ? row.userId : undefined;
}
