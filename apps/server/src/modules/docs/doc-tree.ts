/**
 * The doc tree of spec §3 (tree-node fields), built with a fixed number of queries whatever the size:
 * one for projects, one for applications, one for docs. Node ids are unique across kinds: projects
 * `p_<id>`, applications `m_<id>`, folders and docs their own id.
 */
import { FolderType, type TreeNode } from '@folio/shared';
import { SqliteAdapter, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Conn } from '../../db/database.js';

export type SortType = 'by_order' | 'by_name' | 'by_url';

interface DocLite {
  id: number;
  moduleId: number;
  parentId: number;
  name: string;
  type: number;
  url: string;
  httpMethod: string;
  isFolder: number;
  deprecated: string;
  version: string;
  orderIndex: number;
  isLocked: number;
  status: number;
  isShow: number;
  webhook: string;
}

const CHUNK = 500;

/** Columns of the tree rows: [column, alias]. */
const LITE_COLS: [string, keyof DocLite][] = [
  ['id', 'id'],
  ['module_id', 'moduleId'],
  ['parent_id', 'parentId'],
  ['name', 'name'],
  ['type', 'type'],
  ['url', 'url'],
  ['http_method', 'httpMethod'],
  ['is_folder', 'isFolder'],
  ['deprecated', 'deprecated'],
  ['version', 'version'],
  ['order_index', 'orderIndex'],
  ['is_locked', 'isLocked'],
  ['status', 'status'],
  ['is_show', 'isShow'],
  ['webhook', 'webhook'],
];

/** Loads the tree columns of every live doc of the given applications. */
export async function loadDocsLite(conn: Conn, moduleIds: number[]): Promise<DocLite[]> {
  const out: DocLite[] = [];
  // Plain SQL with camelCase aliases, run without the CamelCase plugin: this reads every doc of a space,
  // and the plugin would copy each row object once more.
  const raw = conn.withoutPlugins();
  const sqlite = conn.getExecutor().adapter instanceof SqliteAdapter;
  const cols = sql.join(LITE_COLS.map(([col, alias]) => sql`${sql.ref(col)} as ${sql.id(alias)}`));
  const values = sql.join(LITE_COLS.map(([col]) => sql.ref(col)));
  for (let i = 0; i < moduleIds.length; i += CHUNK) {
    const part = moduleIds.slice(i, i + CHUNK);
    if (sqlite) {
      // SQLite hands each value to JavaScript one by one (about half a microsecond each here); one JSON
      // text per chunk, built by SQLite itself, reads a 10,000-doc space about four times faster.
      const res = await sql<{
        j: string | null;
      }>`select json_group_array(json_array(${values})) as j from docs where module_id in (${sql.join(part)}) and is_deleted = 0`.execute(
        raw,
      );
      for (const v of JSON.parse(res.rows[0]?.j ?? '[]') as unknown[][]) {
        const r: Record<string, unknown> = {};
        for (let k = 0; k < LITE_COLS.length; k++) r[LITE_COLS[k][1]] = v[k];
        out.push(r as unknown as DocLite);
      }
      continue;
    }
    const rows = await sql<DocLite>`select ${cols} from docs where module_id in (${sql.join(part)}) and is_deleted = 0`.execute(raw);
    for (const r of rows.rows) out.push(r);
  }
  return out;
}

function comparator(sort: SortType) {
  return (a: TreeNode, b: TreeNode): number => {
    if (a.isFolder !== b.isFolder && sort !== 'by_order') return b.isFolder - a.isFolder;
    if (sort === 'by_name') return a.label.localeCompare(b.label);
    if (sort === 'by_url') return (a.url || a.label).localeCompare(b.url || b.label);
    return (a.orderIndex ?? 0) - (b.orderIndex ?? 0) || a.label.localeCompare(b.label);
  };
}

/** Sorts recursively and fills apiCount (docs below each folder). */
function finish(nodes: TreeNode[], sort: SortType): number {
  nodes.sort(comparator(sort));
  let count = 0;
  for (const n of nodes) {
    if (n.isFolder) {
      n.apiCount = finish(n.children, sort);
      count += n.apiCount;
    } else count += 1;
  }
  return count;
}

/** Builds the folder/doc trees of applications; returns moduleId → roots (apiCount filled). */
export function buildDocForest(ctx: Pick<AppContext, 'ids'>, docs: DocLite[], sort: SortType, parentIdOf: (moduleId: number) => string) {
  const { ids } = ctx;
  // Plain node objects only (no helper properties added then deleted: that would make every node a slow
  // dictionary object, and this runs over every doc of a space).
  const nodes = new Map<number, TreeNode>();
  for (const d of docs) {
    const id = ids.encode(d.id);
    nodes.set(d.id, {
      id,
      label: d.version ? `${d.name} ${d.version}` : d.name,
      name: d.name,
      type: d.isFolder ? FolderType.FOLDER : FolderType.DOC,
      docId: d.isFolder ? '' : id,
      parentId: '',
      url: d.url,
      httpMethod: d.httpMethod,
      isFolder: d.isFolder,
      apiCount: 0,
      docType: d.type,
      deprecated: d.deprecated || '$false$',
      version: d.version,
      isLocked: d.isLocked,
      status: d.status,
      orderIndex: d.orderIndex,
      // Only on webhooks (a few docs): the tree's bytes stay as they were for the others.
      ...(d.webhook ? { webhook: d.webhook } : {}),
      children: [],
    });
  }
  const roots = new Map<number, TreeNode[]>();
  for (const d of docs) {
    const n = nodes.get(d.id) as TreeNode;
    const parent = d.parentId ? nodes.get(d.parentId) : undefined;
    if (parent?.isFolder) {
      n.parentId = parent.id;
      parent.children.push(n);
    } else {
      n.parentId = parentIdOf(d.moduleId);
      const list = roots.get(d.moduleId) ?? [];
      list.push(n);
      roots.set(d.moduleId, list);
    }
  }
  for (const list of roots.values()) finish(list, sort);
  return roots;
}

function appNode(
  ctx: Pick<AppContext, 'ids'>,
  m: { id: number; name: string; projectId: number },
  children: TreeNode[],
  parent: string,
): TreeNode {
  const apiCount = children.reduce((s, c) => s + (c.isFolder ? c.apiCount : 1), 0);
  return {
    id: `m_${ctx.ids.encode(m.id)}`,
    label: m.name,
    name: m.name,
    type: FolderType.MODULE,
    docId: '',
    parentId: parent,
    url: '',
    httpMethod: '',
    isFolder: 1,
    apiCount,
    docType: 0,
    deprecated: '$false$',
    children,
  };
}

/** An application of a tree, with the revision the `docs` triggers keep for it (0 before its first write). */
export interface TreeModule {
  id: number;
  name: string;
  projectId: number;
  rev: number;
}

/** The live applications of the given projects in tree order, with their tree revisions: one query. */
export async function loadTreeModules(conn: Conn, projectIds: number[]): Promise<TreeModule[]> {
  if (!projectIds.length) return [];
  const rows = await conn
    .selectFrom('modules as m')
    .leftJoin('treeRevisions as r', 'r.moduleId', 'm.id')
    .select(['m.id', 'm.name', 'm.projectId', 'r.rev'])
    .where('m.projectId', 'in', projectIds)
    .where('m.isDeleted', '=', 0)
    .orderBy('m.orderIndex')
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, projectId: r.projectId, rev: Number(r.rev ?? 0) }));
}

/** The tree of one project: applications → folders → docs. */
export async function projectTree(
  ctx: Pick<AppContext, 'ids' | 'db'>,
  projectId: number,
  sort: SortType,
  conn: Conn = ctx.db,
  preloaded?: TreeModule[],
): Promise<TreeNode[]> {
  const modules = preloaded ?? (await loadTreeModules(conn, [projectId]));
  const docs = await loadDocsLite(
    conn,
    modules.map((m) => m.id),
  );
  const forest = buildDocForest(ctx, docs, sort, (mid) => `m_${ctx.ids.encode(mid)}`);
  return modules.map((m) => appNode(ctx, m, forest.get(m.id) ?? [], ''));
}

/** The tree of a space: projects (visible ones only) → applications → folders → docs. */
export async function spaceTree(
  ctx: Pick<AppContext, 'ids' | 'db'>,
  projects: { id: number; name: string }[],
  sort: SortType,
  conn: Conn = ctx.db,
  preloaded?: TreeModule[],
): Promise<TreeNode[]> {
  if (!projects.length) return [];
  const modules =
    preloaded ??
    (await loadTreeModules(
      conn,
      projects.map((p) => p.id),
    ));
  const docs = await loadDocsLite(
    conn,
    modules.map((m) => m.id),
  );
  const forest = buildDocForest(ctx, docs, sort, (mid) => `m_${ctx.ids.encode(mid)}`);
  return projects.map((p) => {
    const pid = `p_${ctx.ids.encode(p.id)}`;
    const apps = modules.filter((m) => m.projectId === p.id).map((m) => appNode(ctx, m, forest.get(m.id) ?? [], pid));
    return {
      id: pid,
      label: p.name,
      name: p.name,
      type: FolderType.PROJECT,
      docId: '',
      parentId: '',
      url: '',
      httpMethod: '',
      isFolder: 1,
      apiCount: apps.reduce((s, a) => s + a.apiCount, 0),
      docType: 0,
      deprecated: '$false$',
      children: apps,
    };
  });
}
