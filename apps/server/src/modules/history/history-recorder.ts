/**
 * Records every doc content change (push, form, text editor, restore, delete) as it is written: a
 * snapshot of the full content per distinct version (kept per doc up to the `folio.snapshot-size`
 * setting), a change record (who, when, source, add/update/delete) and its field-level details.
 * Subscribed to doc-change events, so it runs inside the writing transaction; a batch costs a fixed
 * number of queries whatever its size. Then hands the batch to the follower notices.
 */
import { type DocDetail, ModifySource, ModifyType } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { insertMany, insertManyReturningIds, type Tx } from '../../db/database.js';
import { turnTaker } from '../../lib/turns.js';
import { type DocChange, onDocChanges } from '../doc-events.js';
import { contentHash } from '../docs/doc-keys.js';
import { sendDocNotices } from './doc-notices.js';
import { detailContent, diffDocs } from './history-diff.js';

const CHUNK = 500;

/** Snapshots kept per doc (system setting, default 50, at least 1). */
export function snapshotLimit(app: FastifyInstance): number {
  return Math.max(1, Math.min(1000, app.ctx.settings.getInt('folio.snapshot-size', 50)));
}

const MODIFY: Record<DocChange['kind'], number> = { update: ModifyType.UPDATE, add: ModifyType.ADD, delete: ModifyType.DELETE };

/**
 * Content of a snapshot row that stands for the doc's live version. The live version of a doc is its
 * own snapshot: its row is written without content and filled in by the change that supersedes it
 * (whose `before` is exactly that content), so a push or import of new docs does not write every doc twice.
 */
export const LIVE_SNAPSHOT = '';

interface SnapshotPlan {
  inserts: Record<string, unknown>[];
  /** Live rows superseded in this batch, with their content (same ids). */
  fills: Record<string, unknown>[];
  /** Live rows superseded by a change that did not carry their content (should not happen; never shown wrong). */
  drops: number[];
  /** Existing versions seen again: their time is refreshed. */
  refresh: number[];
}

/** Works out the snapshot writes of a batch: one row per (doc, content md5). */
async function planSnapshots(
  tx: Tx,
  changes: DocChange[],
  hashes: { old: string; new: string }[],
  keys: Map<number, string>,
  now: number,
): Promise<SnapshotPlan> {
  // A doc whose row this write created has no snapshots yet.
  const docIds = [...new Set(changes.filter((c) => !c.created).map((c) => c.docId))];
  const have = new Map<string, { id: number; live: boolean; modifierName: string; modifiedAt: number }>();
  const liveOf = new Map<number, Set<string>>();
  for (let i = 0; i < docIds.length; i += CHUNK) {
    const rows = await tx
      .selectFrom('docSnapshots')
      .select([
        'id',
        'docId',
        'md5',
        'modifierName',
        'modifiedAt',
        sql<number>`case when content = ${LIVE_SNAPSHOT} then 1 else 0 end`.as('live'),
      ])
      .where('docId', 'in', docIds.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) {
      const k = `${r.docId}:${r.md5}`;
      have.set(k, { id: r.id, live: Number(r.live) === 1, modifierName: r.modifierName, modifiedAt: Number(r.modifiedAt) });
      if (Number(r.live) === 1) liveOf.set(r.docId, (liveOf.get(r.docId) ?? new Set()).add(k));
    }
  }
  const inserts = new Map<string, Record<string, unknown>>();
  const fills = new Map<number, Record<string, unknown>>();
  const drops = new Set<number>();
  const refresh = new Set<number>();
  const row = (docId: number, md5: string, nickname: string, at: number, content: string) => ({
    docId,
    docKey: keys.get(docId) ?? '',
    md5,
    modifierName: nickname.slice(0, 128),
    modifiedAt: at,
    content,
  });
  // A push of 20,000 docs plans as many snapshots: other requests get a turn now and then.
  const turn = turnTaker();
  for (let i = 0; i < changes.length; i++) {
    await turn();
    const c = changes[i];
    const oldK = c.before ? `${c.docId}:${hashes[i].old}` : '';
    const newK = c.after ? `${c.docId}:${hashes[i].new}` : '';
    const beforeRow = () => {
      const b = c.before as DocDetail;
      return row(c.docId, hashes[i].old, b.modifierName, Number(b.gmtModified) || now - 1, JSON.stringify(b));
    };
    // The live version this change supersedes gets its content from `before` (found by its content hash,
    // or by the md5 the doc had stored).
    const live = liveOf.get(c.docId);
    const storedK = c.before && c.beforeMd5 ? `${c.docId}:${c.beforeMd5}` : '';
    for (const k of live ?? []) {
      if (k === newK) continue;
      live?.delete(k);
      const pending = inserts.get(k);
      const existing = have.get(k);
      if (k === oldK || k === storedK) {
        if (pending) pending.content = JSON.stringify(c.before);
        else if (existing)
          fills.set(existing.id, {
            id: existing.id,
            ...row(c.docId, k.slice(k.indexOf(':') + 1), existing.modifierName, existing.modifiedAt, JSON.stringify(c.before)),
          });
      } else if (pending) inserts.delete(k);
      else if (existing) drops.add(existing.id);
    }
    if (oldK && !have.has(oldK) && !inserts.has(oldK) && !(storedK && have.has(storedK))) inserts.set(oldK, beforeRow());
    if (!newK) continue;
    const existing = have.get(newK);
    const pending = inserts.get(newK);
    if (existing) refresh.add(existing.id);
    else if (pending) Object.assign(pending, { modifierName: c.nickname.slice(0, 128), modifiedAt: now });
    else {
      inserts.set(newK, row(c.docId, hashes[i].new, c.nickname, now, LIVE_SNAPSHOT));
      liveOf.set(c.docId, (live ?? new Set()).add(newK));
    }
  }
  return { inserts: [...inserts.values()], fills: [...fills.values()], drops: [...drops], refresh: [...refresh] };
}

/** Records a batch of changes (called by the doc-change listener). */
export async function recordChanges(app: FastifyInstance, tx: Tx, changes: DocChange[]): Promise<void> {
  if (!changes.length) return;
  const docIds = [...new Set(changes.map((c) => c.docId))];
  const keys = new Map<number, string>();
  const stored = new Map<number, string>();
  // The rows the writer did not describe are read.
  for (const c of changes) {
    if (!c.row) continue;
    keys.set(c.docId, c.row.docKey);
    stored.set(c.docId, c.row.md5);
  }
  const unread = docIds.filter((id) => !keys.has(id));
  for (let i = 0; i < unread.length; i += CHUNK) {
    const rows = await tx
      .selectFrom('docs')
      .select(['id', 'docKey', 'md5'])
      .where('id', 'in', unread.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) {
      keys.set(r.id, r.docKey);
      stored.set(r.id, r.md5);
    }
  }
  const now = Date.now();
  const hashes: { old: string; new: string }[] = [];
  const turn = turnTaker();
  for (const c of changes) {
    hashes.push({
      old: c.before ? contentHash(c.before) : '',
      // A push stores the content hash it computed; other writers' hashes are recomputed.
      new: c.after ? (c.source === ModifySource.PUSH && stored.get(c.docId)) || contentHash(c.after) : '',
    });
    await turn();
  }
  const plan = await planSnapshots(tx, changes, hashes, keys, now);
  await insertMany(tx, 'docSnapshots', plan.inserts, 100);
  // Superseded live versions get their content (delete and re-insert under the same ids: two statements a chunk).
  for (let i = 0; i < plan.fills.length; i += CHUNK) {
    const part = plan.fills.slice(i, i + CHUNK);
    await tx
      .deleteFrom('docSnapshots')
      .where(
        'id',
        'in',
        part.map((r) => r.id as number),
      )
      .execute();
    await insertMany(tx, 'docSnapshots', part, 100);
  }
  for (let i = 0; i < plan.drops.length; i += CHUNK) {
    await tx
      .deleteFrom('docSnapshots')
      .where('id', 'in', plan.drops.slice(i, i + CHUNK))
      .execute();
  }
  for (let i = 0; i < plan.refresh.length; i += CHUNK) {
    await tx
      .updateTable('docSnapshots')
      .set({ modifiedAt: now })
      .where('id', 'in', plan.refresh.slice(i, i + CHUNK))
      .execute();
  }
  // Change records and their field-level details.
  const recordIds = await insertManyReturningIds(
    tx,
    app.ctx.dialect,
    'docChangeRecords',
    changes.map((c, i) => ({
      docId: c.docId,
      moduleId: c.moduleId,
      docKey: keys.get(c.docId) ?? '',
      md5Old: hashes[i].old,
      md5New: hashes[i].new,
      modifySource: c.source,
      modifyUserId: c.userId,
      modifyNickname: c.nickname.slice(0, 128),
      modifyType: MODIFY[c.kind],
      modifiedAt: now,
    })),
  );
  const details: Record<string, unknown>[] = [];
  changes.forEach((c, i) => {
    if (c.kind !== 'update' || !c.before || !c.after) return;
    for (const d of diffDocs(c.before, c.after)) {
      details.push({
        recordId: recordIds[i],
        positionType: d.positionType,
        targetName: d.targetName.slice(0, 255),
        content: detailContent(d),
        modifyType: d.modifyType,
      });
    }
  });
  await insertMany(tx, 'docChangeDetails', details, 200);
  // A doc created by this write has one version (unless the batch changed it twice): nothing to prune.
  const times = new Map<number, number>();
  for (const c of changes) times.set(c.docId, (times.get(c.docId) ?? 0) + 1);
  const fresh = new Set(changes.filter((c) => c.created && times.get(c.docId) === 1).map((c) => c.docId));
  await pruneSnapshots(
    app,
    tx,
    docIds.filter((id) => !fresh.has(id)),
  );
  await sendDocNotices(app, tx, changes);
}

/** Deletes the oldest snapshots beyond the limit for the given docs (one read, one delete per chunk). */
export async function pruneSnapshots(app: FastifyInstance, tx: Tx, docIds: number[]): Promise<void> {
  const limit = snapshotLimit(app);
  const drop: number[] = [];
  for (let i = 0; i < docIds.length; i += CHUNK) {
    const rows = await tx
      .selectFrom('docSnapshots')
      .select(['id', 'docId'])
      .where('docId', 'in', docIds.slice(i, i + CHUNK))
      .orderBy('docId')
      .orderBy('modifiedAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
    let cur = -1;
    let n = 0;
    for (const r of rows) {
      if (r.docId !== cur) {
        cur = r.docId;
        n = 0;
      }
      n++;
      if (n > limit) drop.push(r.id);
    }
  }
  for (let i = 0; i < drop.length; i += CHUNK) {
    await tx
      .deleteFrom('docSnapshots')
      .where('id', 'in', drop.slice(i, i + CHUNK))
      .execute();
  }
}

onDocChanges(recordChanges);
