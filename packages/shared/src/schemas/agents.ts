/**
 * Docs for agents: personal access tokens (the user centre) and the requests of the Markdown twins and
 * llms.txt pages (their answers are Markdown or plain text, not the envelope).
 */
import { type Static, Type } from 'typebox';
import { EpochMs, IdString, NameString } from './common.js';

/** A personal access token as listed (never the token itself). */
export const AccessTokenSchema = Type.Object({
  id: IdString,
  name: Type.String(),
  prefix: Type.String({ description: 'the first characters of the token, to recognise it' }),
  scope: Type.String({ description: "'read'" }),
  createdAt: EpochMs,
  lastUsedAt: Type.Union([EpochMs, Type.Null()]),
  expiresAt: Type.Union([EpochMs, Type.Null()], { description: 'null: never' }),
});
export type AccessToken = Static<typeof AccessTokenSchema>;
/** Body of POST /api/user/token/create. */
export const AccessTokenCreateBody = Type.Object({
  name: NameString(100),
  expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
});
/** Answer of POST /api/user/token/create: the token, shown this once. */
export const AccessTokenCreatedSchema = Type.Object({
  id: IdString,
  token: Type.String({ description: 'send as Authorization: Bearer; shown only now' }),
  prefix: Type.String(),
});
export type AccessTokenCreated = Static<typeof AccessTokenCreatedSchema>;

/** Path of /view/{file}: a doc id, with `.md` for its Markdown twin. */
export const AgentDocParams = Type.Object({ file: Type.String() });
/** Path of /share/{id} and /show/{id}: the public id. */
export const AgentViewParams = Type.Object({ id: Type.String() });
/** Path of /share/{id}/{file} and /show/{id}/{file}: llms.txt, llms-full.txt or a doc (`.md` for its twin). */
export const AgentViewFileParams = Type.Object({ id: Type.String(), file: Type.String() });
/** Query of the llms.txt pages: narrow to a space, project, application or folder. */
export const LlmsQuery = Type.Object({
  application: Type.Optional(Type.String()),
  folder: Type.Optional(Type.String()),
  project: Type.Optional(Type.String()),
  space: Type.Optional(Type.String()),
});
export type LlmsQueryInput = Static<typeof LlmsQuery>;
