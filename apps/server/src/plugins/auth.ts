/**
 * Authentication: a random token (header `token` or `Authorization: Bearer`) looked up by its hash.
 * Route config decides who may call: `auth: 'public' | 'optional' | 'user' | 'super'` (default 'user'),
 * `allowSetPassword: true` for the calls a must-set-password user still needs.
 */
import { type Action, UserStatus } from '@folio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import { pickLang } from '../i18n/messages.js';
import { sha256 } from '../lib/crypto.js';
import { forbidden, mustSetPassword, unauthorized } from '../lib/errors.js';
import { REVISION_KEY } from '../modules/system/settings.js';
import type { ResourceDecl } from '../permissions/declared.js';

export interface SessionUser {
  id: number;
  username: string;
  nickname: string;
  email: string;
  avatar: string;
  isSuperAdmin: boolean;
  status: number;
  source: string;
  lang: string;
  sessionId: number;
}

export type AuthMode = 'public' | 'optional' | 'user' | 'super';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    lang: string;
    /** The rows the route's `sessionRead` read with the session, or null. */
    sessionRows: RequestRow[] | null;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
    allowSetPassword?: boolean;
    /**
     * Permission action of the route. With `resource`, one preHandler enforces it (permissions/declared.ts);
     * the permission-matrix test checks that the route's cases agree with it either way.
     */
    action?: Action;
    /** The resource the action is on and where its id is read (`body.id`, `query.moduleId`...). */
    resource?: ResourceDecl;
    /** The route's first statement, read with the session in one statement (see SessionRead). */
    sessionRead?: SessionRead;
  }
}

/** Reads the raw token from the request headers. */
export function readToken(req: FastifyRequest): string | null {
  const h = req.headers.token;
  if (typeof h === 'string' && h.trim()) return h.trim();
  const a = req.headers.authorization;
  if (typeof a === 'string' && a.toLowerCase().startsWith('bearer ')) return a.slice(7).trim() || null;
  return null;
}

/**
 * The session part of every request's first statement: the settings revision and, when the token names a live
 * session, the session with its user (one row whatever the token). A route that reads more adds its own columns
 * to it (config `sessionRead`), so its first read costs no round trip of its own.
 */
export function sessionQuery(db: Db, hash: string, now: number) {
  return db
    .selectFrom(sql<{ one: number }>`(select 1 as one)`.as('one'))
    .leftJoin('systemConfigs as r', (j) => j.on('r.configKey', '=', REVISION_KEY))
    .leftJoin('userSessions as s', (j) => j.on('s.tokenHash', '=', hash).on('s.revokedAt', 'is', null).on('s.expiresAt', '>', now))
    .leftJoin('users as u', 'u.id', 's.userId')
    .select([
      'r.configValue as revision',
      's.id as sessionId',
      's.lastUsedAt',
      'u.id',
      'u.username',
      'u.nickname',
      'u.email',
      'u.avatar',
      'u.isSuperAdmin',
      'u.status',
      'u.source',
      'u.lang',
    ]);
}

/** The statement every request starts with (built once). */
const requestRow = prepared(2, sessionQuery);

/** A row of `sessionQuery`: what every request's first statement reads. */
export type RequestRow = Awaited<ReturnType<typeof requestRow>>[number];

/**
 * A route's own first statement in place of the session's (route config `sessionRead`): `sessionQuery` with the
 * route's columns added (subqueries of the session's user: a revoked or expired session reads nothing of them).
 * The hook keeps its rows on the request for the handler (`req.sessionRows`); null when the request cannot use
 * it (the plain session statement runs).
 */
export type SessionRead = (req: FastifyRequest, hash: string, now: number) => Promise<RequestRow[]> | null;

/**
 * Brings the settings up to date with the database and resolves the session user of a token (or null):
 * one statement, which reads the settings revision beside the session looked up by its token's hash (and,
 * given `read`, the route's own rows).
 */
export async function userForToken(
  app: FastifyInstance,
  token: string | null,
  read?: (hash: string, now: number) => Promise<RequestRow[]> | null,
): Promise<SessionUser | null> {
  const now = Date.now();
  const hash = token ? sha256(token) : '';
  const [row] = await app.ctx.settings.readWith(
    () => read?.(hash, now) ?? requestRow(app.ctx.db, hash, now),
    ([r]) => r?.revision,
  );
  if (!row || row.id === null || row.sessionId === null || row.status === UserStatus.DISABLED) return null;
  if (now - Number(row.lastUsedAt) > 60_000) {
    await app.ctx.db.updateTable('userSessions').set({ lastUsedAt: now }).where('id', '=', row.sessionId).execute();
  }
  return {
    id: row.id,
    username: row.username as string,
    nickname: row.nickname as string,
    email: row.email as string,
    avatar: row.avatar as string,
    isSuperAdmin: row.isSuperAdmin === 1,
    status: row.status as number,
    source: row.source as string,
    lang: row.lang as string,
    sessionId: row.sessionId,
  };
}

/** Installs the hook that authenticates every request according to its route config. */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('access', null);
  app.decorateRequest('sessionRows', null);
  app.addHook('onRequest', async (req) => {
    // Settings first: the one statement that reads the session checks them against the database too.
    const token = readToken(req);
    const read = req.routeOptions.config?.sessionRead;
    const routeRead = (hash: string, now: number) => read?.(req, hash, now)?.then((rows) => (req.sessionRows = rows)) ?? null;
    req.user = await userForToken(app, token, read && routeRead);
    const fallback = app.ctx.settings.get('folio.default-lang') || 'zh-CN';
    // The web app names the language its user sees in a `lang` header: it wins over the saved preference,
    // which wins over the browser's Accept-Language.
    const shown = req.headers.lang as string | undefined;
    req.lang = pickLang(shown ?? (req.headers['accept-language'] as string | undefined), fallback);
    // Routes declare their mode; undeclared routes under /api need a user, the rest (web app files) are public.
    const declared = req.routeOptions.config?.auth;
    const matched = !!req.routeOptions.url;
    const mode: AuthMode = declared ?? (matched && req.url.startsWith('/api') ? 'user' : 'public');
    if (req.user?.lang && !shown) req.lang = req.user.lang;
    // An account that must set its password reaches only the routes that allow it (optional ones included:
    // the debug proxy and scripts); public routes treat it as anonymous.
    if (req.user?.status === UserStatus.SET_PASSWORD && !req.routeOptions.config?.allowSetPassword) {
      if (mode === 'public') req.user = null;
      else throw mustSetPassword();
    }
    if (mode === 'public' || mode === 'optional') return;
    if (!req.user) throw unauthorized();
    if (mode === 'super' && !req.user.isSuperAdmin) throw forbidden();
  });
}

/** Returns the logged-in user or throws unauthorized (for handlers of 'user' routes). */
export function requireUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** Throws forbidden unless the caller is a super admin. */
export function requireSuperAdmin(req: FastifyRequest): SessionUser {
  const u = requireUser(req);
  if (!u.isSuperAdmin) throw forbidden();
  return u;
}
