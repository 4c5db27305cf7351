/** The live projects of a space the reader may see, in tree order (the space tree and its live revision). */
import { type RoleCode, roleAllows } from '@folio/shared';
import type { FastifyRequest } from 'fastify';
import type { Conn, Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { type Memberships, membershipsOf, projectRole, spaceRole } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import type { TreeModule } from './doc-tree.js';

export async function visibleProjects(req: FastifyRequest, conn: Conn, spaceId: number) {
  const u = requireUser(req);
  const m = await membershipsOf(req);
  const projects = await conn
    .selectFrom('projects')
    .select(['id', 'name', 'spaceId', 'isPrivate', 'updatedAt'])
    .where('spaceId', '=', spaceId)
    .where('isDeleted', '=', 0)
    .orderBy('orderIndex')
    .orderBy('id')
    .execute();
  return projects.filter((p) => projectRole(u, m, p));
}

/**
 * A live space with the reader's membership, its live projects with the reader's memberships, and their live
 * applications with their tree revisions: everything a space tree read checks, in one statement (it runs on
 * every tree read, so it is compiled once).
 */
const spaceTreeRows = prepared(2, (db: Db, spaceId: number, userId: number) =>
  db
    .selectFrom('spaces as s')
    .leftJoin('spaceMembers as sm', (j) => j.onRef('sm.spaceId', '=', 's.id').on('sm.userId', '=', userId))
    .leftJoin('projects as p', (j) => j.onRef('p.spaceId', '=', 's.id').on('p.isDeleted', '=', 0))
    .leftJoin('projectMembers as pm', (j) => j.onRef('pm.projectId', '=', 'p.id').on('pm.userId', '=', userId))
    .leftJoin('modules as m', (j) => j.onRef('m.projectId', '=', 'p.id').on('m.isDeleted', '=', 0))
    .leftJoin('treeRevisions as r', 'r.moduleId', 'm.id')
    .select(['sm.roleCode as spaceRole', 'p.id as projectId', 'p.name as projectName', 'p.isPrivate', 'pm.roleCode as projectRole'])
    .select(['m.id as moduleId', 'm.name as moduleName', 'r.rev'])
    .where('s.id', '=', spaceId)
    .where('s.isDeleted', '=', 0)
    .orderBy('p.orderIndex')
    .orderBy('p.id')
    .orderBy('m.orderIndex')
    .orderBy('m.id'),
);

/**
 * Authorizes `space.read` and returns the projects the reader may see and their applications (each with its tree
 * revision), in tree order. A missing space is 'space not found'; a space the reader is not in, not found.
 */
export async function readableSpaceTree(req: FastifyRequest, db: Db, spaceId: number) {
  const u = requireUser(req);
  const rows = await spaceTreeRows(db, spaceId, u.id);
  if (!rows.length) throw notFound('space');
  const m: Memberships = { spaces: new Map(), projects: new Map() };
  if (rows[0].spaceRole) m.spaces.set(spaceId, rows[0].spaceRole as RoleCode);
  for (const r of rows) if (r.projectId && r.projectRole) m.projects.set(r.projectId, r.projectRole as RoleCode);
  const role = spaceRole(u, m, spaceId);
  if (!role) throw notFound();
  if (!roleAllows('space.read', role)) throw forbidden();
  const visible: { id: number; name: string }[] = [];
  const modules: TreeModule[] = [];
  for (const r of rows) {
    if (!r.projectId || !projectRole(u, m, { id: r.projectId, spaceId, isPrivate: r.isPrivate ?? 0 })) continue;
    if (visible.at(-1)?.id !== r.projectId) visible.push({ id: r.projectId, name: r.projectName ?? '' });
    if (r.moduleId) modules.push({ id: r.moduleId, name: r.moduleName ?? '', projectId: r.projectId, rev: Number(r.rev ?? 0) });
  }
  return { visible, modules };
}
