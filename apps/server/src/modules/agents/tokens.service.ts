/** Personal access tokens: read-only, shown once (only the hash is stored), at most 50 live per user. No HTTP types. */
import type { AccessToken, AccessTokenCreated } from '@folio/shared';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newPersonalToken } from './agent-access.js';
import * as repo from './agents.repo.js';

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'ids'>;

const MAX_TOKENS = 50;

/** The user's live tokens (prefix and last use, never the token). */
export async function listTokens(ctx: Ctx, userId: number): Promise<AccessToken[]> {
  const rows = await repo.listTokens(ctx.db, userId);
  return rows.map((r) => ({
    id: ctx.ids.encode(r.id),
    name: r.name,
    prefix: r.tokenPrefix,
    scope: r.scope,
    createdAt: Number(r.createdAt),
    lastUsedAt: r.lastUsedAt == null ? null : Number(r.lastUsedAt),
    expiresAt: r.expiresAt == null ? null : Number(r.expiresAt),
  }));
}

/** Creates a read-only token; the answer is the only time the token is shown. */
export async function createToken(ctx: Ctx, userId: number, b: { name: string; expiresInDays?: number }): Promise<AccessTokenCreated> {
  if ((await repo.countTokens(ctx.db, userId)) >= MAX_TOKENS) throw new AppError(409, 'conflict', 'error.validation_failed');
  const now = Date.now();
  const t = newPersonalToken();
  const id = await repo.insertToken(ctx.db, ctx.dialect, {
    userId,
    name: b.name.trim(),
    hash: t.hash,
    prefix: t.prefix,
    createdAt: now,
    expiresAt: b.expiresInDays ? now + b.expiresInDays * 86_400_000 : null,
  });
  return { id: ctx.ids.encode(id), token: t.token, prefix: t.prefix };
}

/** Revokes one of the user's tokens; someone else's (or a revoked one) answers like a missing one. */
export async function revokeToken(ctx: Ctx, userId: number, id: number): Promise<void> {
  if (!(await repo.revokeToken(ctx.db, userId, id, Date.now()))) throw notFound('token');
}
