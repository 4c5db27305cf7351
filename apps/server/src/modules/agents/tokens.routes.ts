/**
 * Personal access tokens in the user centre: create (read-only scope, the token shown once, only its hash
 * stored), list (with last use), revoke. Creating one needs a login session, not another token.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { insertId } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import { IdString, Name } from '../../lib/schemas.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { newPersonalToken } from './agent-access.js';

const MAX_TOKENS = 50;

const TokenView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String(),
  scope: Type.String(),
  createdAt: Type.Number(),
  lastUsedAt: Type.Union([Type.Number(), Type.Null()]),
  expiresAt: Type.Union([Type.Number(), Type.Null()]),
});

/** Registers /api/user/token/* . */
export async function tokensRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect, ids } = app.ctx;

  app.get('/user/token/list', { schema: { tags: ['user'], response: { 200: okResponse(Type.Array(TokenView)) } } }, async (req) => {
    const u = requireUser(req);
    const rows = await db
      .selectFrom('personalAccessTokens')
      .select(['id', 'name', 'tokenPrefix', 'scope', 'createdAt', 'lastUsedAt', 'expiresAt'])
      .where('userId', '=', u.id)
      .where('revokedAt', 'is', null)
      .orderBy('id', 'desc')
      .execute();
    return ok(
      rows.map((r) => ({
        id: ids.encode(r.id),
        name: r.name,
        prefix: r.tokenPrefix,
        scope: r.scope,
        createdAt: Number(r.createdAt),
        lastUsedAt: r.lastUsedAt == null ? null : Number(r.lastUsedAt),
        expiresAt: r.expiresAt == null ? null : Number(r.expiresAt),
      })),
    );
  });

  app.post(
    '/user/token/create',
    {
      schema: {
        tags: ['user'],
        body: Type.Object({ name: Name(100), expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })) }),
        response: { 200: okResponse(Type.Object({ id: Type.String(), token: Type.String(), prefix: Type.String() })) },
      },
    },
    async (req) => {
      const u = requireUser(req);
      const b = req.body as { name: string; expiresInDays?: number };
      const live = await db
        .selectFrom('personalAccessTokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', u.id)
        .where('revokedAt', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(live.n) >= MAX_TOKENS) throw new AppError(409, 'conflict', 'error.validation_failed');
      const now = Date.now();
      const t = newPersonalToken();
      const id = await insertId(db, dialect, 'personalAccessTokens', {
        userId: u.id,
        name: b.name.trim(),
        tokenHash: t.hash,
        tokenPrefix: t.prefix,
        scope: 'read',
        createdAt: now,
        lastUsedAt: null,
        expiresAt: b.expiresInDays ? now + b.expiresInDays * 86_400_000 : null,
        revokedAt: null,
      });
      return ok({ id: ids.encode(id), token: t.token, prefix: t.prefix });
    },
  );

  app.post('/user/token/revoke', { schema: { tags: ['user'], body: Type.Object({ id: IdString }), response: okNull } }, async (req) => {
    const u = requireUser(req);
    const id = ids.decode((req.body as { id: string }).id, 'token');
    const r = await db
      .updateTable('personalAccessTokens')
      .set({ revokedAt: Date.now() })
      .where('id', '=', id)
      .where('userId', '=', u.id)
      .where('revokedAt', 'is', null)
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw notFound('token');
    return ok(null);
  });
}
