/** Shapes the flat compose rows of `compose/doc/list` into a tree. */
import type { ComposeDocRow } from '@folio/shared';

/** A doc or folder of a composed project as `compose/doc/list` returns it, with its children once nested. */
export type ComposeRow = ComposeDocRow & { children?: ComposeRow[] };

/** Nests the flat compose rows by parentId, ordered by orderIndex. */
export function nestComposeRows(rows: ComposeRow[]): ComposeRow[] {
  const byParent = new Map<string, ComposeRow[]>();
  for (const r of rows) {
    const l = byParent.get(r.parentId) ?? [];
    l.push({ ...r });
    byParent.set(r.parentId, l);
  }
  const build = (parentId: string): ComposeRow[] =>
    (byParent.get(parentId) ?? [])
      .sort((a, b) => a.orderIndex - b.orderIndex)
      .map((r) => {
        const kids = build(r.id);
        return kids.length ? { ...r, children: kids } : r;
      });
  return build('');
}
