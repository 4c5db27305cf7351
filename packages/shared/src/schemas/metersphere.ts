/**
 * MeterSphere integration: a space's account (space admins), an application's target, on-demand push and the
 * delivery log (the application's admins). Request and response schemas.
 */
import { type Static, Type } from 'typebox';
import { EpochMs, IdString } from './common.js';

/** Query or body naming a space. */
export const MsSpaceInput = Type.Object({ spaceId: IdString });

/** Query or body naming an application. */
export const MsModuleInput = Type.Object({ moduleId: IdString });

/** A space's MeterSphere account (the secret key only as set or not). */
export const MsAccountSchema = Type.Object({
  enabled: Type.Boolean({ description: 'the integration is on (super admin setting)' }),
  msAddress: Type.String(),
  msAccessKey: Type.String(),
  hasSecretKey: Type.Boolean(),
  msSpaceId: Type.String({ description: 'the MeterSphere workspace' }),
  msSpaceName: Type.String(),
});
export type MsAccountView = Static<typeof MsAccountSchema>;

/** Body of POST /api/space/metersphere/save. */
export const MsAccountSaveBody = Type.Object({
  spaceId: IdString,
  msAddress: Type.String({ minLength: 1, maxLength: 512, pattern: '^https?://' }),
  msAccessKey: Type.String({ minLength: 1, maxLength: 255 }),
  msSecretKey: Type.Optional(Type.String({ maxLength: 255, description: 'write-only: empty or absent keeps the stored key' })),
  msSpaceId: Type.Optional(Type.String({ maxLength: 128 })),
  msSpaceName: Type.Optional(Type.String({ maxLength: 255 })),
});
export type MsAccountSaveRequest = Static<typeof MsAccountSaveBody>;

/** Answer of a connection test: whether MeterSphere accepted the keys, and its user's name or the error. */
export const MsTestSchema = Type.Object({ ok: Type.Boolean(), message: Type.String() });

/** A MeterSphere workspace or project. */
export const MsNamedSchema = Type.Object({ id: Type.String(), name: Type.String() });
export type MsNamed = Static<typeof MsNamedSchema>;

/** $id of the MeterSphere module node schema (recursive). */
export const MS_MODULE_NODE_ID = 'FolioMsModuleNode';

/** A MeterSphere module and its children. */
export interface MsNode {
  id: string;
  name: string;
  children: MsNode[];
}

/** A MeterSphere module node, referring to itself by id (registered once on the server). */
export const MsModuleNodeSchema = Type.Object(
  { id: Type.String(), name: Type.String(), children: Type.Array(Type.Unsafe<MsNode>(Type.Ref(MS_MODULE_NODE_ID))) },
  { $id: MS_MODULE_NODE_ID },
);

/** A list of MeterSphere module nodes in an answer. */
export const MsModuleList = () => Type.Array(Type.Unsafe<MsNode>(Type.Ref(MS_MODULE_NODE_ID)));

/** Query of GET /api/module/metersphere/modules. */
export const MsModulesQuery = Type.Object({ moduleId: IdString, msProjectId: Type.String({ minLength: 1, maxLength: 128 }) });

/** An application's MeterSphere target. */
export const MsTargetSchema = Type.Object({
  enabled: Type.Boolean({ description: 'the integration is on (super admin setting)' }),
  hasAccount: Type.Boolean({ description: 'the space has an account' }),
  msProjectId: Type.String(),
  msModuleId: Type.String(),
  msCoverModule: Type.Integer({ minimum: 0, maximum: 1 }),
  name: Type.String(),
});
export type MsTarget = Static<typeof MsTargetSchema>;

/** Body of POST /api/module/metersphere/save (an empty project or module removes the target). */
export const MsTargetSaveBody = Type.Object({
  moduleId: IdString,
  msProjectId: Type.String({ maxLength: 128 }),
  msModuleId: Type.String({ maxLength: 128 }),
  msCoverModule: Type.Integer({ minimum: 0, maximum: 1 }),
  name: Type.Optional(Type.String({ maxLength: 255 })),
});
export type MsTargetSaveRequest = Static<typeof MsTargetSaveBody>;

/** Answer of an on-demand push. */
export const MsPushSchema = Type.Object({
  ok: Type.Boolean(),
  docs: Type.Integer({ description: 'docs sent (folders not counted)' }),
  error: Type.String({ description: "why it failed, in the reader's language; '' when it went through" }),
});
export type MsPushResult = Static<typeof MsPushSchema>;

/** One delivery to MeterSphere, newest first. */
export const MsLogRowSchema = Type.Object({
  id: IdString,
  trigger: Type.String({ description: 'manual, push or edit' }),
  state: Type.String({ description: 'delivered or failed' }),
  responseStatus: Type.Integer(),
  error: Type.String(),
  summary: Type.String({ description: 'JSON: the MeterSphere project and module, and the number of docs' }),
  gmtCreate: EpochMs,
});
export type MsLogRow = Static<typeof MsLogRowSchema>;
