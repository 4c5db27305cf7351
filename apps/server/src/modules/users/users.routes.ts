/**
 * Account routes: login, logout, info, permissions, passwords, sign-up, and super-admin user management.
 * Every call acts on the caller's own account (auth 'user') or is the super admin's (auth 'super'), so no
 * route declares a resource. Contracts: packages/shared/src/schemas/users.ts.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminUserAddBody,
  AdminUserCreatedSchema,
  AdminUserPageQuery,
  AdminUserPageSchema,
  AdminUserUpdateBody,
  AllocateProjectsBody,
  FirstPasswordBody,
  IdInput,
  LoginBody,
  LoginResultSchema,
  OneTimePasswordSchema,
  PasswordChangeBody,
  RegisterBody,
  SavedIdSchema,
  UserBriefSchema,
  UserPermsSchema,
  UserProfileBody,
  UserSchema,
  UserSearchQuery,
  UserStatus,
} from '@folio/shared';
import { Type } from 'typebox';
import { randomPassword } from '../../lib/crypto.js';
import { badRequest } from '../../lib/errors.js';
import { membershipsOf } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import { badCredentials, localLoginAllowed, passwordSignIn } from '../sso/accounts.js';
import { passwordResetRoutes } from './password-reset.routes.js';
import * as users from './users.service.js';

export const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ids } = app.ctx;

  app.post(
    '/user/login',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['user'],
        summary: 'Log in (local account, LDAP or form login)',
        body: LoginBody,
        response: okResponse(LoginResultSchema),
      },
    },
    async (req) => {
      const { username, password, source } = req.body;
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
          r = await users.login(app, username, password, req.ip);
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
    { config: { auth: 'user', allowSetPassword: true }, schema: { tags: ['user'], summary: 'End this session', response: okNull } },
    async (req) => {
      await users.logout(app, requireUser(req).sessionId);
      return ok(null);
    },
  );

  app.get(
    '/user/info',
    { config: { allowSetPassword: true }, schema: { tags: ['user'], summary: "The caller's profile", response: okResponse(UserSchema) } },
    async (req) => ok(await users.userInfo(app, requireUser(req).id)),
  );

  app.post(
    '/user/info/update',
    { schema: { tags: ['user'], summary: "Change the caller's profile", body: UserProfileBody, response: okNull } },
    async (req) => {
      await users.updateProfile(app, requireUser(req).id, req.body);
      return ok(null);
    },
  );

  app.get(
    '/user/perm/get',
    {
      config: { allowSetPassword: true },
      schema: { tags: ['user'], summary: "The caller's roles in spaces and projects", response: okResponse(UserPermsSchema) },
    },
    async (req) => ok(await users.userPerms(app, requireUser(req), await membershipsOf(req))),
  );

  app.post(
    '/user/password/setFirst',
    {
      config: { allowSetPassword: true },
      schema: { tags: ['user'], summary: 'Set the password an account must choose first', body: FirstPasswordBody, response: okNull },
    },
    async (req) => {
      await users.setPassword(app, requireUser(req).id, req.body.password, UserStatus.ENABLED);
      return ok(null);
    },
  );

  app.post(
    '/user/password/update',
    {
      schema: { tags: ['user'], summary: "Change the caller's password (other sessions end)", body: PasswordChangeBody, response: okNull },
    },
    async (req) => {
      const u = requireUser(req);
      await users.changePassword(app, u.id, req.body.oldPassword, req.body.password, u.sessionId);
      await audit(app, req, AuditAction.PASSWORD_CHANGE, u.username);
      return ok(null);
    },
  );

  app.post(
    '/user/reg',
    {
      config: { auth: 'public' },
      schema: { tags: ['user'], summary: 'Sign up (when registration is on)', body: RegisterBody, response: okResponse(SavedIdSchema) },
    },
    async (req) => {
      if (!app.ctx.settings.getBool('folio.register.enable')) throw badRequest('error.registration_disabled', {}, 'registration_disabled');
      const b = req.body;
      const id = await users.createUser(app, {
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
    {
      schema: {
        tags: ['user'],
        summary: 'Find users by username, nickname or e-mail (at most 20)',
        querystring: UserSearchQuery,
        response: okResponse(Type.Array(UserBriefSchema)),
      },
    },
    async (req) => ok(await users.searchUsers(app, req.query.q)),
  );

  // ---- Super admin: user management -------------------------------------------------------
  app.post(
    '/admin/user/add',
    {
      config: { auth: 'super' },
      schema: {
        tags: ['admin'],
        summary: 'Add a user with a one-time password',
        body: AdminUserAddBody,
        response: okResponse(AdminUserCreatedSchema),
      },
    },
    async (req) => {
      const b = req.body;
      const password = randomPassword(8);
      const id = await users.createUser(app, {
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
      schema: { tags: ['admin'], summary: 'A page of users', querystring: AdminUserPageQuery, response: okResponse(AdminUserPageSchema) },
    },
    async (req) => ok(await users.pageUsers(app, req.query)),
  );

  app.post(
    '/admin/user/resetPassword',
    {
      config: { auth: 'super' },
      schema: {
        tags: ['admin'],
        summary: "Reset a user's password to a one-time one (their sessions end)",
        body: IdInput,
        response: okResponse(OneTimePasswordSchema),
      },
    },
    async (req) => {
      const password = await users.adminResetPassword(app, ids.decode(req.body.id, 'user'));
      await audit(app, req, AuditAction.PASSWORD_RESET, req.body.id, { by: 'admin' });
      return ok({ password });
    },
  );

  for (const [path, enabled] of [
    ['/admin/user/disable', false],
    ['/admin/user/enable', true],
  ] as const) {
    app.post(
      path,
      {
        config: { auth: 'super' },
        schema: {
          tags: ['admin'],
          summary: enabled ? 'Enable a user' : 'Disable a user (their sessions end)',
          body: IdInput,
          response: okNull,
        },
      },
      async (req) => {
        await users.setUserEnabled(app, ids.decode(req.body.id, 'user'), enabled);
        await audit(app, req, enabled ? AuditAction.USER_ENABLE : AuditAction.USER_DISABLE, req.body.id);
        return ok(null);
      },
    );
  }

  app.post(
    '/admin/user/update',
    {
      config: { auth: 'super' },
      schema: {
        tags: ['admin'],
        summary: "Change a user's nickname, e-mail or super-admin flag",
        body: AdminUserUpdateBody,
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body;
      await users.adminUpdateUser(app, ids.decode(b.id, 'user'), b);
      if (b.isSuperAdmin !== undefined) await audit(app, req, AuditAction.USER_ROLE, b.id, { isSuperAdmin: b.isSuperAdmin });
      return ok(null);
    },
  );

  app.post(
    '/admin/user/allocateProject',
    {
      config: { auth: 'super' },
      schema: { tags: ['admin'], summary: 'Make a user a member of projects', body: AllocateProjectsBody, response: okNull },
    },
    async (req) => {
      const b = req.body;
      await users.allocateProjects(app, b);
      await audit(app, req, AuditAction.MEMBER_ADD, b.userId, { projectIds: b.projectIds, roleCode: b.roleCode });
      return ok(null);
    },
  );

  await passwordResetRoutes(app, {});
};
