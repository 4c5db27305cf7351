/** The trash: list what was deleted, restore it in place, or purge it. Who may restore: whoever could delete. */
import type { Action, RoleCode } from '@folio/shared';
import { roleAllows } from '@folio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inTx } from '../../db/database.js';
import { registerPeriodic } from '../../jobs/queue.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { type Memberships, membershipsOf, projectRole, spaceRole } from '../../permissions/authorize.js';
import { requireUser, type SessionUser } from '../../plugins/auth.js';
import { ok, okNull } from '../../plugins/envelope.js';
import { RestoreAnswer, RetentionBody, TrashIdBody, TrashList, TrashListQuery } from './trash.schemas.js';
import { payloadOf, purgeExpired, purgeTrash, RETENTION_KEY, restoreTrash, retentionDays, storedRole } from './trash.service.js';

type ItemRow = { id: number; kind: string; spaceId: number; projectId: number; payload: string };
type ProjectRow = { id: number; spaceId: number; isPrivate: number; isDeleted: number };

const ACTION: Record<string, Action> = {
  doc: 'doc.delete',
  folder: 'doc.delete',
  module: 'module.delete',
  project: 'project.delete',
  space: 'space.delete',
};

/** The caller's role for a trash item: null when the item is invisible to them. */
function roleFor(user: SessionUser, m: Memberships, item: ItemRow, project: ProjectRow | undefined): RoleCode | null {
  if (user.isSuperAdmin) return 'admin';
  if (item.kind === 'space') return storedRole(payloadOf(item).spaceMembers, item.spaceId, user.id) as RoleCode | null;
  if (item.kind === 'project') {
    const own = storedRole(payloadOf(item).projectMembers, item.projectId, user.id) as RoleCode | null;
    if (own) return own;
    if (project?.isPrivate) return null;
    const sr = spaceRole(user, m, item.spaceId);
    return sr === 'admin' ? 'admin' : sr ? 'guest' : null;
  }
  if (!project || project.isDeleted) return null;
  return projectRole(user, m, project);
}

async function projectsOf(req: FastifyRequest, items: ItemRow[]): Promise<Map<number, ProjectRow>> {
  const ids = [...new Set(items.map((i) => i.projectId).filter(Boolean))];
  if (!ids.length) return new Map();
  const rows = await req.server.ctx.db
    .selectFrom('projects')
    .select(['id', 'spaceId', 'isPrivate', 'isDeleted'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Loads a trash item the caller may restore or purge (404 when invisible, 403 when not allowed). */
async function authorizeItem(req: FastifyRequest, encodedId: string): Promise<number> {
  const user = requireUser(req);
  const { db, ids } = req.server.ctx;
  const id = ids.decode(encodedId, 'trash');
  const item = await db
    .selectFrom('trashItems')
    .select(['id', 'kind', 'spaceId', 'projectId', 'payload'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!item) throw notFound('trash');
  const role = roleFor(user, await membershipsOf(req), item, (await projectsOf(req, [item])).get(item.projectId));
  if (!role) throw notFound('trash');
  if (!roleAllows(ACTION[item.kind] ?? 'space.delete', role)) throw forbidden();
  return id;
}

export async function trashRoutes(app: FastifyInstance): Promise<void> {
  const { db, ids } = app.ctx;
  let lastPurge = 0;
  registerPeriodic(async (a) => {
    // Any server's workers may purge (an hourly look; purging twice is harmless).
    if (Date.now() - lastPurge < 3_600_000) return;
    lastPurge = Date.now();
    await purgeExpired(a.ctx.db);
  });

  app.get('/trash/list', { schema: { tags: ['trash'], querystring: TrashListQuery, response: TrashList } }, async (req) => {
    const user = requireUser(req);
    const q = req.query as { spaceId?: string; q?: string; pageIndex?: number; pageSize?: number };
    const m = await membershipsOf(req);
    let query = db
      .selectFrom('trashItems as t')
      .leftJoin('spaces as s', 's.id', 't.spaceId')
      .select([
        't.id',
        't.kind',
        't.targetId',
        't.spaceId',
        't.projectId',
        't.name',
        't.path',
        't.itemCount',
        't.payload',
        't.deletedByName',
        't.deletedAt',
        's.name as spaceName',
      ])
      .orderBy('t.deletedAt', 'desc')
      .orderBy('t.id', 'desc');
    if (q.spaceId) query = query.where('t.spaceId', '=', ids.decode(q.spaceId, 'space'));
    else if (!user.isSuperAdmin) {
      // Items of the user's spaces, and spaces that were deleted (their stored members decide).
      const spaces = [...m.spaces.keys()];
      query = query.where((eb) =>
        spaces.length ? eb.or([eb('t.spaceId', 'in', spaces), eb('t.kind', '=', 'space')]) : eb('t.kind', '=', 'space'),
      );
    }
    const text = q.q?.trim();
    if (text) {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([eb('t.name', 'like', like), eb('t.path', 'like', like)]));
    }
    const rows = await query.limit(5_000).execute();
    const projects = await projectsOf(req, rows);
    const visible = rows.filter((r) => {
      const role = roleFor(user, m, r, projects.get(r.projectId));
      return role !== null && roleAllows(ACTION[r.kind] ?? 'space.delete', role);
    });
    const days = await retentionDays(db);
    const size = q.pageSize ?? 20;
    const start = ((q.pageIndex ?? 1) - 1) * size;
    return ok({
      total: visible.length,
      retentionDays: days,
      list: visible.slice(start, start + size).map((r) => ({
        id: ids.encode(r.id),
        kind: r.kind as 'doc',
        name: r.name,
        path: r.path,
        spaceId: ids.encode(r.spaceId),
        spaceName: r.spaceName ?? '',
        itemCount: r.itemCount,
        deletedBy: r.deletedByName,
        deletedAt: r.deletedAt,
        purgeAt: days ? r.deletedAt + days * 86_400_000 : null,
      })),
    });
  });

  app.post('/trash/restore', { schema: { tags: ['trash'], body: TrashIdBody, response: RestoreAnswer } }, async (req) => {
    const id = await authorizeItem(req, (req.body as { id: string }).id);
    return ok(await restoreTrash(app, requireUser(req), id));
  });

  app.post('/trash/purge', { schema: { tags: ['trash'], body: TrashIdBody, response: okNull } }, async (req) => {
    const id = await authorizeItem(req, (req.body as { id: string }).id);
    await purgeTrash(db, id);
    return ok(null);
  });

  app.post(
    '/trash/setting',
    { config: { auth: 'super' }, schema: { tags: ['trash'], body: RetentionBody, response: okNull } },
    async (req) => {
      const days = (req.body as { retentionDays: number }).retentionDays;
      await inTx(db, async (tx) => {
        await tx.deleteFrom('systemConfigs').where('configKey', '=', RETENTION_KEY).execute();
        await tx
          .insertInto('systemConfigs')
          .values({
            configKey: RETENTION_KEY,
            configValue: String(days),
            remark: 'trash retention in days (0: keep)',
            updatedAt: Date.now(),
          })
          .execute();
      });
      return ok(null);
    },
  );
}
