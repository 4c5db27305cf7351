/**
 * Docs and folders: save (every parameter), detail, delete, folders, move, copy, lock, status, order, trees and
 * props. Request and response schemas. The doc detail is also what viewers of a share or a compose view read
 * (ViewDocSchema: the detail plus the common params of its owner).
 */
import { type Static, Type } from 'typebox';
import type { DocAuthScheme } from '../security.js';
import type {
  DocDetail,
  DocParam,
  DocResponse,
  DubboInfo,
  EnumInfo,
  ErrorCodeParam,
  NamedExample,
  ParamExamples,
  ParamSerialization,
} from '../types.js';
import { EnvironmentSchema } from './applications.js';
import { type Covers, Flag, IdString, NameString, OptionalIdString } from './common.js';
import { type EnumInfoSchema, ParamInputList, type ParamNodeSchema, ParamTreeList } from './params.js';

const Flag01In = Type.Optional(Flag);

/** Body of POST /api/doc/save: a doc or folder with every parameter list (push field names). */
export const DocSaveInput = Type.Object({
  id: OptionalIdString,
  docId: OptionalIdString,
  moduleId: IdString,
  parentId: OptionalIdString,
  name: NameString(255),
  /** The doc's gmtModified when the editor loaded it: a save from a replaced version answers 409. Absent: no check. */
  baseModified: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,16}$', description: "the doc's gmtModified when the editor loaded it (409 when it changed since)" }),
  ),
  description: Type.Optional(Type.String({ maxLength: 2_000_000 })),
  author: Type.Optional(Type.String({ maxLength: 128 })),
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
  url: Type.Optional(Type.String({ maxLength: 1024 })),
  version: Type.Optional(Type.String({ maxLength: 64 })),
  definition: Type.Optional(Type.String({ maxLength: 1024 })),
  httpMethod: Type.Optional(Type.String({ maxLength: 16 })),
  contentType: Type.Optional(Type.String({ maxLength: 255 })),
  isFolder: Flag01In,
  isShow: Flag01In,
  orderIndex: Type.Optional(Type.Integer({ minimum: -2_000_000_000, maximum: 2_000_000_000 })),
  status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(5), Type.Literal(10)])),
  deprecated: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Boolean()])),
  isUseGlobalHeaders: Flag01In,
  isUseGlobalParams: Flag01In,
  isUseGlobalReturns: Flag01In,
  isRequestArray: Flag01In,
  isResponseArray: Flag01In,
  requestArrayType: Type.Optional(Type.String({ maxLength: 32 })),
  responseArrayType: Type.Optional(Type.String({ maxLength: 32 })),
  dubboInfo: Type.Optional(
    Type.Union([
      Type.Object({
        interfaceName: Type.Optional(Type.String({ maxLength: 1000 })),
        author: Type.Optional(Type.String({ maxLength: 1000 })),
        version: Type.Optional(Type.String({ maxLength: 1000 })),
        protocol: Type.Optional(Type.String({ maxLength: 1000 })),
        dependency: Type.Optional(Type.String({ maxLength: 16000 })),
      }),
      Type.Null(),
    ]),
  ),
  headerParams: Type.Optional(ParamInputList()),
  pathParams: Type.Optional(ParamInputList()),
  queryParams: Type.Optional(ParamInputList()),
  requestParams: Type.Optional(ParamInputList()),
  responseParams: Type.Optional(ParamInputList()),
  errorCodeParams: Type.Optional(
    Type.Array(
      Type.Object({
        code: Type.String({ maxLength: 255 }),
        msg: Type.Optional(Type.String({ maxLength: 16000 })),
        solution: Type.Optional(Type.String({ maxLength: 16000 })),
      }),
      { maxItems: 5000 },
    ),
  ),
  remark: Type.Optional(Type.String({ maxLength: 1000, description: 'change remark for history and notices' })),
  // What the spec said beyond the params, as doc/detail gives it (checked by the server's doc-extras.ts extrasOfBody).
  requestExamples: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 100 })),
  responses: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 200 })),
  paramExamples: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 200 })),
  paramStyles: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 200 })),
  webhook: Type.Optional(Type.String({ maxLength: 255 })),
});
export type DocSaveRequest = Static<typeof DocSaveInput>;

/** Body of POST /api/doc/delete. */
export const DocDeleteInput = Type.Object({
  id: IdString,
  /** Required (1) to delete a folder that is not empty. */
  deleteChildren: Type.Optional(Flag),
});
/** Body of POST /api/doc/folder/add. */
export const FolderAddInput = Type.Object({ moduleId: IdString, parentId: OptionalIdString, name: NameString(255) });
/** Body of POST /api/doc/folder/update. */
export const FolderRenameInput = Type.Object({ id: IdString, name: NameString(255) });
/** Body of POST /api/doc/move. */
export const DocMoveInput = Type.Object({
  id: IdString,
  parentId: OptionalIdString,
  orderIndex: Type.Optional(Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 })),
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'index among the new siblings' })),
});
/** Body of POST /api/doc/copy: what the copy changes (absent: a free URL for HTTP docs, a free name for others). */
export const DocCopyInput = Type.Object({
  id: IdString,
  name: Type.Optional(NameString(255)),
  url: Type.Optional(Type.String({ maxLength: 1024 })),
  version: Type.Optional(Type.String({ maxLength: 64 })),
  parentId: OptionalIdString,
});
/** Body of POST /api/doc/status/update (0 to do, 5 doing, 10 done). */
export const DocStatusInput = Type.Object({
  id: IdString,
  status: Type.Union([Type.Literal(0), Type.Literal(5), Type.Literal(10)]),
});
/** Body of POST /api/doc/order/update: siblings with their new order indexes. */
export const DocOrderInput = Type.Object({
  items: Type.Array(Type.Object({ id: IdString, orderIndex: Type.Integer({ minimum: -2_000_000_000, maximum: 2_000_000_000 }) }), {
    minItems: 1,
    maxItems: 5000,
  }),
});
/** `live=1`: the answer carries the tree's live-docs revision (`REVISION_HEADER`), read before the tree. */
const LiveFlag = Type.Literal('1', { description: "'1': answer with the revision header of live docs" });
/** Query of GET /api/doc/detail: the doc; `live` names the reading page's scope whose revision the answer carries. */
export const DocDetailQuery = Type.Object({
  id: IdString,
  live: Type.Optional(
    Type.Union([Type.Literal('project'), Type.Literal('space')], {
      description: "the doc's project or space: the answer carries that tree's live-docs revision (REVISION_HEADER)",
    }),
  ),
  with: Type.Optional(
    Type.Literal('app', {
      description:
        "also answer the doc's application's common headers/params/returns/error codes (globalHeaders, globalParams, " +
        'globalReturns, globalErrorCodes) and its debug environments (environments), as module/commonParam/list and ' +
        'module/environment/list answer them: a reading page needs no second round trip',
    }),
  ),
});
/** Query of GET /api/doc/detail. */
export type DocDetailRequest = Static<typeof DocDetailQuery>;
/** Query of GET /api/doc/view/data (a space's tree). */
export const SpaceTreeQuery = Type.Object({ spaceId: IdString, live: Type.Optional(LiveFlag) });
/** Query of GET /api/doc/view/dataByProject (a project's tree). */
export const ProjectTreeQuery = Type.Object({ projectId: IdString, live: Type.Optional(LiveFlag) });
/** Query of GET /api/doc/tree (an application's folders and docs). */
export const ModuleTreeQuery = Type.Object({ moduleId: IdString });

// ---- the doc detail ----

/** One of a spec's own examples: its name, summary and payload as text. */
export const NamedExampleSchema = Type.Object({
  name: Type.String(),
  summary: Type.String(),
  value: Type.String({ description: 'the payload: JSON with two-space indents, or the text as the spec gives it' }),
  origin: Type.Optional(
    Type.Literal('folio', { description: 'set when it was written or edited in Folio; absent: as the imported spec or push gave it' }),
  ),
});

/** One documented response of a doc (imported from a spec). */
export const DocResponseSchema = Type.Object({
  status: Type.String({ description: 'HTTP status as the spec writes it: 200, 404, 4XX, default' }),
  description: Type.String(),
  contentType: Type.String(),
  params: ParamTreeList(),
  isArray: Type.Integer(),
  arrayType: Type.String(),
  headers: ParamTreeList(),
  examples: Type.Array(NamedExampleSchema),
  main: Type.Integer({ description: "1 on the status whose body the doc's responseParams describe" }),
  sameAs: Type.Optional(Type.String({ description: "set when this status's body has the main response's schema" })),
});

/** The named examples of one parameter. */
export const ParamExamplesSchema = Type.Object({ in: Type.String(), name: Type.String(), examples: Type.Array(NamedExampleSchema) });

/** How an array or object query parameter goes into the URL (OpenAPI style/explode). */
export const ParamSerializationSchema = Type.Object({
  in: Type.String(),
  name: Type.String(),
  style: Type.String(),
  explode: Type.Boolean(),
});

/** A Dubbo doc's (or its folder's) service information. */
export const DubboInfoSchema = Type.Object({
  interfaceName: Type.String(),
  author: Type.String(),
  version: Type.String(),
  protocol: Type.String(),
  dependency: Type.String(),
});

/** An error code of a doc. */
export const ErrorCodeSchema = Type.Object({ code: Type.String(), msg: Type.String(), solution: Type.String() });

/** One security scheme of a requirement as a reader sees it. */
export const DocAuthSchemeSchema = Type.Object({
  name: Type.String({ description: "the scheme's name in the spec" }),
  type: Type.String({ description: 'http, apiKey, oauth2, openIdConnect, mutualTLS' }),
  scheme: Type.Optional(Type.String()),
  bearerFormat: Type.Optional(Type.String()),
  in: Type.Optional(Type.String()),
  paramName: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  flows: Type.Optional(
    Type.Array(
      Type.Object({
        flow: Type.String(),
        authorizationUrl: Type.Optional(Type.String()),
        tokenUrl: Type.Optional(Type.String()),
        refreshUrl: Type.Optional(Type.String()),
      }),
    ),
  ),
  openIdConnectUrl: Type.Optional(Type.String()),
  scopes: Type.Array(Type.String()),
});

/** The security a doc needs: alternatives (any one is enough), each a list of schemes that apply together. */
export const DocAuthSchema = Type.Union([Type.Array(Type.Array(DocAuthSchemeSchema)), Type.Null()], {
  description: '[] when none is needed, null when the source says nothing',
});

const DocDetailFields = {
  id: IdString,
  docId: IdString,
  moduleId: IdString,
  parentId: Type.String({ description: "the folder's id, '' at the application's top" }),
  name: Type.String(),
  description: Type.String(),
  author: Type.String(),
  type: Type.Integer({ description: '0 HTTP, 1 Dubbo, 2 Markdown, 3 custom' }),
  url: Type.String(),
  version: Type.String(),
  identityKey: Type.String({ description: 'what tells this doc apart from others with the same method and URL' }),
  definition: Type.String(),
  httpMethod: Type.String(),
  contentType: Type.String(),
  isFolder: Type.Integer(),
  isShow: Type.Integer(),
  orderIndex: Type.Integer(),
  status: Type.Integer({ description: '0 to do, 5 doing, 10 done' }),
  deprecated: Type.String({ description: "the deprecation reason, '$false$' when not deprecated" }),
  isUseGlobalHeaders: Type.Integer(),
  isUseGlobalParams: Type.Integer(),
  isUseGlobalReturns: Type.Integer(),
  isRequestArray: Type.Integer(),
  isResponseArray: Type.Integer(),
  requestArrayType: Type.String(),
  responseArrayType: Type.String(),
  dubboInfo: Type.Union([DubboInfoSchema, Type.Null()]),
  isLocked: Type.Integer(),
  modifySource: Type.Integer({ description: '1 form, 2 text editor' }),
  gmtCreate: Type.String({ description: 'epoch milliseconds' }),
  gmtModified: Type.String({ description: "epoch milliseconds; the doc's version (doc/save's baseModified)" }),
  creatorName: Type.String(),
  modifierName: Type.String(),
  headerParams: ParamTreeList(),
  pathParams: ParamTreeList(),
  queryParams: ParamTreeList(),
  requestParams: ParamTreeList(),
  responseParams: ParamTreeList(),
  errorCodeParams: Type.Array(ErrorCodeSchema),
  requestExamples: Type.Optional(Type.Array(NamedExampleSchema)),
  responses: Type.Optional(Type.Array(DocResponseSchema)),
  webhook: Type.Optional(Type.String({ description: 'set on a webhook: its event name (a call the API makes)' })),
  paramExamples: Type.Optional(Type.Array(ParamExamplesSchema)),
  paramStyles: Type.Optional(Type.Array(ParamSerializationSchema)),
  security: Type.Optional(DocAuthSchema),
};

/** A doc as GET /api/doc/detail answers it: the push field names, nested parameters, the spec's extras, its security. */
export const DocDetailSchema = Type.Object(DocDetailFields);

/** A doc as share and compose viewers read it: the detail with the common params of its owner. */
export const ViewDocSchema = Type.Object({
  ...DocDetailFields,
  globalHeaders: ParamTreeList(),
  globalParams: ParamTreeList(),
  globalReturns: ParamTreeList(),
  globalErrorCodes: ParamTreeList(),
});

/**
 * A doc as GET /api/doc/detail answers it: the detail, and with `with=app` its application's common params (the
 * viewers' names) and debug environments. Without the flag the answer is DocDetailSchema's.
 */
export const DocReadSchema = Type.Object({
  ...DocDetailFields,
  globalHeaders: Type.Optional(ParamTreeList()),
  globalParams: Type.Optional(ParamTreeList()),
  globalReturns: Type.Optional(ParamTreeList()),
  globalErrorCodes: Type.Optional(ParamTreeList()),
  environments: Type.Optional(Type.Array(EnvironmentSchema)),
});
/** GET /api/doc/detail's answer with `with=app`. */
export type DocReadWithApp = DocDetail & {
  globalHeaders: DocParam[];
  globalParams: DocParam[];
  globalReturns: DocParam[];
  globalErrorCodes: DocParam[];
  environments: Static<typeof EnvironmentSchema>[];
};

/** A doc's props (name → value). */
export const DocPropsSchema = Type.Record(Type.String(), Type.String());

// Every field of the answered interfaces is in its schema (a response schema filters answers: a field added to an
// interface alone would silently vanish from doc/detail and the viewers' doc). A missing one fails the type check here.
const detailComplete: Covers<DocDetail, typeof DocDetailSchema> = true;
const responseComplete: Covers<DocResponse, typeof DocResponseSchema> = true;
const exampleComplete: Covers<NamedExample, typeof NamedExampleSchema> = true;
const paramExamplesComplete: Covers<ParamExamples, typeof ParamExamplesSchema> = true;
const stylesComplete: Covers<ParamSerialization, typeof ParamSerializationSchema> = true;
const dubboComplete: Covers<DubboInfo, typeof DubboInfoSchema> = true;
const codeComplete: Covers<ErrorCodeParam, typeof ErrorCodeSchema> = true;
const authComplete: Covers<DocAuthScheme, typeof DocAuthSchemeSchema> = true;
const paramComplete: Covers<DocParam, typeof ParamNodeSchema> = true;
const enumComplete: Covers<EnumInfo, typeof EnumInfoSchema> = true;
void [
  paramComplete,
  enumComplete,
  detailComplete,
  responseComplete,
  exampleComplete,
  paramExamplesComplete,
  stylesComplete,
  dubboComplete,
  codeComplete,
  authComplete,
];
