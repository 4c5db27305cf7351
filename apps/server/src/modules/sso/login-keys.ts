/** One-time, short-lived login keys: the OAuth callback hands one to /successLogin, the app swaps it for a token. */
import type { FastifyInstance } from 'fastify';
import { randomToken, sha256 } from '../../lib/crypto.js';

export const LOGIN_KEY_TTL_MS = 60_000;

export async function createLoginKey(app: FastifyInstance, userId: number, now = Date.now()): Promise<string> {
  const key = randomToken(32);
  await app.ctx.db
    .insertInto('loginKeys')
    .values({ loginKeyHash: sha256(key), userId, createdAt: now, expiresAt: now + LOGIN_KEY_TTL_MS, usedAt: null })
    .execute();
  // Housekeeping: keys are useless once expired.
  await app.ctx.db
    .deleteFrom('loginKeys')
    .where('expiresAt', '<', now - 86_400_000)
    .execute();
  return key;
}

/** Marks the key used and returns its user id; null when unknown, used or expired (atomic: one winner). */
export async function consumeLoginKey(app: FastifyInstance, key: string, now = Date.now()): Promise<number | null> {
  const hash = sha256(key);
  const r = await app.ctx.db
    .updateTable('loginKeys')
    .set({ usedAt: now })
    .where('loginKeyHash', '=', hash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return null;
  const row = await app.ctx.db.selectFrom('loginKeys').select('userId').where('loginKeyHash', '=', hash).executeTakeFirst();
  return row?.userId ?? null;
}
