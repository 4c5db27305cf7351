/** Constants and error-code pages (rich text) at project and application level. */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { inTx } from '../../db/database.js';
import { validation } from '../../lib/errors.js';
import { authorizeModule, authorizeProject } from '../../permissions/authorize.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { indexModuleExtras } from '../search/search-index.js';

const Target = {
  projectId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  moduleId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
};

export async function constantsRoutes(app: FastifyInstance): Promise<void> {
  const { db, ids } = app.ctx;

  /** Resolves the page's owner from projectId or moduleId (exactly one) after authorizing the action. */
  async function target(req: Parameters<typeof authorizeProject>[0], q: { projectId?: string; moduleId?: string }, write: boolean) {
    if (!!q.projectId === !!q.moduleId) throw validation([{ field: 'projectId', message: 'give projectId or moduleId' }]);
    if (q.moduleId) {
      const moduleId = ids.decode(q.moduleId, 'module');
      await authorizeModule(req, moduleId, write ? 'constant.update' : 'project.read');
      return { projectId: 0, moduleId };
    }
    const projectId = ids.decode(q.projectId, 'project');
    await authorizeProject(req, projectId, write ? 'constant.update' : 'project.read');
    return { projectId, moduleId: 0 };
  }

  app.get(
    '/constant/get',
    {
      schema: {
        tags: ['constant'],
        querystring: Type.Object(Target),
        response: okResponse(Type.Object({ content: Type.String(), gmtModified: Type.Number() })),
      },
    },
    async (req) => {
      const t = await target(req, req.query as { projectId?: string; moduleId?: string }, false);
      const row = await db
        .selectFrom('constantInfos')
        .select(['content', 'updatedAt'])
        .where('projectId', '=', t.projectId)
        .where('moduleId', '=', t.moduleId)
        .where('docId', '=', 0)
        .executeTakeFirst();
      return ok({ content: row?.content ?? '', gmtModified: Number(row?.updatedAt ?? 0) });
    },
  );

  app.post(
    '/constant/save',
    {
      schema: {
        tags: ['constant'],
        body: Type.Object({ ...Target, content: Type.String({ maxLength: 2_000_000 }) }),
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body as { projectId?: string; moduleId?: string; content: string };
      const t = await target(req, b, true);
      const now = Date.now();
      await inTx(db, async (tx) => {
        const cur = await tx
          .selectFrom('constantInfos')
          .select('id')
          .where('projectId', '=', t.projectId)
          .where('moduleId', '=', t.moduleId)
          .where('docId', '=', 0)
          .executeTakeFirst();
        if (cur) await tx.updateTable('constantInfos').set({ content: b.content, updatedAt: now }).where('id', '=', cur.id).execute();
        else
          await tx
            .insertInto('constantInfos')
            .values({ ...t, docId: 0, content: b.content, createdAt: now, updatedAt: now })
            .execute();
        if (t.moduleId) await indexModuleExtras(app.ctx, tx, [t.moduleId]);
      });
      return ok(null);
    },
  );
}
