/**
 * Open users of a space (/space/openuser): app key + secret pairs for clients that still sign open-API
 * calls. Secrets are encrypted at rest and shown once, when created or reset. Space admins only: each route
 * declares space.manageOpenUsers on the space or on the open user (which lives in its space).
 * Contracts: packages/shared/src/schemas/open-users.ts.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdInput, OpenUserAddBody, OpenUserListQuery, OpenUserSchema, OpenUserSecretSchema, OpenUserStatusBody } from '@folio/shared';
import { Type } from 'typebox';
import { accessOf } from '../../permissions/declared.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import * as openUsers from './open-users.service.js';

const ACTION = 'space.manageOpenUsers';
const onOpenUser = { action: ACTION, resource: { kind: 'openUser', from: 'body.id' } } as const;

export const openUsersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/space/openuser/list',
    {
      config: { action: ACTION, resource: { kind: 'space', from: 'query.spaceId' } },
      schema: {
        tags: ['space'],
        summary: "A space's open users (app key + secret pairs)",
        querystring: OpenUserListQuery,
        response: okResponse(Type.Array(OpenUserSchema)),
      },
    },
    async (req) => ok(await openUsers.listOpenUsers(ctx, accessOf(req).id)),
  );

  app.post(
    '/space/openuser/add',
    {
      config: { action: ACTION, resource: { kind: 'space', from: 'body.spaceId' } },
      schema: {
        tags: ['space'],
        summary: 'Create an open user (its secret is answered this once)',
        body: OpenUserAddBody,
        response: okResponse(OpenUserSecretSchema),
      },
    },
    async (req) => {
      const created = await openUsers.addOpenUser(ctx, accessOf(req).id, req.body.applicant);
      await audit(app, req, AuditAction.OPEN_USER_CHANGE, created.appKey, { op: 'add', spaceId: req.body.spaceId });
      return ok(created);
    },
  );

  app.post(
    '/space/openuser/resetSecret',
    {
      config: onOpenUser,
      schema: {
        tags: ['space'],
        summary: 'Give an open user a new secret (answered this once; the old one stops working)',
        body: IdInput,
        response: okResponse(OpenUserSecretSchema),
      },
    },
    async (req) => {
      const row = await openUsers.loadOpenUser(ctx, accessOf(req).id);
      const reset = await openUsers.resetOpenUserSecret(ctx, row);
      await audit(app, req, AuditAction.TOKEN_RESET, row.appKey, { op: 'openuser.resetSecret' });
      return ok(reset);
    },
  );

  app.post(
    '/space/openuser/setStatus',
    {
      config: onOpenUser,
      schema: { tags: ['space'], summary: 'Turn an open user on or off', body: OpenUserStatusBody, response: okNull },
    },
    async (req) => {
      const row = await openUsers.loadOpenUser(ctx, accessOf(req).id);
      await openUsers.setOpenUserStatus(ctx, row.id, req.body.status);
      await audit(app, req, AuditAction.OPEN_USER_CHANGE, row.appKey, { op: req.body.status ? 'enable' : 'disable' });
      return ok(null);
    },
  );

  app.post(
    '/space/openuser/delete',
    { config: onOpenUser, schema: { tags: ['space'], summary: 'Delete an open user', body: IdInput, response: okNull } },
    async (req) => {
      const row = await openUsers.loadOpenUser(ctx, accessOf(req).id);
      await openUsers.deleteOpenUser(ctx, row.id);
      await audit(app, req, AuditAction.OPEN_USER_CHANGE, row.appKey, { op: 'delete' });
      return ok(null);
    },
  );
};
