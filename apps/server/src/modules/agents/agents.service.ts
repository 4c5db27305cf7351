/**
 * What the agent pages answer: Markdown twins of docs and llms.txt / llms-full.txt of a share, a compose view
 * or a user's readable docs. Share and compose reads re-check the link's state and, when encrypted, the
 * caller's grant or password on every call (`actorOf` resolves the caller only when needed). No HTTP types:
 * the routes add the content type and the web page.
 */
import { ComposeType, descriptionText, type LlmsQueryInput, ShareType, type TreeNode } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { notFound, unauthorized } from '../../lib/errors.js';
import { composeMenu, loadComposeScope } from '../compose/compose-view.js';
import { buildDocForest, loadDocsLite } from '../docs/doc-tree.js';
import { loadShareScope, shareMenu } from '../shares/share-scope.js';
import { passwordRequired, shareDisabled, shareExpired } from '../shares/shares.service.js';
import type { AgentActor } from './agent-access.js';
import { canReadDoc, loadAgentDoc, readableModules } from './agent-docs.js';
import * as repo from './agents.repo.js';
import { docMarkdown } from './doc-markdown.js';
import { findFolder, type LlmsScope, type LlmsSection, renderLlmsFull, renderLlmsIndex } from './llms.js';

/** Resolves the caller from its token or grant (called only when the answer depends on it). */
export type ActorOf = () => Promise<AgentActor | null>;
export type UserActor = Extract<AgentActor, { kind: 'user' }>;
/** A share's or compose view's docs as one forest, with who reads them. */
export interface Forest {
  actor: AgentActor;
  title: string;
  summary: string;
  roots: TreeNode[];
  /** The compose project (its common params go with its docs). */
  compose?: number;
}
export type LlmsFile = 'llms.txt' | 'llms-full.txt';

const summaryOf = (kind: string, n: number) =>
  `${kind} with ${n} API docs. Each link is the Markdown twin of one doc (method, URL, parameters, examples, error codes); llms-full.txt has them all in one file.`;
const count = (nodes: TreeNode[]): number => nodes.reduce((s, n) => s + (n.isFolder ? count(n.children) : 1), 0);

/** The signed-in user (session or personal access token), or 401. */
export async function requireUserActor(actorOf: ActorOf): Promise<UserActor> {
  const a = await actorOf();
  if (a?.kind !== 'user') throw unauthorized();
  return a;
}

/** A share as a forest: live, and for encrypted shares a matching grant or password. */
export async function shareForest(app: FastifyInstance, publicId: string, actorOf: ActorOf): Promise<Forest> {
  const s = await repo.shareByPublicId(app.ctx.db, publicId);
  if (!s) throw notFound('share');
  if (s.status !== 1) throw shareDisabled();
  if (s.expiresAt != null && s.expiresAt <= Date.now()) throw shareExpired();
  let actor: AgentActor = { kind: 'share', id: s.id, moduleId: s.moduleId, allowDebug: false, environmentIds: [] };
  if (s.type === ShareType.ENCRYPT) {
    const a = await actorOf();
    if (a?.kind !== 'share' || a.id !== s.id) throw passwordRequired();
    actor = a;
  }
  const roots = shareMenu(app.ctx, await loadShareScope(app.ctx.db, s), s.moduleId);
  const title = s.remark ? `${s.moduleName} — ${s.remark}` : s.moduleName;
  return { actor, title, summary: summaryOf(title, count(roots)), roots };
}

/** A compose view as a forest: enabled, and for encrypted projects a matching grant or password. */
export async function composeForest(app: FastifyInstance, publicId: string, actorOf: ActorOf): Promise<Forest> {
  const p = await repo.composeByPublicId(app.ctx.db, publicId);
  if (p?.status !== 1) throw notFound('compose project');
  if (p.type === ComposeType.ENCRYPT) {
    const a = await actorOf();
    if (a?.kind !== 'compose' || a.id !== p.id) throw passwordRequired();
  }
  const roots = composeMenu(app.ctx, await loadComposeScope(app.ctx.db, p.id));
  const summary = descriptionText(p.description) || summaryOf(p.name, count(roots));
  return { actor: { kind: 'compose', id: p.id }, title: p.name, summary, roots, compose: p.id };
}

/** llms.txt / llms-full.txt of a forest served under `base` (an absolute URL), `folder` narrowing it. */
export async function forestLlms(app: FastifyInstance, f: Forest, file: LlmsFile, base: string, folder?: string): Promise<string> {
  let sections: LlmsSection[] = [{ title: f.title, nodes: f.roots, query: '' }];
  if (folder) {
    const found = findFolder(f.roots, folder);
    if (!found) throw notFound('folder');
    sections = [{ title: `${f.title} / ${found.name}`, nodes: found.children, query: `folder=${found.id}` }];
  }
  const scope: LlmsScope = {
    title: f.title,
    summary: f.summary,
    sections,
    docUrl: (id) => `${base}/${id}.md`,
    selfUrl: `${base}/llms.txt`,
  };
  return file === 'llms-full.txt' ? renderLlmsFull(app, scope, f.compose) : renderLlmsIndex(scope);
}

/** The Markdown twin of a doc the actor may read (any other answers as missing). */
export async function docTwin(app: FastifyInstance, actor: AgentActor, docRef: string): Promise<string> {
  const id = app.ctx.ids.tryDecode(docRef);
  if (!id || !(await canReadDoc(app, actor, id))) throw notFound('doc');
  return docMarkdown(await loadAgentDoc(app, actor, id));
}

/** A signed-in user's llms.txt / llms-full.txt: everything readable, or one space, project, application (and folder). */
export async function userLlms(app: FastifyInstance, actor: UserActor, file: LlmsFile, q: LlmsQueryInput, origin: string): Promise<string> {
  const { ids } = app.ctx;
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
      app.ctx.db,
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
    docUrl: (id) => `${origin}/view/${id}.md`,
    selfUrl: `${origin}/llms.txt`,
  };
  return file === 'llms-full.txt' ? renderLlmsFull(app, scope) : renderLlmsIndex(scope);
}
