/** Applications (Torna's "module"): CRUD, push token, settings; environments and common params in their own file. */
import { randomBytes } from 'node:crypto';
import { PushConfigKey } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { insertId, inTx, type Tx } from '../../db/database.js';
import { encrypt } from '../../lib/crypto.js';
import { Flag, flag, IdString, Name } from '../../lib/schemas.js';
import { authorizeDoc, authorizeModule, authorizeProject } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import { registerParamSchema } from '../docs/param-input.js';
import { indexContainers } from '../search/search-index.js';
import { trashed } from '../trash/trash.schemas.js';
import { trashModule } from '../trash/trash-deletes.js';
import { environmentsRoutes } from './environments.routes.js';

/** Module config keys of the settings page (module_configs type COMMON). */
export const ModuleSettingKey = {
  OVERRIDE: PushConfigKey.OVERRIDE,
  PRINT_CONTENT: PushConfigKey.PRINT_CONTENT,
  DEBUG_PROXY: 'debugProxy',
  TEST_TOOL: 'testTool',
} as const;
const BOOL_KEYS = [ModuleSettingKey.OVERRIDE, ModuleSettingKey.PRINT_CONTENT, ModuleSettingKey.DEBUG_PROXY] as const;

/** A fresh push token: 32 random hex chars. */
export const newModuleToken = () => randomBytes(16).toString('hex');

/** Reads an application's COMMON k/v settings. */
export async function readModuleSettings(tx: Pick<Tx, 'selectFrom'>, moduleId: number): Promise<Map<string, string>> {
  const rows = await tx
    .selectFrom('moduleConfigs')
    .select(['configKey', 'configValue'])
    .where('moduleId', '=', moduleId)
    .where('type', '=', 0)
    .execute();
  return new Map(rows.map((r) => [r.configKey, r.configValue]));
}

const ModuleView = Type.Object({
  id: Type.String(),
  projectId: Type.String(),
  name: Type.String(),
  type: Type.Integer(),
  orderIndex: Type.Integer(),
  creatorName: Type.String(),
  modifierName: Type.String(),
  gmtCreate: Type.Number(),
  gmtModified: Type.Number(),
});

export async function applicationsRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect, ids } = app.ctx;
  registerParamSchema(app);

  const view = (m: {
    id: number;
    projectId: number;
    name: string;
    type: number;
    orderIndex: number;
    creatorName: string;
    modifierName: string;
    createdAt: number;
    updatedAt: number;
  }) => ({
    id: ids.encode(m.id),
    projectId: ids.encode(m.projectId),
    name: m.name,
    type: m.type,
    orderIndex: m.orderIndex,
    creatorName: m.creatorName,
    modifierName: m.modifierName,
    gmtCreate: Number(m.createdAt),
    gmtModified: Number(m.updatedAt),
  });
  const cols = ['id', 'projectId', 'name', 'type', 'orderIndex', 'creatorName', 'modifierName', 'createdAt', 'updatedAt'] as const;

  app.post(
    '/module/add',
    {
      schema: {
        tags: ['module'],
        body: Type.Object({ projectId: IdString, name: Name(64) }),
        response: okResponse(Type.Object({ id: Type.String() })),
      },
    },
    async (req) => {
      const u = requireUser(req);
      const b = req.body as { projectId: string; name: string };
      const projectId = ids.decode(b.projectId, 'project');
      await authorizeProject(req, projectId, 'module.create');
      const now = Date.now();
      const id = await inTx(db, async (tx) => {
        const max = await tx
          .selectFrom('modules')
          .select((eb) => eb.fn.max('orderIndex').as('m'))
          .where('projectId', '=', projectId)
          .where('isDeleted', '=', 0)
          .executeTakeFirst();
        const id = await insertId(tx, dialect, 'modules', {
          projectId,
          name: b.name.trim(),
          type: 0,
          token: newModuleToken(),
          orderIndex: Number(max?.m ?? 0) + 10,
          creatorId: u.id,
          creatorName: u.nickname,
          modifierId: u.id,
          modifierName: u.nickname,
          createdAt: now,
          updatedAt: now,
        });
        await indexContainers(app.ctx, tx, { moduleIds: [id] });
        return id;
      });
      return ok({ id: ids.encode(id) });
    },
  );

  app.get(
    '/module/list',
    { schema: { tags: ['module'], querystring: Type.Object({ projectId: IdString }), response: okResponse(Type.Array(ModuleView)) } },
    async (req) => {
      const projectId = ids.decode((req.query as { projectId: string }).projectId, 'project');
      await authorizeProject(req, projectId, 'project.read');
      const rows = await db
        .selectFrom('modules')
        .select(cols)
        .where('projectId', '=', projectId)
        .where('isDeleted', '=', 0)
        .orderBy('orderIndex')
        .orderBy('id')
        .execute();
      return ok(rows.map(view));
    },
  );

  app.get(
    '/module/info',
    { schema: { tags: ['module'], querystring: Type.Object({ moduleId: IdString }), response: okResponse(ModuleView) } },
    async (req) => {
      const moduleId = ids.decode((req.query as { moduleId: string }).moduleId, 'module');
      await authorizeModule(req, moduleId, 'project.read');
      const m = await db.selectFrom('modules').select(cols).where('id', '=', moduleId).executeTakeFirstOrThrow();
      return ok(view(m));
    },
  );

  app.get(
    '/module/infoByDocId',
    {
      schema: {
        tags: ['module'],
        querystring: Type.Object({ docId: IdString }),
        response: okResponse(Type.Object({ id: Type.String(), projectId: Type.String(), name: Type.String() })),
      },
    },
    async (req) => {
      const docId = ids.decode((req.query as { docId: string }).docId, 'doc');
      const r = await authorizeDoc(req, docId, 'doc.read');
      const m = await db.selectFrom('modules').select(['id', 'projectId', 'name']).where('id', '=', r.moduleId).executeTakeFirstOrThrow();
      return ok({ id: ids.encode(m.id), projectId: ids.encode(m.projectId), name: m.name });
    },
  );

  app.post(
    '/module/update',
    {
      schema: {
        tags: ['module'],
        body: Type.Object({ id: IdString, name: Type.Optional(Name(64)), orderIndex: Type.Optional(Type.Integer()) }),
        response: okNull,
      },
    },
    async (req) => {
      const u = requireUser(req);
      const b = req.body as { id: string; name?: string; orderIndex?: number };
      const id = ids.decode(b.id, 'module');
      await authorizeModule(req, id, 'module.update');
      const patch: Record<string, unknown> = { modifierId: u.id, modifierName: u.nickname, updatedAt: Date.now() };
      if (b.name !== undefined) patch.name = b.name.trim();
      if (b.orderIndex !== undefined) patch.orderIndex = b.orderIndex;
      await inTx(db, async (tx) => {
        await tx.updateTable('modules').set(patch).where('id', '=', id).execute();
        if (b.name !== undefined) await indexContainers(app.ctx, tx, { moduleIds: [id] });
      });
      return ok(null);
    },
  );

  app.post('/module/delete', { schema: { tags: ['module'], body: Type.Object({ id: IdString }), response: trashed } }, async (req) => {
    const id = ids.decode((req.body as { id: string }).id, 'module');
    await authorizeModule(req, id, 'module.delete');
    return ok({ trashId: ids.encode(await trashModule(app, requireUser(req), id)) });
  });

  // ---- push token ----
  app.get(
    '/module/token/get',
    {
      schema: {
        tags: ['module'],
        querystring: Type.Object({ moduleId: IdString }),
        response: okResponse(Type.Object({ token: Type.String() })),
      },
    },
    async (req) => {
      const moduleId = ids.decode((req.query as { moduleId: string }).moduleId, 'module');
      await authorizeModule(req, moduleId, 'module.manageToken');
      const m = await db.selectFrom('modules').select(['token']).where('id', '=', moduleId).executeTakeFirstOrThrow();
      return ok({ token: m.token });
    },
  );

  app.post(
    '/module/token/reset',
    {
      schema: { tags: ['module'], body: Type.Object({ moduleId: IdString }), response: okResponse(Type.Object({ token: Type.String() })) },
    },
    async (req) => {
      const moduleId = ids.decode((req.body as { moduleId: string }).moduleId, 'module');
      await authorizeModule(req, moduleId, 'module.manageToken');
      const token = newModuleToken();
      await db.updateTable('modules').set({ token, updatedAt: Date.now() }).where('id', '=', moduleId).execute();
      await audit(app, req, AuditAction.TOKEN_RESET, `module:${ids.encode(moduleId)}`);
      return ok({ token });
    },
  );

  // ---- settings ----
  const SettingsView = Type.Object({
    override: Type.Boolean(),
    printContent: Type.Boolean(),
    debugProxy: Type.Boolean(),
    testTool: Type.String(),
    swagger: Type.Object({ url: Type.String(), format: Type.String(), authUsername: Type.String(), hasPassword: Type.Boolean() }),
  });

  app.get(
    '/module/setting/get',
    { schema: { tags: ['module'], querystring: Type.Object({ moduleId: IdString }), response: okResponse(SettingsView) } },
    async (req) => {
      const moduleId = ids.decode((req.query as { moduleId: string }).moduleId, 'module');
      await authorizeModule(req, moduleId, 'project.read');
      const s = await readModuleSettings(db, moduleId);
      const sw = await db
        .selectFrom('moduleSwaggerConfigs')
        .select(['url', 'format', 'authUsername', 'authPasswordEnc'])
        .where('moduleId', '=', moduleId)
        .executeTakeFirst();
      return ok({
        override: s.get(ModuleSettingKey.OVERRIDE) === 'true',
        printContent: s.get(ModuleSettingKey.PRINT_CONTENT) === 'true',
        debugProxy: s.get(ModuleSettingKey.DEBUG_PROXY) === 'true',
        testTool: s.get(ModuleSettingKey.TEST_TOOL) ?? '',
        swagger: {
          url: sw?.url ?? '',
          format: sw?.format ?? '',
          authUsername: sw?.authUsername ?? '',
          hasPassword: !!sw?.authPasswordEnc,
        },
      });
    },
  );

  app.post(
    '/module/setting/update',
    {
      schema: {
        tags: ['module'],
        body: Type.Object({
          moduleId: IdString,
          override: Type.Optional(Flag),
          printContent: Type.Optional(Flag),
          debugProxy: Type.Optional(Flag),
          testTool: Type.Optional(Type.String({ maxLength: 255 })),
          swagger: Type.Optional(
            Type.Object({
              url: Type.Optional(Type.String({ maxLength: 1024 })),
              format: Type.Optional(Type.String({ maxLength: 32 })),
              authUsername: Type.Optional(Type.String({ maxLength: 255 })),
              /** Write-only; '' clears it, absent keeps it. */
              authPassword: Type.Optional(Type.String({ maxLength: 255 })),
            }),
          ),
        }),
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body as Record<string, unknown> & {
        moduleId: string;
        swagger?: { url?: string; format?: string; authUsername?: string; authPassword?: string };
      };
      const moduleId = ids.decode(b.moduleId, 'module');
      await authorizeModule(req, moduleId, 'module.update');
      const now = Date.now();
      const values: [string, string][] = [];
      for (const k of BOOL_KEYS) if (b[k] !== undefined) values.push([k, flag(b[k]) ? 'true' : 'false']);
      if (b.testTool !== undefined) values.push([ModuleSettingKey.TEST_TOOL, String(b.testTool).trim()]);
      await inTx(db, async (tx) => {
        if (values.length) {
          await tx
            .deleteFrom('moduleConfigs')
            .where('moduleId', '=', moduleId)
            .where('type', '=', 0)
            .where(
              'configKey',
              'in',
              values.map((v) => v[0]),
            )
            .execute();
          await tx
            .insertInto('moduleConfigs')
            .values(
              values.map(([configKey, configValue]) => ({ moduleId, type: 0, configKey, configValue, createdAt: now, updatedAt: now })),
            )
            .execute();
        }
        if (b.swagger) {
          const sw = b.swagger;
          const cur = await tx.selectFrom('moduleSwaggerConfigs').select(['id']).where('moduleId', '=', moduleId).executeTakeFirst();
          const patch: Record<string, unknown> = { updatedAt: now };
          if (sw.url !== undefined) patch.url = sw.url.trim();
          if (sw.format !== undefined) patch.format = sw.format.trim();
          if (sw.authUsername !== undefined) patch.authUsername = sw.authUsername.trim();
          if (sw.authPassword !== undefined) patch.authPasswordEnc = sw.authPassword ? encrypt(app.ctx.installKey, sw.authPassword) : '';
          if (cur) await tx.updateTable('moduleSwaggerConfigs').set(patch).where('id', '=', cur.id).execute();
          else
            await tx
              .insertInto('moduleSwaggerConfigs')
              .values({ moduleId, createdAt: now, ...patch } as never)
              .execute();
        }
      });
      return ok(null);
    },
  );

  await environmentsRoutes(app);
}
