/**
 * Anonymous reads of compose views (/show/{publicId}): project, password check, menu, revision, search, docs
 * and extra pages. The link and, for encrypted projects, the grant are the capability, re-checked on every
 * call in compose-public.service.ts (a dynamic case: no declared resource).
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ComposeCheckPasswordBody,
  ComposePublicQuery,
  ComposeViewDocQuery,
  ComposeViewPageQuery,
  ComposeViewPageSchema,
  ComposeViewQuery,
  ComposeViewSchema,
  RevisionSchema,
  ShareGrantSchema,
  TreeList,
  ViewDocSchema,
} from '@folio/shared';
import { ok, okResponse } from '../../plugins/envelope.js';
import { sendRevision } from '../live/revision.js';
import { publicSearchSchema } from '../search/search.routes.js';
import { searchExposed } from '../search/search-scopes.js';
import { grantOf } from '../shares/share-grant.js';
import * as view from './compose-public.service.js';

const tags = ['compose'];
const anonymous = { auth: 'public' } as const;

/** Registers the public compose-view routes. */
export const composePublicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/compose/project/get',
    {
      config: anonymous,
      schema: {
        tags,
        summary: 'What a visitor needs before reading a compose view',
        querystring: ComposePublicQuery,
        response: okResponse(ComposeViewSchema),
      },
    },
    async (req) => ok(await view.viewInfo(ctx, req.query.id, grantOf(req))),
  );

  app.post(
    '/compose/project/checkPassword',
    {
      config: anonymous,
      schema: {
        tags,
        summary: "Check an encrypted compose view's password",
        body: ComposeCheckPasswordBody,
        response: okResponse(ShareGrantSchema),
      },
    },
    async (req) => ok(await view.checkPassword(ctx, req.body.id, req.body.password, req.ip)),
  );

  app.get(
    '/compose/doc/menu',
    {
      config: anonymous,
      schema: { tags, summary: "A compose view's menu", querystring: ComposeViewQuery, response: okResponse(TreeList()) },
    },
    async (req) => ok(await view.viewMenu(ctx, req.query.projectId, grantOf(req))),
  );

  // Live docs: the compose view's revision (its rows, the docs of the applications they reach), polled by open pages.
  app.get(
    '/compose/doc/revision',
    {
      config: anonymous,
      schema: {
        tags,
        summary: "The compose view's revision (ETag/304), polled by open pages",
        querystring: ComposeViewQuery,
        response: okResponse(RevisionSchema),
      },
    },
    async (req, reply) => sendRevision(req, reply, await view.viewRevision(ctx, req.query.projectId, grantOf(req))),
  );

  app.get('/compose/doc/search', { config: anonymous, schema: publicSearchSchema('compose', 'projectId') }, async (req) =>
    ok(await searchExposed(app, await view.viewDocIds(ctx, req.query.projectId ?? '', grantOf(req)), req.query)),
  );

  app.get(
    '/compose/doc/get',
    {
      config: anonymous,
      schema: { tags, summary: 'One doc of a compose view', querystring: ComposeViewDocQuery, response: okResponse(ViewDocSchema) },
    },
    async (req) => ok(await view.viewDoc(ctx, req.query.projectId, req.query.docId, grantOf(req))),
  );

  app.get(
    '/compose/page/get',
    {
      config: anonymous,
      schema: {
        tags,
        summary: 'One extra page of a compose view',
        querystring: ComposeViewPageQuery,
        response: okResponse(ComposeViewPageSchema),
      },
    },
    async (req) => ok(await view.viewPage(ctx, req.query.projectId, req.query.id, grantOf(req))),
  );
};
