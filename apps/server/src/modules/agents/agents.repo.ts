/** Kysely queries of the agent reads (shares and compose views by public id) and personal access tokens; every function takes the connection or transaction. */
import type { Dialect } from '../../config.js';
import { type Conn, insertId } from '../../db/database.js';

/** A live share (of a live application and project) by public id, with its application's name. */
export function shareByPublicId(conn: Conn, publicId: string) {
  return conn
    .selectFrom('shares as s')
    .innerJoin('modules as m', 'm.id', 's.moduleId')
    .innerJoin('projects as p', 'p.id', 'm.projectId')
    .select(['s.id', 's.moduleId', 's.type', 's.status', 's.expiresAt', 's.remark', 's.isAll', 'm.name as moduleName'])
    .where('s.publicId', '=', publicId)
    .where('s.isDeleted', '=', 0)
    .where('m.isDeleted', '=', 0)
    .where('p.isDeleted', '=', 0)
    .executeTakeFirst();
}

/** A live compose project by public id. */
export function composeByPublicId(conn: Conn, publicId: string) {
  return conn
    .selectFrom('composeProjects')
    .select(['id', 'name', 'description', 'type', 'status'])
    .where('publicId', '=', publicId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
}

// ---------- personal access tokens ----------
/** A user's tokens not revoked, newest first. */
export function listTokens(conn: Conn, userId: number) {
  return conn
    .selectFrom('personalAccessTokens')
    .select(['id', 'name', 'tokenPrefix', 'scope', 'createdAt', 'lastUsedAt', 'expiresAt'])
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

/** How many tokens a user holds (not revoked). */
export async function countTokens(conn: Conn, userId: number): Promise<number> {
  const r = await conn
    .selectFrom('personalAccessTokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Stores a new token (its hash only); returns its id. */
export function insertToken(
  conn: Conn,
  dialect: Dialect,
  t: { userId: number; name: string; hash: string; prefix: string; createdAt: number; expiresAt: number | null },
): Promise<number> {
  return insertId(conn, dialect, 'personalAccessTokens', {
    userId: t.userId,
    name: t.name,
    tokenHash: t.hash,
    tokenPrefix: t.prefix,
    scope: 'read',
    createdAt: t.createdAt,
    lastUsedAt: null,
    expiresAt: t.expiresAt,
    revokedAt: null,
  });
}

/** Revokes one of the user's live tokens; false when the user has no such live token. */
export async function revokeToken(conn: Conn, userId: number, id: number, now: number): Promise<boolean> {
  const r = await conn
    .updateTable('personalAccessTokens')
    .set({ revokedAt: now })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
