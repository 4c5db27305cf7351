/**
 * MeterSphere integration (enabled by the super admin): the space's account with a connection test and
 * lookups (space admins), each application's target and cover switch, on-demand push and the delivery log.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { encrypt } from '../../lib/crypto.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { IdString } from '../../lib/schemas.js';
import { authorizeModule, authorizeSpace } from '../../permissions/authorize.js';
import { ok, okNull } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import { deliveryError } from '../webhooks/webhook-queue.js';
import { type MsAccount, msCurrentUser, msModules, msProjects, msWorkspaces } from './client.js';
import { MS_KIND, pushModuleToMeterSphere, spaceAccount } from './metersphere.service.js';

export async function metersphereRoutes(app: FastifyInstance): Promise<void> {
  const { db, ids, settings } = app.ctx;
  const enabled = () => {
    if (!settings.getBool('metershpere.enable')) throw badRequest('error.metersphere_disabled');
  };

  async function account(spaceId: number): Promise<MsAccount & { workspaceId: string }> {
    const acc = await spaceAccount(app, spaceId);
    if (!acc) throw badRequest('error.metersphere_no_account');
    return acc;
  }

  const lookup = async <T>(fn: () => Promise<T>) => {
    try {
      return ok(await fn());
    } catch (e) {
      throw badRequest('error.metersphere_call_failed', { error: (e as Error).message.slice(0, 300) });
    }
  };

  app.get(
    '/space/metersphere/load',
    { config: { action: 'space.manageSettings' }, schema: { tags: ['metersphere'], querystring: Type.Object({ spaceId: IdString }) } },
    async (req) => {
      const spaceId = ids.decode((req.query as { spaceId: string }).spaceId, 'space');
      await authorizeSpace(req, spaceId, 'space.manageSettings');
      const row = await db.selectFrom('msSpaceConfigs').selectAll().where('spaceId', '=', spaceId).executeTakeFirst();
      return ok({
        enabled: settings.getBool('metershpere.enable'),
        msAddress: row?.msAddress ?? '',
        msAccessKey: row?.msAccessKey ?? '',
        hasSecretKey: !!row?.msSecretKeyEnc,
        msSpaceId: row?.msSpaceId ?? '',
        msSpaceName: row?.msSpaceName ?? '',
      });
    },
  );

  app.post(
    '/space/metersphere/save',
    {
      config: { action: 'space.manageSettings' },
      schema: {
        tags: ['metersphere'],
        body: Type.Object({
          spaceId: IdString,
          msAddress: Type.String({ minLength: 1, maxLength: 512, pattern: '^https?://' }),
          msAccessKey: Type.String({ minLength: 1, maxLength: 255 }),
          /** Write-only: empty keeps the stored key. */
          msSecretKey: Type.Optional(Type.String({ maxLength: 255 })),
          msSpaceId: Type.Optional(Type.String({ maxLength: 128 })),
          msSpaceName: Type.Optional(Type.String({ maxLength: 255 })),
        }),
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body as {
        spaceId: string;
        msAddress: string;
        msAccessKey: string;
        msSecretKey?: string;
        msSpaceId?: string;
        msSpaceName?: string;
      };
      const spaceId = ids.decode(b.spaceId, 'space');
      await authorizeSpace(req, spaceId, 'space.manageSettings');
      enabled();
      const now = Date.now();
      const values = {
        msAddress: b.msAddress.trim().replace(/\/+$/, ''),
        msAccessKey: b.msAccessKey.trim(),
        msSpaceId: (b.msSpaceId ?? '').trim(),
        msSpaceName: (b.msSpaceName ?? '').trim(),
        updatedAt: now,
        ...(b.msSecretKey ? { msSecretKeyEnc: encrypt(app.ctx.installKey, b.msSecretKey) } : {}),
      };
      const r = await db.updateTable('msSpaceConfigs').set(values).where('spaceId', '=', spaceId).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) {
        await db
          .insertInto('msSpaceConfigs')
          .values({ spaceId, msSecretKeyEnc: '', ...values })
          .execute();
      }
      await audit(app, req, AuditAction.METERSPHERE_CHANGE, `space:${b.spaceId}`, {
        address: values.msAddress,
        secretChanged: !!b.msSecretKey,
      });
      return ok(null);
    },
  );

  app.post(
    '/space/metersphere/test',
    { config: { action: 'space.manageSettings' }, schema: { tags: ['metersphere'], body: Type.Object({ spaceId: IdString }) } },
    async (req) => {
      const spaceId = ids.decode((req.body as { spaceId: string }).spaceId, 'space');
      await authorizeSpace(req, spaceId, 'space.manageSettings');
      enabled();
      try {
        const u = await msCurrentUser(app.ctx, await account(spaceId));
        return ok({ ok: true, message: u.name || u.id });
      } catch (e) {
        return ok({ ok: false, message: (e as Error).message.slice(0, 500) });
      }
    },
  );

  app.get(
    '/space/metersphere/workspaces',
    { config: { action: 'space.manageSettings' }, schema: { tags: ['metersphere'], querystring: Type.Object({ spaceId: IdString }) } },
    async (req) => {
      const spaceId = ids.decode((req.query as { spaceId: string }).spaceId, 'space');
      await authorizeSpace(req, spaceId, 'space.manageSettings');
      enabled();
      const acc = await account(spaceId);
      return lookup(() => msWorkspaces(app.ctx, acc));
    },
  );

  /** Projects and modules of the space's workspace: application admins pick their target from these. */
  app.get(
    '/module/metersphere/projects',
    { config: { action: 'module.manageWebhooks' }, schema: { tags: ['metersphere'], querystring: Type.Object({ moduleId: IdString }) } },
    async (req) => {
      const m = await authorizeModule(req, ids.decode((req.query as { moduleId: string }).moduleId, 'module'), 'module.manageWebhooks');
      enabled();
      const acc = await account(m.spaceId);
      return lookup(() => msProjects(app.ctx, acc, acc.workspaceId));
    },
  );

  app.get(
    '/module/metersphere/modules',
    {
      config: { action: 'module.manageWebhooks' },
      schema: {
        tags: ['metersphere'],
        querystring: Type.Object({ moduleId: IdString, msProjectId: Type.String({ minLength: 1, maxLength: 128 }) }),
      },
    },
    async (req) => {
      const q = req.query as { moduleId: string; msProjectId: string };
      const m = await authorizeModule(req, ids.decode(q.moduleId, 'module'), 'module.manageWebhooks');
      enabled();
      const acc = await account(m.spaceId);
      return lookup(() => msModules(app.ctx, acc, q.msProjectId));
    },
  );

  app.get(
    '/module/metersphere/load',
    { config: { action: 'module.manageWebhooks' }, schema: { tags: ['metersphere'], querystring: Type.Object({ moduleId: IdString }) } },
    async (req) => {
      const m = await authorizeModule(req, ids.decode((req.query as { moduleId: string }).moduleId, 'module'), 'module.manageWebhooks');
      const row = await db.selectFrom('msModuleConfigs').selectAll().where('moduleId', '=', m.moduleId).executeTakeFirst();
      const hasAccount = !!(await spaceAccount(app, m.spaceId));
      return ok({
        enabled: settings.getBool('metershpere.enable'),
        hasAccount,
        msProjectId: row?.msProjectId ?? '',
        msModuleId: row?.msModuleId ?? '',
        msCoverModule: row ? row.msCoverModule : 1,
        name: row?.name ?? '',
      });
    },
  );

  app.post(
    '/module/metersphere/save',
    {
      config: { action: 'module.manageWebhooks' },
      schema: {
        tags: ['metersphere'],
        body: Type.Object({
          moduleId: IdString,
          msProjectId: Type.String({ maxLength: 128 }),
          msModuleId: Type.String({ maxLength: 128 }),
          msCoverModule: Type.Integer({ minimum: 0, maximum: 1 }),
          name: Type.Optional(Type.String({ maxLength: 255 })),
        }),
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body as { moduleId: string; msProjectId: string; msModuleId: string; msCoverModule: number; name?: string };
      const m = await authorizeModule(req, ids.decode(b.moduleId, 'module'), 'module.manageWebhooks');
      enabled();
      const values = {
        msProjectId: b.msProjectId.trim(),
        msModuleId: b.msModuleId.trim(),
        msCoverModule: b.msCoverModule,
        name: (b.name ?? '').trim(),
        updatedAt: Date.now(),
      };
      if (!values.msProjectId || !values.msModuleId) {
        await db.deleteFrom('msModuleConfigs').where('moduleId', '=', m.moduleId).execute();
        return ok(null);
      }
      const r = await db.updateTable('msModuleConfigs').set(values).where('moduleId', '=', m.moduleId).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0)
        await db
          .insertInto('msModuleConfigs')
          .values({ moduleId: m.moduleId, ...values })
          .execute();
      await audit(app, req, AuditAction.METERSPHERE_CHANGE, `module:${b.moduleId}`, {
        msProjectId: values.msProjectId,
        msModuleId: values.msModuleId,
      });
      return ok(null);
    },
  );

  app.post(
    '/module/metersphere/push',
    { config: { action: 'module.manageWebhooks' }, schema: { tags: ['metersphere'], body: Type.Object({ moduleId: IdString }) } },
    async (req) => {
      const m = await authorizeModule(req, ids.decode((req.body as { moduleId: string }).moduleId, 'module'), 'module.manageWebhooks');
      enabled();
      const r = await pushModuleToMeterSphere(app, m.moduleId, 'manual');
      if (r.skipped) throw notFound('metersphere target');
      return ok({ ...r, error: deliveryError(req.lang, r.error) });
    },
  );

  app.get(
    '/module/metersphere/log',
    { config: { action: 'module.manageWebhooks' }, schema: { tags: ['metersphere'], querystring: Type.Object({ moduleId: IdString }) } },
    async (req) => {
      const m = await authorizeModule(req, ids.decode((req.query as { moduleId: string }).moduleId, 'module'), 'module.manageWebhooks');
      const rows = await db
        .selectFrom('webhookDeliveries')
        .select(['id', 'event', 'state', 'responseStatus', 'lastError', 'body', 'createdAt'])
        .where('moduleId', '=', m.moduleId)
        .where('kind', '=', MS_KIND)
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
      return ok(
        rows.map((r) => ({
          id: ids.encode(r.id),
          trigger: r.event,
          state: r.state,
          responseStatus: r.responseStatus,
          error: deliveryError(req.lang, r.lastError),
          summary: r.body,
          gmtCreate: Number(r.createdAt),
        })),
      );
    },
  );
}
