/**
 * Who searches what: a signed-in reader searches what their memberships let them read (a super admin
 * everything); a share or compose reader only the docs the link exposes, without the spaces and projects behind them.
 */
import type { PublicSearchQuery, SearchQuery, SearchResult } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../plugins/auth.js';
import { type ReadScope, type SearchFilters, searchDocs } from './search.service.js';

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

/** Searches what a signed-in user may read: what their memberships reach (read by the query), everything for a super admin. */
export function searchAsUser(app: FastifyInstance, user: Pick<SessionUser, 'id' | 'isSuperAdmin'>, q: SearchQuery): Promise<SearchResult> {
  const scope: ReadScope = user.isSuperAdmin ? { kind: 'all' } : { kind: 'user', userId: user.id };
  return searchDocs(app.ctx, scope, q.q ?? '', filtersOf(app, q), { page: q.page ?? 1, pageSize: q.pageSize ?? 20 });
}

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
