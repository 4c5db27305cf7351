/**
 * Subscriptions (follow docs and projects) and in-site messages. Following declares a read of the doc or
 * project (invisible ones answer 404); the message calls act on the caller's own messages.
 * Contracts: packages/shared/src/schemas/messages.ts.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FollowDocInput,
  FollowedDocSchema,
  FollowProjectInput,
  IdInput,
  MessagePageQuery,
  MessagePageSchema,
  SubscribeType,
} from '@folio/shared';
import { Type } from 'typebox';
import { membershipsOf } from '../../permissions/authorize.js';
import { accessOf } from '../../permissions/declared.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import * as messages from './messages.service.js';

export const messagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  // ---- subscriptions: what can be followed, its id parameter and the read it declares ----
  const targets = [
    { path: 'doc', type: SubscribeType.DOC, input: FollowDocInput, action: 'doc.read', kind: 'doc', key: 'docId' },
    { path: 'project', type: SubscribeType.PROJECT, input: FollowProjectInput, action: 'project.read', kind: 'project', key: 'projectId' },
  ] as const;

  for (const target of targets) {
    const reads = (part: 'body' | 'query') =>
      ({ action: target.action, resource: { kind: target.kind, from: `${part}.${target.key}` } }) as const;
    for (const [verb, on] of [
      ['follow', true],
      ['unfollow', false],
    ] as const) {
      app.post(
        `/user/subscribe/${target.path}/${verb}`,
        {
          config: reads('body'),
          schema: {
            tags: ['subscription'],
            summary: `${on ? 'Follow' : 'Stop following'} a ${target.path}`,
            body: target.input,
            response: okNull,
          },
        },
        async (req) => {
          await messages.follow(ctx, requireUser(req).id, target.type, accessOf(req).id, on);
          return ok(null);
        },
      );
    }
    app.get(
      `/user/subscribe/${target.path}/isFollow`,
      {
        config: reads('query'),
        schema: {
          tags: ['subscription'],
          summary: `Whether the caller follows a ${target.path}`,
          querystring: target.input,
          response: okResponse(Type.Boolean()),
        },
      },
      async (req) => ok(await messages.isFollowing(ctx, requireUser(req).id, target.type, accessOf(req).id)),
    );
  }

  app.get(
    '/user/subscribe/doc/list',
    {
      schema: {
        tags: ['subscription'],
        summary: "The caller's followed docs that still exist and that they can still see",
        response: okResponse(Type.Array(FollowedDocSchema)),
      },
    },
    async (req) => ok(await messages.followedDocs(ctx, requireUser(req), await membershipsOf(req))),
  );

  // ---- messages ----
  app.get(
    '/user/message/unread',
    {
      schema: {
        tags: ['message'],
        summary: "The caller's unread count and latest unread messages (polled by open tabs)",
        response: okResponse(MessagePageSchema),
      },
    },
    async (req) => ok(await messages.unreadMessages(ctx, requireUser(req).id, req.lang)),
  );

  app.get(
    '/user/message/page',
    {
      schema: {
        tags: ['message'],
        summary: "A page of the caller's messages",
        querystring: MessagePageQuery,
        response: okResponse(MessagePageSchema),
      },
    },
    async (req) => ok(await messages.messagePage(ctx, requireUser(req).id, req.lang, req.query)),
  );

  app.post(
    '/user/message/setRead',
    { schema: { tags: ['message'], summary: "Mark one of the caller's messages read", body: IdInput, response: okNull } },
    async (req) => {
      await messages.setRead(ctx, requireUser(req).id, ctx.ids.decode(req.body.id, 'message'));
      return ok(null);
    },
  );

  app.post(
    '/user/message/setReadAll',
    { schema: { tags: ['message'], summary: "Mark all the caller's messages read", response: okNull } },
    async (req) => {
      await messages.setAllRead(ctx, requireUser(req).id);
      return ok(null);
    },
  );
};
