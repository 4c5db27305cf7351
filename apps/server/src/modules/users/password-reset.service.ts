/** Forgot password: a one-hour reset link by e-mail when SMTP is configured. No HTTP types. */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { renderText, text } from '../../i18n/stored-text.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { badRequest } from '../../lib/errors.js';
import { sendMail, smtpConfigured } from '../../lib/mailer.js';
import { publicUrlInForce } from '../../lib/public-url.js';
import { RateLimiter } from '../../lib/rate-limit.js';
import * as repo from './users.repo.js';
import { revokeAllSessions, setPassword } from './users.service.js';

/** Reset requests: 5 per address, per username and per code check in 15 minutes (shared by every server). */
const limiter = new RateLimiter('password-reset', 5, 15 * 60_000);

/** Whether reset links can be e-mailed. */
export const resetAvailable = (app: FastifyInstance) => smtpConfigured(app.ctx);

/**
 * E-mails a reset link to the account named by username or e-mail, if it has an address (in the account's saved
 * language, else `lang`: the page's); the same outcome whether or not it exists.
 */
export async function requestPasswordReset(
  app: FastifyInstance,
  username: string,
  ip: string,
  lang: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const { db, dialect } = app.ctx;
  if (!smtpConfigured(app.ctx)) throw badRequest('error.smtp_not_configured', {}, 'smtp_not_configured');
  const name = username.trim();
  await limiter.hit(db, dialect, `ip:${ip}`);
  await limiter.hit(db, dialect, `u:${name.toLowerCase()}`);
  const u = await repo.findUserByNameOrEmail(db, name);
  if (!u?.email || u.status === 0) return;
  const token = randomToken(32);
  const now = Date.now();
  await repo.insertPasswordReset(db, u.id, sha256(token), now, now + 3_600_000);
  const base = publicUrlInForce(app).value;
  const link = `${base}/resetPassword?token=${encodeURIComponent(token)}`;
  try {
    const mailLang = u.lang || lang;
    await sendMail(
      app.ctx,
      u.email,
      renderText(mailLang, text('notice.reset_mail_subject')),
      renderText(mailLang, text('notice.reset_mail_body', { username: u.username, link })),
    );
  } catch (err) {
    log.error({ err }, 'password reset e-mail failed');
  }
}

/** Sets a new password with a reset link's token (once) and ends the account's sessions; returns the user. */
export async function resetPasswordWithToken(app: FastifyInstance, token: string, password: string, ip: string): Promise<number> {
  const { db, dialect } = app.ctx;
  await limiter.hit(db, dialect, `reset:${ip}`);
  const userId = await repo.consumePasswordReset(db, sha256(token), Date.now());
  if (!userId) throw badRequest('error.reset_link_invalid');
  await setPassword(app, userId, password, 1);
  await revokeAllSessions(app, userId);
  return userId;
}
