/**
 * Running a push: synchronously (outcome in the response) or as a durable job polled by id, serialised
 * per application, with in-site messages to the application's admins about the outcome (failures too),
 * and the settle job that records replace-push deletions once a partitioned run is over.
 */
import { MessageType, ModifySource, type PushPayload, ROLES } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { inTx } from '../../db/database.js';
import { type TextParam, text } from '../../i18n/stored-text.js';
import { enqueueJob, registerJobHandler, registerPeriodic } from '../../jobs/queue.js';
import { AppError } from '../../lib/errors.js';
import { turnTaker } from '../../lib/turns.js';
import { type DocChange, emitDocChanges } from '../doc-events.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { sendMessages } from '../messages/messages.service.js';
import { uploadDir } from '../uploads/uploads.service.js';
import { parsePushFileItem, pushFilesOlderThan, readPushFile, removePushFile, writePushFile } from './push-file.js';
import { withModuleLock } from './push-lock.js';
import { type MergeResult, mergeNormalized } from './push-merge.js';
import { type NPayload, normalizeInPieces, normalizePayloadWithTurns } from './push-normalize.js';
import { closeRun, runIsOpen, runWindowMs, settledRun } from './push-runs.js';

export const PUSH_JOB = 'push.doc';
export const SETTLE_JOB = 'push.settle';

export interface PushRequest {
  moduleId: number;
  /** The payload itself; absent when it waits in `payloadFile`. */
  payload?: PushPayload;
  /** Its file in the upload directory (push-file.ts): every queued push, and a big body's push. */
  payloadFile?: string;
  /** Pusher shown in history and messages (root `author`, else "OpenAPI"). */
  author: string;
  isReplace?: boolean;
  isOverride?: boolean;
  runHint?: string;
}

/** The outcome as the open API returns it. */
export type PublicOutcome = Omit<MergeResult, 'pendingDeleteIds' | 'changedNames' | 'rowIds' | 'runId'> & { runId: string };

function publicOutcome(r: MergeResult): PublicOutcome {
  const { pendingDeleteIds: _p, changedNames: _c, rowIds: _r, ...rest } = r;
  return rest;
}

/** Ids of the users who administer an application: project admins and space admins (super admins when none). */
export async function applicationAdmins(app: FastifyInstance, moduleId: number): Promise<number[]> {
  const { db } = app.ctx;
  const m = await db
    .selectFrom('modules as m')
    .innerJoin('projects as p', 'p.id', 'm.projectId')
    .select(['p.id as projectId', 'p.spaceId'])
    .where('m.id', '=', moduleId)
    .executeTakeFirst();
  if (!m) return [];
  const admin = ROLES[ROLES.length - 1];
  const [pa, sa] = await Promise.all([
    db.selectFrom('projectMembers').select('userId').where('projectId', '=', m.projectId).where('roleCode', '=', admin).execute(),
    db.selectFrom('spaceMembers').select('userId').where('spaceId', '=', m.spaceId).where('roleCode', '=', admin).execute(),
  ]);
  const ids = [...new Set([...pa, ...sa].map((r) => r.userId))];
  if (ids.length) return ids;
  return (await db.selectFrom('users').select('id').where('isSuperAdmin', '=', 1).where('status', '<>', 0).execute()).map((r) => r.id);
}

/** Messages the application's admins about a push (each reads it in their language). */
export async function notifyAdmins(
  app: FastifyInstance,
  moduleId: number,
  key: 'push.msg.pushOk' | 'push.msg.pushFail',
  params: Record<string, TextParam>,
): Promise<void> {
  const { db } = app.ctx;
  const ids = await applicationAdmins(app, moduleId);
  if (!ids.length) return;
  const mod = await db
    .selectFrom('modules as m')
    .innerJoin('projects as p', 'p.id', 'm.projectId')
    .select(['m.name', 'p.name as projectName'])
    .where('m.id', '=', moduleId)
    .executeTakeFirst();
  const users = await db.selectFrom('users').select('id').where('id', 'in', ids).where('status', '<>', 0).execute();
  const summary = text('push.msg.summary', {
    added: params.added ?? 0,
    updated: params.updated ?? 0,
    deleted: params.deleted ?? 0,
  });
  const message = text(key, { project: mod?.projectName ?? '', app: mod?.name ?? '', summary, ...params });
  const lang = app.ctx.settings.get('folio.default-lang') || 'zh-CN';
  await inTx(db, (tx) =>
    sendMessages(
      tx,
      users.map((u) => u.id),
      { message, type: MessageType.PUSH, sourceId: moduleId },
      lang,
    ),
  );
}

/**
 * The request's payload normalised one top-level item at a time, with event-loop turns between them: from the
 * request itself, or read from its file (one item's JSON parsed at a time).
 */
async function normalizeRequest(app: FastifyInstance, req: PushRequest): Promise<NPayload> {
  if (!req.payloadFile) return normalizePayloadWithTurns(req.payload ?? {});
  const name = req.payloadFile;
  const { head, items } = await readPushFile(uploadDir(app), name);
  return normalizeInPieces(head, items.length, (i) => parsePushFileItem(name, items[i]), turnTaker());
}

/** Runs a push now (serialised per application); messages admins; queues the settle job for deletions. */
export async function runPush(app: FastifyInstance, req: PushRequest, onProgress?: (pct: number) => Promise<void>): Promise<PublicOutcome> {
  const norm = await normalizeRequest(app, req);
  try {
    const result = await withModuleLock(req.moduleId, () =>
      inTx(app.ctx.db, (tx) =>
        mergeNormalized(
          app,
          tx,
          {
            moduleId: req.moduleId,
            source: 'push',
            user: { id: 0, nickname: req.author },
            isReplace: req.isReplace,
            isOverride: req.isOverride,
            runHint: req.runHint,
            onProgress,
          },
          norm,
        ),
      ),
    );
    if (result.pendingDeleteIds.length) {
      await enqueueJob(app, {
        kind: SETTLE_JOB,
        moduleId: req.moduleId,
        runAfter: Date.now() + runWindowMs(app),
        payload: {
          moduleId: req.moduleId,
          runId: result.runId,
          batchId: result.batchId,
          docIds: result.pendingDeleteIds,
          nickname: norm.author || req.author,
        },
      });
    }
    if (result.added || result.updated || result.deleted) {
      await notifyAdmins(app, req.moduleId, 'push.msg.pushOk', {
        author: norm.author || req.author,
        added: result.added,
        updated: result.updated,
        deleted: result.deleted,
        unchanged: result.unchanged,
        skippedLocked: result.skippedLocked,
      });
    }
    return publicOutcome(result);
  } catch (err) {
    app.log.error({ err, moduleId: req.moduleId }, 'push failed');
    await notifyAdmins(app, req.moduleId, 'push.msg.pushFail', {
      author: norm.author || req.author,
      // Folio's own errors as their message key (read in each admin's language).
      error: err instanceof AppError ? text(err.msgKey, err.params) : (err instanceof Error ? err.message : String(err)).slice(0, 300),
    }).catch(() => undefined);
    throw err;
  }
}

/** Queues a push as a job, its payload in a file (the job row stays small); returns the job id. */
export async function queuePush(app: FastifyInstance, req: PushRequest): Promise<string> {
  const { payload, ...rest } = req;
  const payloadFile = req.payloadFile ?? (await writePushFile(uploadDir(app), (payload ?? {}) as unknown as Record<string, unknown>));
  try {
    return await enqueueJob(app, { kind: PUSH_JOB, moduleId: req.moduleId, payload: { ...rest, payloadFile } });
  } catch (err) {
    if (!req.payloadFile) await removePushFile(uploadDir(app), payloadFile);
    throw err;
  }
}

interface SettlePayload {
  moduleId: number;
  runId: string;
  batchId: string;
  docIds: number[];
  nickname: string;
}

/** Records the deletions of a replace push once its run is over (docs still deleted only). */
export async function settleDeletions(app: FastifyInstance, p: SettlePayload): Promise<{ recorded: number; deferred?: boolean }> {
  if (await runIsOpen(app, p.moduleId, p.runId)) {
    await enqueueJob(app, { kind: SETTLE_JOB, moduleId: p.moduleId, runAfter: Date.now() + runWindowMs(app), payload: p });
    return { recorded: 0, deferred: true };
  }
  return withModuleLock(p.moduleId, () =>
    inTx(app.ctx.db, async (tx) => {
      const gone = await loadDocDetails(app.ctx, p.docIds, tx, { includeDeleted: true });
      const still = new Set<number>();
      for (let i = 0; i < p.docIds.length; i += 500) {
        const rows = await tx
          .selectFrom('docs')
          .select('id')
          .where('id', 'in', p.docIds.slice(i, i + 500))
          .where('isDeleted', '=', 1)
          .execute();
        for (const r of rows) still.add(r.id);
      }
      const changes: DocChange[] = [];
      for (const id of p.docIds) {
        const b = gone.get(id);
        if (b && still.has(id)) {
          changes.push({
            docId: id,
            moduleId: p.moduleId,
            source: ModifySource.PUSH,
            kind: 'delete',
            userId: 0,
            nickname: p.nickname,
            before: b,
            after: null,
            batchId: p.batchId,
          });
        }
      }
      await emitDocChanges(app, tx, changes);
      await settledRun(tx, p.moduleId, p.docIds);
      return { recorded: changes.length };
    }),
  );
}

/** Settles every pending run now (tests, shutdown tools): closes runs and runs their settle jobs. */
export async function settleAllRuns(app: FastifyInstance): Promise<number> {
  const jobs = await app.ctx.db
    .selectFrom('jobs')
    .select(['id', 'moduleId'])
    .where('kind', '=', SETTLE_JOB)
    .where('state', '=', 'queued')
    .execute();
  for (const j of jobs) await closeRun(app.ctx.db, j.moduleId);
  if (jobs.length) {
    await app.ctx.db
      .updateTable('jobs')
      .set({ runAfter: 0 })
      .where(
        'id',
        'in',
        jobs.map((j) => j.id),
      )
      .execute();
  }
  return jobs.length;
}

registerJobHandler(
  PUSH_JOB,
  async (app, job) => {
    const req = job.payload as PushRequest;
    try {
      // Progress is reported inside the push transaction: on SQLite (one connection) awaiting a write
      // elsewhere would wait for that transaction, so the write is fired and lands when it can.
      return await runPush(app, req, async (pct) => {
        void job.progress(pct).catch(() => undefined);
      });
    } finally {
      // Done or failed, the push has run: its file goes (a server killed before here leaves it for the next).
      if (req.payloadFile) await removePushFile(uploadDir(app), req.payloadFile);
    }
  },
  { serialPerModule: true },
);

registerJobHandler(SETTLE_JOB, async (app, job) => settleDeletions(app, job.payload as SettlePayload));

/**
 * Removes payload files older than `before` that no queued or running push job names: left by a server killed
 * between writing the file and queueing the job, or during a big push answered at once. Returns how many.
 */
export async function sweepPushFiles(app: FastifyInstance, before: number): Promise<number> {
  const dir = uploadDir(app);
  const old = await pushFilesOlderThan(dir, before);
  if (!old.length) return 0;
  const jobs = await app.ctx.db
    .selectFrom('jobs')
    .select('payload')
    .where('kind', '=', PUSH_JOB)
    .where('state', 'in', ['queued', 'running'])
    .execute();
  const named = new Set<string>();
  for (const j of jobs) {
    try {
      named.add(String(JSON.parse(j.payload)?.payloadFile ?? ''));
    } catch {
      /* not a payload of ours */
    }
  }
  const orphans = old.filter((n) => !named.has(n));
  for (const n of orphans) await removePushFile(dir, n);
  return orphans.length;
}

/** Payload files a day old and named by no live job are leftovers; each server looks at most once an hour. */
const ORPHAN_AGE_MS = 24 * 3_600_000;
const lastSweep = new WeakMap<FastifyInstance, number>();
registerPeriodic(async (app) => {
  const now = Date.now();
  if (now - (lastSweep.get(app) ?? 0) < 3_600_000) return;
  lastSweep.set(app, now);
  await sweepPushFiles(app, now - ORPHAN_AGE_MS);
});
