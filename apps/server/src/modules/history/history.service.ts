/**
 * A doc's history: the change log with field-level details, its snapshots, a comparison of two versions and a
 * restore (itself recorded as a change). History stays readable after the doc is deleted: the routes declare
 * their action on `historyDoc`, a doc live or deleted, which its application's role decides. No HTTP types.
 */
import type { ChangeDetail, ChangeRecord, DocDetail, DocSnapshot, SnapshotCompareInput, SnapshotGetInput } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { defineResource } from '../../permissions/declared.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { contentHash } from '../docs/doc-keys.js';
import * as repo from './history.repo.js';
import { diffDocs } from './history-diff.js';
import { LIVE_SNAPSHOT } from './history-recorder.js';
import { restoreSnapshot } from './history-restore.js';

type Ctx = Pick<AppContext, 'db' | 'ids'>;

/** Change records a change log shows (the newest). */
const LIMIT = 200;

// A doc's history is read and restored with the role of its application, also once the doc is deleted.
defineResource('historyDoc', async (ctx, id) => {
  const d = await repo.docPlace(ctx.db, id);
  return d && !d.isFolder ? { kind: 'module', id: d.moduleId } : null;
});

function parseDetail(content: string): ChangeDetail | null {
  try {
    const j = JSON.parse(content) as { value?: { old?: unknown; new?: unknown }; paramPosition?: number };
    return {
      positionType: 0,
      targetName: '',
      modifyType: 0,
      old: j.value?.old ?? null,
      new: j.value?.new ?? null,
      paramPosition: j.paramPosition,
    };
  } catch {
    return null;
  }
}

/** The doc's latest change records, newest first, each with its field-level details. */
export async function changeLog(ctx: Ctx, docId: number): Promise<ChangeRecord[]> {
  const records = await repo.changeRecords(ctx.db, docId, LIMIT);
  const details = await repo.changeDetails(
    ctx.db,
    records.map((r) => r.id),
  );
  const byRecord = new Map<number, ChangeDetail[]>();
  for (const x of details) {
    const p = parseDetail(x.content);
    if (!p) continue;
    byRecord.set(x.recordId, [
      ...(byRecord.get(x.recordId) ?? []),
      { ...p, positionType: x.positionType, targetName: x.targetName, modifyType: x.modifyType },
    ]);
  }
  return records.map((r) => ({
    id: ctx.ids.encode(r.id),
    docId: ctx.ids.encode(r.docId),
    md5Old: r.md5Old,
    md5New: r.md5New,
    modifySource: r.modifySource,
    modifyNickname: r.modifyNickname,
    modifyType: r.modifyType,
    modifyTime: r.modifiedAt,
    details: byRecord.get(r.id) ?? [],
  }));
}

/** The doc's snapshots, newest first; `canRestore` is the caller's ability, so the web app offers restore only to them. */
export async function snapshots(ctx: Ctx, docId: number, canRestore: boolean) {
  const rows = await repo.snapshotList(ctx.db, docId);
  return rows.map((r) => ({ id: ctx.ids.encode(r.id), md5: r.md5, modifierName: r.modifierName, modifiedAt: r.modifiedAt, canRestore }));
}

/** A snapshot of a doc by id or md5; null when neither is given, not found when there is none. */
export async function snapshotOf(ctx: Ctx, docId: number, sel: { id?: string; md5?: string }): Promise<DocSnapshot | null> {
  const by = sel.id ? { id: ctx.ids.decode(sel.id, 'snapshot') } : sel.md5 ? { md5: sel.md5 } : null;
  if (!by) return null;
  const s = await repo.findSnapshot(ctx.db, docId, by);
  if (!s) throw notFound('snapshot');
  let content: DocDetail | undefined;
  if (s.content === LIVE_SNAPSHOT) {
    // The doc's live version: its content is the doc itself (checked, so a snapshot never shows other content).
    // (A push records the hash of what it was sent, which the stored text can differ from.)
    const md5 = await repo.docMd5(ctx.db, docId);
    content = (await loadDocDetails(ctx, [docId], ctx.db, { includeDeleted: true })).get(docId);
    if (!content || (md5 !== s.md5 && contentHash(content) !== s.md5)) throw notFound('snapshot');
  } else content = JSON.parse(s.content) as DocDetail;
  return { id: ctx.ids.encode(s.id), md5: s.md5, modifierName: s.modifierName, modifiedAt: s.modifiedAt, content };
}

/** One snapshot (by id or md5). */
export async function snapshot(ctx: Ctx, docId: number, q: SnapshotGetInput): Promise<DocSnapshot> {
  const s = await snapshotOf(ctx, docId, q);
  if (!s) throw badRequest('error.validation_failed', { detail: 'id or md5' });
  return s;
}

/** Two versions and their field-level differences (none when only one side is asked for). */
export async function compare(ctx: Ctx, docId: number, q: SnapshotCompareInput) {
  const a = await snapshotOf(ctx, docId, { id: q.idOld, md5: q.md5Old });
  const b = await snapshotOf(ctx, docId, { id: q.idNew, md5: q.md5New });
  if (!a && !b) throw badRequest('error.validation_failed', { detail: 'idOld/idNew or md5Old/md5New' });
  return { old: a, new: b, details: a && b ? diffDocs(a.content, b.content) : [] };
}

/**
 * Restores the version a snapshot holds, or the one a change record produced (a deletion's record: what was
 * deleted). Returns whether the doc changed and the version's md5.
 */
export async function restore(
  app: FastifyInstance,
  user: { id: number; nickname: string },
  docId: number,
  sel: { snapshotId?: string; recordId?: string },
): Promise<{ restored: boolean; md5: string }> {
  const { ctx } = app;
  let md5 = '';
  if (sel.recordId) {
    const r = await repo.changeRecord(ctx.db, docId, ctx.ids.decode(sel.recordId, 'record'));
    if (!r) throw notFound('record');
    md5 = r.md5New || r.md5Old;
  }
  const s = await snapshotOf(ctx, docId, { id: sel.snapshotId, md5: md5 || undefined });
  if (!s) throw badRequest('error.validation_failed', { detail: 'snapshotId or recordId' });
  const changed = await restoreSnapshot(app, docId, s.content, user);
  return { restored: changed, md5: s.md5 };
}
