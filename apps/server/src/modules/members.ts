/** Shared member-list logic for spaces and projects (one query per list). */
import type { Member, RoleCode } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { inTx } from '../db/database.js';
import { notFound } from '../lib/errors.js';

type Kind = 'space' | 'project';
const table = (k: Kind) => (k === 'space' ? 'spaceMembers' : 'projectMembers') as 'spaceMembers';
const col = (k: Kind) => (k === 'space' ? 'spaceId' : 'projectId') as 'spaceId';

/** Lists members with their user info. */
export async function listMembers(app: FastifyInstance, kind: Kind, scopeId: number): Promise<Member[]> {
  const rows = await app.ctx.db
    .selectFrom(`${table(kind)} as m`)
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['u.id', 'u.username', 'u.nickname', 'u.email', 'u.status', 'm.roleCode', 'm.createdAt'])
    .where(`m.${col(kind)}`, '=', scopeId)
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({
    id: app.ctx.ids.encode(r.id),
    userId: app.ctx.ids.encode(r.id),
    username: r.username,
    nickname: r.nickname,
    email: r.email,
    status: r.status,
    roleCode: r.roleCode as RoleCode,
    gmtCreate: r.createdAt,
  }));
}

/** Adds users with a role (existing members get the new role). */
export async function addMembers(app: FastifyInstance, kind: Kind, scopeId: number, userIds: number[], role: RoleCode) {
  const { db } = app.ctx;
  const unique = [...new Set(userIds)];
  const users = await db.selectFrom('users').select('id').where('id', 'in', unique).execute();
  if (users.length !== unique.length) throw notFound('user');
  await inTx(db, async (tx) => {
    await tx.deleteFrom(table(kind)).where(col(kind), '=', scopeId).where('userId', 'in', unique).execute();
    const now = Date.now();
    await tx
      .insertInto(table(kind))
      .values(unique.map((userId) => ({ [col(kind)]: scopeId, userId, roleCode: role, createdAt: now }) as never))
      .execute();
  });
}

/** Changes a member's role. */
export async function updateMember(app: FastifyInstance, kind: Kind, scopeId: number, userId: number, role: RoleCode) {
  const r = await app.ctx.db
    .updateTable(table(kind))
    .set({ roleCode: role })
    .where(col(kind), '=', scopeId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound('member');
}

/** Removes a member. */
export async function removeMember(app: FastifyInstance, kind: Kind, scopeId: number, userId: number) {
  await app.ctx.db.deleteFrom(table(kind)).where(col(kind), '=', scopeId).where('userId', '=', userId).execute();
}
