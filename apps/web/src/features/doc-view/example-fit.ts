/**
 * Whether a spec's own example still fits the doc's parameters. The examples come from the imported spec and
 * are kept as they were when the parameters are edited in the form, so a reader is told where they no longer
 * agree: the fields the example has that no parameter names, and the required parameters it lacks (by path).
 */
import type { DocParam } from '@folio/shared';
import { isAlternatives } from './examples';

export interface ExampleFit {
  unknown: string[];
  missing: string[];
}

/** A parameter's item fields (an array's `[item]` child stands for its elements). */
const fieldsOf = (p: DocParam): DocParam[] =>
  p.children.length === 1 && p.children[0].name === '[item]' ? (p.children[0].children ?? []) : p.children;

/** What of the example does not fit (empty lists: it fits); null when it cannot be judged (not JSON, no params). */
export function exampleFit(text: string, params: DocParam[]): ExampleFit | null {
  if (!params.length) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const out: ExampleFit = { unknown: [], missing: [] };
  const walk = (v: unknown, ps: DocParam[], at: string, depth: number) => {
    if (depth > 16 || !ps.length) return;
    if (Array.isArray(v)) {
      if (v.length) walk(v[0], ps, at, depth + 1);
      return;
    }
    if (!v || typeof v !== 'object') return;
    // A map (`<key>`) takes any key.
    if (ps.length === 1 && ps[0].name === '<key>') return;
    for (const p of ps) if (p.required === 1 && !(p.name in v)) out.missing.push(at ? `${at}.${p.name}` : p.name);
    const byName = new Map(ps.map((p) => [p.name, p]));
    for (const [k, x] of Object.entries(v)) {
      const p = byName.get(k);
      const path = at ? `${at}.${k}` : k;
      if (!p) out.unknown.push(path);
      // (Alternatives are judged by none of them: the example is one of them.)
      else if (p.children?.length && !isAlternatives(p)) walk(x, fieldsOf(p), path, depth + 1);
    }
  };
  walk(value, params, '', 0);
  return out;
}

/** True when a fit found something that does not agree. */
export const misfits = (f: ExampleFit | null): f is ExampleFit => !!f && (f.unknown.length > 0 || f.missing.length > 0);
