/**
 * MeterSphere integration (enabled by the super admin): the space's account with a connection test and
 * lookups (space admins: space.manageSettings on the space), each application's target and cover switch,
 * on-demand push and the delivery log (the application's admins: module.manageWebhooks on the application).
 * Contracts: packages/shared/src/schemas/metersphere.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MS_MODULE_NODE_ID,
  MsAccountSaveBody,
  MsAccountSchema,
  MsLogRowSchema,
  MsModuleInput,
  MsModuleList,
  MsModuleNodeSchema,
  MsModulesQuery,
  MsNamedSchema,
  MsPushSchema,
  MsSpaceInput,
  MsTargetSaveBody,
  MsTargetSchema,
  MsTestSchema,
} from '@folio/shared';
import { Type } from 'typebox';
import { accessOf } from '../../permissions/declared.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import * as ms from './metersphere.service.js';

const tags = ['metersphere'];
const onSpace = (from: 'query.spaceId' | 'body.spaceId') =>
  ({ action: 'space.manageSettings', resource: { kind: 'space', from } }) as const;
const onModule = (from: 'query.moduleId' | 'body.moduleId') =>
  ({ action: 'module.manageWebhooks', resource: { kind: 'module', from } }) as const;

export const metersphereRoutes: FastifyPluginAsyncTypebox = async (app) => {
  if (!app.getSchema(MS_MODULE_NODE_ID)) app.addSchema(MsModuleNodeSchema);

  app.get(
    '/space/metersphere/load',
    {
      config: onSpace('query.spaceId'),
      schema: { tags, summary: "A space's MeterSphere account", querystring: MsSpaceInput, response: okResponse(MsAccountSchema) },
    },
    async (req) => ok(await ms.loadAccount(app, accessOf(req).id)),
  );

  app.post(
    '/space/metersphere/save',
    {
      config: onSpace('body.spaceId'),
      schema: { tags, summary: "Save a space's MeterSphere account", body: MsAccountSaveBody, response: okNull },
    },
    async (req) => {
      const saved = await ms.saveAccount(app, accessOf(req).id, req.body);
      await audit(app, req, AuditAction.METERSPHERE_CHANGE, `space:${req.body.spaceId}`, saved);
      return ok(null);
    },
  );

  app.post(
    '/space/metersphere/test',
    {
      config: onSpace('body.spaceId'),
      schema: { tags, summary: "Try a space's MeterSphere account", body: MsSpaceInput, response: okResponse(MsTestSchema) },
    },
    async (req) => ok(await ms.testAccount(app, accessOf(req).id)),
  );

  app.get(
    '/space/metersphere/workspaces',
    {
      config: onSpace('query.spaceId'),
      schema: {
        tags,
        summary: "The MeterSphere workspaces a space's account sees",
        querystring: MsSpaceInput,
        response: okResponse(Type.Array(MsNamedSchema)),
      },
    },
    async (req) => ok(await ms.workspacesOf(app, accessOf(req).id)),
  );

  app.get(
    '/module/metersphere/projects',
    {
      config: onModule('query.moduleId'),
      schema: {
        tags,
        summary: "The MeterSphere projects of the space's workspace",
        querystring: MsModuleInput,
        response: okResponse(Type.Array(MsNamedSchema)),
      },
    },
    async (req) => ok(await ms.projectsOf(app, accessOf(req).spaceId)),
  );

  app.get(
    '/module/metersphere/modules',
    {
      config: onModule('query.moduleId'),
      schema: {
        tags,
        summary: 'The module tree of a MeterSphere project',
        querystring: MsModulesQuery,
        response: okResponse(MsModuleList()),
      },
    },
    async (req) => ok(await ms.modulesOf(app, accessOf(req).spaceId, req.query.msProjectId)),
  );

  app.get(
    '/module/metersphere/load',
    {
      config: onModule('query.moduleId'),
      schema: { tags, summary: "An application's MeterSphere target", querystring: MsModuleInput, response: okResponse(MsTargetSchema) },
    },
    async (req) => {
      const a = accessOf(req);
      return ok(await ms.loadTarget(app, a.id, a.spaceId));
    },
  );

  app.post(
    '/module/metersphere/save',
    {
      config: onModule('body.moduleId'),
      schema: { tags, summary: "Save an application's MeterSphere target (empty: none)", body: MsTargetSaveBody, response: okNull },
    },
    async (req) => {
      const saved = await ms.saveTarget(app, accessOf(req).id, req.body);
      if (saved) await audit(app, req, AuditAction.METERSPHERE_CHANGE, `module:${req.body.moduleId}`, saved);
      return ok(null);
    },
  );

  app.post(
    '/module/metersphere/push',
    {
      config: onModule('body.moduleId'),
      schema: { tags, summary: "Send an application's docs to MeterSphere now", body: MsModuleInput, response: okResponse(MsPushSchema) },
    },
    async (req) => ok(await ms.pushNow(app, accessOf(req).id, req.lang)),
  );

  app.get(
    '/module/metersphere/log',
    {
      config: onModule('query.moduleId'),
      schema: {
        tags,
        summary: "An application's last 50 deliveries to MeterSphere",
        querystring: MsModuleInput,
        response: okResponse(Type.Array(MsLogRowSchema)),
      },
    },
    async (req) => ok(await ms.deliveryLog(app, accessOf(req).id, req.lang)),
  );
};
