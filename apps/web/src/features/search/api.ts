/**
 * The search call, typed by the contracts in packages/shared/src/schemas/search.ts. The same dialog searches
 * the signed-in user's spaces, one share (with its grant) or one compose project (with its grant).
 */
import type { SearchKind, SearchResult } from '@folio/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { grantHeaders } from '../doc-view/grants';

/** Where a search runs: the signed-in user's spaces, one share, or one compose project. */
export type SearchSource =
  | { kind: 'user' }
  | { kind: 'share'; shareId: string; grant: string }
  | { kind: 'compose'; showId: string; grant: string };

/** The filters of a search (scope filters only for the signed-in user's search). */
export interface SearchFilters {
  spaceId?: string;
  projectId?: string;
  moduleId?: string;
  kind?: SearchKind;
  method?: string;
  status?: number;
  deprecated?: number;
}

/** Runs a search in its source; an empty text lists recently changed docs. */
export function fetchSearch(source: SearchSource, q: string, f: SearchFilters): Promise<SearchResult> {
  const query = { q, pageSize: 30, kind: f.kind, method: f.method, status: f.status, deprecated: f.deprecated };
  if (source.kind === 'share') return api.get<SearchResult>('share/search', { ...query, id: source.shareId }, grantHeaders(source.grant));
  if (source.kind === 'compose')
    return api.get<SearchResult>('compose/doc/search', { ...query, projectId: source.showId }, grantHeaders(source.grant));
  return api.get<SearchResult>('search', { ...query, spaceId: f.spaceId, projectId: f.projectId, moduleId: f.moduleId });
}

/** A search as you type: the previous answer stays on screen while the next one loads (silent: the dialog says why). */
export const useSearchQuery = (source: SearchSource, q: string, filters: SearchFilters, enabled: boolean) =>
  useQuery({
    queryKey: ['search', source, q, filters],
    queryFn: () => fetchSearch(source, q, filters),
    enabled,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
