/**
 * Live docs for signed-in readers: GET /api/live/view answers the revision of the preview tree the reader has
 * open (a project, or a space's visible projects), read like that tree. Open pages poll it about once a
 * second and refetch their tree and doc when it changes. Shares and compose views have their own
 * (shares.routes.ts, compose-public.ts). Authorised by hand: the query names a project or a space (a project
 * when both), read as that tree is (docs/ARCHITECTURE.md).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdString, RevisionSchema } from '@folio/shared';
import { Type } from 'typebox';
import { authorizeProject, authorizeSpace } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { okResponse } from '../../plugins/envelope.js';
import { sendRevision, viewRevision } from './revision.js';

/** Registers the live-docs route of the preview. */
export const liveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, ids } = app.ctx;

  app.get(
    '/live/view',
    {
      schema: {
        tags: ['doc'],
        description: 'The revision of a preview tree (projectId or spaceId); changes when a doc or application in it does. ETag/304.',
        querystring: Type.Object({ projectId: Type.Optional(IdString), spaceId: Type.Optional(IdString) }),
        response: okResponse(RevisionSchema),
      },
    },
    async (req, reply) => {
      requireUser(req);
      const q = req.query;
      if (q.projectId) {
        const { projectId } = await authorizeProject(req, ids.decode(q.projectId, 'project'), 'project.read');
        return sendRevision(req, reply, await viewRevision(req, db, { projectId }));
      }
      const spaceId = ids.decode(q.spaceId ?? '', 'space');
      await authorizeSpace(req, spaceId, 'space.read');
      return sendRevision(req, reply, await viewRevision(req, db, { spaceId }));
    },
  );
};
