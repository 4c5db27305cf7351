/**
 * MeterSphere delivery: the application's docs as a Postman v2.1 collection, imported into the chosen
 * MeterSphere project/module. Runs on demand, and as a job after a push or an edit (coalesced per
 * application). Every outcome is written to the application's delivery log (webhook_deliveries, kind
 * 'metersphere', final states only); failures message the project's admins.
 */

import { MessageType } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { inTx } from '../../db/database.js';
import { type StoredText, text as storedText } from '../../i18n/stored-text.js';
import { registerJobHandler } from '../../jobs/queue.js';
import { decrypt } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { onDocChanges } from '../doc-events.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { sendMessages } from '../messages/messages.service.js';
import { type MsAccount, msImport } from './client.js';
import { toPostmanCollection } from './postman.js';

export const MS_JOB = 'metersphere.push';
export const MS_KIND = 'metersphere';

export async function spaceAccount(app: FastifyInstance, spaceId: number): Promise<(MsAccount & { workspaceId: string }) | null> {
  const row = await app.ctx.db.selectFrom('msSpaceConfigs').selectAll().where('spaceId', '=', spaceId).executeTakeFirst();
  if (!row?.msAddress) return null;
  return {
    address: row.msAddress,
    accessKey: row.msAccessKey,
    secretKey: decrypt(app.ctx.installKey, row.msSecretKeyEnc),
    workspaceId: row.msSpaceId,
  };
}

export interface MsPushOutcome {
  ok: boolean;
  skipped?: string;
  docs: number;
  error: string;
}

/** Pushes one application's docs to MeterSphere now and logs the outcome. */
export async function pushModuleToMeterSphere(app: FastifyInstance, moduleId: number, trigger: string): Promise<MsPushOutcome> {
  const { db, settings } = app.ctx;
  if (!settings.getBool('metershpere.enable')) return { ok: false, skipped: 'disabled', docs: 0, error: '' };
  const mod = await db
    .selectFrom('modules as m')
    .innerJoin('projects as p', 'p.id', 'm.projectId')
    .select(['m.id', 'm.name', 'm.projectId', 'p.spaceId', 'p.name as projectName'])
    .where('m.id', '=', moduleId)
    .where('m.isDeleted', '=', 0)
    .executeTakeFirst();
  if (!mod) return { ok: false, skipped: 'no application', docs: 0, error: '' };
  const target = await db.selectFrom('msModuleConfigs').selectAll().where('moduleId', '=', moduleId).executeTakeFirst();
  if (!target?.msProjectId || !target.msModuleId) return { ok: false, skipped: 'no target', docs: 0, error: '' };
  const acc = await spaceAccount(app, mod.spaceId);
  let docs = 0;
  let error = '';
  let status = 0;
  // Folio's own failures are kept as a message key (the log shows them in the reader's language).
  let failure: StoredText | null = null;
  if (!acc) failure = storedText('error.metersphere_no_account');
  else {
    try {
      const ids = await db.selectFrom('docs').select('id').where('moduleId', '=', moduleId).where('isDeleted', '=', 0).execute();
      const details = [
        ...(
          await loadDocDetails(
            app.ctx,
            ids.map((r) => r.id),
          )
        ).values(),
      ];
      docs = details.filter((d) => !d.isFolder).length;
      const collection = toPostmanCollection(mod.name, details);
      await msImport(
        app.ctx,
        acc,
        settings.get('metersphere.import-url') || '/api/definition/import',
        { projectId: target.msProjectId, moduleId: target.msModuleId, cover: target.msCoverModule === 1 },
        collection,
        `${mod.name}.json`,
      );
      status = 200;
    } catch (e) {
      if (e instanceof AppError) failure = storedText(e.msgKey, e.params);
      else error = (e as Error).message.slice(0, 2000);
      const m = /^HTTP (\d{3})/.exec(error);
      status = m ? Number(m[1]) : 0;
    }
  }
  if (failure) error = JSON.stringify(failure);
  const now = Date.now();
  await db
    .insertInto('webhookDeliveries')
    .values({
      moduleId,
      kind: MS_KIND,
      event: trigger.slice(0, 64),
      body: JSON.stringify({ msProjectId: target.msProjectId, msModuleId: target.msModuleId, docs }),
      state: error ? 'failed' : 'delivered',
      attempts: 1,
      nextAttemptAt: 0,
      responseStatus: status,
      lastError: error,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  if (error) {
    const admins = await db
      .selectFrom('projectMembers')
      .select('userId')
      .where('projectId', '=', mod.projectId)
      .where('roleCode', '=', 'admin')
      .execute();
    if (admins.length) {
      const lang = settings.get('folio.default-lang') || 'zh-CN';
      const message = storedText('notice.metersphere_failed', {
        module: `${mod.projectName} / ${mod.name}`,
        error: failure ?? error.slice(0, 300),
      });
      await inTx(db, (tx) =>
        sendMessages(
          tx,
          admins.map((a) => a.userId),
          { message, type: MessageType.PROJECT, sourceId: mod.projectId },
          lang,
        ),
      );
    }
  }
  return { ok: !error, docs, error };
}

registerJobHandler(
  MS_JOB,
  async (app, job) => {
    const p = job.payload as { trigger?: string };
    return pushModuleToMeterSphere(app, job.moduleId, p?.trigger ?? 'change');
  },
  { serialPerModule: true },
);

/** After a push or an edit: queue one delivery per application (coalesced while one is still queued). */
onDocChanges(async (app, tx, changes) => {
  if (!app.ctx.settings.getBool('metershpere.enable')) return;
  const moduleIds = [...new Set(changes.map((c) => c.moduleId))];
  const targets = await tx.selectFrom('msModuleConfigs').select('moduleId').where('moduleId', 'in', moduleIds).execute();
  if (!targets.length) return;
  const queued = await tx
    .selectFrom('jobs')
    .select('moduleId')
    .where('kind', '=', MS_JOB)
    .where('state', '=', 'queued')
    .where(
      'moduleId',
      'in',
      targets.map((x) => x.moduleId),
    )
    .execute();
  const already = new Set(queued.map((q) => q.moduleId));
  const now = Date.now();
  const { randomToken } = await import('../../lib/crypto.js');
  const rows = targets
    .filter((x) => !already.has(x.moduleId))
    .map((x) => ({
      publicId: randomToken(12),
      kind: MS_JOB,
      state: 'queued',
      progress: 0,
      moduleId: x.moduleId,
      payload: JSON.stringify({ trigger: changes.some((c) => c.source === 0) ? 'push' : 'edit' }),
      createdBy: changes[0]?.userId ?? 0,
      runAfter: now + 3_000,
      createdAt: now,
      updatedAt: now,
    }));
  if (rows.length) await tx.insertInto('jobs').values(rows).execute();
});
