/**
 * Compose projects of composed spaces: management (projects, picked docs and folders, common params, extra
 * pages) and the anonymous reads of /show/{publicId}. Request and response schemas.
 */
import { type Static, Type } from 'typebox';
import { EpochMs, Flag, Flag01, IdString, NameString, OptionalIdString } from './common.js';
import { ParamInputList, ParamTreeList } from './params.js';
import { TreeList } from './tree.js';

/** Public id of a compose view (/show/{publicId}). */
export const ComposePublicId = Type.String({ minLength: 1, maxLength: 64, description: 'public id of the compose view' });

/** A compose project as its managers see it. */
export const ComposeProjectSchema = Type.Object({
  id: IdString,
  publicId: Type.String(),
  url: Type.String({ description: '/show/{publicId}' }),
  spaceId: IdString,
  name: Type.String(),
  description: Type.String(),
  type: Type.Integer({ description: '1 public, 2 encrypted' }),
  isEncrypt: Flag01,
  status: Flag01,
  showDebug: Flag01,
  gatewayUrl: Type.String(),
  orderIndex: Type.Integer(),
  creatorName: Type.String(),
  gmtCreate: EpochMs,
  gmtModified: EpochMs,
});
export type ComposeProject = Static<typeof ComposeProjectSchema>;

const ProjectFields = {
  name: NameString(128),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  type: Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 public, 2 encrypted' }),
  password: Type.Optional(Type.String({ maxLength: 64, description: 'encrypted only; empty keeps the current one (or makes one)' })),
  status: Type.Optional(Flag),
  showDebug: Type.Optional(Flag),
  gatewayUrl: Type.Optional(Type.String({ maxLength: 1024 })),
  orderIndex: Type.Optional(Type.Integer()),
};
/** Body of POST /api/compose/project/add. */
export const ComposeProjectAddBody = Type.Object({ spaceId: IdString, ...ProjectFields });
/** Body of POST /api/compose/project/update. */
export const ComposeProjectUpdateBody = Type.Object({ id: IdString, ...ProjectFields });
/** The fields add and update share. */
export type ComposeProjectInput = Omit<Static<typeof ComposeProjectAddBody>, 'spaceId'>;
/** Answer of POST /api/compose/project/add. */
export const ComposeCreatedSchema = Type.Object({ id: IdString, publicId: Type.String(), url: Type.String() });
export type ComposeCreated = Static<typeof ComposeCreatedSchema>;
/** Answer of GET /api/compose/project/password. */
export const ComposePasswordSchema = Type.Object({ password: Type.String({ description: 'empty for a public project' }) });
export type ComposePassword = Static<typeof ComposePasswordSchema>;

/** Query of the calls on one compose project's docs, params and pages. */
export const ComposeProjectIdQuery = Type.Object({ projectId: IdString });
/** A picked doc or folder, or an own folder, of a compose project. */
export const ComposeDocRowSchema = Type.Object({
  id: IdString,
  parentId: Type.String({ description: "'' at the root" }),
  docId: Type.String({ description: "the referenced doc or folder, '' for an own folder" }),
  isFolder: Flag01,
  folderName: Type.String({ description: "the own folder's name, or the name shown instead of a referenced folder's" }),
  name: Type.String(),
  url: Type.String(),
  httpMethod: Type.String(),
  origin: Type.String({ description: 'space/project/application it was picked from' }),
  orderIndex: Type.Integer(),
  missing: Type.Boolean({ description: 'the referenced doc is gone or hidden' }),
});
export type ComposeDocRow = Static<typeof ComposeDocRowSchema>;
/** Answer of GET /api/compose/doc/list: the rows and the menu they make. */
export const ComposeDocListSchema = Type.Object({ rows: Type.Array(ComposeDocRowSchema), tree: TreeList() });
export type ComposeDocList = Static<typeof ComposeDocListSchema>;
/** Body of POST /api/compose/doc/add. */
export const ComposeDocAddBody = Type.Object({
  projectId: IdString,
  parentId: OptionalIdString,
  docIds: Type.Array(IdString, { minItems: 1, maxItems: 2000 }),
});
/** Answer of POST /api/compose/doc/add: how many were new. */
export const ComposeDocAddedSchema = Type.Object({ added: Type.Integer() });
/** Body of POST /api/compose/doc/folder/add. */
export const ComposeFolderAddBody = Type.Object({ projectId: IdString, parentId: OptionalIdString, name: NameString(255) });
/** Body of POST /api/compose/doc/update (absent fields are kept). */
export const ComposeDocUpdateBody = Type.Object({
  id: IdString,
  folderName: Type.Optional(Type.String({ maxLength: 255 })),
  orderIndex: Type.Optional(Type.Integer()),
  parentId: OptionalIdString,
});
export type ComposeDocUpdateInput = Static<typeof ComposeDocUpdateBody>;

/** Answer of GET /api/compose/project/params: the project's common params. */
export const ComposeCommonParamsSchema = Type.Object({
  globalHeaders: ParamTreeList(),
  globalParams: ParamTreeList(),
  globalReturns: ParamTreeList(),
  globalErrorCodes: ParamTreeList(),
});
export type ComposeCommonParams = Static<typeof ComposeCommonParamsSchema>;
/** Body of POST /api/compose/project/params/save (absent lists are kept). */
export const ComposeParamsSaveBody = Type.Object({
  projectId: IdString,
  globalHeaders: Type.Optional(ParamInputList()),
  globalParams: Type.Optional(ParamInputList()),
  globalReturns: Type.Optional(ParamInputList()),
});
export type ComposeParamsSaveInput = Static<typeof ComposeParamsSaveBody>;

/** An extra page of a compose project (Markdown). */
export const ComposePageSchema = Type.Object({
  id: IdString,
  title: Type.String(),
  content: Type.String(),
  orderIndex: Type.Integer(),
  status: Flag01,
});
export type ComposePage = Static<typeof ComposePageSchema>;
const PageFields = {
  title: NameString(255),
  content: Type.String({ maxLength: 1_000_000 }),
  orderIndex: Type.Optional(Type.Integer()),
  status: Type.Optional(Flag),
};
/** Body of POST /api/compose/page/add. */
export const ComposePageAddBody = Type.Object({ projectId: IdString, ...PageFields });
/** Body of POST /api/compose/page/update. */
export const ComposePageUpdateBody = Type.Object({ id: IdString, ...PageFields });
export type ComposePageInput = Omit<Static<typeof ComposePageAddBody>, 'projectId'>;

// ---------- anonymous reads (/show/{publicId}) ----------
/**
 * `live=1`: a page's first info, menu or doc, answered with the compose view's live-docs revision (REVISION_HEADER) read
 * before it (none while the visitor lacks the grant of an encrypted project).
 */
const ComposeLive = Type.Optional(Type.Literal('1', { description: "'1': answer with the revision header of live docs" }));
/** Query of GET /api/compose/project/get. */
export const ComposePublicQuery = Type.Object({ id: ComposePublicId, live: ComposeLive });
/** Query of the revision and search of a compose view. */
export const ComposeViewQuery = Type.Object({ projectId: ComposePublicId });
/** Query of GET /api/compose/doc/menu. */
export const ComposeMenuQuery = Type.Object({ projectId: ComposePublicId, live: ComposeLive });
/** Query of GET /api/compose/doc/get. */
export const ComposeViewDocQuery = Type.Object({ projectId: ComposePublicId, docId: IdString, live: ComposeLive });
/** Query of GET /api/compose/page/get. */
export const ComposeViewPageQuery = Type.Object({ projectId: ComposePublicId, id: IdString });
/** Body of POST /api/compose/project/checkPassword (md5 of the password, as Torna's viewer sends it). */
export const ComposeCheckPasswordBody = Type.Object({ id: ComposePublicId, password: Type.String({ minLength: 1, maxLength: 128 }) });
/** What a visitor needs before reading a compose view. */
export const ComposeViewSchema = Type.Object({
  id: Type.String({ description: 'the public id' }),
  name: Type.String(),
  description: Type.String({ description: "'' for an encrypted project" }),
  type: Type.Integer({ description: '1 public, 2 encrypted' }),
  isEncrypt: Flag01,
  needPassword: Type.Boolean(),
  showDebug: Flag01,
  gatewayUrl: Type.String(),
  pages: Type.Array(Type.Object({ id: IdString, title: Type.String() }), {
    description: 'the extra pages shown (empty until an encrypted project is unlocked)',
  }),
  grant: Type.String({ description: "a public project's grant at once ('' when encrypted): send as x-share-grant" }),
});
export type ComposeView = Static<typeof ComposeViewSchema>;
/** An extra page as a visitor reads it. */
export const ComposeViewPageSchema = Type.Object({ id: IdString, title: Type.String(), content: Type.String() });
export type ComposeViewPage = Static<typeof ComposeViewPageSchema>;
