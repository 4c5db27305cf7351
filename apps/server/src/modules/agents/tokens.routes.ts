/**
 * Personal access tokens in the user centre: create (read-only scope, the token shown once, only its hash
 * stored), list (with last use), revoke. Creating one needs a login session, not another token. The calls act
 * on the caller's own tokens (no declared resource). Contracts: packages/shared/src/schemas/agents.ts.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccessTokenCreateBody, AccessTokenCreatedSchema, AccessTokenSchema, IdInput } from '@folio/shared';
import { Type } from 'typebox';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import * as tokens from './tokens.service.js';

/** Registers /api/user/token/* . */
export const tokensRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/user/token/list',
    { schema: { tags: ['user'], summary: "The caller's personal access tokens", response: okResponse(Type.Array(AccessTokenSchema)) } },
    async (req) => ok(await tokens.listTokens(ctx, requireUser(req).id)),
  );

  app.post(
    '/user/token/create',
    {
      schema: {
        tags: ['user'],
        summary: 'Create a read-only personal access token (shown once)',
        body: AccessTokenCreateBody,
        response: okResponse(AccessTokenCreatedSchema),
      },
    },
    async (req) => ok(await tokens.createToken(ctx, requireUser(req).id, req.body)),
  );

  app.post(
    '/user/token/revoke',
    { schema: { tags: ['user'], summary: "Revoke one of the caller's tokens", body: IdInput, response: okNull } },
    async (req) => {
      await tokens.revokeToken(ctx, requireUser(req).id, ctx.ids.decode(req.body.id, 'token'));
      return ok(null);
    },
  );
};
