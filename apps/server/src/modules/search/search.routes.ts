/**
 * Search routes: GET /api/search (what the signed-in reader may read), the admin rebuild with progress
 * through the jobs queue, and the doc change listener that keeps the index in the writing transaction.
 * Share and compose searches live with their public routes (they need the share's grant check) and call
 * `searchDocs` with the doc ids the share exposes.
 */
import {
  type PublicSearchQuery,
  publicSearchQuerySchema,
  type SearchQuery,
  SearchQuerySchema,
  type SearchResult,
  SearchResultSchema,
} from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { insertId, inTx, type Tx } from '../../db/database.js';
import { enqueueJob, getJob, registerJobHandler } from '../../jobs/queue.js';
import { randomToken } from '../../lib/crypto.js';
import { notFound } from '../../lib/errors.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okResponse } from '../../plugins/envelope.js';
import { type DocChangeListener, onDocChanges } from '../doc-events.js';
import { type ReadScope, type SearchFilters, searchDocs } from './search.service.js';
import { indexDocIds, indexDocs, indexModuleExtras, reindexAll } from './search-index.js';

/** Job kind of the full rebuild. */
export const REINDEX_JOB = 'search.reindex';

/** Job kind that indexes the docs of a large write (a push or import) just after it commits. */
export const DOCS_JOB = 'search.docs';
/** Writes of at least this many docs are indexed by the catch-up job instead of inside their transaction. */
export const LARGE_WRITE = 100;

/**
 * Keeps the index of changed docs (and their applications' folders and dictionaries): in the writing
 * transaction for ordinary writes; a large push or import queues a durable job in that transaction instead
 * (workers poll every 500 ms), so the write itself stays fast and the index catches up within about a second.
 */
export const indexDocChanges: DocChangeListener = async (app, tx, changes) => {
  if (changes.length >= LARGE_WRITE) {
    await queueDocIndex(
      app,
      tx,
      changes[0].moduleId,
      changes[0].userId,
      changes.map((c) => c.docId),
    );
    return;
  }
  const docs = [];
  const removed: number[] = [];
  for (const c of changes) {
    if (c.after) docs.push({ id: c.docId, moduleId: c.moduleId, detail: c.after });
    else removed.push(c.docId);
  }
  await indexDocs(app.ctx, tx, docs, removed);
  // Pushes and imports also write folders and dictionaries: those of the touched applications follow.
  await indexModuleExtras(app.ctx, tx, [...new Set(changes.map((c) => c.moduleId))]);
};
onDocChanges(indexDocChanges);

/** Queues the catch-up job that indexes docs just after the writing transaction commits. */
export async function queueDocIndex(app: FastifyInstance, tx: Tx, moduleId: number, userId: number, docIds: number[]): Promise<void> {
  const now = Date.now();
  await insertId(tx, app.ctx.dialect, 'jobs', {
    publicId: randomToken(12),
    kind: DOCS_JOB,
    state: 'queued',
    progress: 0,
    moduleId,
    payload: JSON.stringify({ docIds }),
    createdBy: userId,
    runAfter: 0,
    createdAt: now,
    updatedAt: now,
  });
}

registerJobHandler(
  DOCS_JOB,
  async (app, job) => {
    const { docIds } = job.payload as { docIds: number[] };
    await inTx(app.ctx.db, (tx) => indexDocIds(app.ctx, tx, docIds));
    return { docs: docIds.length };
  },
  { serialPerModule: true },
);
registerJobHandler(REINDEX_JOB, async (app, job) => ({ entries: await reindexAll(app.ctx, (pct) => job.progress(pct)) }));

/** The search filters of a query (ids decoded). */
export function filtersOf(app: FastifyInstance, q: Omit<SearchQuery, 'q' | 'page' | 'pageSize'>): SearchFilters {
  const { ids } = app.ctx;
  return {
    spaceId: q.spaceId ? ids.decode(q.spaceId, 'space') : undefined,
    projectId: q.projectId ? ids.decode(q.projectId, 'project') : undefined,
    moduleId: q.moduleId ? ids.decode(q.moduleId, 'module') : undefined,
    kind: q.kind,
    method: q.method || undefined,
    status: q.status,
    deprecated: q.deprecated,
  };
}

/** The search route schema of a share (`id`) or compose project (`projectId`), for their public routes. */
export const publicSearchSchema = (tag: string, idField: 'id' | 'projectId') => ({
  tags: [tag],
  summary: `Search the docs this ${tag} exposes`,
  querystring: publicSearchQuerySchema(idField),
  response: okResponse(SearchResultSchema),
});

/**
 * Searches only the given docs (what a share or compose project exposes), for an anonymous reader: hits
 * carry the doc, its folder and its application only, nothing of the spaces and projects behind them.
 */
export async function searchExposed(app: FastifyInstance, docIds: number[], q: PublicSearchQuery): Promise<SearchResult> {
  const filters: SearchFilters = { method: q.method || undefined, status: q.status, deprecated: q.deprecated, kind: 'doc' };
  const r = await searchDocs(app.ctx, { kind: 'docs', docIds }, q.q ?? '', filters, { page: q.page ?? 1, pageSize: q.pageSize ?? 20 });
  return {
    total: r.total,
    list: r.list.map((h) => ({ ...h, spaceId: '', projectId: '', breadcrumb: h.breadcrumb.slice(2) })),
  };
}

export async function searchRoutes(app: FastifyInstance): Promise<void> {
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
    async (req) => {
      const u = requireUser(req);
      const q = req.query as SearchQuery;
      const scope: ReadScope = u.isSuperAdmin ? { kind: 'all' } : { kind: 'user', userId: u.id };
      const result = await searchDocs(app.ctx, scope, q.q ?? '', filtersOf(app, q), { page: q.page ?? 1, pageSize: q.pageSize ?? 20 });
      return ok(result);
    },
  );

  app.post(
    '/admin/search/reindex',
    {
      config: { auth: 'super' },
      schema: {
        tags: ['search'],
        summary: 'Rebuild the search index (a job)',
        body: Type.Optional(Type.Object({})),
        response: okResponse(Type.Object({ jobId: Type.String() })),
      },
    },
    async (req) => ok({ jobId: await enqueueJob(app, { kind: REINDEX_JOB, payload: null, createdBy: requireUser(req).id }) }),
  );

  app.get(
    '/admin/search/reindex/status',
    {
      config: { auth: 'super' },
      schema: {
        tags: ['search'],
        querystring: Type.Object({ jobId: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: okResponse(
          Type.Object({
            jobId: Type.String(),
            state: Type.String(),
            progress: Type.Number(),
            entries: Type.Number(),
            error: Type.String(),
          }),
        ),
      },
    },
    async (req) => {
      const job = await getJob(app, (req.query as { jobId: string }).jobId);
      if (!job || job.kind !== REINDEX_JOB) throw notFound('job');
      const entries = Number((job.result as { entries?: number } | null)?.entries ?? 0);
      return ok({ jobId: job.jobId, state: job.state, progress: job.progress, entries, error: job.error });
    },
  );

  // An installation upgraded to a version with search has content but an empty index: rebuild it once.
  app.addHook('onReady', async () => {
    const { db } = app.ctx;
    const [entry, doc] = await Promise.all([
      db.selectFrom('searchEntries').select('id').limit(1).executeTakeFirst(),
      db.selectFrom('docs').select('id').where('isDeleted', '=', 0).limit(1).executeTakeFirst(),
    ]);
    const pending = await db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', REINDEX_JOB)
      .where('state', 'in', ['queued', 'running'])
      .limit(1)
      .executeTakeFirst();
    if (!entry && doc && !pending) await enqueueJob(app, { kind: REINDEX_JOB, payload: null });
  });
}
