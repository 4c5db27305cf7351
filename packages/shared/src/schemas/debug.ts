/**
 * The debug console: what it needs to start (/api/debug/context), debug scripts (type pre 0 / after 1; scope
 * doc 0 / application 1 / project 2) and the per-application debug props. The proxy itself (/api/debug/proxy)
 * forwards the target's answer as is (DebugProxyResponse describes it, for the API description only).
 */
import { type Static, Type } from 'typebox';
import { EpochMs, Flag, Flag01, IdString } from './common.js';
import { ParamTreeList } from './params.js';

/** Query naming the doc being debugged. */
export const DebugDocQuery = Type.Object({ docId: IdString });

/** A debug script. */
export const DebugScriptSchema = Type.Object({
  id: IdString,
  name: Type.String(),
  description: Type.String(),
  content: Type.String({ description: 'JavaScript run before (type 0) or after (type 1) the request' }),
  type: Type.Integer({ description: '0 pre-request, 1 after-response' }),
  scope: Type.Integer({ description: '0 doc, 1 application, 2 project' }),
  refId: IdString,
  enabled: Flag01,
  creatorName: Type.String(),
  gmtCreate: EpochMs,
  gmtModified: EpochMs,
});
export type DebugScript = Static<typeof DebugScriptSchema>;
/** Body of POST /api/doc/debugscript/save: a new script (no id) or an edit. */
export const DebugScriptSaveBody = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 64 })),
  name: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  content: Type.String({ maxLength: 200_000 }),
  type: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 pre-request, 1 after-response' }),
  scope: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], { description: '0 doc, 1 application, 2 project' }),
  refId: Type.String({ minLength: 1, maxLength: 64, description: 'the doc, application or project of the scope' }),
  enabled: Type.Optional(Flag),
});
export type DebugScriptSaveInput = Static<typeof DebugScriptSaveBody>;

/** An environment the console may send to. */
export const DebugEnvironmentSchema = Type.Object({
  id: IdString,
  name: Type.String(),
  url: Type.String(),
  isPublic: Flag01,
  orderIndex: Type.Integer(),
  headers: ParamTreeList(),
  params: ParamTreeList(),
});
export type DebugEnvironment = Static<typeof DebugEnvironmentSchema>;
/** Answer of GET /api/debug/context. */
export const DebugContextSchema = Type.Object({
  moduleId: IdString,
  projectId: Type.String({ description: "'' for share and compose viewers" }),
  environments: Type.Array(DebugEnvironmentSchema),
  gatewayUrl: Type.String({ description: "a compose view's gateway, '' otherwise" }),
  commonHeaders: ParamTreeList(),
  commonParams: ParamTreeList(),
  scripts: Type.Array(DebugScriptSchema),
  proxy: Type.Union([Type.Boolean(), Type.Null()], { description: "the application's proxy switch, null when never set" }),
  debugProps: Type.Record(Type.String(), Type.String()),
  asUser: Type.Boolean({ description: 'the caller reads the doc through their own role (not a grant)' }),
  canEditScripts: Type.Boolean(),
  canEditMock: Type.Boolean(),
});
export type DebugContext = Static<typeof DebugContextSchema>;

/** Body of POST /api/debug/props/set. */
export const DebugPropsBody = Type.Object({
  moduleId: IdString,
  proxy: Type.Optional(Type.Boolean()),
  props: Type.Optional(
    Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 2000 }), {
      maxProperties: 20,
      description: 'envId, followRedirects',
    }),
  ),
});
export type DebugPropsInput = Static<typeof DebugPropsBody>;

/**
 * What the debug proxy (/api/debug/proxy, and Torna's /api/doc/debug/v1) answers. For the API description only:
 * the target's bytes are sent as they came, never serialised.
 */
export const DebugProxyResponse = {
  200: {
    description:
      "the target's answer: its status (a status outside 200-599 becomes 502), its Content-Type and Content-Disposition, " +
      'and its body as the target sent it; its headers as JSON text in Target-Response-Headers, the final URL in ' +
      'Target-Final-Url, the time taken in Target-Time-Ms. A request Folio refuses (no access, a target outside the ' +
      "application's environments, a timeout) answers Folio's error envelope (application/json) instead",
    content: {
      '*/*': {
        schema: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description: "the target's body, as sent" }),
      },
    },
  },
};
