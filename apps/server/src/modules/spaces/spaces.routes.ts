/** Spaces and their members. */
import type { RoleCode } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { insertId, inTx } from '../../db/database.js';
import { flag, IdString, Name, RoleCodeSchema } from '../../lib/schemas.js';
import { authorizeSpace, membershipsOf, projectRole } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import { addMembers, listMembers, removeMember, updateMember } from '../members.js';
import { indexContainers } from '../search/search-index.js';
import { trashed } from '../trash/trash.schemas.js';
import { trashSpace } from '../trash/trash-deletes.js';

export async function spacesRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect, ids } = app.ctx;

  const view = (s: { id: number; name: string; isCompose: number; creatorName: string; createdAt: number }, role: RoleCode | null) => ({
    id: ids.encode(s.id),
    name: s.name,
    isCompose: s.isCompose,
    creatorName: s.creatorName,
    gmtCreate: s.createdAt,
    role,
  });

  app.post(
    '/space/add',
    {
      schema: {
        tags: ['space'],
        body: Type.Object({
          name: Name(64),
          isCompose: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1 }), Type.Boolean()])),
        }),
      },
    },
    async (req) => {
      const u = requireUser(req);
      const b = req.body as { name: string; isCompose?: number | boolean };
      const now = Date.now();
      const id = await inTx(db, async (tx) => {
        const id = await insertId(tx, dialect, 'spaces', {
          name: b.name.trim(),
          isCompose: flag(b.isCompose),
          creatorId: u.id,
          creatorName: u.nickname,
          modifierId: u.id,
          modifierName: u.nickname,
          createdAt: now,
          updatedAt: now,
        });
        await tx.insertInto('spaceMembers').values({ spaceId: id, userId: u.id, roleCode: 'admin', createdAt: now }).execute();
        await indexContainers(app.ctx, tx, { spaceIds: [id] });
        return id;
      });
      return ok({ id: ids.encode(id) });
    },
  );

  app.get('/space/listNormal', { schema: { tags: ['space'] } }, async (req) => {
    const u = requireUser(req);
    const m = await membershipsOf(req);
    let q = db.selectFrom('spaces').select(['id', 'name', 'isCompose', 'creatorName', 'createdAt']).where('isDeleted', '=', 0);
    if (!u.isSuperAdmin) {
      const spaceIds = [...m.spaces.keys()];
      if (!spaceIds.length) return ok([]);
      q = q.where('id', 'in', spaceIds);
    }
    const rows = await q.orderBy('id').execute();
    return ok(rows.map((s) => view(s, u.isSuperAdmin ? 'admin' : (m.spaces.get(s.id) ?? null))));
  });

  app.get('/space/info', { schema: { tags: ['space'], querystring: Type.Object({ spaceId: IdString }) } }, async (req) => {
    const spaceId = ids.decode((req.query as { spaceId: string }).spaceId, 'space');
    const role = await authorizeSpace(req, spaceId, 'space.read');
    const s = await db.selectFrom('spaces').selectAll().where('id', '=', spaceId).executeTakeFirstOrThrow();
    const admins = await db
      .selectFrom('spaceMembers as m')
      .innerJoin('users as u', 'u.id', 'm.userId')
      .select(['u.nickname'])
      .where('m.spaceId', '=', spaceId)
      .where('m.roleCode', '=', 'admin')
      .execute();
    return ok({ ...view(s, role), adminNames: admins.map((a) => a.nickname) });
  });

  app.post(
    '/space/update',
    { schema: { tags: ['space'], body: Type.Object({ id: IdString, name: Name(64) }), response: okNull } },
    async (req) => {
      const u = requireUser(req);
      const b = req.body as { id: string; name: string };
      const id = ids.decode(b.id, 'space');
      await authorizeSpace(req, id, 'space.update');
      await inTx(db, async (tx) => {
        await tx
          .updateTable('spaces')
          .set({ name: b.name.trim(), modifierId: u.id, modifierName: u.nickname, updatedAt: Date.now() })
          .where('id', '=', id)
          .execute();
        await indexContainers(app.ctx, tx, { spaceIds: [id] });
      });
      return ok(null);
    },
  );

  app.post('/space/delete', { schema: { tags: ['space'], body: Type.Object({ id: IdString }), response: trashed } }, async (req) => {
    const id = ids.decode((req.body as { id: string }).id, 'space');
    await authorizeSpace(req, id, 'space.delete');
    return ok({ trashId: ids.encode(await trashSpace(app, requireUser(req), id)) });
  });

  app.get('/space/project/list', { schema: { tags: ['space'], querystring: Type.Object({ spaceId: IdString }) } }, async (req) => {
    const u = requireUser(req);
    const spaceId = ids.decode((req.query as { spaceId: string }).spaceId, 'space');
    await authorizeSpace(req, spaceId, 'space.read');
    const m = await membershipsOf(req);
    const rows = await db
      .selectFrom('projects')
      .selectAll()
      .where('spaceId', '=', spaceId)
      .where('isDeleted', '=', 0)
      .orderBy('orderIndex')
      .orderBy('id')
      .execute();
    const list = [];
    for (const p of rows) {
      const role = projectRole(u, m, p);
      if (!role) continue;
      list.push({
        id: ids.encode(p.id),
        spaceId: ids.encode(p.spaceId),
        name: p.name,
        description: p.description,
        isPrivate: p.isPrivate,
        creatorName: p.creatorName,
        gmtCreate: p.createdAt,
        role,
      });
    }
    return ok(list);
  });

  // ---- members ----
  app.get('/space/member/all', { schema: { tags: ['space'], querystring: Type.Object({ spaceId: IdString }) } }, async (req) => {
    const spaceId = ids.decode((req.query as { spaceId: string }).spaceId, 'space');
    await authorizeSpace(req, spaceId, 'space.read');
    return ok(await listMembers(app, 'space', spaceId));
  });

  app.post(
    '/space/member/add',
    {
      schema: {
        tags: ['space'],
        body: Type.Object({ spaceId: IdString, userIds: Type.Array(IdString, { minItems: 1, maxItems: 500 }), roleCode: RoleCodeSchema }),
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body as { spaceId: string; userIds: string[]; roleCode: RoleCode };
      const spaceId = ids.decode(b.spaceId, 'space');
      await authorizeSpace(req, spaceId, 'space.manageMembers');
      await addMembers(
        app,
        'space',
        spaceId,
        b.userIds.map((x) => ids.decode(x, 'user')),
        b.roleCode,
      );
      await audit(app, req, AuditAction.MEMBER_ADD, `space:${b.spaceId}`, { userIds: b.userIds, roleCode: b.roleCode });
      return ok(null);
    },
  );

  app.post(
    '/space/member/update',
    { schema: { tags: ['space'], body: Type.Object({ spaceId: IdString, userId: IdString, roleCode: RoleCodeSchema }), response: okNull } },
    async (req) => {
      const b = req.body as { spaceId: string; userId: string; roleCode: RoleCode };
      const spaceId = ids.decode(b.spaceId, 'space');
      await authorizeSpace(req, spaceId, 'space.manageMembers');
      await updateMember(app, 'space', spaceId, ids.decode(b.userId, 'user'), b.roleCode);
      await audit(app, req, AuditAction.MEMBER_ROLE, `space:${b.spaceId}`, { userId: b.userId, roleCode: b.roleCode });
      return ok(null);
    },
  );

  app.post(
    '/space/member/remove',
    { schema: { tags: ['space'], body: Type.Object({ spaceId: IdString, userId: IdString }), response: okNull } },
    async (req) => {
      const b = req.body as { spaceId: string; userId: string };
      const spaceId = ids.decode(b.spaceId, 'space');
      await authorizeSpace(req, spaceId, 'space.manageMembers');
      await removeMember(app, 'space', spaceId, ids.decode(b.userId, 'user'));
      await audit(app, req, AuditAction.MEMBER_REMOVE, `space:${b.spaceId}`, { userId: b.userId });
      return ok(null);
    },
  );
}
