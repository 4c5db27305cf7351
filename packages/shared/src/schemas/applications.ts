/**
 * Applications (Torna's "module") of a project: CRUD, push token, settings, debug environments and common
 * headers/params/returns/error codes. Requests and answers of /api/module/*.
 */
import { type Static, Type } from 'typebox';
import { EpochMs, Flag, Flag01, IdString, NameString } from './common.js';
import { ParamInputList, ParamTreeList } from './params.js';

/** Query naming a project. */
export const ModuleListQuery = Type.Object({ projectId: IdString });
/** Query or body naming an application. */
export const ModuleIdInput = Type.Object({ moduleId: IdString });
/** Query naming a doc (to find its application). */
export const ModuleOfDocQuery = Type.Object({ docId: IdString });

/** Body of POST /api/module/add. */
export const ModuleAddBody = Type.Object({ projectId: IdString, name: NameString(64) });
export type ModuleAddInput = Static<typeof ModuleAddBody>;
/** Body of POST /api/module/update (fields absent are kept). */
export const ModuleUpdateBody = Type.Object({
  id: IdString,
  name: Type.Optional(NameString(64)),
  orderIndex: Type.Optional(Type.Integer()),
});
export type ModuleUpdateInput = Static<typeof ModuleUpdateBody>;

/** An application as lists and the info call show it. */
export const ModuleSchema = Type.Object({
  id: IdString,
  projectId: IdString,
  name: Type.String(),
  type: Type.Integer(),
  orderIndex: Type.Integer(),
  creatorName: Type.String(),
  modifierName: Type.String(),
  gmtCreate: EpochMs,
  gmtModified: EpochMs,
});
export type ModuleInfo = Static<typeof ModuleSchema>;
/** Answer of GET /api/module/infoByDocId. */
export const ModuleBriefSchema = Type.Object({ id: IdString, projectId: IdString, name: Type.String() });
export type ModuleBrief = Static<typeof ModuleBriefSchema>;
/** The push token of an application (32 hex). */
export const ModuleTokenSchema = Type.Object({ token: Type.String() });
export type ModuleToken = Static<typeof ModuleTokenSchema>;

/** Answer of GET /api/module/setting/get. */
export const ModuleSettingsSchema = Type.Object({
  override: Type.Boolean({ description: 'pushes overwrite docs edited in Folio' }),
  printContent: Type.Boolean({ description: 'log pushed content' }),
  debugProxy: Type.Boolean({ description: 'debug requests go through the server' }),
  testTool: Type.String(),
  swagger: Type.Object({ url: Type.String(), format: Type.String(), authUsername: Type.String(), hasPassword: Type.Boolean() }),
});
export type ModuleSettings = Static<typeof ModuleSettingsSchema>;
/** Body of POST /api/module/setting/update (fields absent are kept). */
export const ModuleSettingsUpdateBody = Type.Object({
  moduleId: IdString,
  override: Type.Optional(Flag),
  printContent: Type.Optional(Flag),
  debugProxy: Type.Optional(Flag),
  testTool: Type.Optional(Type.String({ maxLength: 255 })),
  swagger: Type.Optional(
    Type.Object({
      url: Type.Optional(Type.String({ maxLength: 1024 })),
      format: Type.Optional(Type.String({ maxLength: 32 })),
      authUsername: Type.Optional(Type.String({ maxLength: 255 })),
      authPassword: Type.Optional(Type.String({ maxLength: 255, description: "write-only; '' clears it, absent keeps it" })),
    }),
  ),
});
export type ModuleSettingsUpdateInput = Static<typeof ModuleSettingsUpdateBody>;

/** A debug environment of an application, with its own headers and params. */
export const EnvironmentSchema = Type.Object({
  id: IdString,
  moduleId: IdString,
  name: Type.String(),
  url: Type.String({ description: 'base URL (or a {{variable}})' }),
  isPublic: Flag01,
  orderIndex: Type.Integer(),
  headers: ParamTreeList(),
  params: ParamTreeList(),
});
export type EnvironmentInfo = Static<typeof EnvironmentSchema>;
const EnvFields = {
  name: NameString(64),
  url: Type.String({ minLength: 1, maxLength: 1024 }),
  isPublic: Type.Optional(Flag),
  orderIndex: Type.Optional(Type.Integer()),
  headers: Type.Optional(ParamInputList()),
  params: Type.Optional(ParamInputList()),
};
/** Body of POST /api/module/environment/add. */
export const EnvironmentAddBody = Type.Object({ moduleId: IdString, ...EnvFields });
export type EnvironmentAddInput = Static<typeof EnvironmentAddBody>;
/** Body of POST /api/module/environment/update (headers/params absent are kept). */
export const EnvironmentUpdateBody = Type.Object({ id: IdString, ...EnvFields });
export type EnvironmentUpdateInput = Static<typeof EnvironmentUpdateBody>;
/** The fields add and update share. */
export type EnvironmentInput = Omit<EnvironmentAddInput, 'moduleId'>;

/** Which common list: 1 headers, 2 request params, 3 response params, 4 error codes. */
export const CommonParamStyle = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)], {
  description: '1 headers, 2 request params, 3 response params, 4 error codes (name=code, description=msg, example=solution)',
});
/** Query of GET /api/module/commonParam/list. */
export const CommonParamQuery = Type.Object({ moduleId: IdString, style: Type.Optional(CommonParamStyle) });
/** Answer of GET /api/module/commonParam/list without a style: every list. */
export const CommonParamsSchema = Type.Object({
  headers: ParamTreeList(),
  params: ParamTreeList(),
  returns: ParamTreeList(),
  errorCodes: ParamTreeList(),
});
export type CommonParams = Static<typeof CommonParamsSchema>;
/** Body of POST /api/module/commonParam/save: replaces one list. */
export const CommonParamSaveBody = Type.Object({ moduleId: IdString, style: CommonParamStyle, params: ParamInputList() });
export type CommonParamSaveInput = Static<typeof CommonParamSaveBody>;
