/**
 * What a share exposes: the whole application, or ticked docs and folders (a folder with the append flag
 * also shares docs added to it later). Computed from the live tree on every call, so deleted or hidden
 * docs drop out and appended ones appear.
 */
import type { TreeNode } from '@folio/shared';
import type { AppContext } from '../../context.js';
import type { Conn } from '../../db/database.js';
import { buildDocForest, loadDocsLite } from '../docs/doc-tree.js';
import { liveDocOf } from './shares.repo.js';

type DocLite = Awaited<ReturnType<typeof loadDocsLite>>[number];

export interface ShareScope {
  /** Live docs and folders of the application (hidden ones excluded). */
  rows: DocLite[];
  /** Ids shown: shared docs and folders plus the ancestor folders that give them structure. */
  visible: Set<number>;
}

/** Loads the scope of a share row. */
export async function loadShareScope(conn: Conn, share: { id: number; moduleId: number; isAll: number }): Promise<ShareScope> {
  const rows = (await loadDocsLite(conn, [share.moduleId])).filter((r) => r.isShow !== 0);
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (share.isAll) return { rows, visible: new Set(byId.keys()) };
  const contents = await conn.selectFrom('shareContents').select(['docId', 'isShareFolder']).where('shareId', '=', share.id).execute();
  const children = new Map<number, number[]>();
  for (const r of rows) {
    const l = children.get(r.parentId) ?? [];
    l.push(r.id);
    children.set(r.parentId, l);
  }
  const visible = new Set<number>();
  const addSubtree = (id: number) => {
    const stack = [id];
    while (stack.length) {
      const x = stack.pop() as number;
      if (visible.has(x)) continue;
      visible.add(x);
      stack.push(...(children.get(x) ?? []));
    }
  };
  for (const c of contents) {
    const r = byId.get(c.docId);
    if (!r) continue;
    if (r.isFolder && c.isShareFolder) addSubtree(r.id);
    else visible.add(r.id);
  }
  // Ancestor folders give the shared docs their place in the tree.
  for (const id of [...visible]) {
    let p = byId.get(id)?.parentId ?? 0;
    let guard = 0;
    while (p && !visible.has(p) && byId.has(p) && guard++ < 64) {
      visible.add(p);
      p = byId.get(p)?.parentId ?? 0;
    }
  }
  return { rows, visible };
}

/** True when the id is a doc (not a folder) the share exposes. */
export function isDocInScope(scope: ShareScope, docId: number): boolean {
  if (!scope.visible.has(docId)) return false;
  const r = scope.rows.find((x) => x.id === docId);
  return !!r && !r.isFolder;
}

/**
 * Whether a share exposes a doc (not a folder). A share of the whole application reads that one doc's row;
 * a share of picked docs computes its scope (a picked folder shares what is below it, and docs added later).
 */
export async function isDocShared(conn: Conn, share: { id: number; moduleId: number; isAll: number }, docId: number): Promise<boolean> {
  if (!share.isAll) return isDocInScope(await loadShareScope(conn, share), docId);
  const d = await liveDocOf(conn, share.moduleId, docId);
  return !!d && !d.isFolder && d.isShow !== 0;
}

/** The share's menu: folder/doc tree of what it exposes (apiCount filled). */
export function shareMenu(ctx: Pick<AppContext, 'ids'>, scope: ShareScope, moduleId: number): TreeNode[] {
  const docs = scope.rows.filter((r) => scope.visible.has(r.id));
  return buildDocForest(ctx, docs, 'by_order', () => '').get(moduleId) ?? [];
}
