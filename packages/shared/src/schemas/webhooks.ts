/** An application's chat webhooks, their test-send and the delivery log. Request and response schemas. */
import { type Static, Type } from 'typebox';
import { EpochMs, Flag, IdString } from './common.js';

/** Where a webhook posts: DingTalk, WeCom, Feishu/Lark, Slack, or generic JSON. */
export const WebhookKindSchema = Type.Union([
  Type.Literal('dingtalk'),
  Type.Literal('wecom'),
  Type.Literal('feishu'),
  Type.Literal('slack'),
  Type.Literal('json'),
]);

/** Query naming an application. */
export const WebhookModuleQuery = Type.Object({ moduleId: IdString });

/** A webhook as the application's admins see it (the URL decrypted; the secret only as set or not). */
export const WebhookSchema = Type.Object({
  id: IdString,
  moduleId: IdString,
  kind: Type.String(),
  name: Type.String(),
  url: Type.String(),
  hasSecret: Type.Boolean(),
  enabled: Type.Integer({ minimum: 0, maximum: 1 }),
});
export type WebhookView = Static<typeof WebhookSchema>;

/** Body of POST /api/module/webhook/save (no id: a new webhook). */
export const WebhookSaveInput = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 64 })),
  moduleId: IdString,
  kind: WebhookKindSchema,
  name: Type.String({ maxLength: 128 }),
  url: Type.String({ minLength: 1, maxLength: 2048 }),
  secret: Type.Optional(Type.String({ maxLength: 512, description: "omitted keeps the stored secret; '' removes it" })),
  enabled: Type.Optional(Flag),
});
export type WebhookSaveRequest = Static<typeof WebhookSaveInput>;

/** Answer of a test-send: the delivery it made and how it went. */
export const WebhookTestSchema = Type.Object({
  deliveryId: IdString,
  state: Type.String(),
  status: Type.Integer({ description: 'the HTTP status the target answered (0: none)' }),
  error: Type.String(),
});
export type WebhookTestResult = Static<typeof WebhookTestSchema>;

/** Answer of a retry. */
export const DeliveryRetrySchema = Type.Object({ state: Type.String(), status: Type.Integer(), error: Type.String() });

/** Query of GET /api/module/webhook/delivery/page. */
export const DeliveryPageQuery = Type.Object({
  moduleId: IdString,
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type DeliveryPageInput = Static<typeof DeliveryPageQuery>;

/** A delivery in the log (webhook sends and MeterSphere pushes). */
export const DeliverySchema = Type.Object({
  id: IdString,
  kind: Type.String(),
  event: Type.String(),
  body: Type.String(),
  state: Type.String({ description: 'queued, sending, retry, done or failed' }),
  attempts: Type.Integer(),
  nextAttemptAt: EpochMs,
  responseStatus: Type.Integer(),
  lastError: Type.String(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
  webhookName: Type.String(),
  target: Type.String({ description: 'scheme and host of the webhook URL' }),
});

/** A page of the delivery log, newest first. */
export const DeliveryPageSchema = Type.Object({ total: Type.Integer(), list: Type.Array(DeliverySchema) });
export type DeliveryView = Static<typeof DeliverySchema>;
export type DeliveryPage = Static<typeof DeliveryPageSchema>;
