/** "Did you mean": a query without results gets the terms one edit away that the reader's scope holds. */
import { sql } from 'kysely';
import { CANDIDATES, type CountedTerm, type Ctx, run, within } from './search-sql.js';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789_';

/** The words one edit (delete, swap, replace, insert) away from a word. */
export function oneEdit(w: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= w.length; i++) {
    const a = w.slice(0, i);
    const b = w.slice(i);
    if (b) out.add(a + b.slice(1));
    if (b.length > 1) out.add(a + b[1] + b[0] + b.slice(2));
    for (const c of ALPHABET) {
      if (b) out.add(a + c + b.slice(1));
      out.add(a + c + b);
    }
  }
  out.delete(w);
  return [...out];
}

/**
 * "Did you mean": for a query without results, each Latin word (3+ letters) that matches nothing is replaced
 * by the term one edit away that the reader's scope holds most often (counted up to CANDIDATES rows), so the
 * suggestion comes from what the reader may read. Returns the corrected query, or null.
 */
export async function suggest(ctx: Ctx, q: string, terms: CountedTerm[], scopeIds: number[] | null): Promise<string | null> {
  const inScope = scopeIds ? sql` and ${within(ctx.dialect, 'scope_id', scopeIds)}` : sql``;
  const fixes = new Map<string, string>();
  for (const t of terms) {
    if (t.n > 0 || t.term.length < 3 || t.term.length > 24 || !/^[a-z0-9_]+$/.test(t.term)) continue;
    const variants = oneEdit(t.term).filter((v) => v.length >= 2);
    const r = await run(
      ctx,
      sql<{ term: string; n: number }>`select term, count(*) as n from (select term from search_terms
        where term in (${sql.join(variants)})${inScope} limit ${CANDIDATES}) x group by term order by n desc, term limit 1`,
      false,
    );
    const best = r[0]?.term;
    if (!best) return null;
    fixes.set(t.term, best);
  }
  if (!fixes.size) return null;
  const fixed = q
    .trim()
    .split(/\s+/)
    .map((w) => fixes.get(w.normalize('NFKC').toLowerCase()) ?? w)
    .join(' ');
  return fixed === q.trim() ? null : fixed;
}
