/**
 * What a compose project shows: its own folders (folderName) and references to docs or folders of other
 * spaces (a referenced folder brings its live subtree), in the compose project's own order. Built with a
 * fixed number of queries: compose rows, referenced docs, their applications' docs.
 */
import { DocType, FolderType, type TreeNode } from '@folio/shared';
import type { AppContext } from '../../context.js';
import type { Conn } from '../../db/database.js';
import { buildDocForest, loadDocsLite } from '../docs/doc-tree.js';

type DocLite = Awaited<ReturnType<typeof loadDocsLite>>[number];

export interface ComposeRow {
  id: number;
  docId: number;
  isFolder: number;
  folderName: string;
  parentId: number;
  origin: string;
  orderIndex: number;
}

export interface ComposeScope {
  rows: ComposeRow[];
  /** Live docs (by id) of the applications the project references. */
  docs: Map<number, DocLite>;
  /** Doc ids (not folders) readable through the project. */
  docIds: Set<number>;
}

/** Loads the compose rows and every live doc they reach. */
export async function loadComposeScope(conn: Conn, projectId: number): Promise<ComposeScope> {
  const rows = await conn
    .selectFrom('composeDocs')
    .select(['id', 'docId', 'isFolder', 'folderName', 'parentId', 'origin', 'orderIndex'])
    .where('projectId', '=', projectId)
    .orderBy('orderIndex')
    .orderBy('id')
    .execute();
  const refIds = [...new Set(rows.filter((r) => r.docId > 0).map((r) => r.docId))];
  const docs = new Map<number, DocLite>();
  const docIds = new Set<number>();
  if (!refIds.length) return { rows, docs, docIds };
  const moduleIds = new Set<number>();
  for (let i = 0; i < refIds.length; i += 500) {
    const part = await conn
      .selectFrom('docs as d')
      .innerJoin('modules as m', 'm.id', 'd.moduleId')
      .innerJoin('projects as p', 'p.id', 'm.projectId')
      .select('d.moduleId')
      .where('d.id', 'in', refIds.slice(i, i + 500))
      .where('d.isDeleted', '=', 0)
      .where('m.isDeleted', '=', 0)
      .where('p.isDeleted', '=', 0)
      .execute();
    for (const r of part) moduleIds.add(r.moduleId);
  }
  for (const d of await loadDocsLite(conn, [...moduleIds])) if (d.isShow !== 0) docs.set(d.id, d);
  const children = new Map<number, number[]>();
  for (const d of docs.values()) children.set(d.parentId, [...(children.get(d.parentId) ?? []), d.id]);
  for (const id of refIds) {
    const d = docs.get(id);
    if (!d) continue;
    const stack = [id];
    while (stack.length) {
      const x = stack.pop() as number;
      const n = docs.get(x);
      if (!n) continue;
      if (!n.isFolder) docIds.add(x);
      else stack.push(...(children.get(x) ?? []));
    }
  }
  return { rows, docs, docIds };
}

/** The compose project's menu: own folders, referenced docs, referenced folders with their live subtree. */
export function composeMenu(ctx: Pick<AppContext, 'ids'>, scope: ComposeScope): TreeNode[] {
  const { ids } = ctx;
  const byParent = new Map<number, ComposeRow[]>();
  for (const r of scope.rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  const kids = new Map<number, DocLite[]>();
  for (const d of scope.docs.values()) kids.set(d.parentId, [...(kids.get(d.parentId) ?? []), d]);
  const subtreeOf = (folderId: number): TreeNode[] => {
    const docs: DocLite[] = [];
    const stack = [folderId];
    while (stack.length) {
      for (const d of kids.get(stack.pop() as number) ?? []) {
        docs.push({ ...d, moduleId: 0 });
        if (d.isFolder) stack.push(d.id);
      }
    }
    // Children of the referenced folder become roots of a mini forest.
    const forest = buildDocForest(ctx, docs, 'by_order', () => '');
    return forest.get(0) ?? [];
  };
  // Docs inside a referenced folder show there only (a picker that ticks a folder also ticks its docs).
  const covered = new Set<number>();
  for (const r of scope.rows) {
    const d = scope.docs.get(r.docId);
    if (!d?.isFolder) continue;
    const stack = [d.id];
    while (stack.length) {
      for (const c of kids.get(stack.pop() as number) ?? []) {
        covered.add(c.id);
        if (c.isFolder) stack.push(c.id);
      }
    }
  }
  const seen = new Set<number>();
  const build = (parentId: number, parentNodeId: string, depth: number): TreeNode[] => {
    if (depth > 32) return [];
    const out: TreeNode[] = [];
    for (const r of byParent.get(parentId) ?? []) {
      if (r.isFolder && !r.docId) {
        const id = `c_${ids.encode(r.id)}`;
        const children = build(r.id, id, depth + 1);
        out.push(folderNode(id, r.folderName, parentNodeId, children));
        continue;
      }
      const d = scope.docs.get(r.docId);
      if (!d || seen.has(d.id) || covered.has(d.id)) continue;
      seen.add(d.id);
      const id = ids.encode(d.id);
      if (d.isFolder) {
        const children = subtreeOf(d.id);
        for (const c of children) c.parentId = id;
        out.push(folderNode(id, r.folderName || d.name, parentNodeId, children));
      } else {
        out.push({
          id,
          label: d.version ? `${d.name} ${d.version}` : d.name,
          name: d.name,
          type: FolderType.DOC,
          docId: id,
          parentId: parentNodeId,
          url: d.url,
          httpMethod: d.httpMethod,
          isFolder: 0,
          apiCount: 0,
          docType: d.type ?? DocType.HTTP,
          deprecated: d.deprecated || '$false$',
          version: d.version,
          status: d.status,
          children: [],
        });
      }
    }
    return out;
  };
  return build(0, '', 0);
}

function folderNode(id: string, name: string, parentId: string, children: TreeNode[]): TreeNode {
  const apiCount = children.reduce((s, c) => s + (c.isFolder ? c.apiCount : 1), 0);
  return {
    id,
    label: name,
    name,
    type: FolderType.FOLDER,
    docId: '',
    parentId,
    url: '',
    httpMethod: '',
    isFolder: 1,
    apiCount,
    docType: 0,
    deprecated: '$false$',
    children,
  };
}
