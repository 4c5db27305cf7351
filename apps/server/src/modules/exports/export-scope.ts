/**
 * What an export contains: one doc, ticked docs, a folder, an application or a project, loaded with a
 * fixed number of queries (tree columns, then details in bulk) into an ordered outline every format walks.
 */
import { type DocDetail, type DocParam, ParamOwner, ParamStyle, type SecurityData } from '@folio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../../lib/errors.js';
import { authorizeDoc, authorizeModule, authorizeProject } from '../../permissions/authorize.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { buildParamTrees, loadEnums, loadParamTreeRows } from '../docs/doc-params.js';
import { buildDocForest, loadDocsLite } from '../docs/doc-tree.js';
import { loadSecurity } from '../imports/security-store.js';

/** A node of the export outline: an application, a folder or a doc. */
export interface OutlineNode {
  kind: 'module' | 'folder' | 'doc';
  id: number;
  name: string;
  children: OutlineNode[];
  doc?: DocDetail;
}

export interface ExportEnv {
  name: string;
  url: string;
  /** The application it belongs to (encoded id), in `envs`. */
  moduleId?: string;
}

export interface ExportSet {
  title: string;
  roots: OutlineNode[];
  /** Environment whose base URL goes in (the chosen one), or null. */
  env: ExportEnv | null;
  /** Every environment of the applications in scope (servers in OpenAPI). */
  envs: ExportEnv[];
  /** Common response params per application, by encoded id (response wrapping in readers' formats). */
  commonReturns: Map<string, DocParam[]>;
  /** Security schemes and requirements per application, by encoded id (those that have any). */
  security: Map<string, SecurityData>;
  docCount: number;
}

export interface ScopeQuery {
  docIds?: string;
  folderId?: string;
  moduleId?: string;
  projectId?: string;
  environmentId?: string;
}

/** Resolves and authorises the scope of an export, then loads it. */
export async function loadExportSet(app: FastifyInstance, req: FastifyRequest, q: ScopeQuery): Promise<ExportSet> {
  const { ids, db } = app.ctx;
  const given = [q.docIds, q.folderId, q.moduleId, q.projectId].filter((v) => v !== undefined && v !== '').length;
  if (given === 0) throw badRequest('export.scope_missing');
  if (given > 1) throw badRequest('export.too_many_scopes');
  let moduleIds: number[] = [];
  let keep: ((id: number, parentOf: Map<number, number>) => boolean) | null = null;
  let title = 'API';
  if (q.projectId) {
    const projectId = ids.decode(q.projectId, 'project');
    await authorizeProject(req, projectId, 'module.export');
    const p = await db.selectFrom('projects').select('name').where('id', '=', projectId).executeTakeFirstOrThrow();
    title = p.name;
    moduleIds = (
      await db
        .selectFrom('modules')
        .select('id')
        .where('projectId', '=', projectId)
        .where('isDeleted', '=', 0)
        .orderBy('orderIndex')
        .orderBy('id')
        .execute()
    ).map((m) => m.id);
  } else if (q.moduleId) {
    const moduleId = ids.decode(q.moduleId, 'module');
    await authorizeModule(req, moduleId, 'module.export');
    moduleIds = [moduleId];
  } else if (q.folderId) {
    const folderId = ids.decode(q.folderId, 'folder');
    const a = await authorizeDoc(req, folderId, 'module.export');
    moduleIds = [a.moduleId];
    keep = (id, parentOf) => {
      for (let cur: number | undefined = id, n = 0; cur && n < 100; cur = parentOf.get(cur), n++) if (cur === folderId) return true;
      return false;
    };
  } else {
    const raw = String(q.docIds)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!raw.length || raw.length > 5000) throw badRequest('export.scope_missing');
    const docIds = new Set(raw.map((s) => ids.decode(s, 'doc')));
    const rows = await db
      .selectFrom('docs')
      .select(['id', 'moduleId'])
      .where('id', 'in', [...docIds])
      .where('isDeleted', '=', 0)
      .execute();
    if (rows.length !== docIds.size) throw notFound('doc');
    moduleIds = [...new Set(rows.map((r) => r.moduleId))];
    for (const m of moduleIds) await authorizeModule(req, m, 'module.export');
    keep = (id) => docIds.has(id);
  }
  return loadOutline(app, moduleIds, keep, title, q.environmentId);
}

/** Loads the outline of applications (optionally filtered to some docs and their folders). */
export async function loadOutline(
  app: FastifyInstance,
  moduleIds: number[],
  keep: ((id: number, parentOf: Map<number, number>) => boolean) | null,
  title: string,
  environmentId?: string,
): Promise<ExportSet> {
  const { ids, db } = app.ctx;
  const modules = moduleIds.length
    ? await db.selectFrom('modules').select(['id', 'name', 'projectId']).where('id', 'in', moduleIds).where('isDeleted', '=', 0).execute()
    : [];
  const byId = new Map(modules.map((m) => [m.id, m]));
  const lite = await loadDocsLite(db, moduleIds);
  const parentOf = new Map(lite.map((d) => [d.id, d.parentId]));
  const selected = keep ? lite.filter((d) => !d.isFolder && keep(d.id, parentOf)) : lite.filter((d) => !d.isFolder);
  const details = await loadDocDetails(
    app.ctx,
    selected.map((d) => d.id),
    app.ctx.db,
    { paramIds: false },
  );
  const forest = buildDocForest(app.ctx, lite, 'by_order', () => '');
  const toNodes = (nodes: ReturnType<typeof buildDocForest> extends Map<number, infer T> ? T : never): OutlineNode[] => {
    const out: OutlineNode[] = [];
    for (const n of nodes) {
      const id = ids.decode(n.id, 'doc');
      if (n.isFolder) {
        const children = toNodes(n.children);
        if (children.length) out.push({ kind: 'folder', id, name: n.name, children });
      } else {
        const doc = details.get(id);
        if (doc) out.push({ kind: 'doc', id, name: doc.name, children: [], doc });
      }
    }
    return out;
  };
  const roots: OutlineNode[] = [];
  for (const mid of moduleIds) {
    const m = byId.get(mid);
    if (!m) continue;
    const children = toNodes(forest.get(mid) ?? []);
    if (children.length || !keep) roots.push({ kind: 'module', id: mid, name: m.name, children });
  }
  if (moduleIds.length === 1 && byId.get(moduleIds[0])) title = byId.get(moduleIds[0])?.name ?? title;
  const envRows = moduleIds.length
    ? await db
        .selectFrom('moduleEnvironments')
        .select(['id', 'moduleId', 'name', 'url'])
        .where('moduleId', 'in', moduleIds)
        .orderBy('orderIndex')
        .orderBy('id')
        .execute()
    : [];
  let env: ExportEnv | null = null;
  if (environmentId) {
    const envId = ids.decode(environmentId, 'environment');
    const e = envRows.find((r) => r.id === envId);
    if (!e) throw notFound('environment');
    env = { name: e.name, url: e.url };
  }
  const commonRows = moduleIds.length ? await loadParamTreeRows(db, ParamOwner.MODULE, moduleIds) : [];
  const enums = await loadEnums(
    db,
    ids,
    commonRows.map((r) => r.enumId),
  );
  const trees = buildParamTrees(commonRows, ids, enums);
  const commonReturns = new Map<string, DocParam[]>();
  for (const mid of moduleIds) commonReturns.set(ids.encode(mid), trees.get(mid)?.get(ParamStyle.RESPONSE) ?? []);
  return {
    title,
    roots,
    env,
    envs: envRows.map((e) => ({ name: e.name, url: e.url, moduleId: ids.encode(e.moduleId) })),
    commonReturns,
    security: new Map([...(await loadSecurity(db, moduleIds))].map(([id, sec]) => [ids.encode(id), sec])),
    docCount: details.size,
  };
}

/** Walks the outline depth-first, calling fn for every node with its depth and folder path. */
export function walkOutline(roots: OutlineNode[], fn: (n: OutlineNode, depth: number, path: string[]) => void): void {
  const rec = (nodes: OutlineNode[], depth: number, path: string[]) => {
    for (const n of nodes) {
      fn(n, depth, path);
      if (n.children.length) rec(n.children, depth + 1, n.kind === 'doc' ? path : [...path, n.name]);
    }
  };
  rec(roots, 0, []);
}
