/** Projects and their members. */
import type { RoleCode } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { insertId, inTx } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import { flag, IdString, Name, RoleCodeSchema } from '../../lib/schemas.js';
import { authorizeProject, authorizeSpace, membershipsOf, projectRole } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import { addMembers, listMembers, removeMember, updateMember } from '../members.js';
import { indexContainers } from '../search/search-index.js';
import { trashed } from '../trash/trash.schemas.js';
import { trashProject } from '../trash/trash-deletes.js';

const FlagInput = Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1 }), Type.Boolean()]));

export async function projectsRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect, ids } = app.ctx;

  app.post(
    '/project/add',
    {
      schema: {
        tags: ['project'],
        body: Type.Object({
          spaceId: IdString,
          name: Name(64),
          description: Type.Optional(Type.String({ maxLength: 2000 })),
          isPrivate: FlagInput,
          // Torna's create dialog names the project's admins and members at once (members are developers).
          adminIds: Type.Optional(Type.Array(IdString, { maxItems: 500 })),
          memberIds: Type.Optional(Type.Array(IdString, { maxItems: 500 })),
        }),
      },
    },
    async (req) => {
      const u = requireUser(req);
      const b = req.body as {
        spaceId: string;
        name: string;
        description?: string;
        isPrivate?: number | boolean;
        adminIds?: string[];
        memberIds?: string[];
      };
      const spaceId = ids.decode(b.spaceId, 'space');
      await authorizeSpace(req, spaceId, 'project.create');
      // The creator is an admin; a user named in both lists is an admin.
      const admins = new Set([u.id, ...(b.adminIds ?? []).map((x) => ids.decode(x, 'user'))]);
      const devs = new Set((b.memberIds ?? []).map((x) => ids.decode(x, 'user')).filter((x) => !admins.has(x)));
      const named = [...admins, ...devs];
      const found = await db.selectFrom('users').select('id').where('id', 'in', named).execute();
      if (found.length !== named.length) throw notFound('user');
      const now = Date.now();
      const id = await inTx(db, async (tx) => {
        const id = await insertId(tx, dialect, 'projects', {
          spaceId,
          name: b.name.trim(),
          description: (b.description ?? '').trim(),
          isPrivate: flag(b.isPrivate),
          creatorId: u.id,
          creatorName: u.nickname,
          modifierId: u.id,
          modifierName: u.nickname,
          createdAt: now,
          updatedAt: now,
        });
        await tx
          .insertInto('projectMembers')
          .values([
            ...[...admins].map((userId) => ({ projectId: id, userId, roleCode: 'admin' as const, createdAt: now })),
            ...[...devs].map((userId) => ({ projectId: id, userId, roleCode: 'dev' as const, createdAt: now })),
          ])
          .execute();
        await indexContainers(app.ctx, tx, { projectIds: [id] });
        return id;
      });
      return ok({ id: ids.encode(id) });
    },
  );

  app.get('/project/info', { schema: { tags: ['project'], querystring: Type.Object({ projectId: IdString }) } }, async (req) => {
    const projectId = ids.decode((req.query as { projectId: string }).projectId, 'project');
    const { role } = await authorizeProject(req, projectId, 'project.read');
    const p = await db
      .selectFrom('projects as p')
      .innerJoin('spaces as s', 's.id', 'p.spaceId')
      .selectAll('p')
      .select(['s.name as spaceName'])
      .where('p.id', '=', projectId)
      .executeTakeFirstOrThrow();
    return ok({
      id: ids.encode(p.id),
      spaceId: ids.encode(p.spaceId),
      spaceName: p.spaceName,
      name: p.name,
      description: p.description,
      isPrivate: p.isPrivate,
      creatorName: p.creatorName,
      gmtCreate: p.createdAt,
      role,
    });
  });

  app.get('/project/space', { schema: { tags: ['project'], querystring: Type.Object({ projectId: IdString }) } }, async (req) => {
    const projectId = ids.decode((req.query as { projectId: string }).projectId, 'project');
    await authorizeProject(req, projectId, 'project.read');
    const p = await db
      .selectFrom('projects as p')
      .innerJoin('spaces as s', 's.id', 'p.spaceId')
      .select(['p.id', 'p.name', 's.id as spaceId', 's.name as spaceName'])
      .where('p.id', '=', projectId)
      .executeTakeFirstOrThrow();
    return ok({ spaceId: ids.encode(p.spaceId), spaceName: p.spaceName, projectId: ids.encode(p.id), projectName: p.name });
  });

  app.post(
    '/project/update',
    {
      schema: {
        tags: ['project'],
        body: Type.Object({
          id: IdString,
          name: Type.Optional(Name(64)),
          description: Type.Optional(Type.String({ maxLength: 2000 })),
          isPrivate: FlagInput,
        }),
        response: okNull,
      },
    },
    async (req) => {
      const u = requireUser(req);
      const b = req.body as { id: string; name?: string; description?: string; isPrivate?: number | boolean };
      const id = ids.decode(b.id, 'project');
      await authorizeProject(req, id, 'project.update');
      const patch: Record<string, unknown> = { modifierId: u.id, modifierName: u.nickname, updatedAt: Date.now() };
      if (b.name !== undefined) patch.name = b.name.trim();
      if (b.description !== undefined) patch.description = b.description.trim();
      if (b.isPrivate !== undefined) patch.isPrivate = flag(b.isPrivate);
      await inTx(db, async (tx) => {
        await tx.updateTable('projects').set(patch).where('id', '=', id).execute();
        await indexContainers(app.ctx, tx, { projectIds: [id] });
      });
      return ok(null);
    },
  );

  app.post('/project/delete', { schema: { tags: ['project'], body: Type.Object({ id: IdString }), response: trashed } }, async (req) => {
    const id = ids.decode((req.body as { id: string }).id, 'project');
    await authorizeProject(req, id, 'project.delete');
    return ok({ trashId: ids.encode(await trashProject(app, requireUser(req), id)) });
  });

  /** Every project the user can see, across spaces (preview mode's project picker). */
  app.get('/doc/view/projects', { schema: { tags: ['project'] } }, async (req) => {
    const u = requireUser(req);
    const m = await membershipsOf(req);
    let q = db
      .selectFrom('projects as p')
      .innerJoin('spaces as s', 's.id', 'p.spaceId')
      .select(['p.id', 'p.name', 'p.spaceId', 'p.isPrivate', 's.name as spaceName'])
      .where('p.isDeleted', '=', 0)
      .where('s.isDeleted', '=', 0);
    if (!u.isSuperAdmin) {
      const spaceIds = [...m.spaces.keys()];
      const projectIds = [...m.projects.keys()];
      if (!spaceIds.length && !projectIds.length) return ok([]);
      q = q.where((eb) =>
        eb.or([
          ...(spaceIds.length ? [eb('p.spaceId', 'in', spaceIds)] : []),
          ...(projectIds.length ? [eb('p.id', 'in', projectIds)] : []),
        ]),
      );
    }
    const rows = await q.orderBy('p.spaceId').orderBy('p.orderIndex').orderBy('p.id').execute();
    return ok(
      rows
        .filter((p) => projectRole(u, m, p))
        .map((p) => ({ id: ids.encode(p.id), name: p.name, spaceId: ids.encode(p.spaceId), spaceName: p.spaceName })),
    );
  });

  // ---- members ----
  app.get('/project/member/list', { schema: { tags: ['project'], querystring: Type.Object({ projectId: IdString }) } }, async (req) => {
    const projectId = ids.decode((req.query as { projectId: string }).projectId, 'project');
    await authorizeProject(req, projectId, 'project.read');
    return ok(await listMembers(app, 'project', projectId));
  });

  app.post(
    '/project/member/add',
    {
      schema: {
        tags: ['project'],
        body: Type.Object({ projectId: IdString, userIds: Type.Array(IdString, { minItems: 1, maxItems: 500 }), roleCode: RoleCodeSchema }),
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body as { projectId: string; userIds: string[]; roleCode: RoleCode };
      const projectId = ids.decode(b.projectId, 'project');
      await authorizeProject(req, projectId, 'project.manageMembers');
      await addMembers(
        app,
        'project',
        projectId,
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
      schema: {
        tags: ['project'],
        body: Type.Object({ projectId: IdString, userId: IdString, roleCode: RoleCodeSchema }),
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body as { projectId: string; userId: string; roleCode: RoleCode };
      const projectId = ids.decode(b.projectId, 'project');
      await authorizeProject(req, projectId, 'project.manageMembers');
      await updateMember(app, 'project', projectId, ids.decode(b.userId, 'user'), b.roleCode);
      await audit(app, req, AuditAction.MEMBER_ROLE, `project:${b.projectId}`, { userId: b.userId, roleCode: b.roleCode });
      return ok(null);
    },
  );

  app.post(
    '/project/member/remove',
    { schema: { tags: ['project'], body: Type.Object({ projectId: IdString, userId: IdString }), response: okNull } },
    async (req) => {
      const b = req.body as { projectId: string; userId: string };
      const projectId = ids.decode(b.projectId, 'project');
      await authorizeProject(req, projectId, 'project.manageMembers');
      await removeMember(app, 'project', projectId, ids.decode(b.userId, 'user'));
      await audit(app, req, AuditAction.MEMBER_REMOVE, `project:${b.projectId}`, { userId: b.userId });
      return ok(null);
    },
  );
}
