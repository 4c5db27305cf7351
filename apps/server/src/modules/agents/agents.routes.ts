/**
 * Docs for agents: Markdown twins (`/view/{docId}.md`, `/share/{id}/{docId}.md`, `/show/{id}/{docId}.md`, or
 * `Accept: text/markdown` on the doc URLs), llms.txt / llms-full.txt (per share, compose project, or a
 * user's space/project/application), the web pages with `<link rel="alternate">` to them, and /mcp.
 * The answers are Markdown, plain text or the web page (no envelope). Share and compose reads re-check the
 * share's state and password grant on every call (agents.service.ts: the link is the capability).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AgentDocParams,
  AgentDocResponse,
  AgentViewFileParams,
  AgentViewFileResponse,
  AgentViewParams,
  AgentViewResponse,
  LlmsQuery,
  LlmsResponse,
} from '@folio/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findWebDist } from '../../app.js';
import { configuredPublicUrl } from '../../lib/public-url.js';
import { resolveAgentActor } from './agent-access.js';
import * as agents from './agents.service.js';
import { mcpRoutes } from './mcp.js';

const wantsMarkdown = (req: FastifyRequest) => /text\/markdown/i.test(String(req.headers.accept ?? ''));
const markdown = (reply: FastifyReply, body: string) => reply.type('text/markdown; charset=utf-8').header('vary', 'accept').send(body);
const plain = (reply: FastifyReply, body: string) => reply.type('text/plain; charset=utf-8').send(body);
const docFile = (file: string) => (file.endsWith('.md') ? file.slice(0, -3) : null);
const anonymous = { auth: 'public' } as const;
const tags = ['agents'];

/** Registers the agent routes outside /api. */
export const agentsRootRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The public URL in force (setting, else FOLIO_PUBLIC_URL), else the request's own origin.
  const origin = (req: FastifyRequest) => (configuredPublicUrl(app) || `${req.protocol}://${req.host}`).replace(/\/+$/, '');
  const actorOf = (req: FastifyRequest) => () => resolveAgentActor(app, req);

  /** The web app's page, with links to its Markdown alternate and llms.txt. */
  const page = (reply: FastifyReply, alternate: string, llms: string) => {
    const web = findWebDist(app.ctx.config);
    if (!web) return reply.callNotFound();
    const html = readFileSync(join(web, 'index.html'), 'utf8');
    const links = `<link rel="alternate" type="text/markdown" href="${alternate}"><link rel="help" type="text/plain" title="llms.txt" href="${llms}">`;
    return reply
      .type('text/html')
      .header('vary', 'accept')
      .send(html.replace('</head>', `${links}</head>`));
  };

  app.get(
    '/view/:file',
    {
      config: anonymous,
      schema: { tags, summary: "A doc's page, or its Markdown twin ({docId}.md)", params: AgentDocParams, response: AgentDocResponse },
    },
    async (req, reply) => {
      const { file } = req.params;
      const ref = docFile(file) ?? (wantsMarkdown(req) ? file : null);
      if (ref === null) return page(reply, `/view/${file}.md`, '/llms.txt');
      return markdown(reply, await agents.docTwin(app, await agents.requireUserActor(actorOf(req)), ref));
    },
  );

  for (const [prefix, load] of [
    ['share', agents.shareForest],
    ['show', agents.composeForest],
  ] as const) {
    app.get(
      `/${prefix}/:id`,
      {
        config: anonymous,
        schema: {
          tags,
          summary: `The ${prefix} page, or its llms.txt (Accept: text/markdown)`,
          params: AgentViewParams,
          querystring: LlmsQuery,
          response: AgentViewResponse,
        },
      },
      async (req, reply) => {
        const { id } = req.params;
        if (!wantsMarkdown(req)) return page(reply, `/${prefix}/${id}/llms.txt`, `/${prefix}/${id}/llms.txt`);
        const forest = await load(app, id, actorOf(req));
        return plain(reply, await agents.forestLlms(app, forest, 'llms.txt', `${origin(req)}/${prefix}/${id}`, req.query.folder));
      },
    );
    app.get(
      `/${prefix}/:id/:file`,
      {
        config: anonymous,
        schema: {
          tags,
          summary: `The ${prefix}'s llms.txt, llms-full.txt, or one doc's page or Markdown twin ({docId}.md)`,
          params: AgentViewFileParams,
          querystring: LlmsQuery,
          response: AgentViewFileResponse,
        },
      },
      async (req, reply) => {
        const { id, file } = req.params;
        if (file === 'llms.txt' || file === 'llms-full.txt') {
          const forest = await load(app, id, actorOf(req));
          return plain(reply, await agents.forestLlms(app, forest, file, `${origin(req)}/${prefix}/${id}`, req.query.folder));
        }
        const ref = docFile(file) ?? (wantsMarkdown(req) ? file : null);
        if (ref === null) return page(reply, `/${prefix}/${id}/${file}.md`, `/${prefix}/${id}/llms.txt`);
        const { actor } = await load(app, id, actorOf(req));
        return markdown(reply, await agents.docTwin(app, actor, ref));
      },
    );
  }

  /** A logged-in user's llms.txt: everything readable, or one space, project, application (and folder). */
  for (const file of ['llms.txt', 'llms-full.txt'] as const) {
    app.get(
      `/${file}`,
      { config: anonymous, schema: { tags, summary: `The caller's ${file}`, querystring: LlmsQuery, response: LlmsResponse } },
      async (req, reply) => {
        const actor = await agents.requireUserActor(actorOf(req));
        return plain(reply, await agents.userLlms(app, actor, file, req.query, origin(req)));
      },
    );
  }

  await mcpRoutes(app);
};
