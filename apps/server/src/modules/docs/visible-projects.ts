/** The live projects of a space the reader may see, in tree order (the space tree and its live revision). */
import type { FastifyRequest } from 'fastify';
import type { Conn } from '../../db/database.js';
import { membershipsOf, projectRole } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';

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
