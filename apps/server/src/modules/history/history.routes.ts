/**
 * Routes of the history feature: the change log of a doc (with field-level details), its snapshots, a comparison
 * of two versions, and restoring a past version (itself recorded as a change). Each declares its action on the
 * doc as `historyDoc` (live or deleted: its application decides). Contracts: packages/shared/src/schemas/history.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangeRecordSchema,
  HistoryDocQuery,
  HistoryRestoredSchema,
  HistoryRestoreInput,
  roleAllows,
  SnapshotCompareQuery,
  SnapshotCompareSchema,
  SnapshotGetQuery,
  SnapshotItemSchema,
  SnapshotSchema,
} from '@folio/shared';
import { Type } from 'typebox';
import { accessOf } from '../../permissions/declared.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okResponse } from '../../plugins/envelope.js';
import * as history from './history.service.js';

const tags = ['history'];
const reads = (from: 'query.docId' | 'body.docId', action: 'doc.read' | 'doc.restore' = 'doc.read') =>
  ({ action, resource: { kind: 'historyDoc', from } }) as const;

export const historyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/doc/changelog/list',
    {
      config: reads('query.docId'),
      schema: {
        tags,
        summary: "A doc's latest changes, newest first, with field-level details",
        querystring: HistoryDocQuery,
        response: okResponse(Type.Array(ChangeRecordSchema)),
      },
    },
    async (req) => ok(await history.changeLog(ctx, accessOf(req).id)),
  );

  app.get(
    '/doc/snapshot/list',
    {
      config: reads('query.docId'),
      schema: {
        tags,
        summary: "A doc's snapshots (versions), newest first",
        querystring: HistoryDocQuery,
        response: okResponse(Type.Array(SnapshotItemSchema)),
      },
    },
    async (req) => {
      const access = accessOf(req);
      return ok(await history.snapshots(ctx, access.id, roleAllows('doc.restore', access.role)));
    },
  );

  app.get(
    '/doc/snapshot/get',
    {
      config: reads('query.docId'),
      schema: { tags, summary: 'One version of a doc', querystring: SnapshotGetQuery, response: okResponse(SnapshotSchema) },
    },
    async (req) => ok(await history.snapshot(ctx, accessOf(req).id, req.query)),
  );

  app.get(
    '/doc/snapshot/compare',
    {
      config: reads('query.docId'),
      schema: {
        tags,
        summary: 'Two versions of a doc and what changed between them',
        querystring: SnapshotCompareQuery,
        response: okResponse(SnapshotCompareSchema),
      },
    },
    async (req) => ok(await history.compare(ctx, accessOf(req).id, req.query)),
  );

  app.post(
    '/doc/changelog/restore',
    {
      config: reads('body.docId', 'doc.restore'),
      schema: {
        tags,
        summary: 'Restore a past version of a doc (reviving it if deleted)',
        body: HistoryRestoreInput,
        response: okResponse(HistoryRestoredSchema),
      },
    },
    async (req) => {
      const user = requireUser(req);
      return ok(await history.restore(app, { id: user.id, nickname: user.nickname }, accessOf(req).id, req.body));
    },
  );
};
