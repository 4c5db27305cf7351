/**
 * Applications (Torna's "module"): CRUD, push token, settings; environments and common params in their own
 * file. Each route declares its action on the project, application or doc it names; the preHandler
 * authorises, the service does the rest. Contracts: packages/shared/src/schemas/applications.ts.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdInput,
  ModuleAddBody,
  ModuleBriefSchema,
  ModuleIdInput,
  ModuleListQuery,
  ModuleOfDocQuery,
  ModuleSchema,
  ModuleSettingsSchema,
  ModuleSettingsUpdateBody,
  ModuleTokenSchema,
  ModuleUpdateBody,
  SavedIdSchema,
} from '@folio/shared';
import { Type } from 'typebox';
import { accessOf } from '../../permissions/declared.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import { registerParamSchema } from '../docs/param-input.js';
import { trashed } from '../trash/trash.schemas.js';
import { trashModule } from '../trash/trash-deletes.js';
import * as applications from './applications.service.js';
import { environmentsRoutes } from './environments.routes.js';

export { newModuleToken } from './applications.service.js';

const onModule = (
  action: 'project.read' | 'module.update' | 'module.delete' | 'module.manageToken',
  from: 'query.moduleId' | 'body.moduleId' | 'body.id',
) => ({ action, resource: { kind: 'module', from } }) as const;

export const applicationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const { ids } = ctx;
  registerParamSchema(app);

  app.post(
    '/module/add',
    {
      config: { action: 'module.create', resource: { kind: 'project', from: 'body.projectId' } },
      schema: { tags: ['module'], summary: 'Add an application to a project', body: ModuleAddBody, response: okResponse(SavedIdSchema) },
    },
    async (req) => ok({ id: ids.encode(await applications.addModule(ctx, requireUser(req), accessOf(req).id, req.body.name)) }),
  );

  app.get(
    '/module/list',
    {
      config: { action: 'project.read', resource: { kind: 'project', from: 'query.projectId' } },
      schema: {
        tags: ['module'],
        summary: "A project's applications",
        querystring: ModuleListQuery,
        response: okResponse(Type.Array(ModuleSchema)),
      },
    },
    async (req) => ok(await applications.listModules(ctx, accessOf(req).id)),
  );

  app.get(
    '/module/info',
    {
      config: onModule('project.read', 'query.moduleId'),
      schema: { tags: ['module'], summary: 'One application', querystring: ModuleIdInput, response: okResponse(ModuleSchema) },
    },
    async (req) => ok(await applications.moduleInfo(ctx, accessOf(req).id)),
  );

  app.get(
    '/module/infoByDocId',
    {
      config: { action: 'doc.read', resource: { kind: 'doc', from: 'query.docId' } },
      schema: {
        tags: ['module'],
        summary: 'The application a doc belongs to',
        querystring: ModuleOfDocQuery,
        response: okResponse(ModuleBriefSchema),
      },
    },
    async (req) => {
      const { id, projectId, name } = await applications.moduleInfo(ctx, accessOf(req).moduleId ?? 0);
      return ok({ id, projectId, name });
    },
  );

  app.post(
    '/module/update',
    {
      config: onModule('module.update', 'body.id'),
      schema: { tags: ['module'], summary: 'Rename or reorder an application', body: ModuleUpdateBody, response: okNull },
    },
    async (req) => {
      await applications.updateModule(ctx, requireUser(req), accessOf(req).id, req.body);
      return ok(null);
    },
  );

  app.post(
    '/module/delete',
    {
      config: onModule('module.delete', 'body.id'),
      schema: { tags: ['module'], summary: 'Move an application to the trash', body: IdInput, response: trashed },
    },
    async (req) => ok({ trashId: ids.encode(await trashModule(app, requireUser(req), accessOf(req).id)) }),
  );

  // ---- push token ----
  app.get(
    '/module/token/get',
    {
      config: onModule('module.manageToken', 'query.moduleId'),
      schema: {
        tags: ['module'],
        summary: "An application's push token",
        querystring: ModuleIdInput,
        response: okResponse(ModuleTokenSchema),
      },
    },
    async (req) => ok({ token: await applications.moduleToken(ctx, accessOf(req).id) }),
  );

  app.post(
    '/module/token/reset',
    {
      config: onModule('module.manageToken', 'body.moduleId'),
      schema: {
        tags: ['module'],
        summary: 'Give an application a new push token (the old one stops working)',
        body: ModuleIdInput,
        response: okResponse(ModuleTokenSchema),
      },
    },
    async (req) => {
      const moduleId = accessOf(req).id;
      const token = await applications.resetModuleToken(ctx, moduleId);
      await audit(app, req, AuditAction.TOKEN_RESET, `module:${ids.encode(moduleId)}`);
      return ok({ token });
    },
  );

  // ---- settings ----
  app.get(
    '/module/setting/get',
    {
      config: onModule('project.read', 'query.moduleId'),
      schema: {
        tags: ['module'],
        summary: "An application's settings",
        querystring: ModuleIdInput,
        response: okResponse(ModuleSettingsSchema),
      },
    },
    async (req) => ok(await applications.moduleSettings(ctx, accessOf(req).id)),
  );

  app.post(
    '/module/setting/update',
    {
      config: onModule('module.update', 'body.moduleId'),
      schema: { tags: ['module'], summary: "Change an application's settings", body: ModuleSettingsUpdateBody, response: okNull },
    },
    async (req) => {
      await applications.updateModuleSettings(ctx, accessOf(req).id, req.body);
      return ok(null);
    },
  );

  await environmentsRoutes(app, {});
};
