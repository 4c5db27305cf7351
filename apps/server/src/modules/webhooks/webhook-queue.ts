/**
 * Durable webhook deliveries: a notice becomes one `webhook_deliveries` row per enabled webhook of the
 * application (inside the writing transaction, so a rolled-back change sends nothing); a worker tick
 * sends due rows and retries failures with back-off (30 s, 2 min, 10 min, 1 h; failed after 5 tries).
 * Outbound requests go through lib/outbound (private addresses only when the admin allowlist names them).
 * Claiming a row ('sending') is a lease: a send times out after 10 s, and any server retries a row left
 * 'sending' for two minutes (its server died). So delivery is at least once; every attempt carries the
 * same `X-Folio-Delivery` id for receivers to de-duplicate on.
 */
import type { FastifyInstance } from 'fastify';
import { type Conn, insertId } from '../../db/database.js';
import { renderText, text as storedText, type TextParam } from '../../i18n/stored-text.js';
import { registerPeriodic } from '../../jobs/queue.js';
import { decrypt } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { outboundRequest } from '../../lib/outbound.js';
import { publicUrlInForce } from '../../lib/public-url.js';
import { pt } from '../push/texts.js';
import {
  buildBody,
  deliveredOk,
  dingtalkSignedUrl,
  feishuSignedBody,
  formatTime,
  renderTemplate,
  type TemplateValues,
  type WebhookKind,
} from './webhook-format.js';

/** What happened, for the robots: one doc change, or a push digest. */
export interface DocNotice {
  moduleId: number;
  projectId: number;
  projectName: string;
  appName: string;
  modifier: string;
  modifierId: number;
  time: number;
  kind: 'add' | 'update' | 'delete' | 'push' | 'test';
  docs: { id: number; name: string; url: string; httpMethod: string; kind: string }[];
  followerIds: number[];
}

export const MAX_ATTEMPTS = 5;
const BACKOFF_MS = [30_000, 120_000, 600_000, 3_600_000];

/** Base URL of links in notices. */
export function publicUrl(app: FastifyInstance): string {
  return publicUrlInForce(app).value;
}

/** The text template of a kind: the super admin's (system settings) or the built-in default. */
export function templateFor(app: FastifyInstance, kind: WebhookKind, lang: string): string {
  const custom =
    kind === 'dingtalk'
      ? app.ctx.settings.get('folio.push.dingding-webhook-content')
      : app.ctx.settings.get('folio.push.wecom-webhook-content');
  if (custom.trim()) return custom;
  const dflt = pt(lang, 'push.robot.defaultTemplate');
  return kind === 'dingtalk' ? dflt : dflt.replace(/\n?\{@user\}/, '');
}

/** Placeholder values of a notice. */
export function noticeValues(app: FastifyInstance, n: DocNotice, lang: string): TemplateValues {
  const base = publicUrl(app);
  const first = n.docs[0];
  const names = n.docs.map((d) => d.name);
  const shown = names.slice(0, 10).join('、');
  const docName = names.length > 10 ? `${shown} ${pt(lang, 'push.msg.more', { n: names.length - 10 })}` : shown;
  const view = first && n.docs.length === 1 && first.kind !== 'delete' ? `${base}/view/${app.ctx.ids.encode(first.id)}` : `${base}/view`;
  return {
    modifyType: pt(lang, `push.robot.${n.kind}`),
    projectName: n.projectName,
    appName: n.appName,
    docName,
    url:
      n.docs.length === 1 && first
        ? first.url
        : n.docs
            .map((d) => `${d.httpMethod} ${d.url}`.trim())
            .slice(0, 10)
            .join(', '),
    modifier: n.modifier,
    modifyTime: formatTime(n.time),
    docViewUrl: view,
  };
}

/** Queues one delivery per enabled webhook of the notice's application. */
export async function queueDocNotice(app: FastifyInstance, conn: Conn, n: DocNotice, onlyWebhookId?: number): Promise<number[]> {
  let q = conn.selectFrom('moduleWebhooks').select(['id', 'kind']).where('moduleId', '=', n.moduleId);
  q = onlyWebhookId ? q.where('id', '=', onlyWebhookId) : q.where('enabled', '=', 1);
  const hooks = await q.execute();
  if (!hooks.length) return [];
  const dingUserIds: string[] = [];
  const mobiles: string[] = [];
  const followers = [...new Set(n.followerIds)].filter((u) => u > 0 && u !== n.modifierId);
  if (followers.length) {
    const users = await conn
      .selectFrom('users')
      .select(['dingtalkUserId', 'wecomMobile'])
      .where('id', 'in', followers)
      .where('status', '<>', 0)
      .execute();
    for (const u of users) {
      if (u.dingtalkUserId) dingUserIds.push(u.dingtalkUserId);
      if (u.wecomMobile) mobiles.push(u.wecomMobile);
    }
  }
  const lang = app.ctx.settings.get('folio.default-lang') || 'zh-CN';
  const values = noticeValues(app, n, lang);
  const base = publicUrl(app);
  const docs = n.docs.map((d) => ({ ...d, id: app.ctx.ids.encode(d.id), viewUrl: `${base}/view/${app.ctx.ids.encode(d.id)}` }));
  const event = n.kind === 'test' ? 'test' : `doc.${n.kind}`;
  const now = Date.now();
  const ids: number[] = [];
  for (const h of hooks) {
    const kind = h.kind as WebhookKind;
    const mention = kind === 'dingtalk' ? dingUserIds.map((x) => `@${x}`).join(' ') : '';
    const text = renderTemplate(templateFor(app, kind, lang), values, mention);
    const body = buildBody(kind, text, { dingUserIds, mobiles, event, values, docs });
    ids.push(
      await insertId(conn, app.ctx.dialect, 'webhookDeliveries', {
        moduleId: n.moduleId,
        webhookId: h.id,
        kind,
        event,
        body,
        state: 'queued',
        attempts: 0,
        nextAttemptAt: now,
        responseStatus: 0,
        lastError: '',
        createdAt: now,
        updatedAt: now,
      }),
    );
  }
  return ids;
}

/** A delivery's stored error in the reader's language (Folio's own errors are stored as a message key). */
export function deliveryError(lang: string, stored: string): string {
  if (!stored.startsWith('{"key":')) return stored;
  try {
    const e = JSON.parse(stored) as { key: string; params?: Record<string, TextParam> };
    return renderText(lang, storedText(e.key, e.params));
  } catch {
    return stored;
  }
}

/** Sends one delivery now (if it is still due); returns its final row state. */
export async function deliverOne(app: FastifyInstance, id: number): Promise<{ state: string; status: number; error: string }> {
  const { db } = app.ctx;
  const claimed = await db
    .updateTable('webhookDeliveries')
    .set({ state: 'sending', updatedAt: Date.now() })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'retry'])
    .executeTakeFirst();
  const row = await db.selectFrom('webhookDeliveries').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return { state: 'missing', status: 0, error: '' };
  if (Number(claimed.numUpdatedRows) !== 1) return { state: row.state, status: row.responseStatus, error: row.lastError };
  const hook = await db.selectFrom('moduleWebhooks').selectAll().where('id', '=', row.webhookId).executeTakeFirst();
  const attempts = row.attempts + 1;
  let status = 0;
  let error = '';
  let ok = false;
  if (!hook) error = JSON.stringify(storedText('notice.webhook_removed'));
  else {
    try {
      const url = decrypt(app.ctx.installKey, hook.urlEnc);
      const secret = hook.secretEnc ? decrypt(app.ctx.installKey, hook.secretEnc) : '';
      const kind = hook.kind as WebhookKind;
      const target = kind === 'dingtalk' && secret ? dingtalkSignedUrl(url, secret) : url;
      const body = kind === 'feishu' && secret ? feishuSignedBody(row.body, secret) : row.body;
      const res = await outboundRequest(
        { settings: app.ctx.settings },
        {
          url: target,
          method: 'POST',
          // The same id on every attempt of this delivery: delivery is at least once, receivers de-duplicate on it.
          headers: { 'content-type': 'application/json; charset=utf-8', 'x-folio-delivery': app.ctx.ids.encode(row.id) },
          body,
          timeoutMs: 10_000,
          maxRedirects: 0,
          maxResponseBytes: 64 * 1024,
        },
      );
      status = res.status;
      const text = res.body.toString('utf8');
      ok = deliveredOk(kind, status, text);
      if (!ok) error = text.slice(0, 500) || `HTTP ${status}`;
    } catch (err) {
      // Folio's own refusals and failures are kept as a message key, shown in the reader's language; the
      // URL is the hook's masked hint (the real one can carry a token).
      error =
        err instanceof AppError
          ? JSON.stringify({ key: err.msgKey, params: { ...err.params, url: hook.urlHint } }).slice(0, 2000)
          : JSON.stringify(
              storedText('notice.delivery_failed', { detail: (err instanceof Error ? err.message : String(err)).slice(0, 500) }),
            );
    }
  }
  const state = ok ? 'done' : attempts >= MAX_ATTEMPTS || !hook ? 'failed' : 'retry';
  await db
    .updateTable('webhookDeliveries')
    .set({
      state,
      attempts,
      responseStatus: status,
      lastError: error,
      nextAttemptAt: state === 'retry' ? Date.now() + BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)] : row.nextAttemptAt,
      updatedAt: Date.now(),
    })
    .where('id', '=', id)
    .execute();
  return { state, status, error };
}

/** Sends every due delivery (worker tick; tests call it directly). Returns how many were attempted. */
export async function processDeliveries(app: FastifyInstance, limit = 20): Promise<number> {
  const now = Date.now();
  // A process that died mid-send leaves rows in 'sending': retry them after two minutes.
  await app.ctx.db
    .updateTable('webhookDeliveries')
    .set({ state: 'retry', updatedAt: now })
    .where('state', '=', 'sending')
    .where('updatedAt', '<', now - 120_000)
    .execute();
  const due = await app.ctx.db
    .selectFrom('webhookDeliveries')
    .select(['id'])
    .where('state', 'in', ['queued', 'retry'])
    .where('nextAttemptAt', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
  for (const d of due) await deliverOne(app, d.id);
  return due.length;
}

registerPeriodic(async (app) => {
  await processDeliveries(app);
});
