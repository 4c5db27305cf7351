/**
 * Login limits, counted in the database so every server sees the same attempts:
 * - per username and address together: 10 failures in 15 minutes (an attacker elsewhere cannot lock the owner out);
 * - per address: 100 failures in 15 minutes (password spraying over many usernames);
 * - per username over all addresses: from 20 failures in 24 hours on, each new try waits 2^(n-20) s (at most
 *   15 minutes) after the last failure, except from an address this user logged in from in the last 30 days.
 * Reaching 20, 40, 80, ... failures for one username is logged and sent to the super admins as a message.
 */
import { MessageType } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { inTx } from '../../db/database.js';
import { text } from '../../i18n/stored-text.js';
import { rateLimited } from '../../lib/errors.js';
import { RateLimiter } from '../../lib/rate-limit.js';
import { sendMessages } from '../messages/messages.service.js';

const MIN = 60_000;
const pairFailures = new RateLimiter('login-pair', 10, 15 * MIN);
const addressFailures = new RateLimiter('login-addr', 100, 15 * MIN);
const userFailures = new RateLimiter('login-user', 20, 24 * 60 * MIN);
const knownAddresses = new RateLimiter('login-ok', 1, 30 * 24 * 60 * MIN);
const MAX_WAIT_S = 15 * 60;

const norm = (source: string, username: string) => `${source}:${username.trim().toLowerCase()}`;

/** Throws rate_limited (with Retry-After) when this attempt must not be checked now. */
export async function beforeLogin(app: FastifyInstance, source: string, username: string, ip: string): Promise<void> {
  const { db } = app.ctx;
  const user = norm(source, username);
  await pairFailures.check(db, `${user}|${ip}`);
  await addressFailures.check(db, ip);
  const u = await userFailures.get(db, user);
  if (u.hits < userFailures.limit) return;
  if ((await knownAddresses.get(db, `${user}|${ip}`)).hits > 0) return;
  const waitMs = Math.min(2 ** (u.hits - userFailures.limit), MAX_WAIT_S) * 1000;
  const left = u.at + waitMs - Date.now();
  if (left > 0) throw rateLimited(left / 1000);
}

/** Counts a failed attempt; reports a sustained attack on one username. */
export async function loginFailed(app: FastifyInstance, source: string, username: string, ip: string): Promise<void> {
  const { db, dialect } = app.ctx;
  const user = norm(source, username);
  await pairFailures.fail(db, dialect, `${user}|${ip}`);
  await addressFailures.fail(db, dialect, ip);
  const n = await userFailures.fail(db, dialect, user);
  const ratio = n / userFailures.limit;
  if (ratio >= 1 && Number.isInteger(ratio) && (ratio & (ratio - 1)) === 0) {
    app.log.warn({ username: username.trim(), failures: n, source }, 'sustained failed logins for one username');
    const lang = app.ctx.settings.get('folio.default-lang') || 'zh-CN';
    const message = text('notice.login_attack', { username: username.trim().slice(0, 128), count: n });
    const admins = await db.selectFrom('users').select('id').where('isSuperAdmin', '=', 1).execute();
    await inTx(db, (tx) =>
      sendMessages(
        tx,
        admins.map((a) => a.id),
        { message, type: MessageType.SECURITY, sourceId: 0 },
        lang,
      ),
    );
  }
}

/** Clears the address's failures for this username and remembers the address as one the owner uses. */
export async function loginSucceeded(app: FastifyInstance, source: string, username: string, ip: string): Promise<void> {
  const { db, dialect } = app.ctx;
  const user = norm(source, username);
  await pairFailures.reset(db, `${user}|${ip}`);
  await knownAddresses.fail(db, dialect, `${user}|${ip}`);
}
