/** Shares of an application: management requests and answers, and the anonymous reads of /share/{publicId}. */
import { type Static, Type } from 'typebox';
import { EpochMs, Flag, Flag01, IdString, MAX_EPOCH_MS } from './common.js';

/** The public id of a share link (random, or a Torna id for migrated shares). */
export const SharePublicId = Type.String({ minLength: 1, maxLength: 64, description: 'public id of the share link' });

/** A doc or folder picked for a share. */
export const ShareContentSchema = Type.Object({
  docId: IdString,
  isShareFolder: Type.Optional(Flag),
});

/** Fields of a share as the management dialog sends them (add and update). */
const ShareFields = {
  type: Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 public, 2 encrypted (password)' }),
  password: Type.Optional(Type.String({ maxLength: 64, description: 'for an encrypted share; generated (8 chars) when absent' })),
  expiresAt: Type.Optional(
    Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: MAX_EPOCH_MS })], {
      description: 'epoch ms after which the link stops working; null or absent: never',
    }),
  ),
  remark: Type.Optional(Type.String({ maxLength: 500 })),
  isAll: Type.Optional(Flag),
  contents: Type.Optional(Type.Array(ShareContentSchema, { maxItems: 20_000 })),
  allowDebug: Type.Optional(Flag),
  isAllSelectedDebug: Type.Optional(Flag),
  environmentIds: Type.Optional(Type.Array(IdString, { maxItems: 200 })),
};

/** Body of POST /api/share/add. */
export const ShareAddBody = Type.Object({ moduleId: IdString, ...ShareFields });
export type ShareAddInput = Static<typeof ShareAddBody>;
/** Body of POST /api/share/update (every field replaced). */
export const ShareUpdateBody = Type.Object({ id: IdString, ...ShareFields });
export type ShareUpdateInput = Static<typeof ShareUpdateBody>;
/** The fields add and update share. */
export type ShareInput = Omit<ShareAddInput, 'moduleId'>;
/** Body or query naming one share by id. */
export const ShareIdInput = Type.Object({ id: IdString });
/** Query of GET /api/share/list. */
export const ShareListQuery = Type.Object({ moduleId: IdString });

/** A share as the management list shows it. */
export const ShareItemSchema = Type.Object({
  id: IdString,
  publicId: Type.String(),
  url: Type.String({ description: '/share/{publicId}' }),
  guessable: Type.Boolean({ description: "a share migrated from Torna answers under Torna's guessable id until rotated" }),
  moduleId: IdString,
  type: Type.Integer({ description: '1 public, 2 encrypted' }),
  status: Flag01,
  expiresAt: Type.Union([Type.Null(), EpochMs]),
  expired: Type.Boolean(),
  remark: Type.String(),
  isAll: Flag01,
  allowDebug: Flag01,
  isAllSelectedDebug: Flag01,
  creatorName: Type.String(),
  gmtCreate: EpochMs,
  gmtModified: EpochMs,
  contents: Type.Array(Type.Object({ docId: IdString, isShareFolder: Flag01 })),
  environmentIds: Type.Array(IdString),
});
export type ShareItem = Static<typeof ShareItemSchema>;

/** Answer of POST /api/share/add. */
export const ShareCreatedSchema = Type.Object({ id: IdString, publicId: Type.String(), url: Type.String() });
export type ShareCreated = Static<typeof ShareCreatedSchema>;
/** Answer of POST /api/share/rotate: the new link. */
export const ShareLinkSchema = Type.Object({ publicId: Type.String(), url: Type.String() });
export type ShareLink = Static<typeof ShareLinkSchema>;
/** Answer of GET /api/share/password. */
export const SharePasswordSchema = Type.Object({ password: Type.String({ description: 'empty for a public share' }) });
export type SharePassword = Static<typeof SharePasswordSchema>;

/** Query of the anonymous reads naming a share by its public id. */
export const SharePublicQuery = Type.Object({ id: SharePublicId });
/** `live=1`: a page's first menu or doc, answered with the share's live-docs revision (REVISION_HEADER) read before it. */
const ShareLive = Type.Optional(Type.Literal('1', { description: "'1': answer with the revision header of live docs" }));
/** Query of GET /api/share/menu. */
export const ShareMenuQuery = Type.Object({ id: SharePublicId, live: ShareLive });
/** Query of GET /api/share/doc. */
export const ShareDocQuery = Type.Object({ id: SharePublicId, docId: IdString, live: ShareLive });
/** Body of POST /api/share/checkPassword. */
export const ShareCheckPasswordBody = Type.Object({
  id: SharePublicId,
  password: Type.String({ minLength: 1, maxLength: 128, description: 'md5 of the trimmed password, as Torna viewers send it' }),
});

/** A debug environment a share exposes. */
export const ShareEnvironmentSchema = Type.Object({ id: IdString, name: Type.String(), url: Type.String() });
/** Answer of GET /api/share/get: what a visitor needs before reading. */
export const ShareInfoSchema = Type.Object({
  id: Type.String({ description: 'the public id' }),
  type: Type.Integer({ description: '1 public, 2 encrypted' }),
  moduleName: Type.String(),
  remark: Type.String(),
  isAll: Flag01,
  expiresAt: Type.Union([Type.Null(), EpochMs]),
  allowDebug: Flag01,
  environments: Type.Array(ShareEnvironmentSchema),
  needPassword: Type.Boolean(),
  grant: Type.String({ description: 'signed grant for the reads (empty until the password is checked)' }),
});
export type ShareInfo = Static<typeof ShareInfoSchema>;
/** Answer of POST /api/share/checkPassword. */
export const ShareGrantSchema = Type.Object({ grant: Type.String({ description: 'send as the x-share-grant header' }) });
export type ShareGrant = Static<typeof ShareGrantSchema>;
