/** Spaces, the projects a reader sees in one, and the members of spaces and projects: /api/space/*. */
import { type Static, Type } from 'typebox';
import { EpochMs, Flag, Flag01, IdString, NameString } from './common.js';
import { RoleCodeSchema } from './users.js';

/** The caller's role where it applies; null when it has none there (a super admin is admin everywhere). */
const MyRole = Type.Union([RoleCodeSchema, Type.Null()], { description: "the caller's role, null when none" });

/** Body of POST /api/space/add. */
export const SpaceAddBody = Type.Object({ name: NameString(64), isCompose: Type.Optional(Flag) });
export type SpaceAddInput = Static<typeof SpaceAddBody>;
/** Body of POST /api/space/update. */
export const SpaceUpdateBody = Type.Object({ id: IdString, name: NameString(64) });
/** Query naming a space. */
export const SpaceIdQuery = Type.Object({ spaceId: IdString });

/** A space as lists show it. */
export const SpaceSchema = Type.Object({
  id: IdString,
  name: Type.String(),
  isCompose: Flag01,
  creatorName: Type.String(),
  gmtCreate: EpochMs,
  role: MyRole,
});
export type SpaceItem = Static<typeof SpaceSchema>;
/** Answer of GET /api/space/info. */
export const SpaceInfoSchema = Type.Object({ ...SpaceSchema.properties, adminNames: Type.Array(Type.String()) });
export type SpaceInfo = Static<typeof SpaceInfoSchema>;

/** A project of a space as the reader sees it (GET /api/space/project/list: only the projects the caller may read). */
export const SpaceProjectSchema = Type.Object({
  id: IdString,
  spaceId: IdString,
  name: Type.String(),
  description: Type.String(),
  isPrivate: Flag01,
  creatorName: Type.String(),
  gmtCreate: EpochMs,
  role: MyRole,
});
export type SpaceProject = Static<typeof SpaceProjectSchema>;

/** A member of a space or project. */
export const MemberSchema = Type.Object({
  id: IdString,
  userId: IdString,
  username: Type.String(),
  nickname: Type.String(),
  email: Type.String(),
  status: Type.Integer(),
  roleCode: RoleCodeSchema,
  gmtCreate: EpochMs,
});
export type Member = Static<typeof MemberSchema>;
/** Users and a role to add them with. */
export const MembersAdd = { userIds: Type.Array(IdString, { minItems: 1, maxItems: 500 }), roleCode: RoleCodeSchema };
/** Body of POST /api/space/member/add. */
export const SpaceMemberAddBody = Type.Object({ spaceId: IdString, ...MembersAdd });
/** Body of POST /api/space/member/update. */
export const SpaceMemberUpdateBody = Type.Object({ spaceId: IdString, userId: IdString, roleCode: RoleCodeSchema });
/** Body of POST /api/space/member/remove. */
export const SpaceMemberRemoveBody = Type.Object({ spaceId: IdString, userId: IdString });
