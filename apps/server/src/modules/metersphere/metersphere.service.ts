/**
 * MeterSphere delivery: the application's docs as a Postman v2.1 collection, imported into the chosen
 * MeterSphere project/module. Runs on demand, and as a job after a push or an edit (coalesced per
 * application). Every outcome is written to the application's delivery log (webhook_deliveries, kind
 * 'metersphere', final states only); failures message the project's admins. Also what the routes call: a
 * space's account (load, save, test, workspaces) and an application's target (projects, modules, load, save,
 * push now, delivery log); the routes declare who may. No HTTP types.
 */

import {
  MessageType,
  type MsAccountSaveRequest,
  type MsAccountView,
  type MsLogRow,
  type MsNamed,
  type MsNode,
  type MsPushResult,
  type MsTarget,
  type MsTargetSaveRequest,
} from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { inTx } from '../../db/database.js';
import { type StoredText, text as storedText } from '../../i18n/stored-text.js';
import { registerJobHandler } from '../../jobs/queue.js';
import { decrypt, encrypt } from '../../lib/crypto.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { onDocChanges } from '../doc-events.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { sendMessages } from '../messages/messages.service.js';
import { deliveryError } from '../webhooks/webhook-queue.js';
import { type MsAccount, msCurrentUser, msImport, msModules, msProjects, msWorkspaces } from './client.js';
import * as repo from './metersphere.repo.js';
import { toPostmanCollection } from './postman.js';

export const MS_JOB = 'metersphere.push';
export const MS_KIND = 'metersphere';

export async function spaceAccount(app: FastifyInstance, spaceId: number): Promise<(MsAccount & { workspaceId: string }) | null> {
  const row = await repo.findSpaceConfig(app.ctx.db, spaceId);
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
  const target = await repo.findModuleConfig(db, moduleId);
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

const isEnabled = (app: FastifyInstance) => app.ctx.settings.getBool('metershpere.enable');

/** Refuses a call that needs the integration while the super admin has it off. */
function requireEnabled(app: FastifyInstance): void {
  if (!isEnabled(app)) throw badRequest('error.metersphere_disabled');
}

/** The space's account, or a clear refusal when it has none. */
async function requireAccount(app: FastifyInstance, spaceId: number): Promise<MsAccount & { workspaceId: string }> {
  const acc = await spaceAccount(app, spaceId);
  if (!acc) throw badRequest('error.metersphere_no_account');
  return acc;
}

/** A lookup in MeterSphere; its failure is a readable refusal. */
async function lookup<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw badRequest('error.metersphere_call_failed', { error: (e as Error).message.slice(0, 300) });
  }
}

/** A space's account as its admins see it (the secret key only as set or not). */
export async function loadAccount(app: FastifyInstance, spaceId: number): Promise<MsAccountView> {
  const row = await repo.findSpaceConfig(app.ctx.db, spaceId);
  return {
    enabled: isEnabled(app),
    msAddress: row?.msAddress ?? '',
    msAccessKey: row?.msAccessKey ?? '',
    hasSecretKey: !!row?.msSecretKeyEnc,
    msSpaceId: row?.msSpaceId ?? '',
    msSpaceName: row?.msSpaceName ?? '',
  };
}

/** Saves a space's account (an empty secret key keeps the stored one); returns what the audit log records. */
export async function saveAccount(
  app: FastifyInstance,
  spaceId: number,
  b: MsAccountSaveRequest,
): Promise<{ address: string; secretChanged: boolean }> {
  requireEnabled(app);
  const values = {
    msAddress: b.msAddress.trim().replace(/\/+$/, ''),
    msAccessKey: b.msAccessKey.trim(),
    msSpaceId: (b.msSpaceId ?? '').trim(),
    msSpaceName: (b.msSpaceName ?? '').trim(),
    updatedAt: Date.now(),
    ...(b.msSecretKey ? { msSecretKeyEnc: encrypt(app.ctx.installKey, b.msSecretKey) } : {}),
  };
  await repo.saveSpaceConfig(app.ctx.db, spaceId, values);
  return { address: values.msAddress, secretChanged: !!b.msSecretKey };
}

/** Tries a space's account: MeterSphere's user of the access key, or why it refused. */
export async function testAccount(app: FastifyInstance, spaceId: number): Promise<{ ok: boolean; message: string }> {
  requireEnabled(app);
  try {
    const u = await msCurrentUser(app.ctx, await requireAccount(app, spaceId));
    return { ok: true, message: u.name || u.id };
  } catch (e) {
    return { ok: false, message: (e as Error).message.slice(0, 500) };
  }
}

/** The MeterSphere workspaces a space's account sees. */
export async function workspacesOf(app: FastifyInstance, spaceId: number): Promise<MsNamed[]> {
  requireEnabled(app);
  const acc = await requireAccount(app, spaceId);
  return lookup(() => msWorkspaces(app.ctx, acc));
}

/** The projects of the space's workspace: an application's admins pick their target from these. */
export async function projectsOf(app: FastifyInstance, spaceId: number): Promise<MsNamed[]> {
  requireEnabled(app);
  const acc = await requireAccount(app, spaceId);
  return lookup(() => msProjects(app.ctx, acc, acc.workspaceId));
}

/** The module tree of a MeterSphere project. */
export async function modulesOf(app: FastifyInstance, spaceId: number, msProjectId: string): Promise<MsNode[]> {
  requireEnabled(app);
  const acc = await requireAccount(app, spaceId);
  return lookup(() => msModules(app.ctx, acc, msProjectId));
}

/** An application's target, and whether its space has an account. */
export async function loadTarget(app: FastifyInstance, moduleId: number, spaceId: number): Promise<MsTarget> {
  const row = await repo.findModuleConfig(app.ctx.db, moduleId);
  const hasAccount = !!(await spaceAccount(app, spaceId));
  return {
    enabled: isEnabled(app),
    hasAccount,
    msProjectId: row?.msProjectId ?? '',
    msModuleId: row?.msModuleId ?? '',
    msCoverModule: row ? row.msCoverModule : 1,
    name: row?.name ?? '',
  };
}

/**
 * Saves an application's target; an empty project or module removes it. Returns the target saved (what the
 * audit log records), or null when it was removed.
 */
export async function saveTarget(
  app: FastifyInstance,
  moduleId: number,
  b: MsTargetSaveRequest,
): Promise<{ msProjectId: string; msModuleId: string } | null> {
  requireEnabled(app);
  const values = {
    msProjectId: b.msProjectId.trim(),
    msModuleId: b.msModuleId.trim(),
    msCoverModule: b.msCoverModule,
    name: (b.name ?? '').trim(),
    updatedAt: Date.now(),
  };
  if (!values.msProjectId || !values.msModuleId) {
    await repo.deleteModuleConfig(app.ctx.db, moduleId);
    return null;
  }
  await repo.saveModuleConfig(app.ctx.db, moduleId, values);
  return { msProjectId: values.msProjectId, msModuleId: values.msModuleId };
}

/** Sends an application's docs to MeterSphere now (404 when it has no target); the error in the reader's language. */
export async function pushNow(app: FastifyInstance, moduleId: number, lang: string): Promise<MsPushResult> {
  requireEnabled(app);
  const r = await pushModuleToMeterSphere(app, moduleId, 'manual');
  if (r.skipped) throw notFound('metersphere target');
  return { ok: r.ok, docs: r.docs, error: deliveryError(lang, r.error) };
}

/** An application's last 50 deliveries to MeterSphere, errors in the reader's language. */
export async function deliveryLog(app: FastifyInstance, moduleId: number, lang: string): Promise<MsLogRow[]> {
  const rows = await repo.deliveriesOf(app.ctx.db, moduleId, MS_KIND);
  return rows.map((r) => ({
    id: app.ctx.ids.encode(r.id),
    trigger: r.event,
    state: r.state,
    responseStatus: r.responseStatus,
    error: deliveryError(lang, r.lastError),
    summary: r.body,
    gmtCreate: Number(r.createdAt),
  }));
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
