/** Accounts: login, sessions, passwords, profiles, admin user management. No HTTP types: routes decode, then call these. */
import {
  type AdminUserPage,
  type AdminUserPageInput,
  type AdminUserUpdateInput,
  type AllocateProjectsInput,
  type RoleCode,
  scopeKey,
  type UserBrief,
  type UserPerms,
  type UserProfileInput,
  UserStatus,
} from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { insertId, inTx } from '../../db/database.js';
import { hashPassword, randomPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { type Memberships, projectRole } from '../../permissions/authorize.js';
import type { SessionUser } from '../../plugins/auth.js';
import { beforeLogin, loginFailed, loginSucceeded } from './login-guard.js';
import * as repo from './users.repo.js';

/** The public shape of a user. */
export function userView(
  app: FastifyInstance,
  u: {
    id: number;
    username: string;
    nickname: string;
    email: string;
    avatar: string;
    isSuperAdmin: number | boolean;
    status: number;
    source: string;
    createdAt?: number;
    lang?: string;
    dingtalkUserId?: string;
    wecomMobile?: string;
  },
) {
  return {
    id: app.ctx.ids.encode(u.id),
    username: u.username,
    nickname: u.nickname,
    avatar: u.avatar,
    email: u.email,
    isSuperAdmin: u.isSuperAdmin === true || u.isSuperAdmin === 1 ? 1 : 0,
    status: u.status,
    source: u.source,
    gmtCreate: u.createdAt ?? 0,
    lang: u.lang ?? '',
    dingtalkUserId: u.dingtalkUserId ?? '',
    wecomMobile: u.wecomMobile ?? '',
  };
}

/** Issues a session token for a user. */
export async function createSession(app: FastifyInstance, userId: number): Promise<string> {
  const token = randomToken(32);
  const now = Date.now();
  await app.ctx.db
    .insertInto('userSessions')
    .values({
      userId,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: now + app.ctx.config.tokenTtlDays * 86_400_000,
      revokedAt: null,
      lastUsedAt: now,
    })
    .execute();
  return token;
}

/** Revokes every session of a user (disable, password reset), except `keepSessionId` when given (own password change). */
export async function revokeAllSessions(app: FastifyInstance, userId: number, keepSessionId?: number): Promise<void> {
  let q = app.ctx.db.updateTable('userSessions').set({ revokedAt: Date.now() }).where('userId', '=', userId).where('revokedAt', 'is', null);
  if (keepSessionId !== undefined) q = q.where('id', '!=', keepSessionId);
  await q.execute();
}

/**
 * Checks username and password; the same error whatever was wrong. Failed attempts are limited
 * (login-guard.ts: per username and address, per address, and per username with back-off).
 */
export async function login(app: FastifyInstance, username: string, password: string, ip: string) {
  const uname = username.trim();
  await beforeLogin(app, 'local', uname, ip);
  const bad = async () => {
    await loginFailed(app, 'local', uname, ip);
    return new AppError(400, 'bad_credentials', 'error.bad_credentials');
  };
  const u = await app.ctx.db.selectFrom('users').selectAll().where('username', '=', uname).executeTakeFirst();
  if (!u) {
    await hashPassword(password); // same cost as a real check
    throw await bad();
  }
  const res = await verifyPassword(u.passwordHash, password, u.username, app.ctx.settings.get('torna.password.salt'));
  if (!res.ok || u.status === UserStatus.DISABLED) throw await bad();
  if (res.needsUpgrade) {
    await app.ctx.db
      .updateTable('users')
      .set({ passwordHash: await hashPassword(password), updatedAt: Date.now() })
      .where('id', '=', u.id)
      .execute();
  }
  await loginSucceeded(app, 'local', uname, ip);
  const token = await createSession(app, u.id);
  return { token, status: u.status, userId: u.id };
}

/** Creates a user; returns the id. Throws conflict when the username is taken. */
export async function createUser(
  app: FastifyInstance,
  input: { username: string; nickname: string; email: string; password: string; status: number; source: string; isSuperAdmin?: number },
): Promise<number> {
  const { db, dialect } = app.ctx;
  const username = input.username.trim();
  const exists = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  if (exists) throw conflict('error.username_taken', {}, 'duplicate');
  const now = Date.now();
  return insertId(db, dialect, 'users', {
    username,
    nickname: input.nickname.trim() || username,
    email: input.email.trim(),
    passwordHash: await hashPassword(input.password),
    status: input.status,
    source: input.source,
    isSuperAdmin: input.isSuperAdmin ?? 0,
    createdAt: now,
    updatedAt: now,
  });
}

/** Sets a new password (and optionally a status). */
export async function setPassword(app: FastifyInstance, userId: number, password: string, status?: number): Promise<void> {
  await app.ctx.db
    .updateTable('users')
    .set({ passwordHash: await hashPassword(password), updatedAt: Date.now(), ...(status !== undefined ? { status } : {}) })
    .where('id', '=', userId)
    .execute();
}

/** Changes one's own password after checking the old one. */
/** Changes one's own password and ends the account's other sessions (the current one stays). */
export async function changePassword(
  app: FastifyInstance,
  userId: number,
  oldPassword: string,
  password: string,
  currentSessionId: number,
) {
  const u = await app.ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const res = await verifyPassword(u.passwordHash, oldPassword, u.username, app.ctx.settings.get('torna.password.salt'));
  if (!res.ok) throw badRequest('error.old_password_wrong');
  await setPassword(app, userId, password);
  await revokeAllSessions(app, userId, currentSessionId);
}

/** Admin reset: a random password, status must-set-password, sessions revoked. */
export async function adminResetPassword(app: FastifyInstance, userId: number): Promise<string> {
  const u = await app.ctx.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!u) throw notFound('user');
  const password = randomPassword(8);
  await setPassword(app, userId, password, UserStatus.SET_PASSWORD);
  await revokeAllSessions(app, userId);
  return password;
}

/** Enables or disables an account; refuses to disable the last enabled super admin. */
export async function setUserEnabled(app: FastifyInstance, userId: number, enabled: boolean): Promise<void> {
  const { db } = app.ctx;
  const u = await db.selectFrom('users').select(['id', 'isSuperAdmin', 'status']).where('id', '=', userId).executeTakeFirst();
  if (!u) throw notFound('user');
  if (!enabled && u.isSuperAdmin) {
    const r = await db
      .selectFrom('users')
      .select(sql<number>`count(*)`.as('n'))
      .where('isSuperAdmin', '=', 1)
      .where('status', '!=', UserStatus.DISABLED)
      .where('id', '!=', userId)
      .executeTakeFirstOrThrow();
    if (Number(r.n) === 0) throw conflict('error.last_super_admin', {}, 'last_super_admin');
  }
  await db
    .updateTable('users')
    .set({ status: enabled ? UserStatus.ENABLED : UserStatus.DISABLED, updatedAt: Date.now() })
    .where('id', '=', userId)
    .execute();
  if (!enabled) await revokeAllSessions(app, userId);
}

/** Ends the caller's session. */
export const logout = (app: FastifyInstance, sessionId: number) => repo.revokeSession(app.ctx.db, sessionId, Date.now());

/** The caller's profile. */
export async function userInfo(app: FastifyInstance, userId: number) {
  return userView(app, await repo.getUser(app.ctx.db, userId));
}

/** Changes the caller's own profile fields (absent ones are kept; values trimmed). */
export async function updateProfile(app: FastifyInstance, userId: number, b: UserProfileInput): Promise<void> {
  const patch: repo.UserPatch = { updatedAt: Date.now() };
  for (const k of ['nickname', 'email', 'avatar', 'lang', 'dingtalkUserId', 'wecomMobile'] as const) {
    const v = b[k];
    if (v !== undefined) patch[k] = v.trim();
  }
  await repo.updateUser(app.ctx.db, userId, patch);
}

/** The caller's roles by scope key: spaces, explicit project memberships, and public projects of the caller's spaces. */
export async function userPerms(app: FastifyInstance, user: SessionUser, m: Memberships): Promise<UserPerms> {
  const { ids } = app.ctx;
  const roleData: Record<string, RoleCode> = {};
  for (const [sid, role] of m.spaces) roleData[scopeKey('space', ids.encode(sid))] = role;
  const spaceIds = [...m.spaces.keys()];
  const projectIds = [...m.projects.keys()];
  if (spaceIds.length || projectIds.length) {
    for (const p of await repo.projectsOfScopes(app.ctx.db, spaceIds, projectIds)) {
      const role = projectRole(user, m, p);
      if (role) roleData[scopeKey('project', ids.encode(p.id))] = role;
    }
  }
  return { isSuperAdmin: user.isSuperAdmin, roleData };
}

/** Up to 20 enabled users matching a text (username, nickname or e-mail). */
export async function searchUsers(app: FastifyInstance, q: string | undefined): Promise<UserBrief[]> {
  const rows = await repo.searchUsers(app.ctx.db, (q ?? '').trim().toLowerCase());
  return rows.map((r) => ({ id: app.ctx.ids.encode(r.id), username: r.username, nickname: r.nickname, email: r.email }));
}

/** A page of users for the super admin, newest first. */
export async function pageUsers(app: FastifyInstance, q: AdminUserPageInput): Promise<AdminUserPage> {
  const pageIndex = q.pageIndex ?? 1;
  const pageSize = q.pageSize ?? 20;
  const { rows, total } = await repo.pageUsers(app.ctx.db, {
    status: q.status,
    isSuperAdmin: q.isSuperAdmin,
    keyword: (q.keyword ?? '').trim().toLowerCase(),
    pageIndex,
    pageSize,
  });
  return { list: rows.map((r) => userView(app, r)), total, pageIndex, pageSize };
}

/** Changes a user's nickname, e-mail or super-admin flag; the last enabled super admin keeps the flag. */
export async function adminUpdateUser(app: FastifyInstance, id: number, b: Omit<AdminUserUpdateInput, 'id'>): Promise<void> {
  if (b.isSuperAdmin === 0 && (await repo.otherSuperAdmins(app.ctx.db, id)) === 0) {
    throw conflict('error.last_super_admin', {}, 'last_super_admin');
  }
  const patch: repo.UserPatch = { updatedAt: Date.now() };
  if (b.nickname !== undefined) patch.nickname = b.nickname.trim();
  if (b.email !== undefined) patch.email = b.email.trim();
  if (b.isSuperAdmin !== undefined) patch.isSuperAdmin = b.isSuperAdmin;
  if (!(await repo.updateUser(app.ctx.db, id, patch))) throw notFound('user');
}

/** Makes a user a member of live projects with a role (one transaction). */
export async function allocateProjects(app: FastifyInstance, b: AllocateProjectsInput): Promise<void> {
  const { db, ids } = app.ctx;
  const userId = ids.decode(b.userId, 'user');
  const projectIds = [...new Set(b.projectIds.map((p) => ids.decode(p, 'project')))];
  if (!(await repo.userExists(db, userId))) throw notFound('user');
  if ((await repo.countLiveProjects(db, projectIds)) !== projectIds.length) throw notFound('project');
  await inTx(db, (tx) => repo.allocateProjects(tx, userId, projectIds, b.roleCode, Date.now()));
}
