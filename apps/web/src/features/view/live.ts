/**
 * Live docs: an open reading page (/view, /share, /show) polls its scope's revision about once a second
 * while the browser tab is visible (the server answers 304 while nothing changed). When the revision
 * moves, the tree and the open doc are refetched in place: the page keeps its scroll, tabs and state, a
 * deleted doc leaves the tree and its page says so.
 */
import { REVISION_HEADER } from '@folio/shared';
import { hashKey, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { RequestOptions } from '../../lib/api';

/** How often an open page asks for its revision (a change shows within this plus one fetch). */
export const LIVE_POLL_MS = 1000;

export interface LiveOptions {
  /** Identifies the scope polled (e.g. ['share', shareId]). */
  scope: QueryKey;
  /** Fetches the scope's revision. */
  fetchRevision: () => Promise<{ revision: string }>;
  enabled: boolean;
  /** Query keys (prefixes) refetched when the revision moves: the tree and the open doc. */
  refresh: QueryKey[];
  /**
   * Query keys (exact) refetched when the revision moves, before `refresh`: what the page needed before it could poll
   * at all (a compose view's info says whether a password is asked). At the baseline only when it says which revision
   * it was built from (`keepRevision`) and that is another one: refetching it there otherwise read it twice on every
   * visit.
   */
  follow?: QueryKey[];
}

/**
 * The revision each answer fetched before its page's poller started was built from (a fresh deep link's tree
 * and doc, asked with `live`: the server reads the revision before their rows), by query; the poller's first
 * revision is compared with it, and the entry dropped.
 */
const builtFrom = new Map<string, string>();

/** Request options that keep the revision an answer carries (`REVISION_HEADER`) as the one `key`'s data was built from. */
export const keepRevision = (key: QueryKey): RequestOptions => ({
  onHeaders: (headers) => {
    const revision = headers.get(REVISION_HEADER);
    if (revision) builtFrom.set(hashKey(key), revision);
  },
});

/** Polls a scope's revision and refetches the given queries when it changes. */
export function useLiveRevision({ scope, fetchRevision, enabled, refresh, follow = [] }: LiveOptions): void {
  const qc = useQueryClient();
  const firstSentAt = useRef(0);
  const last = useRef<string | undefined>(undefined);
  // A new scope starts over (its first revision is a baseline, not a change).
  const scopeKey = JSON.stringify(scope);
  const seenScope = useRef(scopeKey);
  if (seenScope.current !== scopeKey) {
    seenScope.current = scopeKey;
    last.current = undefined;
    firstSentAt.current = 0;
  }
  const q = useQuery({
    queryKey: ['live', ...scope],
    queryFn: () => {
      if (!firstSentAt.current) firstSentAt.current = Date.now();
      return fetchRevision();
    },
    enabled,
    refetchInterval: LIVE_POLL_MS,
    retry: false,
    gcTime: 0,
    meta: { silent: true },
  });
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const followRef = useRef(follow);
  followRef.current = follow;
  const rev = q.data?.revision;
  useEffect(() => {
    if (!rev) return;
    if (!last.current) {
      // The first revision is the baseline. Data that says which revision it was built from (a deep link's first
      // tree and doc, a compose view's info) is refetched only when that is another one; other data that arrived
      // before the poll was asked for (a cached tree, a doc loaded before the poll could start) may predate it:
      // refetched (what the page `follow`s: not).
      for (const key of followRef.current) {
        const hash = hashKey(key);
        const carried = builtFrom.get(hash);
        builtFrom.delete(hash);
        if (carried !== undefined && carried !== rev) void qc.invalidateQueries({ queryKey: key, exact: true });
      }
      for (const key of refreshRef.current)
        for (const cached of qc.getQueryCache().findAll({ queryKey: key })) {
          const carried = builtFrom.get(cached.queryHash);
          builtFrom.delete(cached.queryHash);
          const stale =
            carried !== undefined ? carried !== rev : !!cached.state.dataUpdatedAt && cached.state.dataUpdatedAt < firstSentAt.current;
          if (stale) void qc.invalidateQueries({ queryKey: cached.queryKey, exact: true });
        }
    } else if (last.current !== rev) {
      for (const key of followRef.current) void qc.invalidateQueries({ queryKey: key, exact: true });
      for (const key of refreshRef.current) void qc.invalidateQueries({ queryKey: key });
    }
    last.current = rev;
  }, [rev, qc]);
}
