/**
 * Routes of the webhooks feature: an application's chat webhooks (DingTalk, WeCom, Feishu/Lark, Slack,
 * generic JSON), a test-send, and the delivery log. URLs and secrets are secrets: only the application's
 * admins (module.manageWebhooks) see or change them; they are stored encrypted.
 */

import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { insertId } from '../../db/database.js';
import { decrypt, encrypt } from '../../lib/crypto.js';
import { notFound, validation } from '../../lib/errors.js';
import { IdString } from '../../lib/schemas.js';
import { authorizeModule } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { MS_KIND, pushModuleToMeterSphere } from '../metersphere/metersphere.service.js';
import { pt } from '../push/texts.js';
import { WEBHOOK_KINDS, type WebhookKind } from './webhook-format.js';
import { deliverOne, deliveryError, queueDocNotice } from './webhook-queue.js';

const KindSchema = Type.Union(WEBHOOK_KINDS.map((k) => Type.Literal(k)));

function hintOf(url: string): string {
  try {
    const u = new URL(url);
    // Host only: robot paths (Slack, Feishu) and queries (DingTalk, WeCom) carry the secret.
    return `${u.protocol}//${u.host}`.slice(0, 255);
  } catch {
    return '';
  }
}

export async function webhooksRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;

  async function hookOf(req: Parameters<typeof authorizeModule>[0], rawId: string) {
    const id = ctx.ids.decode(rawId, 'webhook');
    const h = await ctx.db.selectFrom('moduleWebhooks').selectAll().where('id', '=', id).executeTakeFirst();
    if (!h) throw notFound('webhook');
    await authorizeModule(req, h.moduleId, 'module.manageWebhooks');
    return h;
  }

  api.get(
    '/module/webhook/list',
    { config: { action: 'module.manageWebhooks' }, schema: { querystring: Type.Object({ moduleId: IdString }) } },
    async (req) => {
      const moduleId = ctx.ids.decode((req.query as { moduleId: string }).moduleId, 'module');
      await authorizeModule(req, moduleId, 'module.manageWebhooks');
      const rows = await ctx.db.selectFrom('moduleWebhooks').selectAll().where('moduleId', '=', moduleId).orderBy('id').execute();
      return ok(
        rows.map((h) => ({
          id: ctx.ids.encode(h.id),
          moduleId: ctx.ids.encode(h.moduleId),
          kind: h.kind,
          name: h.name,
          url: decrypt(ctx.installKey, h.urlEnc),
          hasSecret: !!h.secretEnc,
          enabled: h.enabled,
        })),
      );
    },
  );

  api.post(
    '/module/webhook/save',
    {
      config: { action: 'module.manageWebhooks' },
      schema: {
        body: Type.Object({
          id: Type.Optional(Type.String({ maxLength: 64 })),
          moduleId: IdString,
          kind: KindSchema,
          name: Type.String({ maxLength: 128 }),
          url: Type.String({ minLength: 1, maxLength: 2048 }),
          /** Omitted keeps the stored secret; '' removes it. */
          secret: Type.Optional(Type.String({ maxLength: 512 })),
          enabled: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1 }), Type.Boolean()])),
        }),
      },
    },
    async (req) => {
      const user = requireUser(req);
      const b = req.body as {
        id?: string;
        moduleId: string;
        kind: WebhookKind;
        name: string;
        url: string;
        secret?: string;
        enabled?: number | boolean;
      };
      const moduleId = ctx.ids.decode(b.moduleId, 'module');
      await authorizeModule(req, moduleId, 'module.manageWebhooks');
      let parsed: URL | null = null;
      try {
        parsed = new URL(b.url.trim());
      } catch {
        parsed = null;
      }
      if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) throw validation([{ field: 'url', message: 'URL format incorrect' }]);
      const url = parsed.toString();
      const enabled = b.enabled === undefined ? 1 : b.enabled === true || b.enabled === 1 ? 1 : 0;
      const now = Date.now();
      const values = {
        kind: b.kind,
        name: b.name.trim() || b.kind,
        urlEnc: encrypt(ctx.installKey, url),
        urlHint: hintOf(url),
        enabled,
        updatedAt: now,
        ...(b.secret !== undefined ? { secretEnc: b.secret ? encrypt(ctx.installKey, b.secret) : '' } : {}),
      };
      if (b.id) {
        const h = await hookOf(req, b.id);
        if (h.moduleId !== moduleId) throw notFound('webhook');
        await ctx.db.updateTable('moduleWebhooks').set(values).where('id', '=', h.id).execute();
        return ok({ id: b.id });
      }
      const id = await insertId(ctx.db, ctx.dialect, 'moduleWebhooks', {
        moduleId,
        creatorId: user.id,
        createdAt: now,
        secretEnc: '',
        ...values,
      });
      return ok({ id: ctx.ids.encode(id) });
    },
  );

  api.post(
    '/module/webhook/delete',
    { config: { action: 'module.manageWebhooks' }, schema: { body: Type.Object({ id: IdString }) } },
    async (req) => {
      const h = await hookOf(req, (req.body as { id: string }).id);
      await ctx.db.deleteFrom('moduleWebhooks').where('id', '=', h.id).execute();
      return ok(null);
    },
  );

  api.post(
    '/module/webhook/test',
    { config: { action: 'module.manageWebhooks' }, schema: { body: Type.Object({ id: IdString }) } },
    async (req) => {
      const user = requireUser(req);
      const h = await hookOf(req, (req.body as { id: string }).id);
      const mod = await ctx.db
        .selectFrom('modules as m')
        .innerJoin('projects as p', 'p.id', 'm.projectId')
        .select(['m.name', 'm.projectId', 'p.name as projectName'])
        .where('m.id', '=', h.moduleId)
        .executeTakeFirstOrThrow();
      const lang = ctx.settings.get('folio.default-lang') || 'zh-CN';
      const [deliveryId] = await queueDocNotice(
        api,
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
          docs: [{ id: 0, name: pt(lang, 'push.robot.testDoc'), url: '', httpMethod: '', kind: 'test' }],
          followerIds: [],
        },
        h.id,
      );
      const r = await deliverOne(api, deliveryId);
      return ok({ deliveryId: ctx.ids.encode(deliveryId), state: r.state, status: r.status, error: deliveryError(req.lang, r.error) });
    },
  );

  api.get(
    '/module/webhook/delivery/page',
    {
      config: { action: 'module.manageWebhooks' },
      schema: {
        querystring: Type.Object({
          moduleId: IdString,
          pageIndex: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
        }),
      },
    },
    async (req) => {
      const q = req.query as { moduleId: string; pageIndex?: number; pageSize?: number };
      const moduleId = ctx.ids.decode(q.moduleId, 'module');
      await authorizeModule(req, moduleId, 'module.manageWebhooks');
      const size = q.pageSize ?? 20;
      const page = q.pageIndex ?? 1;
      const total = await ctx.db
        .selectFrom('webhookDeliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('moduleId', '=', moduleId)
        .executeTakeFirst();
      const rows = await ctx.db
        .selectFrom('webhookDeliveries as d')
        .leftJoin('moduleWebhooks as h', 'h.id', 'd.webhookId')
        .select([
          'd.id',
          'd.kind',
          'd.event',
          'd.body',
          'd.state',
          'd.attempts',
          'd.nextAttemptAt',
          'd.responseStatus',
          'd.lastError',
          'd.createdAt',
          'd.updatedAt',
          'h.name',
          'h.urlHint',
        ])
        .where('d.moduleId', '=', moduleId)
        .orderBy('d.id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      return ok({
        total: Number(total?.n ?? 0),
        list: rows.map((r) => ({
          id: ctx.ids.encode(r.id),
          kind: r.kind,
          event: r.event,
          body: r.body,
          state: r.state,
          attempts: r.attempts,
          nextAttemptAt: r.nextAttemptAt,
          responseStatus: r.responseStatus,
          lastError: deliveryError(req.lang, r.lastError),
          createdAt: r.createdAt,
          updatedAt: r.updatedAt,
          webhookName: r.name ?? '',
          target: r.urlHint ?? '',
        })),
      });
    },
  );

  api.post(
    '/module/webhook/delivery/retry',
    { config: { action: 'module.manageWebhooks' }, schema: { body: Type.Object({ id: IdString }) } },
    async (req) => {
      const id = ctx.ids.decode((req.body as { id: string }).id, 'delivery');
      const d = await ctx.db
        .selectFrom('webhookDeliveries')
        .select(['id', 'moduleId', 'state', 'kind'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!d) throw notFound('delivery');
      await authorizeModule(req, d.moduleId, 'module.manageWebhooks');
      if (d.kind === MS_KIND) {
        // MeterSphere rows log whole-application sends: a retry sends the application again (a new row).
        const r = await pushModuleToMeterSphere(api, d.moduleId, 'retry');
        return ok({ state: r.ok ? 'done' : 'failed', status: 0, error: r.skipped ?? r.error });
      }
      if (d.state === 'failed' || d.state === 'retry') {
        await ctx.db
          .updateTable('webhookDeliveries')
          .set({ state: 'retry', attempts: 0, nextAttemptAt: Date.now() })
          .where('id', '=', id)
          .execute();
      }
      const r = await deliverOne(api, id);
      return ok({ state: r.state, status: r.status, error: deliveryError(req.lang, r.error) });
    },
  );
}
