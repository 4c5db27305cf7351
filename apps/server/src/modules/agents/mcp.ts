/**
 * The MCP server at /mcp (Streamable HTTP, stateless: a server and transport per request, no session state,
 * so any of several Folio servers answers any call). Four tools, whatever the installation's size:
 * search_docs, get_doc (the Markdown twin), list_tree (one level, paginated) and list_environments.
 * Every result is capped at MAX_RESULT_CHARS with a cursor to continue.
 */

import { McpNotAllowedResponse, McpPostResponse } from '@folio/shared';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, type CallToolResult, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { configuredPublicUrl } from '../../lib/public-url.js';
import { type AgentActor, resolveAgentActor } from './agent-access.js';
import { findDocsForAgent, listAgentEnvironments, listTreeLevel, loadAgentDoc, resolveAgentDoc } from './agent-docs.js';
import { docMarkdown } from './doc-markdown.js';

/** ≈ 20,000 tokens. */
export const MAX_RESULT_CHARS = 80_000;
const TREE_PAGE = 200;
const SEARCH_PAGE = 20;

export const MCP_TOOLS = [
  {
    name: 'search_docs',
    description: 'Search the API docs you can read by name or path. Returns doc ids, methods and paths; read one with get_doc.',
    inputSchema: {
      type: 'object' as const,
      properties: {
        query: { type: 'string', description: 'Words that must appear in the doc name or path, e.g. "create order" or "/user"' },
        limit: { type: 'integer', minimum: 1, maximum: 50, description: 'Results per page (default 20)' },
        cursor: { type: 'string', description: 'nextCursor of the previous page' },
      },
      required: ['query'],
    },
  },
  {
    name: 'get_doc',
    description:
      'One API doc as Markdown: method, URL, description, parameter tables (nested), enums, request/response examples, error codes. Give id, or method and path.',
    inputSchema: {
      type: 'object' as const,
      properties: {
        id: { type: 'string', description: 'Doc id (from search_docs or list_tree)' },
        method: { type: 'string', description: 'HTTP method, with path' },
        path: { type: 'string', description: 'The doc URL path, e.g. /api/orders/{id}' },
        cursor: { type: 'string', description: 'Continue a long doc' },
      },
    },
  },
  {
    name: 'list_tree',
    description:
      'One level of the doc tree with counts. No node: your spaces (or the share top level); then node "space:<id>", "project:<id>", "application:<id>", "folder:<id>" as returned.',
    inputSchema: {
      type: 'object' as const,
      properties: { node: { type: 'string', description: 'A node id from a previous list_tree' }, cursor: { type: 'string' } },
    },
  },
  {
    name: 'list_environments',
    description: 'Debug environments (name and base URL) of the applications you can read, or of one application.',
    inputSchema: { type: 'object' as const, properties: { applicationId: { type: 'string' } } },
  },
];

const encodeCursor = (offset: number) => Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
function decodeCursor(c: unknown): number {
  if (typeof c !== 'string' || !c) return 0;
  try {
    const o = Number(JSON.parse(Buffer.from(c, 'base64url').toString()).o);
    return Number.isInteger(o) && o >= 0 ? o : 0;
  } catch {
    return 0;
  }
}

const text = (t: string): CallToolResult => ({ content: [{ type: 'text', text: t }] });
const jsonResult = (v: unknown): CallToolResult => text(JSON.stringify(v));

/** Items of a page that fit the size cap (at least one). */
function capItems<T>(items: T[]): T[] {
  let size = 0;
  const out: T[] = [];
  for (const it of items) {
    size += JSON.stringify(it).length + 1;
    if (out.length && size > MAX_RESULT_CHARS - 200) break;
    out.push(it);
  }
  return out;
}

/** Runs one tool for an actor. */
export async function runTool(
  app: FastifyInstance,
  actor: AgentActor,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  switch (name) {
    case 'search_docs': {
      const limit = Math.min(50, Math.max(1, Number(args.limit) || SEARCH_PAGE));
      const offset = decodeCursor(args.cursor);
      const r = await findDocsForAgent(app, actor, str(args.query).slice(0, 200), limit, offset);
      const items = capItems(r.items);
      const more = r.more || items.length < r.items.length;
      return jsonResult({ items, ...(more ? { nextCursor: encodeCursor(offset + items.length) } : {}) });
    }
    case 'get_doc': {
      const id = await resolveAgentDoc(app, actor, { id: str(args.id), method: str(args.method), path: str(args.path) });
      const md = docMarkdown(await loadAgentDoc(app, actor, id));
      const offset = decodeCursor(args.cursor);
      if (md.length <= MAX_RESULT_CHARS && !offset) return text(md);
      const end = Math.min(md.length, offset + MAX_RESULT_CHARS);
      const part = md.slice(offset, end);
      return text(end < md.length ? `${part}\n\n[continued: call get_doc with the same id and cursor "${encodeCursor(end)}"]` : part);
    }
    case 'list_tree': {
      const all = await listTreeLevel(app, actor, str(args.node));
      const offset = decodeCursor(args.cursor);
      const items = capItems(all.slice(offset, offset + TREE_PAGE));
      const next = offset + items.length;
      return jsonResult({
        node: str(args.node) || null,
        total: all.length,
        items,
        ...(next < all.length ? { nextCursor: encodeCursor(next) } : {}),
      });
    }
    case 'list_environments':
      return jsonResult({ items: capItems(await listAgentEnvironments(app, actor, str(args.applicationId) || undefined)) });
    default:
      return { isError: true, content: [{ type: 'text', text: `Unknown tool ${name}` }] };
  }
}

/**
 * The SDK's schema validator (used only for elicitation, which Folio does not do). Building one per server
 * costs ~8 ms (a new Ajv), so one is shared: it holds compiled schemas, no request or user state.
 */
const sharedValidator = new AjvJsonSchemaValidator();

/** A fresh MCP server bound to one actor (stateless: made per request). */
function mcpServer(app: FastifyInstance, actor: AgentActor): Server {
  const server = new Server({ name: 'folio', version: '1.0.0' }, { capabilities: { tools: {} }, jsonSchemaValidator: sharedValidator });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: MCP_TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    try {
      return await runTool(app, actor, req.params.name, (req.params.arguments ?? {}) as Record<string, unknown>);
    } catch (err) {
      if (err instanceof AppError) return { isError: true, content: [{ type: 'text', text: err.status === 404 ? 'Not found' : err.slug }] };
      throw err;
    }
  });
  return server;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const hostnameOf = (host: string) => host.toLowerCase().replace(/:\d+$/, '');

/**
 * DNS-rebinding guard: with a public URL configured (setting or FOLIO_PUBLIC_URL), the Host must be it (or loopback); an Origin, when a
 * browser sends one, must be the same site as the Host.
 */
export function hostAllowed(app: FastifyInstance, req: FastifyRequest): boolean {
  const host = String(req.headers.host ?? '');
  const publicUrl = configuredPublicUrl(app);
  if (publicUrl) {
    let allowed = '';
    try {
      allowed = new URL(publicUrl).host.toLowerCase();
    } catch {
      /* an invalid setting allows loopback only */
    }
    if (host.toLowerCase() !== allowed && !LOOPBACK.has(hostnameOf(host))) return false;
  }
  const origin = req.headers.origin;
  if (origin && origin !== 'null') {
    try {
      if (new URL(origin).host.toLowerCase() !== host.toLowerCase()) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** The super admin's switch, read from the database on every call (several servers share it). */
export async function mcpEnabled(app: FastifyInstance): Promise<boolean> {
  const row = await app.ctx.db
    .selectFrom('systemConfigs')
    .select('configValue')
    .where('configKey', '=', 'folio.mcp.enable')
    .executeTakeFirst();
  return (row?.configValue ?? 'true').toLowerCase() !== 'false';
}

function rpcError(reply: FastifyReply, status: number, message: string) {
  return reply
    .status(status)
    .type('application/json')
    .send(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null })); // text: never filtered by the schemas below
}

/** Registers POST /mcp (and GET/DELETE answering 405, as stateless servers do). */
export async function mcpRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/mcp',
    { config: { auth: 'public', action: 'doc.read' }, schema: { tags: ['agents'], response: McpPostResponse } },
    async (req, reply) => {
      if (!hostAllowed(app, req)) return rpcError(reply, 403, 'Host or Origin not allowed');
      if (!(await mcpEnabled(app))) return rpcError(reply, 404, 'The MCP endpoint is turned off');
      const actor = await resolveAgentActor(app, req);
      if (!actor) {
        reply.header('www-authenticate', 'Bearer realm="folio"');
        return rpcError(reply, 401, 'Unauthorized: send Authorization: Bearer <personal access token | share grant>');
      }
      const server = mcpServer(app, actor);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req.raw, reply.raw, req.body);
    },
  );
  const notAllowed = async (_req: FastifyRequest, reply: FastifyReply) => {
    reply.header('allow', 'POST');
    return rpcError(reply, 405, 'Method not allowed: this MCP server is stateless (POST only)');
  };
  app.get('/mcp', { config: { auth: 'public' }, schema: { tags: ['agents'], response: McpNotAllowedResponse } }, notAllowed);
  app.delete('/mcp', { config: { auth: 'public' }, schema: { tags: ['agents'], response: McpNotAllowedResponse } }, notAllowed);
}
