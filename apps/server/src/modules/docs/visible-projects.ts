/** The live projects of a space the reader may see, in tree order (the space tree and its live revision). */
import { type RoleCode, roleAllows } from '@folio/shared';
import type { FastifyRequest } from 'fastify';
import { PostgresAdapter, SqliteAdapter, sql } from 'kysely';
import type { Conn, Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { sha256 } from '../../lib/crypto.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { type Memberships, membershipsOf, projectRole, spaceRole } from '../../permissions/authorize.js';
import { readToken, requireUser, type SessionRead, sessionQuery } from '../../plugins/auth.js';
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
 * A live space's rows for the reader `u` (of the enclosing session statement), as one JSON array: the space with
 * the reader's membership, its live projects with the reader's memberships, their live applications with their
 * tree revisions and both order indexes. One value instead of a row per application: each row would repeat the
 * session's columns, and every field a read brings back costs the server more than the round trip it saves
 * (bench/RESULTS.md, session 21 hT). Only the aggregate's name differs between the dialects; the order is
 * restored in JavaScript (MySQL's JSON_ARRAYAGG takes no ORDER BY).
 */
function spaceJson(db: Db, spaceId: number) {
  const adapter = db.getExecutor().adapter;
  const [agg, array] =
    adapter instanceof PostgresAdapter
      ? ['json_agg', 'json_build_array']
      : adapter instanceof SqliteAdapter
        ? ['json_group_array', 'json_array']
        : ['json_arrayagg', 'json_array'];
  return sql<unknown[][] | string | null>`(select ${sql.raw(agg)}(${sql.raw(array)}(sp.id, sm.role_code, p.id, p.name, p.is_private,
      pm.role_code, m.id, m.name, tr.rev, p.order_index, m.order_index))
    from spaces sp
    left join space_members sm on sm.space_id = sp.id and sm.user_id = u.id
    left join projects p on p.space_id = sp.id and p.is_deleted = 0
    left join project_members pm on pm.project_id = p.id and pm.user_id = u.id
    left join modules m on m.project_id = p.id and m.is_deleted = 0
    left join tree_revisions tr on tr.module_id = m.id
    where sp.id = ${spaceId} and sp.is_deleted = 0 and u.id is not null)`;
}

/** The session statement (plugins/auth.ts) with the space's rows (spaceJson) as its `space` column; compiled once. */
const spaceTreeRows = prepared(3, (db: Db, hash: string, now: number, spaceId: number) =>
  sessionQuery(db, hash, now).select(spaceJson(db, spaceId).as('space')),
);

type SpaceTreeRead = Awaited<ReturnType<typeof spaceTreeRows>>;

interface SpaceTreeRow {
  spaceRole: string | null;
  projectId: number | null;
  projectName: string | null;
  isPrivate: number | null;
  projectRole: string | null;
  moduleId: number | null;
  moduleName: string | null;
  rev: number | null;
}

/** The rows of a space (empty when it is missing or deleted) in tree order: projects, then their applications. */
function spaceRows(read: SpaceTreeRead): SpaceTreeRow[] {
  const raw = read[0]?.space ?? [];
  // PostgreSQL's driver parses JSON; SQLite and MariaDB give its text.
  const items = (typeof raw === 'string' ? JSON.parse(raw) : raw) as (number | string | null)[][];
  const n = (x: number | string | null) => Number(x ?? 0);
  items.sort((x, y) => n(x[9]) - n(y[9]) || n(x[2]) - n(y[2]) || n(x[10]) - n(y[10]) || n(x[6]) - n(y[6]));
  return items.map((a) => ({
    spaceRole: a[1] as string | null,
    projectId: a[2] as number | null,
    projectName: a[3] as string | null,
    isPrivate: a[4] as number | null,
    projectRole: a[5] as string | null,
    moduleId: a[6] as number | null,
    moduleName: a[7] as string | null,
    rev: a[8] as number | null,
  }));
}

/**
 * The space tree route's first statement (its config `sessionRead`): the session and the space's rows in one
 * round trip. Null when the query names no space id (the handler refuses it).
 */
export const spaceTreeSession: SessionRead = (req, hash, now) => {
  const raw = (req.query as { spaceId?: unknown }).spaceId;
  const spaceId = typeof raw === 'string' ? req.server.ctx.ids.tryDecode(raw) : null;
  return spaceId ? spaceTreeRows(req.server.ctx.db, hash, now, spaceId) : null;
};

/**
 * Authorizes `space.read` and returns the projects the reader may see and their applications (each with its tree
 * revision), in tree order. A missing space is 'space not found'; a space the reader is not in, not found.
 * The rows come from the request's first statement (spaceTreeSession), or are read here.
 */
export async function readableSpaceTree(req: FastifyRequest, db: Db, spaceId: number) {
  const u = requireUser(req);
  // Only this route's sessionRead fills req.sessionRows, from the same query's space id.
  const read = (req.sessionRows as SpaceTreeRead | null) ?? (await spaceTreeRows(db, sha256(readToken(req) ?? ''), Date.now(), spaceId));
  const rows = spaceRows(read);
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
