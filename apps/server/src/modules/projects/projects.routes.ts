/**
 * Projects and their members. Each route declares its action on the space or project it names (the
 * preHandler authorises); the reader's project picker needs only a login. Contracts:
 * packages/shared/src/schemas/projects.ts.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdInput,
  MemberSchema,
  ProjectAddBody,
  ProjectIdQuery,
  ProjectInfoSchema,
  ProjectMemberAddBody,
  ProjectMemberRemoveBody,
  ProjectMemberUpdateBody,
  ProjectPlaceSchema,
  ProjectUpdateBody,
  SavedIdSchema,
  ViewProjectSchema,
} from '@folio/shared';
import { Type } from 'typebox';
import { membershipsOf } from '../../permissions/authorize.js';
import { accessOf } from '../../permissions/declared.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import { addMembers, listMembers, removeMember, updateMember } from '../members.js';
import { trashed } from '../trash/trash.schemas.js';
import { trashProject } from '../trash/trash-deletes.js';
import * as projects from './projects.service.js';

type ProjectAction = 'project.read' | 'project.update' | 'project.delete' | 'project.manageMembers';
const onProject = (action: ProjectAction, from: 'query.projectId' | 'body.projectId' | 'body.id') =>
  ({ action, resource: { kind: 'project', from } }) as const;

export const projectsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const { ids } = ctx;

  app.post(
    '/project/add',
    {
      config: { action: 'project.create', resource: { kind: 'space', from: 'body.spaceId' } },
      schema: { tags: ['project'], summary: 'Create a project in a space', body: ProjectAddBody, response: okResponse(SavedIdSchema) },
    },
    async (req) => ok({ id: ids.encode(await projects.addProject(ctx, requireUser(req), accessOf(req).id, req.body)) }),
  );

  app.get(
    '/project/info',
    {
      config: onProject('project.read', 'query.projectId'),
      schema: { tags: ['project'], summary: 'One project', querystring: ProjectIdQuery, response: okResponse(ProjectInfoSchema) },
    },
    async (req) => {
      const a = accessOf(req);
      return ok(await projects.projectInfo(ctx, a.id, a.role));
    },
  );

  app.get(
    '/project/space',
    {
      config: onProject('project.read', 'query.projectId'),
      schema: {
        tags: ['project'],
        summary: 'Where a project lives',
        querystring: ProjectIdQuery,
        response: okResponse(ProjectPlaceSchema),
      },
    },
    async (req) => ok(await projects.projectPlace(ctx, accessOf(req).id)),
  );

  app.post(
    '/project/update',
    {
      config: onProject('project.update', 'body.id'),
      schema: { tags: ['project'], summary: "Change a project's name, description or privacy", body: ProjectUpdateBody, response: okNull },
    },
    async (req) => {
      await projects.updateProject(ctx, requireUser(req), accessOf(req).id, req.body);
      return ok(null);
    },
  );

  app.post(
    '/project/delete',
    {
      config: onProject('project.delete', 'body.id'),
      schema: { tags: ['project'], summary: 'Move a project to the trash', body: IdInput, response: trashed },
    },
    async (req) => ok({ trashId: ids.encode(await trashProject(app, requireUser(req), accessOf(req).id)) }),
  );

  app.get(
    '/doc/view/projects',
    {
      schema: {
        tags: ['project'],
        summary: 'Every project the caller may read, across spaces (preview mode)',
        response: okResponse(Type.Array(ViewProjectSchema)),
      },
    },
    async (req) => ok(await projects.viewProjects(ctx, requireUser(req), await membershipsOf(req))),
  );

  // ---- members ----
  app.get(
    '/project/member/list',
    {
      config: onProject('project.read', 'query.projectId'),
      schema: {
        tags: ['project'],
        summary: "A project's members",
        querystring: ProjectIdQuery,
        response: okResponse(Type.Array(MemberSchema)),
      },
    },
    async (req) => ok(await listMembers(app, 'project', accessOf(req).id)),
  );

  app.post(
    '/project/member/add',
    {
      config: onProject('project.manageMembers', 'body.projectId'),
      schema: { tags: ['project'], summary: 'Add users to a project with a role', body: ProjectMemberAddBody, response: okNull },
    },
    async (req) => {
      const b = req.body;
      await addMembers(
        app,
        'project',
        accessOf(req).id,
        b.userIds.map((x) => ids.decode(x, 'user')),
        b.roleCode,
      );
      await audit(app, req, AuditAction.MEMBER_ADD, `project:${b.projectId}`, { userIds: b.userIds, roleCode: b.roleCode });
      return ok(null);
    },
  );

  app.post(
    '/project/member/update',
    {
      config: onProject('project.manageMembers', 'body.projectId'),
      schema: { tags: ['project'], summary: "Change a project member's role", body: ProjectMemberUpdateBody, response: okNull },
    },
    async (req) => {
      const b = req.body;
      await updateMember(app, 'project', accessOf(req).id, ids.decode(b.userId, 'user'), b.roleCode);
      await audit(app, req, AuditAction.MEMBER_ROLE, `project:${b.projectId}`, { userId: b.userId, roleCode: b.roleCode });
      return ok(null);
    },
  );

  app.post(
    '/project/member/remove',
    {
      config: onProject('project.manageMembers', 'body.projectId'),
      schema: { tags: ['project'], summary: 'Remove a member from a project', body: ProjectMemberRemoveBody, response: okNull },
    },
    async (req) => {
      const b = req.body;
      await removeMember(app, 'project', accessOf(req).id, ids.decode(b.userId, 'user'));
      await audit(app, req, AuditAction.MEMBER_REMOVE, `project:${b.projectId}`, { userId: b.userId });
      return ok(null);
    },
  );
};
