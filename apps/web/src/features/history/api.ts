/**
 * Calls of a doc's history: versions (snapshots), their comparison, the change log and restoring a version,
 * typed by packages/shared/src/schemas/history.ts. Restoring refreshes every view of the doc's application
 * (invalidateModule); its errors toast.
 */
import type { ChangeRecord, HistoryRestored, SnapshotComparison, SnapshotItem } from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { invalidateModule } from '../docs/docs-api';

export type { SnapshotItem } from '@folio/shared';

/** A doc's versions, newest first. */
export const useSnapshotsQuery = (docId: string) =>
  useQuery({ queryKey: ['doc-snapshots', docId], queryFn: () => api.get<SnapshotItem[]>('doc/snapshot/list', { docId }) });

/** A doc's change log. */
export const useChangeLogQuery = (docId: string) =>
  useQuery({ queryKey: ['doc-changelog', docId], queryFn: () => api.get<ChangeRecord[]>('doc/changelog/list', { docId }) });

/** Two versions of a doc side by side (asked only once two are picked). */
export const useSnapshotCompareQuery = (docId: string, pair: [string, string] | null) =>
  useQuery({
    queryKey: ['doc-compare', docId, pair],
    queryFn: () => api.get<SnapshotComparison>('doc/snapshot/compare', { docId, idOld: pair?.[0], idNew: pair?.[1] }),
    enabled: !!pair,
  });

/** Restores a version (itself recorded as a change); answers whether anything changed. */
export const useRestoreSnapshotMutation = (docId: string) =>
  useMutation({
    mutationFn: (snapshotId: string) => api.post<HistoryRestored>('doc/changelog/restore', { docId, snapshotId }),
    onSuccess: () => invalidateModule(),
  });
