/**
 * Who an agent acts for. `Authorization: Bearer …` carries one of:
 * - a personal access token (`fpat_…`, read-only, stored hashed) or a login token: that user, with exactly
 *   that user's roles;
 * - a share/compose grant (`g1.…`, from checkPassword or the public get) or `share:{publicId}:{password}` /
 *   `show:{publicId}:{password}`: an anonymous reader of exactly that share or compose project.
 * Everything is checked against the database on every call (expiry, disable, password change, revocation).
 */
import { ComposeType, ShareType, UserStatus } from '@folio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decrypt, randomToken, safeEqual, sha256 } from '../../lib/crypto.js';
import { RateLimiter } from '../../lib/rate-limit.js';
import { readToken, type SessionUser, userForToken } from '../../plugins/auth.js';
import { verifyShareGrant } from '../shares/share-grant.js';

export const PAT_PREFIX = 'fpat_';

/** Wrong share/compose passwords, per link and client address (as the share pages count them). */
const secretLimiter = new RateLimiter('agent-secret', 10, 5 * 60_000);

export type AgentActor =
  | { kind: 'user'; user: SessionUser; via: 'login' | 'pat' }
  | { kind: 'share'; id: number; moduleId: number; allowDebug: boolean; environmentIds: number[] }
  | { kind: 'compose'; id: number };

/** A new token: the text shown once and what is stored. */
export function newPersonalToken(): { token: string; hash: string; prefix: string } {
  const token = `${PAT_PREFIX}${randomToken(30)}`;
  return { token, hash: sha256(token), prefix: token.slice(0, 12) };
}

/** The user of a live personal access token (touching its last use at most once a minute), or null. */
export async function userForPersonalToken(app: FastifyInstance, token: string): Promise<SessionUser | null> {
  const { db } = app.ctx;
  const now = Date.now();
  const row = await db
    .selectFrom('personalAccessTokens as t')
    .innerJoin('users as u', 'u.id', 't.userId')
    .select([
      't.id as tokenId',
      't.lastUsedAt',
      'u.id',
      'u.username',
      'u.nickname',
      'u.email',
      'u.avatar',
      'u.isSuperAdmin',
      'u.status',
      'u.source',
      'u.lang',
    ])
    .where('t.tokenHash', '=', sha256(token))
    .where('t.revokedAt', 'is', null)
    .where((eb) => eb.or([eb('t.expiresAt', 'is', null), eb('t.expiresAt', '>', now)]))
    .executeTakeFirst();
  if (!row || row.status === UserStatus.DISABLED) return null;
  if (row.lastUsedAt == null || now - Number(row.lastUsedAt) > 60_000) {
    await db.updateTable('personalAccessTokens').set({ lastUsedAt: now }).where('id', '=', row.tokenId).execute();
  }
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    email: row.email,
    avatar: row.avatar,
    isSuperAdmin: row.isSuperAdmin === 1,
    status: row.status,
    source: row.source,
    lang: row.lang,
    sessionId: 0,
  };
}

/** `share:{publicId}:{password}` / `show:{publicId}:{password}` checked against the live row. */
async function actorForSecret(
  app: FastifyInstance,
  ip: string,
  kind: 'share' | 'show',
  publicId: string,
  password: string,
): Promise<AgentActor | null> {
  const { db, installKey } = app.ctx;
  const now = Date.now();
  const key = `${kind}:${publicId}|${ip}`;
  await secretLimiter.check(db, key);
  const wrong = async () => {
    await secretLimiter.fail(db, app.ctx.dialect, key);
    return null;
  };
  if (kind === 'share') {
    const s = await db
      .selectFrom('shares as s')
      .innerJoin('modules as m', 'm.id', 's.moduleId')
      .innerJoin('projects as p', 'p.id', 'm.projectId')
      .select(['s.id', 's.moduleId', 's.type', 's.passwordEnc', 's.status', 's.expiresAt', 's.allowDebug'])
      .where('s.publicId', '=', publicId)
      .where('s.isDeleted', '=', 0)
      .where('m.isDeleted', '=', 0)
      .where('p.isDeleted', '=', 0)
      .executeTakeFirst();
    if (s?.status !== 1 || (s.expiresAt != null && s.expiresAt <= now)) return null;
    if (s.type === ShareType.ENCRYPT && !safeEqual(decrypt(installKey, s.passwordEnc), password)) return wrong();
    const envs = s.allowDebug ? await db.selectFrom('shareEnvironments').select('environmentId').where('shareId', '=', s.id).execute() : [];
    return { kind: 'share', id: s.id, moduleId: s.moduleId, allowDebug: !!s.allowDebug, environmentIds: envs.map((e) => e.environmentId) };
  }
  const p = await db
    .selectFrom('composeProjects')
    .select(['id', 'type', 'passwordEnc', 'status'])
    .where('publicId', '=', publicId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (p?.status !== 1) return null;
  if (p.type === ComposeType.ENCRYPT && !safeEqual(decrypt(installKey, p.passwordEnc), password)) return wrong();
  return { kind: 'compose', id: p.id };
}

/** Resolves the actor of a request from its bearer token (or share grant header); null when none is valid. */
export async function resolveAgentActor(app: FastifyInstance, req: FastifyRequest): Promise<AgentActor | null> {
  const grantHeader = req.headers['x-share-grant'];
  const token = readToken(req) ?? (typeof grantHeader === 'string' ? grantHeader : null);
  if (!token) return null;
  if (token.startsWith(PAT_PREFIX)) {
    const user = await userForPersonalToken(app, token);
    return user ? { kind: 'user', user, via: 'pat' } : null;
  }
  if (token.startsWith('g1.')) {
    const g = await verifyShareGrant(app, token);
    if (!g) return null;
    if (g.kind === 'compose') return { kind: 'compose', id: g.id };
    const s = await app.ctx.db.selectFrom('shares').select('moduleId').where('id', '=', g.id).executeTakeFirstOrThrow();
    return { kind: 'share', id: g.id, moduleId: s.moduleId, allowDebug: g.allowDebug, environmentIds: g.environmentIds };
  }
  const secret = /^(share|show):([A-Za-z0-9_-]{1,64}):(.*)$/s.exec(token);
  if (secret) return actorForSecret(app, req.ip, secret[1] as 'share' | 'show', secret[2], secret[3]);
  const user = req.user ?? (await userForToken(app, token));
  if (!user || user.status !== UserStatus.ENABLED) return null;
  return { kind: 'user', user, via: 'login' };
}
