/**
 * Calls of a doc's history: versions (snapshots), their comparison, the change log and restoring a version.
 * The history routes do not declare answer schemas in packages/shared yet, so the snapshot shapes are written
 * here, once; change records use the shared ChangeRecord. Restoring refreshes every view of the doc's
 * application (invalidateModule); its errors toast.
 */
import type { ChangeDetail, ChangeRecord, DocDetail } from '@folio/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { invalidateModule } from '../docs/docs-api';

/** A version of a doc as listed. */
export interface Snapshot {
  id: string;
  md5: string;
  modifierName: string;
  modifiedAt: number;
  /** The caller may restore (doc.restore). */
  canRestore?: boolean;
}
/** A version with the doc as it was. */
export interface SnapshotFull extends Snapshot {
  content: DocDetail;
}
/** Two versions and what changed between them. */
export interface Comparison {
  old: SnapshotFull | null;
  new: SnapshotFull | null;
  details: ChangeDetail[];
}

/** A doc's versions, newest first. */
export const useSnapshotsQuery = (docId: string) =>
  useQuery({ queryKey: ['doc-snapshots', docId], queryFn: () => api.get<Snapshot[]>('doc/snapshot/list', { docId }) });

/** A doc's change log. */
export const useChangeLogQuery = (docId: string) =>
  useQuery({ queryKey: ['doc-changelog', docId], queryFn: () => api.get<ChangeRecord[]>('doc/changelog/list', { docId }) });

/** Two versions of a doc side by side (asked only once two are picked). */
export const useSnapshotCompareQuery = (docId: string, pair: [string, string] | null) =>
  useQuery({
    queryKey: ['doc-compare', docId, pair],
    queryFn: () => api.get<Comparison>('doc/snapshot/compare', { docId, idOld: pair?.[0], idNew: pair?.[1] }),
    enabled: !!pair,
  });

/** Restores a version (itself recorded as a change); answers whether anything changed. */
export const useRestoreSnapshotMutation = (docId: string) =>
  useMutation({
    mutationFn: (snapshotId: string) => api.post<{ restored: boolean }>('doc/changelog/restore', { docId, snapshotId }),
    onSuccess: () => invalidateModule(),
  });
