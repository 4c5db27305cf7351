/** Account routes: login, logout, info, permissions, passwords, sign-up, and admin user management. */
import { type RoleCode, scopeKey, UserStatus } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { inTx } from '../../db/database.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { Paging, RoleCodeSchema } from '../../lib/schemas.js';
import { membershipsOf, projectRole } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import { badCredentials, localLoginAllowed, passwordSignIn } from '../sso/accounts.js';
import { registerPasswordResetRoutes } from './password-reset.routes.js';
import { adminResetPassword, changePassword, createUser, login, setPassword, setUserEnabled, userView } from './users.service.js';

const Password = Type.String({ minLength: 8, maxLength: 128 });

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const { db, ids } = app.ctx;

  app.post(
    '/user/login',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['user'],
        body: Type.Object({
          username: Type.String({ minLength: 1, maxLength: 128 }),
          password: Type.String({ minLength: 1, maxLength: 128 }),
          source: Type.Optional(Type.String({ maxLength: 16 })),
        }),
      },
    },
    async (req) => {
      const { username, password, source } = req.body as { username: string; password: string; source?: string };
      const target = username.trim().slice(0, 128);
      const refused = (reason: string) => audit(app, req, AuditAction.LOGIN_FAILURE, target, { source: source || 'register', reason });
      let r: { token: string; status: number; userId: number };
      if (source === 'ldap' || source === 'form') {
        r = await passwordSignIn(app, source, username, password, req.ip, refused);
      } else {
        if (!(await localLoginAllowed(app, username))) {
          await refused('account login is off');
          throw badCredentials();
        }
        try {
          r = await login(app, username, password, req.ip);
        } catch (e) {
          await refused((e as Error).message);
          throw e;
        }
      }
      await audit(app, req, AuditAction.LOGIN_SUCCESS, target, { source: source || 'register' }, { id: r.userId, name: target });
      return ok({ token: r.token, status: r.status });
    },
  );

  app.post(
    '/user/logout',
    { config: { auth: 'user', allowSetPassword: true }, schema: { tags: ['user'], response: okNull } },
    async (req) => {
      const u = requireUser(req);
      await db.updateTable('userSessions').set({ revokedAt: Date.now() }).where('id', '=', u.sessionId).execute();
      return ok(null);
    },
  );

  app.get('/user/info', { config: { allowSetPassword: true }, schema: { tags: ['user'] } }, async (req) => {
    const u = requireUser(req);
    const row = await db.selectFrom('users').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow();
    return ok(userView(app, row));
  });

  app.post(
    '/user/info/update',
    {
      schema: {
        tags: ['user'],
        body: Type.Object({
          nickname: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
          email: Type.Optional(Type.String({ maxLength: 255 })),
          avatar: Type.Optional(Type.String({ maxLength: 512 })),
          lang: Type.Optional(Type.String({ maxLength: 16 })),
          dingtalkUserId: Type.Optional(Type.String({ maxLength: 128 })),
          wecomMobile: Type.Optional(Type.String({ maxLength: 32 })),
        }),
        response: okNull,
      },
    },
    async (req) => {
      const u = requireUser(req);
      const b = req.body as Record<string, string | undefined>;
      const patch: Record<string, string | number> = { updatedAt: Date.now() };
      for (const k of ['nickname', 'email', 'avatar', 'lang', 'dingtalkUserId', 'wecomMobile']) {
        if (b[k] !== undefined) patch[k] = (b[k] as string).trim();
      }
      await db.updateTable('users').set(patch).where('id', '=', u.id).execute();
      return ok(null);
    },
  );

  app.get('/user/perm/get', { config: { allowSetPassword: true }, schema: { tags: ['user'] } }, async (req) => {
    const u = requireUser(req);
    const m = await membershipsOf(req);
    const roleData: Record<string, RoleCode> = {};
    for (const [sid, role] of m.spaces) roleData[scopeKey('space', ids.encode(sid))] = role;
    // Effective project roles: explicit memberships, plus public projects of the user's spaces.
    const spaceIds = [...m.spaces.keys()];
    const projectIds = [...m.projects.keys()];
    if (spaceIds.length || projectIds.length) {
      const projects = await db
        .selectFrom('projects')
        .select(['id', 'spaceId', 'isPrivate'])
        .where('isDeleted', '=', 0)
        .where((eb) =>
          eb.or([...(spaceIds.length ? [eb('spaceId', 'in', spaceIds)] : []), ...(projectIds.length ? [eb('id', 'in', projectIds)] : [])]),
        )
        .execute();
      for (const p of projects) {
        const role = projectRole(u, m, p);
        if (role) roleData[scopeKey('project', ids.encode(p.id))] = role;
      }
    }
    return ok({ isSuperAdmin: u.isSuperAdmin, roleData });
  });

  app.post(
    '/user/password/setFirst',
    { config: { allowSetPassword: true }, schema: { tags: ['user'], body: Type.Object({ password: Password }), response: okNull } },
    async (req) => {
      const u = requireUser(req);
      await setPassword(app, u.id, (req.body as { password: string }).password, UserStatus.ENABLED);
      return ok(null);
    },
  );

  app.post(
    '/user/password/update',
    {
      schema: {
        tags: ['user'],
        body: Type.Object({ oldPassword: Type.String({ minLength: 1, maxLength: 128 }), password: Password }),
        response: okNull,
      },
    },
    async (req) => {
      const u = requireUser(req);
      const b = req.body as { oldPassword: string; password: string };
      await changePassword(app, u.id, b.oldPassword, b.password, u.sessionId);
      await audit(app, req, AuditAction.PASSWORD_CHANGE, u.username);
      return ok(null);
    },
  );

  app.post(
    '/user/reg',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['user'],
        body: Type.Object({
          username: Type.String({ minLength: 3, maxLength: 128, pattern: '^[A-Za-z0-9_.@-]+$' }),
          password: Password,
          nickname: Type.Optional(Type.String({ maxLength: 128 })),
          email: Type.Optional(Type.String({ maxLength: 255 })),
        }),
      },
    },
    async (req) => {
      if (!app.ctx.settings.getBool('folio.register.enable')) throw badRequest('error.registration_disabled', {}, 'registration_disabled');
      const b = req.body as { username: string; password: string; nickname?: string; email?: string };
      const id = await createUser(app, {
        username: b.username,
        password: b.password,
        nickname: b.nickname ?? b.username,
        email: b.email ?? '',
        status: UserStatus.ENABLED,
        source: 'register',
      });
      return ok({ id: ids.encode(id) });
    },
  );

  app.get(
    '/user/search',
    { schema: { tags: ['user'], querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 128 })) }) } },
    async (req) => {
      const q = ((req.query as { q?: string }).q ?? '').trim().toLowerCase();
      let qb = db.selectFrom('users').select(['id', 'username', 'nickname', 'email', 'status']).where('status', '!=', 0);
      if (q) {
        const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        qb = qb.where((eb) =>
          eb.or([eb(sql`lower(username)`, 'like', like), eb(sql`lower(nickname)`, 'like', like), eb(sql`lower(email)`, 'like', like)]),
        );
      }
      const rows = await qb.orderBy('username').limit(20).execute();
      return ok(rows.map((r) => ({ id: ids.encode(r.id), username: r.username, nickname: r.nickname, email: r.email })));
    },
  );

  // ---- Super admin: user management -------------------------------------------------------
  app.post(
    '/admin/user/add',
    {
      config: { auth: 'super' },
      schema: {
        tags: ['admin'],
        body: Type.Object({
          username: Type.String({ minLength: 1, maxLength: 128 }),
          nickname: Type.Optional(Type.String({ maxLength: 128 })),
          email: Type.Optional(Type.String({ maxLength: 255 })),
          isSuperAdmin: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
        }),
      },
    },
    async (req) => {
      const b = req.body as { username: string; nickname?: string; email?: string; isSuperAdmin?: number };
      const password = (await import('../../lib/crypto.js')).randomPassword(8);
      const id = await createUser(app, {
        username: b.username,
        nickname: b.nickname ?? b.username,
        email: b.email ?? '',
        password,
        status: UserStatus.SET_PASSWORD,
        source: 'backend',
        isSuperAdmin: b.isSuperAdmin ?? 0,
      });
      return ok({ id: ids.encode(id), password });
    },
  );

  app.get(
    '/admin/user/page',
    {
      config: { auth: 'super' },
      schema: {
        tags: ['admin'],
        querystring: Type.Object({
          ...Paging,
          status: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
          isSuperAdmin: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
          keyword: Type.Optional(Type.String({ maxLength: 128 })),
        }),
      },
    },
    async (req) => {
      const q = req.query as { pageIndex?: number; pageSize?: number; status?: number; isSuperAdmin?: number; keyword?: string };
      const pageIndex = q.pageIndex ?? 1;
      const pageSize = q.pageSize ?? 20;
      let base = db.selectFrom('users');
      if (q.status !== undefined) base = base.where('status', '=', q.status);
      if (q.isSuperAdmin !== undefined) base = base.where('isSuperAdmin', '=', q.isSuperAdmin);
      const kw = (q.keyword ?? '').trim().toLowerCase();
      if (kw) {
        const like = `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        base = base.where((eb) =>
          eb.or([eb(sql`lower(username)`, 'like', like), eb(sql`lower(nickname)`, 'like', like), eb(sql`lower(email)`, 'like', like)]),
        );
      }
      const [rows, total] = await Promise.all([
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageIndex - 1) * pageSize)
          .execute(),
        base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return ok({ list: rows.map((r) => userView(app, r)), total: Number(total.n), pageIndex, pageSize });
    },
  );

  const IdBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
  app.post('/admin/user/resetPassword', { config: { auth: 'super' }, schema: { tags: ['admin'], body: IdBody } }, async (req) => {
    const id = ids.decode((req.body as { id: string }).id, 'user');
    const password = await adminResetPassword(app, id);
    await audit(app, req, AuditAction.PASSWORD_RESET, (req.body as { id: string }).id, { by: 'admin' });
    return ok({ password });
  });
  app.post(
    '/admin/user/disable',
    { config: { auth: 'super' }, schema: { tags: ['admin'], body: IdBody, response: okNull } },
    async (req) => {
      await setUserEnabled(app, ids.decode((req.body as { id: string }).id, 'user'), false);
      await audit(app, req, AuditAction.USER_DISABLE, (req.body as { id: string }).id);
      return ok(null);
    },
  );
  app.post(
    '/admin/user/enable',
    { config: { auth: 'super' }, schema: { tags: ['admin'], body: IdBody, response: okNull } },
    async (req) => {
      await setUserEnabled(app, ids.decode((req.body as { id: string }).id, 'user'), true);
      await audit(app, req, AuditAction.USER_ENABLE, (req.body as { id: string }).id);
      return ok(null);
    },
  );
  app.post(
    '/admin/user/update',
    {
      config: { auth: 'super' },
      schema: {
        tags: ['admin'],
        body: Type.Object({
          id: Type.String({ minLength: 1, maxLength: 64 }),
          nickname: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
          email: Type.Optional(Type.String({ maxLength: 255 })),
          isSuperAdmin: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
        }),
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body as { id: string; nickname?: string; email?: string; isSuperAdmin?: number };
      const id = ids.decode(b.id, 'user');
      if (b.isSuperAdmin === 0) {
        const others = await db
          .selectFrom('users')
          .select(sql<number>`count(*)`.as('n'))
          .where('isSuperAdmin', '=', 1)
          .where('status', '!=', 0)
          .where('id', '!=', id)
          .executeTakeFirstOrThrow();
        if (Number(others.n) === 0) throw conflict('error.last_super_admin', {}, 'last_super_admin');
      }
      const patch: Record<string, string | number> = { updatedAt: Date.now() };
      if (b.nickname !== undefined) patch.nickname = b.nickname.trim();
      if (b.email !== undefined) patch.email = b.email.trim();
      if (b.isSuperAdmin !== undefined) patch.isSuperAdmin = b.isSuperAdmin;
      const r = await db.updateTable('users').set(patch).where('id', '=', id).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw notFound('user');
      if (b.isSuperAdmin !== undefined) await audit(app, req, AuditAction.USER_ROLE, b.id, { isSuperAdmin: b.isSuperAdmin });
      return ok(null);
    },
  );
  app.post(
    '/admin/user/allocateProject',
    {
      config: { auth: 'super' },
      schema: {
        tags: ['admin'],
        body: Type.Object({
          userId: Type.String({ minLength: 1, maxLength: 64 }),
          projectIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 500 }),
          roleCode: RoleCodeSchema,
        }),
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body as { userId: string; projectIds: string[]; roleCode: RoleCode };
      const userId = ids.decode(b.userId, 'user');
      const projectIds = b.projectIds.map((p) => ids.decode(p, 'project'));
      const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!user) throw notFound('user');
      const found = await db.selectFrom('projects').select('id').where('id', 'in', projectIds).where('isDeleted', '=', 0).execute();
      if (found.length !== new Set(projectIds).size) throw notFound('project');
      await inTx(db, async (tx) => {
        await tx.deleteFrom('projectMembers').where('userId', '=', userId).where('projectId', 'in', projectIds).execute();
        const now = Date.now();
        await tx
          .insertInto('projectMembers')
          .values([...new Set(projectIds)].map((projectId) => ({ projectId, userId, roleCode: b.roleCode, createdAt: now })))
          .execute();
      });
      await audit(app, req, AuditAction.MEMBER_ADD, b.userId, { projectIds: b.projectIds, roleCode: b.roleCode });
      return ok(null);
    },
  );

  await registerPasswordResetRoutes(app);
}
