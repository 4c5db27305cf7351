/** Open users of a space (app key + secret pairs for clients that sign open-API calls): /api/space/openuser/*. */
import { type Static, Type } from 'typebox';
import { EpochMs, Flag01, IdString } from './common.js';

/** Query of GET /api/space/openuser/list. */
export const OpenUserListQuery = Type.Object({ spaceId: IdString });
/** Body of POST /api/space/openuser/add. */
export const OpenUserAddBody = Type.Object({
  spaceId: IdString,
  applicant: Type.Optional(Type.String({ maxLength: 128, description: 'who asked for the pair' })),
});
export type OpenUserAddInput = Static<typeof OpenUserAddBody>;
/** Body of POST /api/space/openuser/setStatus. */
export const OpenUserStatusBody = Type.Object({
  id: IdString,
  status: Type.Integer({ minimum: 0, maximum: 1, description: '1 on, 0 off' }),
});

/** An open user as the list shows it (never its secret). */
export const OpenUserSchema = Type.Object({
  id: IdString,
  appKey: Type.String(),
  hasSecret: Type.Boolean(),
  status: Flag01,
  applicant: Type.String(),
  gmtCreate: EpochMs,
});
export type OpenUser = Static<typeof OpenUserSchema>;
/** Answer of add and resetSecret: the pair, with its secret shown this once. */
export const OpenUserSecretSchema = Type.Object({
  ...OpenUserSchema.properties,
  secret: Type.String({ description: 'shown once; stored encrypted' }),
});
export type OpenUserWithSecret = Static<typeof OpenUserSecretSchema>;
