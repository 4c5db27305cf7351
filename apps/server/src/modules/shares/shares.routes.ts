/**
 * Shares of an application: management (list/add/update/delete/disable/enable/rotate, password copy),
 * authorised by the route's declared action on the share's application; and the anonymous reads of
 * /share/{publicId} (get, menu, checkPassword, doc, search), where the link and its password grant are the
 * capability (checked in the service on every call). Contracts: packages/shared/src/schemas/shares.ts.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  REVISION_HEADER,
  RevisionSchema,
  ShareAddBody,
  ShareCheckPasswordBody,
  ShareCreatedSchema,
  ShareDocQuery,
  ShareGrantSchema,
  ShareIdInput,
  ShareInfoSchema,
  ShareItemSchema,
  ShareLinkSchema,
  ShareListQuery,
  ShareMenuQuery,
  SharePasswordSchema,
  SharePublicQuery,
  ShareUpdateBody,
  TreeList,
  ViewDocSchema,
} from '@folio/shared';
import { Type } from 'typebox';
import { registerParamNodeSchema, registerTreeNodeSchema } from '../../lib/schemas.js';
import { accessOf } from '../../permissions/declared.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import { TreeAnswers } from '../docs/tree-answers.js';
import { sendRevision } from '../live/revision.js';
import { publicSearchSchema } from '../search/search.routes.js';
import { searchExposed } from '../search/search-scopes.js';
import { grantOf } from './share-grant.js';
import * as shares from './shares.service.js';

const manage = (from: 'body.id' | 'query.id') => ({ action: 'share.manage', resource: { kind: 'share', from } }) as const;

export const sharesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const { ids } = ctx;
  registerParamNodeSchema(app);
  registerTreeNodeSchema(app);
  // Menus are answered like the preview's trees: bytes reused only while their validator, read from the database
  // on every call, is unchanged (and 304 for a browser holding them).
  const menus = new TreeAnswers(ctx);

  // ---------- management ----------
  app.get(
    '/share/list',
    {
      config: { action: 'share.manage', resource: { kind: 'module', from: 'query.moduleId' } },
      schema: {
        tags: ['share'],
        summary: "An application's shares",
        querystring: ShareListQuery,
        response: okResponse(Type.Array(ShareItemSchema)),
      },
    },
    async (req) => ok(await shares.listShares(ctx, accessOf(req).id)),
  );

  app.post(
    '/share/add',
    {
      config: { action: 'share.manage', resource: { kind: 'module', from: 'body.moduleId' } },
      schema: {
        tags: ['share'],
        summary: 'Share an application or some of its docs',
        body: ShareAddBody,
        response: okResponse(ShareCreatedSchema),
      },
    },
    async (req) => {
      const { rowId, ...created } = await shares.addShare(ctx, requireUser(req), accessOf(req).id, req.body);
      await audit(app, req, AuditAction.SHARE_CREATE, `share:${created.id}`, { moduleId: req.body.moduleId, type: req.body.type });
      return ok(created);
    },
  );

  app.post(
    '/share/update',
    {
      config: manage('body.id'),
      schema: { tags: ['share'], summary: "Replace a share's settings and picked docs", body: ShareUpdateBody, response: okNull },
    },
    async (req) => ok(await shares.updateShare(ctx, accessOf(req).id, req.body).then(() => null)),
  );

  for (const [path, status] of [
    ['/share/disable', 0],
    ['/share/enable', 1],
  ] as const) {
    app.post(
      path,
      {
        config: manage('body.id'),
        schema: {
          tags: ['share'],
          summary: status ? 'Turn a share link on' : 'Turn a share link off',
          body: ShareIdInput,
          response: okNull,
        },
      },
      async (req) => ok(await shares.setShareStatus(ctx, accessOf(req).id, status).then(() => null)),
    );
  }

  app.post(
    '/share/rotate',
    {
      config: manage('body.id'),
      schema: {
        tags: ['share'],
        summary: 'Give a share a new link (the old one stops working)',
        body: ShareIdInput,
        response: okResponse(ShareLinkSchema),
      },
    },
    async (req) => {
      const link = await shares.rotateShare(ctx, accessOf(req).id);
      await audit(app, req, AuditAction.SHARE_ROTATE, `share:${req.body.id}`);
      return ok(link);
    },
  );

  app.post(
    '/share/delete',
    { config: manage('body.id'), schema: { tags: ['share'], summary: 'Delete a share', body: ShareIdInput, response: okNull } },
    async (req) => {
      await shares.deleteShare(ctx, accessOf(req).id);
      await audit(app, req, AuditAction.SHARE_DELETE, `share:${ids.encode(accessOf(req).id)}`);
      return ok(null);
    },
  );

  app.get(
    '/share/password',
    {
      config: manage('query.id'),
      schema: {
        tags: ['share'],
        summary: 'The password of an encrypted share',
        querystring: ShareIdInput,
        response: okResponse(SharePasswordSchema),
      },
    },
    async (req) => ok({ password: await shares.sharePassword(ctx, accessOf(req).id) }),
  );

  // ---------- anonymous reads: the link (and, when encrypted, its grant) is the capability ----------
  app.get(
    '/share/get',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['share'],
        summary: 'What a visitor needs before reading a share',
        querystring: SharePublicQuery,
        response: okResponse(ShareInfoSchema),
      },
    },
    async (req) => ok(await shares.shareInfo(ctx, req.query.id)),
  );

  app.post(
    '/share/checkPassword',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['share'],
        summary: "Check an encrypted share's password",
        body: ShareCheckPasswordBody,
        response: okResponse(ShareGrantSchema),
      },
    },
    async (req) => ok(await shares.checkSharePassword(ctx, req.body.id, req.body.password, req.ip)),
  );

  app.get(
    '/share/menu',
    {
      config: { auth: 'public' },
      schema: { tags: ['share'], summary: "A share's folder/doc tree", querystring: ShareMenuQuery, response: okResponse(TreeList()) },
    },
    async (req, reply) => {
      // A page's first menu says which revision it was built from (read before it), for the page's poller.
      if (req.query.live) reply.header(REVISION_HEADER, await shares.shareRevision(ctx, req.query.id, grantOf(req)));
      const menu = await shares.shareMenuAnswer(ctx, req.query.id, grantOf(req));
      return menus.send(req, reply, menu.key, menu.validator, menu.build);
    },
  );

  // Live docs: the share's revision (its application's docs and the share's own settings), polled by open pages.
  app.get(
    '/share/revision',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['share'],
        summary: "The share's revision (ETag/304), polled by open pages",
        querystring: SharePublicQuery,
        response: okResponse(RevisionSchema),
      },
    },
    async (req, reply) => sendRevision(req, reply, await shares.shareRevision(ctx, req.query.id, grantOf(req))),
  );

  app.get('/share/search', { config: { auth: 'public' }, schema: publicSearchSchema('share', 'id') }, async (req) =>
    ok(await searchExposed(app, await shares.shareDocIds(ctx, req.query.id, grantOf(req)), req.query)),
  );

  app.get(
    '/share/doc',
    {
      config: { auth: 'public' },
      schema: { tags: ['share'], summary: 'One doc of a share', querystring: ShareDocQuery, response: okResponse(ViewDocSchema) },
    },
    async (req, reply) => {
      if (req.query.live) reply.header(REVISION_HEADER, await shares.shareRevision(ctx, req.query.id, grantOf(req)));
      return ok(await shares.readShareDoc(ctx, req.query.id, ids.decode(req.query.docId, 'doc'), grantOf(req)));
    },
  );
};
