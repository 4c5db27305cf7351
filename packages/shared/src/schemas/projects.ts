/** Projects of a space and their members: /api/project/*, and the reader's project picker (/api/doc/view/projects). */
import { type Static, Type } from 'typebox';
import { EpochMs, Flag, Flag01, IdString, NameString } from './common.js';
import { MembersAdd } from './spaces.js';
import { RoleCodeSchema } from './users.js';

/** Body of POST /api/project/add. Torna's create dialog names the project's admins and members (developers) at once. */
export const ProjectAddBody = Type.Object({
  spaceId: IdString,
  name: NameString(64),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  isPrivate: Type.Optional(Flag),
  adminIds: Type.Optional(Type.Array(IdString, { maxItems: 500, description: 'admins besides the creator' })),
  memberIds: Type.Optional(Type.Array(IdString, { maxItems: 500, description: 'developers (a user in both lists is an admin)' })),
});
export type ProjectAddInput = Static<typeof ProjectAddBody>;
/** Body of POST /api/project/update (fields absent are kept). */
export const ProjectUpdateBody = Type.Object({
  id: IdString,
  name: Type.Optional(NameString(64)),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  isPrivate: Type.Optional(Flag),
});
export type ProjectUpdateInput = Static<typeof ProjectUpdateBody>;
/** Query naming a project. */
export const ProjectIdQuery = Type.Object({ projectId: IdString });

/** Answer of GET /api/project/info. */
export const ProjectInfoSchema = Type.Object({
  id: IdString,
  spaceId: IdString,
  spaceName: Type.String(),
  name: Type.String(),
  description: Type.String(),
  isPrivate: Flag01,
  creatorName: Type.String(),
  gmtCreate: EpochMs,
  role: RoleCodeSchema,
});
export type ProjectInfo = Static<typeof ProjectInfoSchema>;
/** Answer of GET /api/project/space: where a project lives. */
export const ProjectPlaceSchema = Type.Object({
  spaceId: IdString,
  spaceName: Type.String(),
  projectId: IdString,
  projectName: Type.String(),
});
export type ProjectPlace = Static<typeof ProjectPlaceSchema>;
/** A project of GET /api/doc/view/projects: every project the caller may read, across spaces. */
export const ViewProjectSchema = Type.Object({ id: IdString, name: Type.String(), spaceId: IdString, spaceName: Type.String() });
export type ViewProject = Static<typeof ViewProjectSchema>;

/** Body of POST /api/project/member/add. */
export const ProjectMemberAddBody = Type.Object({ projectId: IdString, ...MembersAdd });
/** Body of POST /api/project/member/update. */
export const ProjectMemberUpdateBody = Type.Object({ projectId: IdString, userId: IdString, roleCode: RoleCodeSchema });
/** Body of POST /api/project/member/remove. */
export const ProjectMemberRemoveBody = Type.Object({ projectId: IdString, userId: IdString });
