/** Mock rules of a doc: list, save, delete and a preview run in the sandbox. Request and response schemas. */
import { type Static, Type } from 'typebox';
import { EpochMs, IdString } from './common.js';

const HeaderName = Type.String({ minLength: 1, maxLength: 128, pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$" });
const NameValueInput = Type.Object({ name: Type.String({ maxLength: 255 }), value: Type.Optional(Type.String({ maxLength: 4000 })) });

/** A name and value pair (request data to match, a response header). */
export interface MockNameValue {
  name: string;
  value: string;
}

/** Query of GET /api/doc/mock/list. */
export const MockListQuery = Type.Object({ docId: IdString });

/** Body of POST /api/doc/mock/save (no id: a new rule). */
export const MockSaveInput = Type.Object({
  docId: IdString,
  id: Type.Optional(Type.String({ maxLength: 64 })),
  name: Type.String({ minLength: 1, maxLength: 255 }),
  path: Type.String({ minLength: 1, maxLength: 1024 }),
  requestDataType: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 name/value pairs, 1 JSON' })),
  dataKv: Type.Optional(Type.Array(NameValueInput, { maxItems: 100 })),
  dataJson: Type.Optional(Type.String({ maxLength: 100_000 })),
  httpStatus: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
  delayMills: Type.Optional(Type.Integer({ minimum: 0, maximum: 600_000 })),
  responseHeaders: Type.Optional(
    Type.Array(Type.Object({ name: HeaderName, value: Type.Optional(Type.String({ maxLength: 4000 })) }), { maxItems: 50 }),
  ),
  resultType: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 a body, 1 a script' })),
  responseBody: Type.Optional(Type.String({ maxLength: 2_000_000 })),
  mockScript: Type.Optional(Type.String({ maxLength: 200_000 })),
  remark: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type MockSaveRequest = Static<typeof MockSaveInput>;

/** A request the preview runs the rule against (defaults: the doc's method and path). */
export const MockPreviewRequestSchema = Type.Object({
  method: Type.Optional(Type.String({ maxLength: 16 })),
  path: Type.Optional(Type.String({ maxLength: 1024 })),
  query: Type.Optional(Type.Record(Type.String({ maxLength: 255 }), Type.Unknown())),
  headers: Type.Optional(Type.Record(Type.String({ maxLength: 255 }), Type.Unknown())),
  body: Type.Optional(Type.Unknown()),
});

/** Body of POST /api/doc/mock/preview: a body or script run as the rule would, before saving. */
export const MockPreviewInput = Type.Object({
  docId: IdString,
  resultType: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 a body, 1 a script' }),
  responseBody: Type.Optional(Type.String({ maxLength: 2_000_000 })),
  mockScript: Type.Optional(Type.String({ maxLength: 200_000 })),
  path: Type.Optional(Type.String({ maxLength: 1024 })),
  request: Type.Optional(MockPreviewRequestSchema),
});
export type MockPreviewRequest = Static<typeof MockPreviewInput>;

/** Name/value pairs as stored (a Torna migration keeps Torna's own), sent as they are. */
const StoredPairs = (description: string) =>
  Type.Array(Type.Unsafe<MockNameValue>({ description: 'a {name, value} pair as stored' }), { description });

/** A mock rule of a doc, with its three public URLs. */
export const MockRuleSchema = Type.Object({
  id: IdString,
  docId: IdString,
  name: Type.String(),
  path: Type.String(),
  dataId: Type.String({ description: 'md5 of the path (Torna-style /mock/{path} lookups)' }),
  version: Type.Integer(),
  isDefault: Type.Integer({ description: '1 on the rule generated from the doc' }),
  requestDataType: Type.Integer({ description: '0 name/value pairs, 1 JSON' }),
  dataKv: StoredPairs('request data to match (requestDataType 0)'),
  dataJson: Type.String({ description: 'request data to match (requestDataType 1)' }),
  httpStatus: Type.Integer(),
  delayMills: Type.Integer(),
  responseHeaders: Type.Unsafe<MockNameValue[]>({ description: 'response headers, [{name, value}] as stored' }),
  resultType: Type.Integer({ description: '0 a body, 1 a script' }),
  responseBody: Type.String(),
  mockScript: Type.String(),
  remark: Type.String(),
  creatorName: Type.String(),
  modifierName: Type.String(),
  gmtCreate: EpochMs,
  gmtModified: EpochMs,
  url: Type.String({ description: '/mock/{applicationId}/{path}' }),
  tornaUrl: Type.String({ description: '/mock/{path}' }),
  idUrl: Type.String({ description: '/mock/{ruleId}' }),
});
export type MockRuleView = Static<typeof MockRuleSchema>;

/** Answer of POST /api/doc/mock/preview. */
export const MockPreviewSchema = Type.Object({
  ok: Type.Boolean(),
  error: Type.String({ description: "the script's error when ok is false" }),
  body: Type.String(),
  contentType: Type.String(),
  timeMs: Type.Number(),
});
export type MockPreviewResult = Static<typeof MockPreviewSchema>;

/** What GET /mockjs/script/{path} answers. For the API description only: the script is sent as it was saved. */
export const MockScriptResponse = {
  200: {
    description: "the mock rule's script (Mock.js), as text; sandboxed, never run as a page of Folio",
    content: { 'text/plain': { schema: Type.String({ description: 'the script' }) } },
  },
};
