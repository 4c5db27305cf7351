/**
 * Compose projects of composed spaces: management (projects, picked docs/folders with their own order and
 * folder names, common params, extra pages, enable/disable). Each route declares its action on the space,
 * compose project, compose row or page (they live in the space: compose.service.ts defineResource). The
 * anonymous reads of /show/{publicId} live in compose-public.ts. Contracts: packages/shared/src/schemas/compose.ts.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ComposeCommonParamsSchema,
  ComposeCreatedSchema,
  ComposeDocAddBody,
  ComposeDocAddedSchema,
  ComposeDocListSchema,
  ComposeDocUpdateBody,
  ComposeFolderAddBody,
  ComposePageAddBody,
  ComposePageSchema,
  ComposePageUpdateBody,
  ComposeParamsSaveBody,
  ComposePasswordSchema,
  ComposeProjectAddBody,
  ComposeProjectIdQuery,
  ComposeProjectSchema,
  ComposeProjectUpdateBody,
  IdInput,
  SavedIdSchema,
  SpaceIdQuery,
} from '@folio/shared';
import { Type } from 'typebox';
import { registerParamNodeSchema, registerTreeNodeSchema } from '../../lib/schemas.js';
import { membershipsOf } from '../../permissions/authorize.js';
import { accessOf, type ResourceFrom } from '../../permissions/declared.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { registerParamSchema } from '../docs/param-input.js';
import * as compose from './compose.service.js';
import { composePublicRoutes } from './compose-public.js';

type ComposeAction = 'compose.read' | 'compose.manage';
type ComposeKind = 'space' | 'composeProject' | 'composeDoc' | 'composePage';
const on = (action: ComposeAction, kind: ComposeKind, from: ResourceFrom) => ({ action, resource: { kind, from } }) as const;
const tags = ['compose'];

export const composeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const { ids } = ctx;
  registerParamSchema(app);
  registerParamNodeSchema(app);
  registerTreeNodeSchema(app);

  // ---------- projects ----------
  app.get(
    '/compose/project/list',
    {
      config: on('compose.read', 'space', 'query.spaceId'),
      schema: {
        tags,
        summary: 'The compose projects of a composed space',
        querystring: SpaceIdQuery,
        response: okResponse(Type.Array(ComposeProjectSchema)),
      },
    },
    async (req) => ok(await compose.listProjects(ctx, accessOf(req).id)),
  );

  app.get(
    '/compose/project/info',
    {
      config: on('compose.read', 'composeProject', 'query.id'),
      schema: { tags, summary: 'One compose project', querystring: IdInput, response: okResponse(ComposeProjectSchema) },
    },
    async (req) => ok(await compose.projectInfo(ctx, accessOf(req).id)),
  );

  app.post(
    '/compose/project/add',
    {
      config: on('compose.manage', 'space', 'body.spaceId'),
      schema: { tags, summary: 'Create a compose project', body: ComposeProjectAddBody, response: okResponse(ComposeCreatedSchema) },
    },
    async (req) => ok(await compose.addProject(ctx, requireUser(req), accessOf(req).id, req.body)),
  );

  app.post(
    '/compose/project/update',
    {
      config: on('compose.manage', 'composeProject', 'body.id'),
      schema: { tags, summary: "Replace a compose project's settings", body: ComposeProjectUpdateBody, response: okNull },
    },
    async (req) => {
      await compose.updateProject(ctx, accessOf(req).id, req.body);
      return ok(null);
    },
  );

  for (const [path, status] of [
    ['/compose/project/enable', 1],
    ['/compose/project/disable', 0],
  ] as const) {
    app.post(
      path,
      {
        config: on('compose.manage', 'composeProject', 'body.id'),
        schema: { tags, summary: status ? 'Turn a compose view on' : 'Turn a compose view off', body: IdInput, response: okNull },
      },
      async (req) => {
        await compose.setProjectStatus(ctx, accessOf(req).id, status);
        return ok(null);
      },
    );
  }

  app.post(
    '/compose/project/delete',
    {
      config: on('compose.manage', 'composeProject', 'body.id'),
      schema: { tags, summary: 'Delete a compose project (its rows, pages and common params too)', body: IdInput, response: okNull },
    },
    async (req) => {
      await compose.deleteProject(ctx, accessOf(req).id);
      return ok(null);
    },
  );

  app.get(
    '/compose/project/password',
    {
      config: on('compose.manage', 'composeProject', 'query.id'),
      schema: {
        tags,
        summary: 'The password of an encrypted compose project',
        querystring: IdInput,
        response: okResponse(ComposePasswordSchema),
      },
    },
    async (req) => ok({ password: await compose.projectPassword(ctx, accessOf(req).id) }),
  );

  // ---------- picked docs and folders ----------
  app.get(
    '/compose/doc/list',
    {
      config: on('compose.read', 'composeProject', 'query.projectId'),
      schema: {
        tags,
        summary: "A compose project's rows and the menu they make",
        querystring: ComposeProjectIdQuery,
        response: okResponse(ComposeDocListSchema),
      },
    },
    async (req) => ok(await compose.listDocs(ctx, accessOf(req).id)),
  );

  app.post(
    '/compose/doc/add',
    {
      config: on('compose.manage', 'composeProject', 'body.projectId'),
      schema: {
        tags,
        summary: 'Pick docs or folders the caller can read into a compose project',
        body: ComposeDocAddBody,
        response: okResponse(ComposeDocAddedSchema),
      },
    },
    async (req) => ok({ added: await compose.addDocs(ctx, requireUser(req), await membershipsOf(req), accessOf(req).id, req.body) }),
  );

  app.post(
    '/compose/doc/folder/add',
    {
      config: on('compose.manage', 'composeProject', 'body.projectId'),
      schema: { tags, summary: 'Add an own folder to a compose project', body: ComposeFolderAddBody, response: okResponse(SavedIdSchema) },
    },
    async (req) => ok({ id: ids.encode(await compose.addFolder(ctx, requireUser(req), accessOf(req).id, req.body)) }),
  );

  app.post(
    '/compose/doc/update',
    {
      config: on('compose.manage', 'composeDoc', 'body.id'),
      schema: { tags, summary: 'Rename, reorder or move a row of a compose project', body: ComposeDocUpdateBody, response: okNull },
    },
    async (req) => {
      await compose.updateDoc(ctx, accessOf(req).id, req.body);
      return ok(null);
    },
  );

  app.post(
    '/compose/doc/delete',
    {
      config: on('compose.manage', 'composeDoc', 'body.id'),
      schema: { tags, summary: 'Remove a row of a compose project and the rows below it', body: IdInput, response: okNull },
    },
    async (req) => {
      await compose.deleteDoc(ctx, accessOf(req).id);
      return ok(null);
    },
  );

  // ---------- common params ----------
  app.get(
    '/compose/project/params',
    {
      config: on('compose.read', 'composeProject', 'query.projectId'),
      schema: {
        tags,
        summary: "A compose project's common headers, params and returns",
        querystring: ComposeProjectIdQuery,
        response: okResponse(ComposeCommonParamsSchema),
      },
    },
    async (req) => ok(await compose.commonParams(ctx, accessOf(req).id)),
  );

  app.post(
    '/compose/project/params/save',
    {
      config: on('compose.manage', 'composeProject', 'body.projectId'),
      schema: {
        tags,
        summary: "Replace a compose project's common lists (absent lists are kept)",
        body: ComposeParamsSaveBody,
        response: okNull,
      },
    },
    async (req) => {
      await compose.saveCommonParams(ctx, accessOf(req).id, req.body);
      return ok(null);
    },
  );

  // ---------- extra pages ----------
  app.get(
    '/compose/page/list',
    {
      config: on('compose.read', 'composeProject', 'query.projectId'),
      schema: {
        tags,
        summary: "A compose project's extra pages",
        querystring: ComposeProjectIdQuery,
        response: okResponse(Type.Array(ComposePageSchema)),
      },
    },
    async (req) => ok(await compose.listPages(ctx, accessOf(req).id)),
  );

  app.post(
    '/compose/page/add',
    {
      config: on('compose.manage', 'composeProject', 'body.projectId'),
      schema: { tags, summary: 'Add an extra page to a compose project', body: ComposePageAddBody, response: okResponse(SavedIdSchema) },
    },
    async (req) => ok({ id: ids.encode(await compose.addPage(ctx, accessOf(req).id, req.body)) }),
  );

  app.post(
    '/compose/page/update',
    {
      config: on('compose.manage', 'composePage', 'body.id'),
      schema: { tags, summary: 'Replace an extra page', body: ComposePageUpdateBody, response: okNull },
    },
    async (req) => {
      await compose.updatePage(ctx, accessOf(req).id, req.body);
      return ok(null);
    },
  );

  app.post(
    '/compose/page/delete',
    {
      config: on('compose.manage', 'composePage', 'body.id'),
      schema: { tags, summary: 'Delete an extra page', body: IdInput, response: okNull },
    },
    async (req) => {
      await compose.deletePage(ctx, accessOf(req).id);
      return ok(null);
    },
  );

  await composePublicRoutes(app, {});
};
