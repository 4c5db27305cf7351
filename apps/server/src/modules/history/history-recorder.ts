/**
 * Records every doc content change (push, form, text editor, restore, delete) as it is written: a
 * snapshot of the full content per distinct version (kept per doc up to the `folio.snapshot-size`
 * setting), a change record (who, when, source, add/update/delete) and its field-level details.
 * Subscribed to doc-change events, so it runs inside the writing transaction; a batch costs a fixed
 * number of queries whatever its size. Then hands the batch to the follower notices.
 */
import { type DocDetail, ModifySource, ModifyType } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { insertMany, insertManyReturningIds, type Tx } from '../../db/database.js';
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

/** Records a batch of changes (called by the doc-change listener). */
export async function recordChanges(app: FastifyInstance, tx: Tx, changes: DocChange[]): Promise<void> {
  if (!changes.length) return;
  const docIds = [...new Set(changes.map((c) => c.docId))];
  const keys = new Map<number, string>();
  const stored = new Map<number, string>();
  for (let i = 0; i < docIds.length; i += CHUNK) {
    const rows = await tx
      .selectFrom('docs')
      .select(['id', 'docKey', 'md5'])
      .where('id', 'in', docIds.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) {
      keys.set(r.id, r.docKey);
      stored.set(r.id, r.md5);
    }
  }
  const now = Date.now();
  // Snapshots: one per (doc, content md5); a version seen again is refreshed instead of duplicated.
  const wanted = new Map<string, { docId: number; md5: string; detail: DocDetail; nickname: string; at: number; fresh: boolean }>();
  const hashes = changes.map((c) => ({
    old: c.before ? contentHash(c.before) : '',
    // A push stores the content hash it computed; other writers' hashes are recomputed.
    new: c.after ? (c.source === ModifySource.PUSH && stored.get(c.docId)) || contentHash(c.after) : '',
  }));
  changes.forEach((c, i) => {
    if (c.before) {
      const k = `${c.docId}:${hashes[i].old}`;
      if (!wanted.has(k)) {
        wanted.set(k, {
          docId: c.docId,
          md5: hashes[i].old,
          detail: c.before,
          nickname: c.before.modifierName,
          at: Number(c.before.gmtModified) || now - 1,
          fresh: false,
        });
      }
    }
    if (c.after)
      wanted.set(`${c.docId}:${hashes[i].new}`, {
        docId: c.docId,
        md5: hashes[i].new,
        detail: c.after,
        nickname: c.nickname,
        at: now,
        fresh: true,
      });
  });
  const have = new Map<string, number>();
  for (let i = 0; i < docIds.length; i += CHUNK) {
    const rows = await tx
      .selectFrom('docSnapshots')
      .select(['id', 'docId', 'md5'])
      .where('docId', 'in', docIds.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) have.set(`${r.docId}:${r.md5}`, r.id);
  }
  const inserts: Record<string, unknown>[] = [];
  const refresh: number[] = [];
  for (const [k, s] of wanted) {
    const id = have.get(k);
    if (id) {
      if (s.fresh) refresh.push(id);
      continue;
    }
    inserts.push({
      docId: s.docId,
      docKey: keys.get(s.docId) ?? '',
      md5: s.md5,
      modifierName: s.nickname.slice(0, 128),
      modifiedAt: s.at,
      content: JSON.stringify(s.detail),
    });
  }
  await insertMany(tx, 'docSnapshots', inserts, 100);
  for (let i = 0; i < refresh.length; i += CHUNK) {
    await tx
      .updateTable('docSnapshots')
      .set({ modifiedAt: now })
      .where('id', 'in', refresh.slice(i, i + CHUNK))
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
  await pruneSnapshots(app, tx, docIds);
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
