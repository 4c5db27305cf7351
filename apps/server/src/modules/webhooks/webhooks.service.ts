/**
 * An application's chat webhooks: list (URLs decrypted for its admins), save (URL and secret encrypted at
 * rest), delete, a test-send, the delivery log and a retry. The routes declare module.manageWebhooks on the
 * application, a webhook (`webhook`) or a delivery (`webhookDelivery`), each resolved to its application. No HTTP types.
 */
import type { DeliveryPageInput, WebhookKindSchema, WebhookSaveRequest } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { decrypt, encrypt } from '../../lib/crypto.js';
import { notFound, validation } from '../../lib/errors.js';
import { defineResource } from '../../permissions/declared.js';
import type { SessionUser } from '../../plugins/auth.js';
import { MS_KIND, pushModuleToMeterSphere } from '../metersphere/metersphere.service.js';
import { pt } from '../push/texts.js';
import type { WebhookKind } from './webhook-format.js';
import { deliverOne, deliveryError, queueDocNotice } from './webhook-queue.js';
import * as repo from './webhooks.repo.js';

// The contract's kinds are the formats this server renders (WEBHOOK_KINDS): a kind added to one alone fails here.
type ContractKind = Static<typeof WebhookKindSchema>;
const kindsAgree: [ContractKind] extends [WebhookKind] ? ([WebhookKind] extends [ContractKind] ? true : never) : never = true;
void kindsAgree;

defineResource('webhook', async (ctx, id) => {
  const h = await repo.findWebhook(ctx.db, id);
  return h && { kind: 'module', id: h.moduleId };
});
defineResource('webhookDelivery', async (ctx, id) => {
  const d = await repo.findDelivery(ctx.db, id);
  return d && { kind: 'module', id: d.moduleId };
});

function hintOf(url: string): string {
  try {
    const u = new URL(url);
    // Host only: robot paths (Slack, Feishu) and queries (DingTalk, WeCom) carry the secret.
    return `${u.protocol}//${u.host}`.slice(0, 255);
  } catch {
    return '';
  }
}

/** An application's webhooks, URLs decrypted. */
export async function listWebhooks(app: FastifyInstance, moduleId: number) {
  const { ctx } = app;
  const rows = await repo.webhooksOf(ctx.db, moduleId);
  return rows.map((h) => ({
    id: ctx.ids.encode(h.id),
    moduleId: ctx.ids.encode(h.moduleId),
    kind: h.kind,
    name: h.name,
    url: decrypt(ctx.installKey, h.urlEnc),
    hasSecret: !!h.secretEnc,
    enabled: h.enabled,
  }));
}

/** Creates (no id) or updates a webhook of application `moduleId`; returns its id as given or new. */
export async function saveWebhook(app: FastifyInstance, user: SessionUser, moduleId: number, b: WebhookSaveRequest): Promise<string> {
  const { ctx } = app;
  let parsed: URL | null = null;
  try {
    parsed = new URL(b.url.trim());
  } catch {
    parsed = null;
  }
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) throw validation([{ field: 'url', message: 'URL format incorrect' }]);
  const url = parsed.toString();
  const now = Date.now();
  const values = {
    kind: b.kind,
    name: b.name.trim() || b.kind,
    urlEnc: encrypt(ctx.installKey, url),
    urlHint: hintOf(url),
    enabled: b.enabled === undefined ? 1 : b.enabled === true || b.enabled === 1 ? 1 : 0,
    updatedAt: now,
    ...(b.secret !== undefined ? { secretEnc: b.secret ? encrypt(ctx.installKey, b.secret) : '' } : {}),
  };
  if (b.id) {
    const h = await repo.findWebhook(ctx.db, ctx.ids.decode(b.id, 'webhook'));
    // A webhook is edited in its own application only.
    if (!h || h.moduleId !== moduleId) throw notFound('webhook');
    await repo.updateWebhook(ctx.db, h.id, values);
    return b.id;
  }
  const id = await repo.insertWebhook(ctx.db, ctx.dialect, { moduleId, creatorId: user.id, createdAt: now, secretEnc: '', ...values });
  return ctx.ids.encode(id);
}

/** Deletes a webhook. */
export async function deleteWebhook(app: FastifyInstance, id: number): Promise<void> {
  await repo.deleteWebhook(app.ctx.db, id);
}

/** Sends a test notice through one webhook now; answers the delivery and how it went (errors in `lang`). */
export async function testWebhook(app: FastifyInstance, user: SessionUser, id: number, lang: string) {
  const { ctx } = app;
  const h = await repo.findWebhook(ctx.db, id);
  if (!h) throw notFound('webhook');
  const mod = await repo.moduleNames(ctx.db, h.moduleId);
  const textLang = ctx.settings.get('folio.default-lang') || 'zh-CN';
  const [deliveryId] = await queueDocNotice(
    app,
    ctx.db,
    {
      moduleId: h.moduleId,
      projectId: mod.projectId,
      projectName: mod.projectName,
      appName: mod.name,
      modifier: user.nickname,
      modifierId: user.id,
      time: Date.now(),
      kind: 'test',
      docs: [{ id: 0, name: pt(textLang, 'push.robot.testDoc'), url: '', httpMethod: '', kind: 'test' }],
      followerIds: [],
    },
    h.id,
  );
  const r = await deliverOne(app, deliveryId);
  return { deliveryId: ctx.ids.encode(deliveryId), state: r.state, status: r.status, error: deliveryError(lang, r.error) };
}

/** A page of an application's delivery log (errors in `lang`). */
export async function deliveryPage(app: FastifyInstance, moduleId: number, q: DeliveryPageInput, lang: string) {
  const { ctx } = app;
  const { total, rows } = await repo.deliveryPage(ctx.db, moduleId, q.pageIndex ?? 1, q.pageSize ?? 20);
  return {
    total,
    list: rows.map((r) => ({
      id: ctx.ids.encode(r.id),
      kind: r.kind,
      event: r.event,
      body: r.body,
      state: r.state,
      attempts: r.attempts,
      nextAttemptAt: r.nextAttemptAt,
      responseStatus: r.responseStatus,
      lastError: deliveryError(lang, r.lastError),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      webhookName: r.name ?? '',
      target: r.urlHint ?? '',
    })),
  };
}

/**
 * Retries a delivery now (a failed or retrying one is made due again first). A MeterSphere row logs a
 * whole-application send: its retry sends the application again (a new row).
 */
export async function retryDelivery(app: FastifyInstance, id: number, lang: string) {
  const d = await repo.findDelivery(app.ctx.db, id);
  if (!d) throw notFound('delivery');
  if (d.kind === MS_KIND) {
    const r = await pushModuleToMeterSphere(app, d.moduleId, 'retry');
    return { state: r.ok ? 'done' : 'failed', status: 0, error: r.skipped ?? r.error };
  }
  if (d.state === 'failed' || d.state === 'retry') await repo.requeueDelivery(app.ctx.db, id);
  const r = await deliverOne(app, id);
  return { state: r.state, status: r.status, error: deliveryError(lang, r.error) };
}
