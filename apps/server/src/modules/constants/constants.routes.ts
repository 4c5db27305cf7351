/**
 * Constants and error-code pages (rich text) at project and application level. The route names the owner
 * with projectId or moduleId (exactly one); declared authorisation checks the action on it.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ConstantPageSchema, ConstantQuery, ConstantSaveBody } from '@folio/shared';
import { inTx } from '../../db/database.js';
import { type Access, accessOf } from '../../permissions/declared.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { indexModuleExtras } from '../search/search-index.js';
import * as repo from './constants.repo.js';

/** The page's owner, from the declared resource the preHandler authorised. */
const ownerOf = (a: Access): repo.PageOwner => (a.moduleId ? { projectId: 0, moduleId: a.id } : { projectId: a.id, moduleId: 0 });

const owner = (part: 'query' | 'body') =>
  [
    { kind: 'project', from: `${part}.projectId` },
    { kind: 'module', from: `${part}.moduleId` },
  ] as const;

export const constantsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/constant/get',
    {
      config: { action: 'project.read', resource: owner('query') },
      schema: {
        tags: ['constant'],
        summary: 'The constants page of a project or application',
        querystring: ConstantQuery,
        response: okResponse(ConstantPageSchema),
      },
    },
    async (req) => {
      const row = await repo.findPage(ctx.db, ownerOf(accessOf(req)));
      return ok({ content: row?.content ?? '', gmtModified: Number(row?.updatedAt ?? 0) });
    },
  );

  app.post(
    '/constant/save',
    {
      config: { action: 'constant.update', resource: owner('body') },
      schema: {
        tags: ['constant'],
        summary: 'Save the constants page of a project or application',
        body: ConstantSaveBody,
        response: okNull,
      },
    },
    async (req) => {
      const o = ownerOf(accessOf(req));
      await inTx(ctx.db, async (tx) => {
        await repo.writePage(tx, o, req.body.content, Date.now());
        // An application's page is searchable.
        if (o.moduleId) await indexModuleExtras(ctx, tx, [o.moduleId]);
      });
      return ok(null);
    },
  );
};
