/**
 * What an agent actor may read, and the reads behind the MCP tools, Markdown twins and llms.txt: readable
 * applications, doc search, one doc, tree levels and environments. Users see exactly what their roles show
 * (private projects: members only); share and compose readers see exactly their scope.
 */
import { ParamOwner, type TreeNode } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { notFound } from '../../lib/errors.js';
import { loadMemberships, projectRole } from '../../permissions/authorize.js';
import { composeMenu, loadComposeScope } from '../compose/compose-view.js';
import { buildDocForest, loadDocsLite } from '../docs/doc-tree.js';
import { type ReadScope, searchDocs } from '../search/search.service.js';
import { isDocInScope, loadShareScope, shareMenu } from '../shares/share-scope.js';
import { loadViewDoc, type ViewDoc } from '../shares/view-doc.js';
import type { AgentActor } from './agent-access.js';

export interface ReadableModule {
  id: number;
  name: string;
  projectId: number;
  projectName: string;
  spaceId: number;
  spaceName: string;
}

/** Applications a user may read (one query for the tree, two for memberships). */
export async function readableModules(app: FastifyInstance, actor: Extract<AgentActor, { kind: 'user' }>): Promise<ReadableModule[]> {
  const { db } = app.ctx;
  const rows = await db
    .selectFrom('modules as m')
    .innerJoin('projects as p', 'p.id', 'm.projectId')
    .innerJoin('spaces as s', 's.id', 'p.spaceId')
    .select(['m.id', 'm.name', 'p.id as projectId', 'p.name as projectName', 'p.isPrivate', 's.id as spaceId', 's.name as spaceName'])
    .where('m.isDeleted', '=', 0)
    .where('p.isDeleted', '=', 0)
    .where('s.isDeleted', '=', 0)
    .orderBy('s.id')
    .orderBy('p.id')
    .orderBy('m.id')
    .execute();
  const mem = await loadMemberships(db, actor.user.id);
  return rows
    .filter((r) => projectRole(actor.user, mem, { id: r.projectId, spaceId: r.spaceId, isPrivate: r.isPrivate }) !== null)
    .map(({ isPrivate: _p, ...r }) => r);
}

export interface DocHit {
  id: string;
  name: string;
  method: string;
  path: string;
  application: string;
}

/** Docs of a share or compose project as tree rows (live, shown docs only). */
async function scopedDocs(app: FastifyInstance, actor: Exclude<AgentActor, { kind: 'user' }>) {
  const { db } = app.ctx;
  if (actor.kind === 'share') {
    const s = await db.selectFrom('shares').select(['id', 'moduleId', 'isAll']).where('id', '=', actor.id).executeTakeFirstOrThrow();
    const scope = await loadShareScope(db, s);
    return { rows: scope.rows.filter((r) => !r.isFolder && isDocInScope(scope, r.id)), menu: () => shareMenu(app.ctx, scope, s.moduleId) };
  }
  const scope = await loadComposeScope(db, actor.id);
  return { rows: [...scope.docs.values()].filter((d) => scope.docIds.has(d.id)), menu: () => composeMenu(app.ctx, scope) };
}

/**
 * Docs matching the query, best first, through Folio's search index (names, paths, parameters, descriptions,
 * CJK), within exactly what the actor may read: a user's memberships, or the docs a share/compose exposes.
 */
export async function findDocsForAgent(
  app: FastifyInstance,
  actor: AgentActor,
  query: string,
  limit: number,
  offset = 0,
): Promise<{ items: DocHit[]; more: boolean }> {
  let scope: ReadScope;
  if (actor.kind !== 'user') scope = { kind: 'docs', docIds: (await scopedDocs(app, actor)).rows.map((r) => r.id) };
  else if (actor.user.isSuperAdmin) scope = { kind: 'all' };
  else {
    const m = await loadMemberships(app.ctx.db, actor.user.id);
    scope = { kind: 'member', spaceIds: [...m.spaces.keys()], projectIds: [...m.projects.keys()] };
  }
  const size = Math.max(1, limit);
  // A cursor need not fall on a page boundary (results may have been cut to fit): skip into the page.
  const r = await searchDocs(app.ctx, scope, query, { kind: 'doc' }, { page: Math.floor(offset / size) + 1, pageSize: size });
  const list = r.list.slice(offset % size);
  return {
    items: list.map((h) => ({ id: h.docId, name: h.name, method: h.method, path: h.path, application: h.breadcrumb[2] ?? '' })),
    more: r.total > offset + list.length,
  };
}

/** The internal id of a doc the actor may read, by id or by method + path; throws not found otherwise. */
export async function resolveAgentDoc(
  app: FastifyInstance,
  actor: AgentActor,
  ref: { id?: string; method?: string; path?: string },
): Promise<number> {
  const { db, ids } = app.ctx;
  if (ref.id) {
    const id = ids.tryDecode(ref.id);
    if (id && (await canReadDoc(app, actor, id))) return id;
    throw notFound('doc');
  }
  const path = (ref.path ?? '').trim();
  const method = (ref.method ?? '').trim().toUpperCase();
  if (!path) throw notFound('doc');
  if (actor.kind !== 'user') {
    const { rows } = await scopedDocs(app, actor);
    const hit = rows.find((r) => r.url === path && (!method || r.httpMethod.toUpperCase() === method));
    if (hit) return hit.id;
    throw notFound('doc');
  }
  const mods = await readableModules(app, actor);
  if (!mods.length) throw notFound('doc');
  let q = db
    .selectFrom('docs')
    .select('id')
    .where(
      'moduleId',
      'in',
      mods.map((m) => m.id),
    )
    .where('isDeleted', '=', 0)
    .where('isFolder', '=', 0)
    .where('url', '=', path);
  if (method) q = q.where(sql`upper(http_method)`, '=', method);
  const hit = await q.orderBy('id').executeTakeFirst();
  if (!hit) throw notFound('doc');
  return hit.id;
}

/** True when the actor may read the doc (not a folder). */
export async function canReadDoc(app: FastifyInstance, actor: AgentActor, docId: number): Promise<boolean> {
  const { db } = app.ctx;
  if (actor.kind === 'share') {
    const s = await db.selectFrom('shares').select(['id', 'moduleId', 'isAll']).where('id', '=', actor.id).executeTakeFirstOrThrow();
    return isDocInScope(await loadShareScope(db, s), docId);
  }
  if (actor.kind === 'compose') return (await loadComposeScope(db, actor.id)).docIds.has(docId);
  const r = await db
    .selectFrom('docs as d')
    .innerJoin('modules as m', 'm.id', 'd.moduleId')
    .innerJoin('projects as p', 'p.id', 'm.projectId')
    .select(['p.id', 'p.spaceId', 'p.isPrivate', 'd.isFolder'])
    .where('d.id', '=', docId)
    .where('d.isDeleted', '=', 0)
    .where('m.isDeleted', '=', 0)
    .where('p.isDeleted', '=', 0)
    .executeTakeFirst();
  if (!r || r.isFolder) return false;
  return projectRole(actor.user, await loadMemberships(db, actor.user.id), r) !== null;
}

/** A doc with the common params its reader sees (a compose project supplies its own). */
export function loadAgentDoc(app: FastifyInstance, actor: AgentActor, docId: number): Promise<ViewDoc> {
  return loadViewDoc(app.ctx, docId, actor.kind === 'compose' ? { ownerType: ParamOwner.COMPOSE, ownerId: actor.id } : undefined);
}

export interface TreeItem {
  id: string;
  kind: 'space' | 'project' | 'application' | 'folder' | 'doc';
  name: string;
  /** Docs below (folders, applications) or children (spaces: projects, projects: applications). */
  count?: number;
  method?: string;
  path?: string;
}

const fromNodes = (nodes: TreeNode[]): TreeItem[] =>
  nodes.map((n) =>
    n.isFolder
      ? { id: `folder:${n.id}`, kind: 'folder', name: n.name, count: n.apiCount }
      : { id: `doc:${n.id}`, kind: 'doc', name: n.name, method: n.httpMethod, path: n.url },
  );

function findNode(nodes: TreeNode[], id: string): TreeNode | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findNode(n.children ?? [], id);
    if (hit) return hit;
  }
  return null;
}

/**
 * One level of the tree: no node → spaces (users) or the share's top level; `space:<id>` → projects,
 * `project:<id>` → applications, `application:<id>` → its top folders and docs, `folder:<id>` → children.
 */
export async function listTreeLevel(app: FastifyInstance, actor: AgentActor, node = ''): Promise<TreeItem[]> {
  const { ids } = app.ctx;
  const [kind, ref = ''] = node ? node.split(':', 2) : [''];
  if (actor.kind !== 'user') {
    const roots = (await scopedDocs(app, actor)).menu();
    if (!kind) return fromNodes(roots);
    const n = kind === 'folder' ? findNode(roots, ref) : null;
    if (!n?.isFolder) throw notFound('folder');
    return fromNodes(n.children);
  }
  const mods = await readableModules(app, actor);
  const enc = (x: number) => ids.encode(x);
  if (!kind) {
    const spaces = new Map<number, { name: string; projects: Set<number> }>();
    for (const m of mods) {
      const s = spaces.get(m.spaceId) ?? { name: m.spaceName, projects: new Set() };
      s.projects.add(m.projectId);
      spaces.set(m.spaceId, s);
    }
    return [...spaces].map(([id, s]) => ({ id: `space:${enc(id)}`, kind: 'space', name: s.name, count: s.projects.size }));
  }
  const id = ids.tryDecode(ref);
  if (kind === 'space') {
    const projects = new Map<number, { name: string; apps: number }>();
    for (const m of mods.filter((x) => x.spaceId === id)) {
      const p = projects.get(m.projectId) ?? { name: m.projectName, apps: 0 };
      p.apps++;
      projects.set(m.projectId, p);
    }
    if (!projects.size) throw notFound('space');
    return [...projects].map(([pid, p]) => ({ id: `project:${enc(pid)}`, kind: 'project', name: p.name, count: p.apps }));
  }
  if (kind === 'project') {
    const apps = mods.filter((m) => m.projectId === id);
    if (!apps.length) throw notFound('project');
    const counts = await app.ctx.db
      .selectFrom('docs')
      .select(['moduleId', (eb) => eb.fn.countAll<number>().as('n')])
      .where(
        'moduleId',
        'in',
        apps.map((m) => m.id),
      )
      .where('isDeleted', '=', 0)
      .where('isFolder', '=', 0)
      .groupBy('moduleId')
      .execute();
    const byModule = new Map(counts.map((c) => [c.moduleId, Number(c.n)]));
    return apps.map((m) => ({ id: `application:${enc(m.id)}`, kind: 'application', name: m.name, count: byModule.get(m.id) ?? 0 }));
  }
  if (kind === 'application' || kind === 'folder') {
    let moduleId = id;
    if (kind === 'folder' && id) {
      const f = await app.ctx.db
        .selectFrom('docs')
        .select('moduleId')
        .where('id', '=', id)
        .where('isFolder', '=', 1)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      moduleId = f?.moduleId ?? null;
    }
    if (!moduleId || !mods.some((m) => m.id === moduleId)) throw notFound(kind);
    const roots = buildDocForest(app.ctx, await loadDocsLite(app.ctx.db, [moduleId]), 'by_order', () => '').get(moduleId) ?? [];
    if (kind === 'application') return fromNodes(roots);
    const n = findNode(roots, ref);
    if (!n?.isFolder) throw notFound('folder');
    return fromNodes(n.children);
  }
  throw notFound('node');
}

export interface EnvItem {
  application: string;
  applicationId: string;
  name: string;
  url: string;
}

/** Debug environments: of the readable applications (or one), of a share when it allows debugging. */
export async function listAgentEnvironments(app: FastifyInstance, actor: AgentActor, applicationId?: string): Promise<EnvItem[]> {
  const { db, ids } = app.ctx;
  if (actor.kind === 'compose') return [];
  let q = db
    .selectFrom('moduleEnvironments as e')
    .innerJoin('modules as m', 'm.id', 'e.moduleId')
    .select(['e.id', 'e.name', 'e.url', 'm.id as moduleId', 'm.name as moduleName'])
    .orderBy('m.id')
    .orderBy('e.orderIndex');
  if (actor.kind === 'share') {
    if (!actor.environmentIds.length) return [];
    q = q.where('e.id', 'in', actor.environmentIds);
  } else {
    const mods = await readableModules(app, actor);
    const wanted = applicationId ? mods.filter((m) => m.id === ids.tryDecode(applicationId)) : mods;
    if (applicationId && !wanted.length) throw notFound('application');
    if (!wanted.length) return [];
    q = q.where(
      'e.moduleId',
      'in',
      wanted.map((m) => m.id),
    );
  }
  const rows = await q.execute();
  return rows.map((r) => ({ application: r.moduleName, applicationId: ids.encode(r.moduleId), name: r.name, url: r.url }));
}
