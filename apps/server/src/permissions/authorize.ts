/**
 * Role resolution and authorization, in one place. The effective role is resolved from preloaded
 * memberships: super admin → project membership → (public projects) space membership as guest
 * (space admins as admin). Private projects: members only.
 * A resource the actor may not read answers as missing; a write it may not do answers forbidden.
 */
import { ACTIONS, type Action, type RoleCode, roleAllows } from '@folio/shared';
import type { FastifyRequest } from 'fastify';
import type { Conn, Db } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import { forbidden, notFound, unauthorized } from '../lib/errors.js';
import type { SessionUser } from '../plugins/auth.js';

export interface Memberships {
  spaces: Map<number, RoleCode>;
  projects: Map<number, RoleCode>;
}

const cache = new WeakMap<FastifyRequest, Promise<Memberships>>();

const spaceRows = prepared(1, (db: Db, userId: number) =>
  db.selectFrom('spaceMembers').select(['spaceId', 'roleCode']).where('userId', '=', userId),
);
const projectRows = prepared(1, (db: Db, userId: number) =>
  db.selectFrom('projectMembers').select(['projectId', 'roleCode']).where('userId', '=', userId),
);

/** Loads all memberships of a user in two queries (built once; read on every request that checks a role). */
export async function loadMemberships(conn: Conn, userId: number): Promise<Memberships> {
  const [spaces, projects] = await Promise.all([spaceRows(conn, userId), projectRows(conn, userId)]);
  return {
    spaces: new Map(spaces.map((r) => [r.spaceId, r.roleCode as RoleCode])),
    projects: new Map(projects.map((r) => [r.projectId, r.roleCode as RoleCode])),
  };
}

/** Memberships of the request's user, read from the database once per request. */
export function membershipsOf(req: FastifyRequest): Promise<Memberships> {
  let p = cache.get(req);
  if (!p) {
    if (!req.user) return Promise.resolve({ spaces: new Map(), projects: new Map() });
    p = loadMemberships(req.server.ctx.db, req.user.id);
    cache.set(req, p);
  }
  return p;
}

/** The effective role in a space, or null. */
export function spaceRole(user: SessionUser, m: Memberships, spaceId: number): RoleCode | null {
  if (user.isSuperAdmin) return 'admin';
  return m.spaces.get(spaceId) ?? null;
}

export interface ProjectRef {
  id: number;
  spaceId: number;
  isPrivate: number;
}

/** The effective role in a project, or null when the project is invisible to the user. */
export function projectRole(user: SessionUser, m: Memberships, p: ProjectRef): RoleCode | null {
  if (user.isSuperAdmin) return 'admin';
  const own = m.projects.get(p.id);
  if (own) return own;
  if (p.isPrivate) return null;
  const sr = m.spaces.get(p.spaceId);
  if (!sr) return null;
  return sr === 'admin' ? 'admin' : 'guest';
}

function check(action: Action, role: RoleCode | null): void {
  if (!role) throw notFound();
  if (!roleAllows(action, role)) throw forbidden();
}

/** Authorizes an action on a space; returns the role. */
export async function authorizeSpace(req: FastifyRequest, spaceId: number, action: Action): Promise<RoleCode> {
  const user = req.user;
  if (!user) throw unauthorized();
  if (ACTIONS[action].scope !== 'space') throw new Error(`${action} is not a space action`);
  const space = await req.server.ctx.db
    .selectFrom('spaces')
    .select(['id'])
    .where('id', '=', spaceId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!space) throw notFound('space');
  const role = spaceRole(user, await membershipsOf(req), spaceId);
  check(action, role);
  return role as RoleCode;
}

/** Authorizes an action on a project; returns the project's ids and the role. */
export async function authorizeProject(
  req: FastifyRequest,
  projectId: number,
  action: Action,
): Promise<{ projectId: number; spaceId: number; role: RoleCode }> {
  const user = req.user;
  if (!user) throw unauthorized();
  const p = await req.server.ctx.db
    .selectFrom('projects')
    .select(['id', 'spaceId', 'isPrivate'])
    .where('id', '=', projectId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!p) throw notFound('project');
  const role = projectRole(user, await membershipsOf(req), p);
  check(action, role);
  return { projectId: p.id, spaceId: p.spaceId, role: role as RoleCode };
}

/** Authorizes an action on an application (module). */
export async function authorizeModule(
  req: FastifyRequest,
  moduleId: number,
  action: Action,
): Promise<{ moduleId: number; projectId: number; spaceId: number; role: RoleCode }> {
  const user = req.user;
  if (!user) throw unauthorized();
  const r = await req.server.ctx.db
    .selectFrom('modules as m')
    .innerJoin('projects as p', 'p.id', 'm.projectId')
    .select(['m.id as moduleId', 'p.id', 'p.spaceId', 'p.isPrivate'])
    .where('m.id', '=', moduleId)
    .where('m.isDeleted', '=', 0)
    .where('p.isDeleted', '=', 0)
    .executeTakeFirst();
  if (!r) throw notFound('module');
  const role = projectRole(user, await membershipsOf(req), r);
  check(action, role);
  return { moduleId: r.moduleId, projectId: r.id, spaceId: r.spaceId, role: role as RoleCode };
}

/** Authorizes an action on a doc or folder. */
export async function authorizeDoc(
  req: FastifyRequest,
  docId: number,
  action: Action,
): Promise<{ docId: number; moduleId: number; projectId: number; spaceId: number; role: RoleCode }> {
  const user = req.user;
  if (!user) throw unauthorized();
  const r = await req.server.ctx.db
    .selectFrom('docs as d')
    .innerJoin('modules as m', 'm.id', 'd.moduleId')
    .innerJoin('projects as p', 'p.id', 'm.projectId')
    .select(['d.id as docId', 'm.id as moduleId', 'p.id', 'p.spaceId', 'p.isPrivate'])
    .where('d.id', '=', docId)
    .where('d.isDeleted', '=', 0)
    .where('m.isDeleted', '=', 0)
    .where('p.isDeleted', '=', 0)
    .executeTakeFirst();
  if (!r) throw notFound('doc');
  const role = projectRole(user, await membershipsOf(req), r);
  check(action, role);
  return { docId: r.docId, moduleId: r.moduleId, projectId: r.id, spaceId: r.spaceId, role: role as RoleCode };
}
