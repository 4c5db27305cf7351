/**
 * Folio's own push calls for CI (the Torna open API at `/api` keeps Torna's wire format and has no schema here):
 * `POST /api/push/openapi` and `POST /api/import/push` take a file as the body and the application token in the
 * `token` header; a large or `async=1` push answers a job id polled at `GET /api/push/status`.
 */
import { type Static, Type } from 'typebox';

/** A flag as these query strings send it: 1/0, true/false. */
const QueryFlag = Type.Optional(Type.String({ maxLength: 8 }));

/** What a push changed, as the open API returns it. */
export const PushOutcomeSchema = Type.Object({
  added: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  deleted: Type.Integer(),
  skippedLocked: Type.Integer({ description: 'locked docs left as they were' }),
  folders: Type.Integer(),
  errors: Type.Array(Type.Object({ path: Type.String(), message: Type.String() }), { description: 'parts of the payload not stored' }),
  batchId: Type.String(),
  runId: Type.String({ description: 'the push run (chunks sent within the run window count as one run)' }),
});
export type PushOutcomeView = Static<typeof PushOutcomeSchema>;

/** Query of POST /api/push/openapi. */
export const PushOpenApiQuery = Type.Object({
  isReplace: Type.Optional(Type.String({ maxLength: 8, description: 'remove docs the file no longer has (default 1)' })),
  isOverride: QueryFlag,
  async: Type.Optional(Type.String({ maxLength: 8, description: '1: answer a job id at once' })),
  author: Type.Optional(Type.String({ maxLength: 128 })),
});
/** A queued push: the job to poll. */
export const PushJobSchema = Type.Object({ jobId: Type.String({ description: 'poll GET /api/push/status?jobId=' }) });
/** Answer of POST /api/push/openapi: the outcome, or the job of an async push. */
export const PushOpenApiAnswer = Type.Union([PushOutcomeSchema, PushJobSchema]);

/** The formats POST /api/import/push reads (`push`: a Torna push payload). */
export const IMPORT_PUSH_FORMATS = ['openapi', 'postman', 'yapi-md', 'yapi-json', 'push'] as const;
/** Query of POST /api/import/push. */
export const ImportPushQuery = Type.Object({
  format: Type.Optional(
    Type.Union(
      IMPORT_PUSH_FORMATS.map((f) => Type.Literal(f)),
      { description: 'detected when absent' },
    ),
  ),
  isReplace: QueryFlag,
  isOverride: QueryFlag,
  async: QueryFlag,
  author: Type.Optional(Type.String({ maxLength: 128 })),
});
/** Answer of POST /api/import/push: the detected format, conversion warnings, and the outcome or the job. */
export const ImportPushAnswer = Type.Union([
  Type.Object({ format: Type.String(), warnings: Type.Array(Type.String()), outcome: PushOutcomeSchema }),
  Type.Object({ format: Type.String(), warnings: Type.Array(Type.String()), jobId: Type.String() }),
]);

/** Query of GET /api/push/status. */
export const PushStatusQuery = Type.Object({ jobId: Type.String({ minLength: 1, maxLength: 64 }) });
/** Answer of GET /api/push/status. */
export const PushStatusSchema = Type.Object({
  jobId: Type.String(),
  state: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  progress: Type.Integer({ description: '0-100' }),
  result: Type.Union([PushOutcomeSchema, Type.Null()], { description: 'the outcome once done' }),
  error: Type.String({ description: "why it failed, '' otherwise" }),
});

/** Query of GET /api/openapi/push.md: with an application the caller administers, the guide carries its token. */
export const PushGuideQuery = Type.Object({ moduleId: Type.Optional(Type.String({ maxLength: 64 })) });

/** What GET /api/openapi/push.md answers. For the API description only: the Markdown is sent as written. */
export const PushGuideResponse = {
  200: {
    description: 'the push guide',
    content: {
      'text/markdown': {
        schema: Type.String({ description: "the guide in the caller's language; with moduleId, that application's push token and URLs" }),
      },
    },
  },
};

/**
 * What Torna's open endpoint `GET/POST /api` answers (Torna's wire format, not Folio's envelope), whatever the
 * command (`doc.push`, `doc.category.create`, …). For the API description only: the answer is sent as written.
 */
export const TornaOpenResponse = {
  200: {
    description: "Torna's answer, always HTTP 200; failure is in `code`",
    content: {
      'application/json': {
        schema: Type.Object(
          {
            code: Type.String({
              description:
                "'0' success; '-9' system error, '1' unknown command, '2' invalid parameters (empty `apis`), '5' missing sign, " +
                "'6' invalid sign, '7' timeout, '8' business error, '10' bad timestamp, '13' malformed JSON, '14' missing or unknown access_token",
              examples: ['0'],
            }),
            msg: Type.String({ description: "the reason, in the caller's language; '' on success" }),
            data: Type.Unknown({ description: "the command's result (a push: null or its outcome); absent or null on failure" }),
          },
          { examples: [{ code: '0', msg: '', data: null }] },
        ),
      },
    },
  },
};
