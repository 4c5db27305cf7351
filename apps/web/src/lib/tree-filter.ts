/** Doc-tree helpers: case-insensitive filtering by id, name/label or url (spec §5), counting, flattening. */
import type { TreeNode } from '@folio/shared';

/** True when a node matches the filter text (docId, id, label, name or url, case-insensitive). */
export function nodeMatches(node: Pick<TreeNode, 'id' | 'docId' | 'label' | 'name' | 'url'>, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return [node.label, node.name, node.url, node.docId, node.id].some((v) => !!v && String(v).toLowerCase().includes(q));
}

/**
 * Keeps matching nodes and the folders leading to them. A matching folder keeps its whole subtree.
 * Returns the same array when the filter is empty (cheap re-render).
 */
export function filterTree<T extends TreeNode>(nodes: T[], text: string): T[] {
  const q = text.trim().toLowerCase();
  if (!q) return nodes;
  const walk = (list: T[]): T[] => {
    const out: T[] = [];
    for (const n of list) {
      if (nodeMatches(n, q)) {
        out.push(n);
        continue;
      }
      const kids = n.children?.length ? walk(n.children as T[]) : [];
      if (kids.length) out.push({ ...n, children: kids });
    }
    return out;
  };
  return walk(nodes);
}

/** Keys of every node that has children (for expand-all). */
export function branchKeys(nodes: TreeNode[]): string[] {
  const keys: string[] = [];
  const walk = (list: TreeNode[]) => {
    for (const n of list) {
      if (n.children?.length) {
        keys.push(n.id);
        walk(n.children);
      }
    }
  };
  walk(nodes);
  return keys;
}

/** Finds a node by id anywhere in the tree. */
export function findNode(nodes: TreeNode[], id: string): TreeNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = n.children?.length ? findNode(n.children, id) : undefined;
    if (hit) return hit;
  }
  return undefined;
}

/** Ids of the ancestors of a node (root first), or [] when absent. */
export function ancestorIds(nodes: TreeNode[], id: string): string[] {
  const path: string[] = [];
  const walk = (list: TreeNode[]): boolean => {
    for (const n of list) {
      if (n.id === id) return true;
      if (n.children?.length) {
        path.push(n.id);
        if (walk(n.children)) return true;
        path.pop();
      }
    }
    return false;
  };
  return walk(nodes) ? path : [];
}

/** Counts docs (non-folder leaves) below a node list. */
export function countDocs(nodes: TreeNode[]): number {
  let n = 0;
  for (const x of nodes) n += x.isFolder ? countDocs(x.children ?? []) : 1;
  return n;
}

/** The folders of a tree as flat options with their depth (folder pickers). */
export function folderOptions(nodes: TreeNode[], depth = 0): { id: string; label: string; depth: number }[] {
  const out: { id: string; label: string; depth: number }[] = [];
  for (const n of nodes) {
    if (!n.isFolder) continue;
    out.push({ id: n.id, label: n.label || n.name, depth });
    out.push(...folderOptions(n.children ?? [], depth + 1));
  }
  return out;
}
