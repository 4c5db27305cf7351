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

/* What the agent pages and /mcp answer. For the API description only: the pages are sent as text, the MCP answers as JSON text. */
const page = { 'text/html': { schema: Type.String({ description: "the web app's page, linking its Markdown twin and llms.txt" }) } };
const twin = { 'text/markdown': { schema: Type.String({ description: "the doc's Markdown twin" }) } };
const llms = (what: string) => ({ 'text/plain': { schema: Type.String({ description: what }) } });

/** What GET /view/{file} answers: the page, or with `{docId}.md` (or Accept: text/markdown) the doc's Markdown. */
export const AgentDocResponse = { 200: { description: "a doc's page, or its Markdown twin", content: { ...page, ...twin } } };
/** What GET /share/{id} and /show/{id} answer: the page, or with Accept: text/markdown their llms.txt. */
export const AgentViewResponse = {
  200: {
    description: 'the page, or its llms.txt (Accept: text/markdown)',
    content: { ...page, ...llms('llms.txt: the docs readable there, as links') },
  },
};
/** What GET /share/{id}/{file} and /show/{id}/{file} answer. */
export const AgentViewFileResponse = {
  200: {
    description: "llms.txt or llms-full.txt (text), or one doc's page or Markdown twin",
    content: { ...page, ...twin, ...llms('llms.txt (links) or llms-full.txt (every doc in Markdown)') },
  },
};
/** What GET /llms.txt and /llms-full.txt answer. */
export const LlmsResponse = {
  200: {
    description: "the caller's llms.txt or llms-full.txt",
    content: llms('llms.txt (links) or llms-full.txt (every doc in Markdown)'),
  },
};

/** A JSON-RPC 2.0 answer: `result` on success, `error` otherwise (id null when the request could not be read). */
const JsonRpcAnswer = Type.Object({
  jsonrpc: Type.Literal('2.0'),
  id: Type.Union([Type.String(), Type.Number(), Type.Null()]),
  result: Type.Optional(Type.Unknown({ description: "the method's result (initialize, tools/list, tools/call …)" })),
  error: Type.Optional(
    Type.Object({ code: Type.Integer(), message: Type.String(), data: Type.Optional(Type.Unknown()) }, { description: 'why it failed' }),
  ),
});
const rpc = (description: string) => ({ description, content: { 'application/json': { schema: JsonRpcAnswer } } });

/**
 * What POST /mcp answers (a stateless MCP server, JSON answers). Refusals before the JSON-RPC exchange (401 without
 * a known Bearer token, 403 for a Host or Origin not allowed, 404 when the endpoint is turned off) are JSON-RPC
 * errors too, with id null.
 */
export const McpPostResponse = {
  200: rpc('the JSON-RPC answer'),
  202: Type.Null({ description: 'accepted: the request held only notifications' }),
};
/** What GET and DELETE /mcp answer: 405, the server is stateless (POST only). */
export const McpNotAllowedResponse = { 405: rpc('method not allowed: this MCP server is stateless (POST only); Allow: POST') };
