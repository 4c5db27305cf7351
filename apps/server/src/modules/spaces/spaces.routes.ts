/**
 * Spaces and their members. Each route on a space declares its action on it (the preHandler authorises);
 * creating a space and listing one's own need only a login. Contracts: packages/shared/src/schemas/spaces.ts.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdInput,
  MemberSchema,
  SavedIdSchema,
  SpaceAddBody,
  SpaceIdQuery,
  SpaceInfoSchema,
  SpaceMemberAddBody,
  SpaceMemberRemoveBody,
  SpaceMemberUpdateBody,
  SpaceProjectSchema,
  SpaceSchema,
  SpaceUpdateBody,
} from '@folio/shared';
import { Type } from 'typebox';
import { membershipsOf } from '../../permissions/authorize.js';
import { accessOf } from '../../permissions/declared.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import { addMembers, listMembers, removeMember, updateMember } from '../members.js';
import { trashed } from '../trash/trash.schemas.js';
import { trashSpace } from '../trash/trash-deletes.js';
import * as spaces from './spaces.service.js';

type SpaceAction = 'space.read' | 'space.update' | 'space.delete' | 'space.manageMembers';
const onSpace = (action: SpaceAction, from: 'query.spaceId' | 'body.spaceId' | 'body.id') =>
  ({ action, resource: { kind: 'space', from } }) as const;

export const spacesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const { ids } = ctx;

  app.post(
    '/space/add',
    {
      schema: {
        tags: ['space'],
        summary: 'Create a space (the caller becomes its admin)',
        body: SpaceAddBody,
        response: okResponse(SavedIdSchema),
      },
    },
    async (req) => ok({ id: ids.encode(await spaces.addSpace(ctx, requireUser(req), req.body.name, req.body.isCompose)) }),
  );

  app.get(
    '/space/listNormal',
    {
      schema: {
        tags: ['space'],
        summary: "The caller's spaces (every space for a super admin)",
        response: okResponse(Type.Array(SpaceSchema)),
      },
    },
    async (req) => ok(await spaces.listSpaces(ctx, requireUser(req), await membershipsOf(req))),
  );

  app.get(
    '/space/info',
    {
      config: onSpace('space.read', 'query.spaceId'),
      schema: { tags: ['space'], summary: 'One space', querystring: SpaceIdQuery, response: okResponse(SpaceInfoSchema) },
    },
    async (req) => {
      const a = accessOf(req);
      return ok(await spaces.spaceInfo(ctx, a.id, a.role));
    },
  );

  app.post(
    '/space/update',
    {
      config: onSpace('space.update', 'body.id'),
      schema: { tags: ['space'], summary: 'Rename a space', body: SpaceUpdateBody, response: okNull },
    },
    async (req) => {
      await spaces.renameSpace(ctx, requireUser(req), accessOf(req).id, req.body.name);
      return ok(null);
    },
  );

  app.post(
    '/space/delete',
    {
      config: onSpace('space.delete', 'body.id'),
      schema: { tags: ['space'], summary: 'Move a space to the trash', body: IdInput, response: trashed },
    },
    async (req) => ok({ trashId: ids.encode(await trashSpace(app, requireUser(req), accessOf(req).id)) }),
  );

  app.get(
    '/space/project/list',
    {
      config: onSpace('space.read', 'query.spaceId'),
      schema: {
        tags: ['space'],
        summary: 'The projects of a space the caller may read',
        querystring: SpaceIdQuery,
        response: okResponse(Type.Array(SpaceProjectSchema)),
      },
    },
    async (req) => ok(await spaces.spaceProjects(ctx, requireUser(req), await membershipsOf(req), accessOf(req).id)),
  );

  // ---- members ----
  app.get(
    '/space/member/all',
    {
      config: onSpace('space.read', 'query.spaceId'),
      schema: { tags: ['space'], summary: "A space's members", querystring: SpaceIdQuery, response: okResponse(Type.Array(MemberSchema)) },
    },
    async (req) => ok(await listMembers(app, 'space', accessOf(req).id)),
  );

  app.post(
    '/space/member/add',
    {
      config: onSpace('space.manageMembers', 'body.spaceId'),
      schema: { tags: ['space'], summary: 'Add users to a space with a role', body: SpaceMemberAddBody, response: okNull },
    },
    async (req) => {
      const b = req.body;
      await addMembers(
        app,
        'space',
        accessOf(req).id,
        b.userIds.map((x) => ids.decode(x, 'user')),
        b.roleCode,
      );
      await audit(app, req, AuditAction.MEMBER_ADD, `space:${b.spaceId}`, { userIds: b.userIds, roleCode: b.roleCode });
      return ok(null);
    },
  );

  app.post(
    '/space/member/update',
    {
      config: onSpace('space.manageMembers', 'body.spaceId'),
      schema: { tags: ['space'], summary: "Change a space member's role", body: SpaceMemberUpdateBody, response: okNull },
    },
    async (req) => {
      const b = req.body;
      await updateMember(app, 'space', accessOf(req).id, ids.decode(b.userId, 'user'), b.roleCode);
      await audit(app, req, AuditAction.MEMBER_ROLE, `space:${b.spaceId}`, { userId: b.userId, roleCode: b.roleCode });
      return ok(null);
    },
  );

  app.post(
    '/space/member/remove',
    {
      config: onSpace('space.manageMembers', 'body.spaceId'),
      schema: { tags: ['space'], summary: 'Remove a member from a space', body: SpaceMemberRemoveBody, response: okNull },
    },
    async (req) => {
      const b = req.body;
      await removeMember(app, 'space', accessOf(req).id, ids.decode(b.userId, 'user'));
      await audit(app, req, AuditAction.MEMBER_REMOVE, `space:${b.spaceId}`, { userId: b.userId });
      return ok(null);
    },
  );
};
