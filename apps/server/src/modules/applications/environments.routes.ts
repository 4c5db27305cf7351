/**
 * Debug environments (with their own headers and params) and an application's common headers/params/returns.
 * Each route declares its action on the application or environment it names. Contracts:
 * packages/shared/src/schemas/applications.ts; parameter trees: schemas/params.ts.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CommonParamQuery,
  CommonParamSaveBody,
  CommonParamsSchema,
  EnvironmentAddBody,
  EnvironmentSchema,
  EnvironmentUpdateBody,
  IdInput,
  ModuleIdInput,
  ParamTreeList,
  SavedIdSchema,
} from '@folio/shared';
import { Type } from 'typebox';
import { registerParamNodeSchema } from '../../lib/schemas.js';
import { accessOf } from '../../permissions/declared.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import * as environments from './environments.service.js';

const onEnvironment = { action: 'environment.update', resource: { kind: 'environment', from: 'body.id' } } as const;

export const environmentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const { ids } = ctx;
  registerParamNodeSchema(app);

  // ---- environments ----
  app.get(
    '/module/environment/list',
    {
      config: { action: environments.ENVIRONMENT_READ, resource: { kind: 'module', from: 'query.moduleId' } },
      schema: {
        tags: ['module'],
        summary: "An application's debug environments",
        querystring: ModuleIdInput,
        response: okResponse(Type.Array(EnvironmentSchema)),
      },
    },
    async (req) => ok(await environments.listEnvironments(ctx, accessOf(req).id)),
  );

  app.post(
    '/module/environment/add',
    {
      config: { action: 'environment.update', resource: { kind: 'module', from: 'body.moduleId' } },
      schema: { tags: ['module'], summary: 'Add a debug environment', body: EnvironmentAddBody, response: okResponse(SavedIdSchema) },
    },
    async (req) => ok({ id: ids.encode(await environments.saveEnvironment(ctx, accessOf(req).id, 0, req.body)) }),
  );

  app.post(
    '/module/environment/update',
    {
      config: onEnvironment,
      schema: { tags: ['module'], summary: 'Change a debug environment', body: EnvironmentUpdateBody, response: okNull },
    },
    async (req) => {
      const a = accessOf(req);
      await environments.saveEnvironment(ctx, a.moduleId ?? 0, a.id, req.body);
      return ok(null);
    },
  );

  app.post(
    '/module/environment/delete',
    { config: onEnvironment, schema: { tags: ['module'], summary: 'Delete a debug environment', body: IdInput, response: okNull } },
    async (req) => {
      await environments.deleteEnvironment(ctx, accessOf(req).id);
      return ok(null);
    },
  );

  // ---- common headers / request params / response params / error codes ----
  app.get(
    '/module/commonParam/list',
    {
      config: { action: 'doc.read', resource: { kind: 'module', from: 'query.moduleId' } },
      schema: {
        tags: ['module'],
        summary: "An application's common headers, params, returns and error codes (one list with style)",
        querystring: CommonParamQuery,
        response: okResponse(Type.Union([ParamTreeList(), CommonParamsSchema])),
      },
    },
    async (req) => ok(await environments.commonParams(ctx, accessOf(req).id, req.query.style)),
  );

  app.post(
    '/module/commonParam/save',
    {
      config: { action: 'module.update', resource: { kind: 'module', from: 'body.moduleId' } },
      schema: { tags: ['module'], summary: 'Replace one common list of an application', body: CommonParamSaveBody, response: okNull },
    },
    async (req) => {
      await environments.saveCommonParams(ctx, accessOf(req).id, req.body.style, req.body.params, requireUser(req).nickname);
      return ok(null);
    },
  );
};
