/** Forgot password: a one-hour reset link by e-mail when SMTP is configured. */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { renderText, text } from '../../i18n/stored-text.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { badRequest } from '../../lib/errors.js';
import { sendMail, smtpConfigured } from '../../lib/mailer.js';
import { publicUrlInForce } from '../../lib/public-url.js';
import { RateLimiter } from '../../lib/rate-limit.js';
import { ok, okNull } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import { revokeAllSessions, setPassword } from './users.service.js';

/** Reset requests: 5 per address, per username and per code check in 15 minutes (shared by every server). */
const limiter = new RateLimiter('password-reset', 5, 15 * 60_000);

export async function registerPasswordResetRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.get('/user/password/resetAvailable', { config: { auth: 'public' }, schema: { tags: ['user'] } }, async () =>
    ok({ smtp: smtpConfigured(app.ctx) }),
  );

  app.post(
    '/user/password/forgot',
    {
      config: { auth: 'public' },
      schema: { tags: ['user'], body: Type.Object({ username: Type.String({ minLength: 1, maxLength: 255 }) }), response: okNull },
    },
    async (req) => {
      if (!smtpConfigured(app.ctx)) throw badRequest('error.smtp_not_configured', {}, 'smtp_not_configured');
      const name = (req.body as { username: string }).username.trim();
      await limiter.hit(db, app.ctx.dialect, `ip:${req.ip}`);
      await limiter.hit(db, app.ctx.dialect, `u:${name.toLowerCase()}`);
      const u = await db
        .selectFrom('users')
        .select(['id', 'email', 'username', 'status', 'lang'])
        .where((eb) => eb.or([eb('username', '=', name), eb('email', '=', name)]))
        .executeTakeFirst();
      // Same answer whether or not the account exists.
      if (u?.email && u.status !== 0) {
        const token = randomToken(32);
        const now = Date.now();
        await db
          .insertInto('passwordResets')
          .values({ userId: u.id, tokenHash: sha256(token), createdAt: now, expiresAt: now + 3_600_000, usedAt: null })
          .execute();
        const base = publicUrlInForce(app).value;
        const link = `${base}/resetPassword?token=${encodeURIComponent(token)}`;
        // In the account's saved language, else the language of the page that asked.
        const lang = u.lang || req.lang;
        try {
          await sendMail(
            app.ctx,
            u.email,
            renderText(lang, text('notice.reset_mail_subject')),
            renderText(lang, text('notice.reset_mail_body', { username: u.username, link })),
          );
        } catch (err) {
          req.log.error({ err }, 'password reset e-mail failed');
        }
      }
      return ok(null);
    },
  );

  app.post(
    '/user/password/reset',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['user'],
        body: Type.Object({
          token: Type.String({ minLength: 10, maxLength: 128 }),
          password: Type.String({ minLength: 8, maxLength: 128 }),
        }),
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body as { token: string; password: string };
      await limiter.hit(db, app.ctx.dialect, `reset:${req.ip}`);
      const now = Date.now();
      const row = await db
        .selectFrom('passwordResets')
        .selectAll()
        .where('tokenHash', '=', sha256(b.token))
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', now)
        .executeTakeFirst();
      if (!row) throw badRequest('error.reset_link_invalid');
      await db.updateTable('passwordResets').set({ usedAt: now }).where('id', '=', row.id).execute();
      await setPassword(app, row.userId, b.password, 1);
      await revokeAllSessions(app, row.userId);
      await audit(
        app,
        req,
        AuditAction.PASSWORD_RESET,
        app.ctx.ids.encode(row.userId),
        { by: 'e-mail link' },
        { id: row.userId, name: '' },
      );
      return ok(null);
    },
  );
}
