/**
 * The trash: list what was deleted, restore it in place, or purge it. Who may restore: whoever could delete
 * (trash-access.ts, by hand: the item's kind picks the action). Contracts: packages/shared/src/schemas/trash.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RetentionInput, TrashIdInput, TrashListQuery, TrashPageSchema, TrashRestoredSchema } from '@folio/shared';
import { registerPeriodic } from '../../jobs/queue.js';
import { membershipsOf } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { setRetention } from './trash.repo.js';
import { purgeExpired, purgeTrash, RETENTION_KEY, restoreTrash } from './trash.service.js';
import { itemToUndo, listTrash } from './trash-access.js';

const tags = ['trash'];

export const trashRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  let lastPurge = 0;
  registerPeriodic(async (a) => {
    // Any server's workers may purge (an hourly look; purging twice is harmless).
    if (Date.now() - lastPurge < 3_600_000) return;
    lastPurge = Date.now();
    await purgeExpired(a.ctx.db);
  });

  app.get(
    '/trash/list',
    {
      schema: {
        tags,
        summary: 'What the caller could undo: deleted docs, folders, applications, projects and spaces',
        querystring: TrashListQuery,
        response: okResponse(TrashPageSchema),
      },
    },
    async (req) => ok(await listTrash(ctx, requireUser(req), await membershipsOf(req), req.query)),
  );

  app.post(
    '/trash/restore',
    {
      schema: {
        tags,
        summary: 'Undo a delete: bring the item back in place',
        body: TrashIdInput,
        response: okResponse(TrashRestoredSchema),
      },
    },
    async (req) => {
      const user = requireUser(req);
      const id = await itemToUndo(ctx, user, await membershipsOf(req), req.body.id);
      return ok(await restoreTrash(app, user, id));
    },
  );

  app.post(
    '/trash/purge',
    { schema: { tags, summary: 'Remove a trash item for good', body: TrashIdInput, response: okNull } },
    async (req) => {
      await purgeTrash(ctx.db, await itemToUndo(ctx, requireUser(req), await membershipsOf(req), req.body.id));
      return ok(null);
    },
  );

  app.post(
    '/trash/setting',
    {
      config: { auth: 'super' },
      schema: { tags, summary: 'Set how many days deleted items are kept (super admin)', body: RetentionInput, response: okNull },
    },
    async (req) => {
      await setRetention(ctx.db, RETENTION_KEY, req.body.retentionDays);
      return ok(null);
    },
  );
};
