/** The parameter table's reading model: pure helpers over a param tree (no React). */
import type { DocParam } from '@folio/shared';

/** "name=value description" items of a param's dictionary, or its free enum text (plain text). */
export function enumText(p: DocParam): string {
  const items = p.enumInfo?.items ?? [];
  if (items.length) {
    return items
      .map((i) => `${i.name}${i.value && i.value !== i.name ? `=${i.value}` : ''}${i.description ? ` ${i.description}` : ''}`)
      .join('; ');
  }
  return p.enumContent ?? '';
}

/** "↗ see customer" / "↻ recursive: customer" at the end of an imported param's description (openapi-schema.ts). */
const REF_MARK = /\s*(↗ see|↻ recursive:) ([\w.-]+)\s*$/;

/** A description without its trailing reference mark, and the schema the mark names ('' when none). */
export function splitRefMark(description: string): { text: string; ref: string } {
  const m = REF_MARK.exec(description ?? '');
  return m ? { text: description.slice(0, m.index), ref: m[2] } : { text: description ?? '', ref: '' };
}

/** The row key of the first row whose type names each schema (`object(customer)` → customer → "0.3"). */
export function schemaRows(params: DocParam[], prefix = '', out = new Map<string, string>(), depth = 0): Map<string, string> {
  if (depth > 32) return out;
  params.forEach((p, i) => {
    const key = `${prefix}${i}`;
    const m = /^object\(([\w.-]+)\)/.exec(p.type ?? '');
    if (m && !out.has(m[1]) && (p.children?.length ?? 0) > 0) out.set(m[1], key);
    if (p.children?.length) schemaRows(p.children, `${key}.`, out, depth + 1);
  });
  return out;
}

/** A description this long (characters) gets the table's whole width, under its parameter's row. */
const LONG_DESCRIPTION = 120;

/** Whether a param tree holds a long description (Stripe's, GitHub's): its table then stacks descriptions. */
export function hasLongDescription(params: DocParam[], depth = 0): boolean {
  if (depth > 32) return false;
  return params.some((p) => (p.description?.length ?? 0) >= LONG_DESCRIPTION || hasLongDescription(p.children ?? [], depth + 1));
}

/** How many levels of branches a param tree has (a flat list: 0; objects in it: 1; and so on). */
export function branchDepth(params: DocParam[], depth = 0): number {
  let max = 0;
  if (depth > 32) return max;
  for (const p of params) if (p.children?.length) max = Math.max(max, 1 + branchDepth(p.children, depth + 1));
  return max;
}
