/** Forgot password: a one-hour reset link by e-mail when SMTP is configured. Contracts: packages/shared/src/schemas/users.ts. */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ForgotPasswordBody, ResetAvailableSchema, ResetPasswordBody } from '@folio/shared';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import { requestPasswordReset, resetAvailable, resetPasswordWithToken } from './password-reset.service.js';

export const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/password/resetAvailable',
    {
      config: { auth: 'public' },
      schema: { tags: ['user'], summary: 'Whether reset links can be e-mailed', response: okResponse(ResetAvailableSchema) },
    },
    async () => ok({ smtp: resetAvailable(app) }),
  );

  app.post(
    '/user/password/forgot',
    {
      config: { auth: 'public' },
      schema: { tags: ['user'], summary: 'E-mail a password reset link', body: ForgotPasswordBody, response: okNull },
    },
    async (req) => {
      await requestPasswordReset(app, req.body.username, req.ip, req.lang, req.log);
      return ok(null);
    },
  );

  app.post(
    '/user/password/reset',
    {
      config: { auth: 'public' },
      schema: { tags: ['user'], summary: "Set a new password with a reset link's token", body: ResetPasswordBody, response: okNull },
    },
    async (req) => {
      const userId = await resetPasswordWithToken(app, req.body.token, req.body.password, req.ip);
      await audit(app, req, AuditAction.PASSWORD_RESET, app.ctx.ids.encode(userId), { by: 'e-mail link' }, { id: userId, name: '' });
      return ok(null);
    },
  );
};
