/**
 * Docs for agents: Markdown twins (`/view/{docId}.md`, `/share/{id}/{docId}.md`, `/show/{id}/{docId}.md`, or
 * `Accept: text/markdown` on the doc URLs), llms.txt / llms-full.txt (per share, compose project, or a
 * user's space/project/application), the web pages with `<link rel="alternate">` to them, and /mcp.
 * Share and compose reads re-check the share's state and password grant on every call.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ComposeType, descriptionText, ShareType, type TreeNode } from '@folio/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { findWebDist } from '../../app.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import { configuredPublicUrl } from '../../lib/public-url.js';
import { composeMenu, loadComposeScope } from '../compose/compose-view.js';
import { buildDocForest, loadDocsLite } from '../docs/doc-tree.js';
import { loadShareScope, shareMenu } from '../shares/share-scope.js';
import { passwordRequired, shareDisabled, shareExpired } from '../shares/shares.routes.js';
import { type AgentActor, resolveAgentActor } from './agent-access.js';
import { canReadDoc, loadAgentDoc, readableModules } from './agent-docs.js';
import { docMarkdown } from './doc-markdown.js';
import { findFolder, type LlmsScope, type LlmsSection, renderLlmsFull, renderLlmsIndex } from './llms.js';
import { mcpRoutes } from './mcp.js';

const wantsMarkdown = (req: FastifyRequest) => /text\/markdown/i.test(String(req.headers.accept ?? ''));
const Q = Type.Object({
  application: Type.Optional(Type.String()),
  folder: Type.Optional(Type.String()),
  project: Type.Optional(Type.String()),
  space: Type.Optional(Type.String()),
});
type Query = { application?: string; folder?: string; project?: string; space?: string };

/** Registers the agent routes outside /api. */
export async function agentsRootRoutes(app: FastifyInstance): Promise<void> {
  const { db, ids } = app.ctx;
  // The public URL in force (setting, else FOLIO_PUBLIC_URL), else the request's own origin.
  const origin = (req: FastifyRequest) => (configuredPublicUrl(app) || `${req.protocol}://${req.host}`).replace(/\/+$/, '');

  const markdown = (reply: FastifyReply, body: string) => reply.type('text/markdown; charset=utf-8').header('vary', 'accept').send(body);
  const plain = (reply: FastifyReply, body: string) => reply.type('text/plain; charset=utf-8').send(body);

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

  const userActor = async (req: FastifyRequest): Promise<Extract<AgentActor, { kind: 'user' }>> => {
    const a = await resolveAgentActor(app, req);
    if (a?.kind !== 'user') throw unauthorized();
    return a;
  };

  /** The share of a public id as an actor: live, and for encrypted shares a matching grant or password. */
  const shareActor = async (req: FastifyRequest, publicId: string) => {
    const s = await db
      .selectFrom('shares as s')
      .innerJoin('modules as m', 'm.id', 's.moduleId')
      .innerJoin('projects as p', 'p.id', 'm.projectId')
      .select(['s.id', 's.moduleId', 's.type', 's.status', 's.expiresAt', 's.remark', 's.isAll', 'm.name as moduleName'])
      .where('s.publicId', '=', publicId)
      .where('s.isDeleted', '=', 0)
      .where('m.isDeleted', '=', 0)
      .where('p.isDeleted', '=', 0)
      .executeTakeFirst();
    if (!s) throw notFound('share');
    if (s.status !== 1) throw shareDisabled();
    if (s.expiresAt != null && s.expiresAt <= Date.now()) throw shareExpired();
    let actor: AgentActor = { kind: 'share', id: s.id, moduleId: s.moduleId, allowDebug: false, environmentIds: [] };
    if (s.type === ShareType.ENCRYPT) {
      const a = await resolveAgentActor(app, req);
      if (a?.kind !== 'share' || a.id !== s.id) throw passwordRequired();
      actor = a;
    }
    return { actor, share: s };
  };

  const composeActor = async (req: FastifyRequest, publicId: string) => {
    const p = await db
      .selectFrom('composeProjects')
      .select(['id', 'name', 'description', 'type', 'status'])
      .where('publicId', '=', publicId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (p?.status !== 1) throw notFound('compose project');
    if (p.type === ComposeType.ENCRYPT) {
      const a = await resolveAgentActor(app, req);
      if (a?.kind !== 'compose' || a.id !== p.id) throw passwordRequired();
    }
    return { actor: { kind: 'compose', id: p.id } as AgentActor, project: p };
  };

  const twin = async (reply: FastifyReply, actor: AgentActor, docRef: string) => {
    const id = ids.tryDecode(docRef);
    if (!id || !(await canReadDoc(app, actor, id))) throw notFound('doc');
    return markdown(reply, docMarkdown(await loadAgentDoc(app, actor, id)));
  };

  const docFile = (file: string) => (file.endsWith('.md') ? file.slice(0, -3) : null);

  /** llms.txt / llms-full.txt of one forest (a share or compose project), `?folder=` narrowing it. */
  const forestLlms = async (
    req: FastifyRequest,
    reply: FastifyReply,
    file: string,
    base: string,
    title: string,
    summary: string,
    roots: TreeNode[],
    compose?: number,
  ) => {
    const q = req.query as Query;
    let sections: LlmsSection[] = [{ title, nodes: roots, query: '' }];
    if (q.folder) {
      const f = findFolder(roots, q.folder);
      if (!f) throw notFound('folder');
      sections = [{ title: `${title} / ${f.name}`, nodes: f.children, query: `folder=${f.id}` }];
    }
    const scope: LlmsScope = {
      title,
      summary,
      sections,
      docUrl: (id) => `${origin(req)}${base}/${id}.md`,
      selfUrl: `${origin(req)}${base}/llms.txt`,
    };
    return plain(reply, file === 'llms-full.txt' ? await renderLlmsFull(app, scope, compose) : renderLlmsIndex(scope));
  };

  const summaryOf = (kind: string, n: number) =>
    `${kind} with ${n} API docs. Each link is the Markdown twin of one doc (method, URL, parameters, examples, error codes); llms-full.txt has them all in one file.`;
  const count = (nodes: TreeNode[]): number => nodes.reduce((s, n) => s + (n.isFolder ? count(n.children) : 1), 0);

  app.get(
    '/view/:file',
    { config: { auth: 'public' }, schema: { tags: ['agents'], params: Type.Object({ file: Type.String() }) } },
    async (req, reply) => {
      const { file } = req.params as { file: string };
      const ref = docFile(file) ?? (wantsMarkdown(req) ? file : null);
      if (ref === null) return page(reply, `/view/${file}.md`, '/llms.txt');
      return twin(reply, await userActor(req), ref);
    },
  );

  for (const [prefix, kind] of [
    ['share', 'share'],
    ['show', 'compose'],
  ] as const) {
    const load = async (req: FastifyRequest, publicId: string) => {
      if (kind === 'share') {
        const { actor, share } = await shareActor(req, publicId);
        const scope = await loadShareScope(db, share);
        const title = share.remark ? `${share.moduleName} — ${share.remark}` : share.moduleName;
        return { actor, title, description: '', roots: shareMenu(app.ctx, scope, share.moduleId), compose: undefined };
      }
      const { actor, project } = await composeActor(req, publicId);
      const roots = composeMenu(app.ctx, await loadComposeScope(db, project.id));
      return { actor, title: project.name, description: descriptionText(project.description), roots, compose: project.id };
    };
    app.get(
      `/${prefix}/:id`,
      { config: { auth: 'public' }, schema: { tags: ['agents'], params: Type.Object({ id: Type.String() }) } },
      async (req, reply) => {
        const { id } = req.params as { id: string };
        if (!wantsMarkdown(req)) return page(reply, `/${prefix}/${id}/llms.txt`, `/${prefix}/${id}/llms.txt`);
        const s = await load(req, id);
        return forestLlms(
          req,
          reply,
          'llms.txt',
          `/${prefix}/${id}`,
          s.title,
          s.description || summaryOf(s.title, count(s.roots)),
          s.roots,
          s.compose,
        );
      },
    );
    app.get(
      `/${prefix}/:id/:file`,
      {
        config: { auth: 'public' },
        schema: { tags: ['agents'], params: Type.Object({ id: Type.String(), file: Type.String() }), querystring: Q },
      },
      async (req, reply) => {
        const { id, file } = req.params as { id: string; file: string };
        if (file === 'llms.txt' || file === 'llms-full.txt') {
          const s = await load(req, id);
          return forestLlms(
            req,
            reply,
            file,
            `/${prefix}/${id}`,
            s.title,
            s.description || summaryOf(s.title, count(s.roots)),
            s.roots,
            s.compose,
          );
        }
        const ref = docFile(file) ?? (wantsMarkdown(req) ? file : null);
        if (ref === null) return page(reply, `/${prefix}/${id}/${file}.md`, `/${prefix}/${id}/llms.txt`);
        const { actor } = await load(req, id);
        return twin(reply, actor, ref);
      },
    );
  }

  /** A logged-in user's llms.txt: everything readable, or one space, project, application (and folder). */
  for (const file of ['llms.txt', 'llms-full.txt']) {
    app.get(`/${file}`, { config: { auth: 'public' }, schema: { tags: ['agents'], querystring: Q } }, async (req, reply) => {
      const actor = await userActor(req);
      const q = req.query as Query;
      let mods = await readableModules(app, actor);
      const pick = (v: string | undefined, key: 'spaceId' | 'projectId' | 'id', what: string) => {
        if (!v) return;
        const n = ids.tryDecode(v);
        mods = mods.filter((m) => m[key] === n);
        if (!mods.length) throw notFound(what);
      };
      pick(q.space, 'spaceId', 'space');
      pick(q.project, 'projectId', 'project');
      pick(q.application, 'id', 'application');
      const forest = buildDocForest(
        app.ctx,
        await loadDocsLite(
          db,
          mods.map((m) => m.id),
        ),
        'by_order',
        () => '',
      );
      let sections: LlmsSection[] = mods.map((m) => ({
        title: `${m.spaceName} / ${m.projectName} / ${m.name}`,
        nodes: forest.get(m.id) ?? [],
        query: `application=${ids.encode(m.id)}`,
      }));
      if (q.folder) {
        const f = findFolder(
          sections.flatMap((s) => s.nodes),
          q.folder,
        );
        if (!f) throw notFound('folder');
        sections = [{ title: f.name, nodes: f.children, query: `folder=${f.id}` }];
      }
      const one =
        q.application && mods.length === 1
          ? mods[0].name
          : q.project && mods.length
            ? mods[0].projectName
            : q.space && mods.length
              ? mods[0].spaceName
              : 'Folio';
      const scope: LlmsScope = {
        title: `${one} API docs`,
        summary: summaryOf(
          `${one}: ${mods.length} application(s)`,
          sections.reduce((s, x) => s + count(x.nodes), 0),
        ),
        sections,
        docUrl: (id) => `${origin(req)}/view/${id}.md`,
        selfUrl: `${origin(req)}/llms.txt`,
      };
      if (file === 'llms-full.txt') return plain(reply, await renderLlmsFull(app, scope));
      return plain(reply, renderLlmsIndex(scope));
    });
  }

  await mcpRoutes(app);
}
