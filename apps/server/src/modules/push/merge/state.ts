/**
 * The state one push merge passes from phase to phase (see ../push-merge.ts): what was sent, what the
 * application held, what each phase planned and wrote. Each phase reads what earlier phases filled in.
 */
import { randomUUID } from 'node:crypto';
import type { DocDetail, DocParam, DubboInfo, PushOutcome, PushPayload } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../../db/database.js';
import type { DocRow } from '../../../db/types.js';
import type { WrittenParams } from '../../docs/doc-params.js';
import type { NDoc, NPayload } from '../push-normalize.js';

export interface MergeInput {
  moduleId: number;
  /** What was sent (mergePush normalises it; mergeNormalized is given it normalised). */
  payload?: PushPayload;
  source: 'push' | 'import';
  user: { id: number; nickname: string };
  isReplace?: boolean;
  isOverride?: boolean;
  batchId?: string;
  /**
   * Called with 0..100 inside the merge transaction. On SQLite (one connection) it must not await a
   * write outside that transaction (it would wait for the transaction forever): fire and forget.
   */
  onProgress?: (pct: number) => Promise<void>;
  /** Extra run-signature input (the envelope's app_key), so two pipelines do not share a run. */
  runHint?: string;
}

/** Outcome plus what the caller needs for notices. */
export interface MergeResult extends PushOutcome {
  batchId: string;
  /** Names of changed docs (for the digest), capped. */
  changedNames: string[];
  /** Deleted doc ids whose history is recorded when the run settles (push.settle job). */
  pendingDeleteIds: number[];
  /** Rows (docs and folders) this merge wrote or found the same, locked ones aside: what an import holds. */
  rowIds: number[];
  runId: string;
}

/** The columns the merge reads of every row of the application (one query). */
export const EXISTING_COLUMNS = [
  'id',
  'parentId',
  'dataId',
  'md5',
  'isFolder',
  'isShow',
  'orderIndex',
  'isLocked',
  'isDeleted',
  'version',
  'createMode',
  'name',
  'description',
  'author',
  'type',
  'modifySource',
  'modifierId',
  'modifierName',
  'updatedAt',
  'isUseGlobalHeaders',
  'isUseGlobalParams',
  'isUseGlobalReturns',
] as const;

/** A row of the application as the merge found it. */
export type ExistingDoc = Pick<DocRow, (typeof EXISTING_COLUMNS)[number]>;

/** A doc of the push, with where it goes and what it becomes. */
export interface PlannedDoc {
  item: NDoc;
  parentId: number;
  parentDubbo: DubboInfo | null;
  dataId: string;
  docKey: string;
  existing: ExistingDoc | undefined;
  /** Content hash of `detail` (contentHash). */
  hash: string;
  /** The doc as it will read after the merge (params sorted for display). */
  detail: DocDetail | null;
  /** The params of `detail` that link a dictionary. */
  enumParams: DocParam[];
}

/** A smart-doc run this push belongs to (push-runs.ts). */
export interface RunContext {
  runId: string;
  signature: string;
  /** Identities of the top-level items the run's chunks sent, this push's included. */
  keys: string[];
  /** True when the push continues a run an earlier chunk started. */
  continuing: boolean;
  /** Doc and folder ids the run's earlier chunks wrote (never deleted by this push). */
  touched: Set<number>;
  /** Doc ids replace pushes deleted whose deletion is not recorded yet (sent again, they are not new). */
  deleted: Set<number>;
}

export interface MergeState {
  app: FastifyInstance;
  tx: Tx;
  input: MergeInput;
  norm: NPayload;
  moduleId: number;
  now: number;
  userId: number;
  nickname: string;
  outcome: MergeResult;
  progress: (pct: number) => Promise<void>;
  /** Replace without override: docs the push does not send are deleted. */
  doDelete: boolean;
  /** Dictionary name → id, and encoded id → id. */
  enumIds: Map<string, number>;
  enumIdOf: Map<string, number>;
  existingRows: ExistingDoc[];
  byDataId: Map<string, ExistingDoc>;
  /** Locked live rows and every live row below a locked folder. */
  locked: Set<number>;
  /** dataIds whose description a hand edit keeps. */
  ignoreDescription: Set<string>;
  existingDubbo: Map<number, DubboInfo>;
  /** The run of a replace push (null for imports and pushes that delete nothing). */
  run: RunContext | null;
  /** Ids the push sent (written or found unchanged, and locked ones it skipped). */
  touched: Set<number>;
  /** Parent of every row after the merge (for deciding which folders remain needed). */
  parentOf: Map<number, number>;
  planned: Map<string, PlannedDoc>;
  dubboWrites: { refId: number; info: DubboInfo }[];
  /** Docs whose content changes (added, revived or updated). */
  writes: PlannedDoc[];
  /** Docs whose content is unchanged but whose row moves (parent, order, visibility, revival in a run). */
  structural: PlannedDoc[];
  /** Details before the merge of the updated docs. */
  before: Map<number, DocDetail>;
  /** dataId → id of every written row. */
  idOf: Map<string, number>;
  /** The param rows written (for the details read back after the merge). */
  written: WrittenParams;
}

export function newMergeState(app: FastifyInstance, tx: Tx, input: MergeInput, norm: NPayload): MergeState {
  const batchId = input.batchId ?? randomUUID();
  return {
    app,
    tx,
    input,
    norm,
    moduleId: input.moduleId,
    now: Date.now(),
    userId: input.user.id,
    nickname: norm.author || input.user.nickname || 'OpenAPI',
    outcome: {
      added: 0,
      updated: 0,
      unchanged: 0,
      deleted: 0,
      skippedLocked: 0,
      folders: 0,
      errors: [],
      batchId,
      changedNames: [],
      pendingDeleteIds: [],
      rowIds: [],
      runId: batchId,
    },
    progress: input.onProgress ?? (async () => {}),
    doDelete: false,
    enumIds: new Map(),
    enumIdOf: new Map(),
    existingRows: [],
    byDataId: new Map(),
    locked: new Set(),
    ignoreDescription: new Set(),
    existingDubbo: new Map(),
    run: null,
    touched: new Set(),
    parentOf: new Map(),
    planned: new Map(),
    dubboWrites: [],
    writes: [],
    structural: [],
    before: new Map(),
    idOf: new Map(),
    written: { rows: [] },
  };
}
