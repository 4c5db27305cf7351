/**
 * Anonymous reads of compose views (/show/{publicId}): project, password check, menu, revision, search, docs
 * and extra pages. The link and, for encrypted projects, the grant are the capability, re-checked on every
 * call in compose-public.service.ts (a dynamic case: no declared resource).
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ComposeCheckPasswordBody,
  ComposeMenuQuery,
  ComposePublicQuery,
  ComposeViewDocQuery,
  ComposeViewPageQuery,
  ComposeViewPageSchema,
  ComposeViewQuery,
  ComposeViewSchema,
  REVISION_HEADER,
  RevisionSchema,
  ShareGrantSchema,
  TreeList,
  ViewDocSchema,
} from '@folio/shared';
import type { FastifyReply } from 'fastify';
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
  /** `live`: the answer carries the view's revision, read before it (a page's first info, menu and doc, for its poller). */
  const carryRevision = async (reply: FastifyReply, live: string | undefined, publicId: string, grant: string | undefined) => {
    const revision = live ? await view.readableRevision(ctx, publicId, grant) : undefined;
    if (revision) reply.header(REVISION_HEADER, revision);
  };

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
    async (req, reply) => {
      await carryRevision(reply, req.query.live, req.query.id, grantOf(req));
      return ok(await view.viewInfo(ctx, req.query.id, grantOf(req)));
    },
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
      schema: { tags, summary: "A compose view's menu", querystring: ComposeMenuQuery, response: okResponse(TreeList()) },
    },
    async (req, reply) => {
      await carryRevision(reply, req.query.live, req.query.projectId, grantOf(req));
      return ok(await view.viewMenu(ctx, req.query.projectId, grantOf(req)));
    },
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
    async (req, reply) => {
      await carryRevision(reply, req.query.live, req.query.projectId, grantOf(req));
      return ok(await view.viewDoc(ctx, req.query.projectId, req.query.docId, grantOf(req)));
    },
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
