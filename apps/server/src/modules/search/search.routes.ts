/**
 * Search routes: GET /api/search (what the signed-in reader may read) and the super admin's index rebuild with
 * its progress. Share and compose searches live with their public routes (they need the share's grant check) and
 * call `searchExposed` (search-scopes.ts) with the doc ids the share exposes. The index is kept by search-jobs.ts.
 * Contracts: packages/shared/src/schemas/search.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  publicSearchQuerySchema,
  ReindexJobSchema,
  ReindexStatusQuery,
  ReindexStatusSchema,
  SearchQuerySchema,
  SearchResultSchema,
} from '@folio/shared';
import { Type } from 'typebox';
import { requireUser } from '../../plugins/auth.js';
import { ok, okResponse } from '../../plugins/envelope.js';
import { queueReindex, reindexIfMissing, reindexStatus } from './search-jobs.js';
import { searchAsUser } from './search-scopes.js';

/** The search route schema of a share (`id`) or compose project (`projectId`), for their public routes. */
export const publicSearchSchema = (tag: string, idField: 'id' | 'projectId') => ({
  tags: [tag],
  summary: `Search the docs this ${tag} exposes`,
  querystring: publicSearchQuerySchema(idField),
  response: okResponse(SearchResultSchema),
});

export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Search everything the reader may read',
        querystring: SearchQuerySchema,
        response: okResponse(SearchResultSchema),
      },
    },
    // Everyone signed in may search: the reader's memberships are the scope (a super admin's is everything).
    async (req) => ok(await searchAsUser(app, requireUser(req), req.query)),
  );

  app.post(
    '/admin/search/reindex',
    {
      config: { auth: 'super' },
      schema: {
        tags: ['search'],
        summary: 'Rebuild the search index (a job)',
        body: Type.Optional(Type.Object({})),
        response: okResponse(ReindexJobSchema),
      },
    },
    async (req) => ok({ jobId: await queueReindex(app, requireUser(req).id) }),
  );

  app.get(
    '/admin/search/reindex/status',
    {
      config: { auth: 'super' },
      schema: {
        tags: ['search'],
        summary: "A rebuild's progress",
        querystring: ReindexStatusQuery,
        response: okResponse(ReindexStatusSchema),
      },
    },
    async (req) => ok(await reindexStatus(app, req.query.jobId)),
  );

  // An installation upgraded to a version with search has content but an empty index: rebuild it once.
  app.addHook('onReady', () => reindexIfMissing(app));
};
