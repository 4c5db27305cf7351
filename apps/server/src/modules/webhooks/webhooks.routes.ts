/**
 * Routes of the webhooks feature: an application's chat webhooks (DingTalk, WeCom, Feishu/Lark, Slack,
 * generic JSON), a test-send, and the delivery log. URLs and secrets are secrets: only the application's
 * admins (module.manageWebhooks, declared on the application, webhook or delivery) see or change them; they are
 * stored encrypted. Contracts: packages/shared/src/schemas/webhooks.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DeliveryPageQuery,
  DeliveryPageSchema,
  DeliveryRetrySchema,
  IdInput,
  SavedIdSchema,
  WebhookModuleQuery,
  WebhookSaveInput,
  WebhookSchema,
  WebhookTestSchema,
} from '@folio/shared';
import { Type } from 'typebox';
import { accessOf } from '../../permissions/declared.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import * as webhooks from './webhooks.service.js';

const tags = ['webhook'];
const manages = (kind: 'module' | 'webhook' | 'webhookDelivery', from: 'query.moduleId' | 'body.moduleId' | 'body.id') =>
  ({ action: 'module.manageWebhooks', resource: { kind, from } }) as const;

export const webhooksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/module/webhook/list',
    {
      config: manages('module', 'query.moduleId'),
      schema: {
        tags,
        summary: "An application's webhooks",
        querystring: WebhookModuleQuery,
        response: okResponse(Type.Array(WebhookSchema)),
      },
    },
    async (req) => ok(await webhooks.listWebhooks(app, accessOf(req).id)),
  );

  app.post(
    '/module/webhook/save',
    {
      config: manages('module', 'body.moduleId'),
      schema: { tags, summary: 'Create or update a webhook', body: WebhookSaveInput, response: okResponse(SavedIdSchema) },
    },
    async (req) => ok({ id: await webhooks.saveWebhook(app, requireUser(req), accessOf(req).id, req.body) }),
  );

  app.post(
    '/module/webhook/delete',
    { config: manages('webhook', 'body.id'), schema: { tags, summary: 'Delete a webhook', body: IdInput, response: okNull } },
    async (req) => {
      await webhooks.deleteWebhook(app, accessOf(req).id);
      return ok(null);
    },
  );

  app.post(
    '/module/webhook/test',
    {
      config: manages('webhook', 'body.id'),
      schema: { tags, summary: 'Send a test notice through a webhook now', body: IdInput, response: okResponse(WebhookTestSchema) },
    },
    async (req) => ok(await webhooks.testWebhook(app, requireUser(req), accessOf(req).id, req.lang)),
  );

  app.get(
    '/module/webhook/delivery/page',
    {
      config: manages('module', 'query.moduleId'),
      schema: {
        tags,
        summary: "A page of an application's delivery log",
        querystring: DeliveryPageQuery,
        response: okResponse(DeliveryPageSchema),
      },
    },
    async (req) => ok(await webhooks.deliveryPage(app, accessOf(req).id, req.query, req.lang)),
  );

  app.post(
    '/module/webhook/delivery/retry',
    {
      config: manages('webhookDelivery', 'body.id'),
      schema: { tags, summary: 'Retry a delivery now', body: IdInput, response: okResponse(DeliveryRetrySchema) },
    },
    async (req) => ok(await webhooks.retryDelivery(app, accessOf(req).id, req.lang)),
  );
};
