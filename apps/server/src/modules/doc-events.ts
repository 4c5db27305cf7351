/**
 * In-process doc change events, emitted inside the writing transaction by every path that changes a
 * doc's content (form save, push, import, restore, delete). Features subscribe: history records the
 * change and notifies followers; mock refreshes the default mock. Listeners run in order, in the same
 * transaction, so a failing listener rolls the write back.
 */
import type { DocDetail } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../db/database.js';

export interface DocChange {
  docId: number;
  moduleId: number;
  /** Push 0, form 1, text 2 (ModifySource); restore counts as form. */
  source: number;
  /** 'add' | 'update' | 'delete'. */
  kind: 'add' | 'update' | 'delete';
  userId: number;
  nickname: string;
  /** Content before (null when added) and after (null when deleted), in the doc/detail shape. */
  before: DocDetail | null;
  after: DocDetail | null;
  /**
   * The doc's stored md5 before the change, when the writer knows it: a push stores the hash of what it was
   * sent, which differs from the content hash of what was stored when a text could not be stored exactly.
   */
  beforeMd5?: string;
  /**
   * The doc's row as this write left it, when the writer knows it (a push or import): its docKey and stored
   * md5, so the listeners need not read them back.
   */
  row?: { docKey: string; md5: string };
  /** True when this write inserted the doc's row: nothing else (a snapshot, a mock) can refer to it yet. */
  created?: boolean;
  /** Set for changes made by one push/import run, so notices can be sent as one digest. */
  batchId?: string;
  remark?: string;
}

export type DocChangeListener = (app: FastifyInstance, tx: Tx, changes: DocChange[]) => Promise<void>;

const listeners: DocChangeListener[] = [];

/** Subscribes to doc changes (call once at module load). */
export function onDocChanges(listener: DocChangeListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/** Removes a listener (benchmarks measure a write with and without one). */
export function offDocChanges(listener: DocChangeListener): void {
  const i = listeners.indexOf(listener);
  if (i >= 0) listeners.splice(i, 1);
}

/** Emits a batch of changes inside the writing transaction. */
export async function emitDocChanges(app: FastifyInstance, tx: Tx, changes: DocChange[]): Promise<void> {
  if (!changes.length) return;
  for (const l of listeners) await l(app, tx, changes);
}
