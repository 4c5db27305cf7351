/**
 * Live docs for signed-in readers: GET /api/live/view answers the revision of the preview tree the reader has
 * open (a project, or a space's visible projects), read like that tree. Open pages poll it about once a
 * second and refetch their tree and doc when it changes. Shares and compose views have their own
 * (shares.routes.ts, compose-public.ts).
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { IdString } from '../../lib/schemas.js';
import { authorizeProject, authorizeSpace } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { visibleProjects } from '../docs/visible-projects.js';
import { projectsRevision, sendRevision } from './revision.js';

/** Registers the live-docs route of the preview. */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const { db, ids } = app.ctx;

  app.get(
    '/live/view',
    {
      schema: {
        tags: ['doc'],
        description: 'The revision of a preview tree (projectId or spaceId); changes when a doc or application in it does. ETag/304.',
        querystring: Type.Object({ projectId: Type.Optional(IdString), spaceId: Type.Optional(IdString) }),
      },
    },
    async (req, reply) => {
      requireUser(req);
      const q = req.query as { projectId?: string; spaceId?: string };
      if (q.projectId) {
        const { projectId } = await authorizeProject(req, ids.decode(q.projectId, 'project'), 'project.read');
        const p = await db.selectFrom('projects').select(['id', 'updatedAt']).where('id', '=', projectId).executeTakeFirstOrThrow();
        return sendRevision(req, reply, await projectsRevision(db, [p]));
      }
      const spaceId = ids.decode(q.spaceId ?? '', 'space');
      await authorizeSpace(req, spaceId, 'space.read');
      return sendRevision(req, reply, await projectsRevision(db, await visibleProjects(req, db, spaceId)));
    },
  );
}
