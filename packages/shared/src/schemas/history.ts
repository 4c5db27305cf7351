/** A doc's history: its change log, its snapshots, a comparison of two versions and a restore. Request and response schemas. */
import { type Static, Type } from 'typebox';
import type { ChangeDetail, ChangeRecord } from '../history.js';
import type { DocDetail } from '../types.js';
import { type Covers, EpochMs, IdString } from './common.js';

/** Query naming a doc (which may have been deleted: its application decides who reads its history). */
export const HistoryDocQuery = Type.Object({ docId: IdString });

const OptionalRef = Type.Optional(Type.String({ maxLength: 64 }));

/** Query of GET /api/doc/snapshot/get: the snapshot by id, or by the content hash (md5) of the version. */
export const SnapshotGetQuery = Type.Object({ docId: IdString, id: OptionalRef, md5: OptionalRef });
export type SnapshotGetInput = Static<typeof SnapshotGetQuery>;

/** Query of GET /api/doc/snapshot/compare: two versions, each by snapshot id or md5. */
export const SnapshotCompareQuery = Type.Object({
  docId: IdString,
  idOld: OptionalRef,
  idNew: OptionalRef,
  md5Old: OptionalRef,
  md5New: OptionalRef,
});
export type SnapshotCompareInput = Static<typeof SnapshotCompareQuery>;

/** Body of POST /api/doc/changelog/restore: the version to restore, by snapshot or by change record. */
export const HistoryRestoreInput = Type.Object({ docId: IdString, snapshotId: OptionalRef, recordId: OptionalRef });
export type HistoryRestoreRequest = Static<typeof HistoryRestoreInput>;

/** A field-level change of a recorded doc change. */
export const ChangeDetailSchema = Type.Object({
  positionType: Type.Integer({ description: 'what changed (PositionType: a field, a parameter list or a parameter field)' }),
  targetName: Type.String({ description: 'the field name, or the parameter path (data.items.id)' }),
  modifyType: Type.Integer({ description: '0 update, 1 add, 2 delete' }),
  old: Type.Optional(Type.Unknown({ description: 'the value before (null for an add)' })),
  new: Type.Optional(Type.Unknown({ description: 'the value after (null for a delete)' })),
  paramPosition: Type.Optional(Type.Integer({ description: 'for a parameter field change: the list the parameter sits in' })),
});

/** A recorded change of a doc (a change log entry). */
export const ChangeRecordSchema = Type.Object({
  id: IdString,
  docId: IdString,
  md5Old: Type.String(),
  md5New: Type.String(),
  modifySource: Type.Integer({ description: 'push 0, form 1, text 2' }),
  modifyNickname: Type.String(),
  modifyType: Type.Integer({ description: '0 update, 1 add, 2 delete' }),
  modifyTime: EpochMs,
  details: Type.Array(ChangeDetailSchema),
});

/** A snapshot in a doc's snapshot list, with whether the caller may restore it. */
export const SnapshotItemSchema = Type.Object({
  id: IdString,
  md5: Type.String(),
  modifierName: Type.String(),
  modifiedAt: EpochMs,
  canRestore: Type.Boolean(),
});
export type SnapshotItem = Static<typeof SnapshotItemSchema>;

/**
 * A version of a doc: the doc detail as it was then. Stored as written at the time, so an older snapshot may lack
 * fields added since: the content is sent as stored (see DocDetailSchema for the fields).
 */
export const SnapshotSchema = Type.Object({
  id: IdString,
  md5: Type.String(),
  modifierName: Type.String(),
  modifiedAt: EpochMs,
  content: Type.Unsafe<DocDetail>({ type: 'object', additionalProperties: true, description: 'the doc detail of that version' }),
});
export type DocSnapshot = Static<typeof SnapshotSchema>;

/** Answer of GET /api/doc/snapshot/compare (a side absent when not asked for). */
export const SnapshotCompareSchema = Type.Object({
  old: Type.Union([SnapshotSchema, Type.Null()]),
  new: Type.Union([SnapshotSchema, Type.Null()]),
  details: Type.Array(ChangeDetailSchema),
});
export type SnapshotComparison = Static<typeof SnapshotCompareSchema>;

/** Answer of POST /api/doc/changelog/restore. */
export const HistoryRestoredSchema = Type.Object({
  restored: Type.Boolean({ description: 'false when the doc already had that content' }),
  md5: Type.String({ description: 'the restored version' }),
});
export type HistoryRestored = Static<typeof HistoryRestoredSchema>;

// The answer schemas list every field of the shared interfaces (a response schema filters answers).
const recordComplete: Covers<ChangeRecord, typeof ChangeRecordSchema> = true;
const detailComplete: Covers<ChangeDetail, typeof ChangeDetailSchema> = true;
void [recordComplete, detailComplete];
