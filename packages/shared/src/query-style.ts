/**
 * A query parameter's example as its serialization sends it (OpenAPI `style`/`explode`, kept by an import as the
 * doc's `paramStyles`): the debug console's rows and the code samples write the same pairs.
 */
import type { DocParam, ParamSerialization } from './types.js';

const DELIMITER: Record<string, string> = { form: ',', spaceDelimited: ' ', pipeDelimited: '|' };

/** An array example's items: a JSON array, else the text split on the style's delimiter (or a comma). */
function itemsOf(example: string, style: string): string[] {
  try {
    const v = JSON.parse(example);
    if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)));
  } catch {
    /* plain text */
  }
  return example
    .split(DELIMITER[style] ?? ',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const isArrayType = (type: string) => /^(array|list)/i.test(type) || type.endsWith('[]');

/**
 * The name=value pairs a top-level query param's example is sent as: an array exploded one pair per item
 * (`ids=a&ids=b`), else one pair joined by its delimiter (`ids=a,b`, `a|b`, `a b`); a flat object in `form` style
 * its own keys (`lat=1&lng=2`), else `point=lat,1,lng,2`. [] when there is no example; null when the style does
 * not change how it is sent (no style, `deepObject`: bracketed keys as for any nested param, or another type).
 */
export function styledQueryPairs(p: DocParam, s: ParamSerialization | undefined): { name: string; value: string }[] | null {
  if (!s || s.style === 'deepObject') return null;
  const type = p.type ?? '';
  const kids = p.children ?? [];
  if (isArrayType(type)) {
    // An array of objects is sent as bracketed keys.
    if (kids.length && !(kids.length === 1 && kids[0].name === '[item]' && !kids[0].children?.length)) return null;
    const items = itemsOf(p.example ?? '', s.style);
    if (!items.length) return [];
    if (s.explode) return items.map((value) => ({ name: p.name, value }));
    return [{ name: p.name, value: items.join(DELIMITER[s.style] ?? ',') }];
  }
  if (/^object/i.test(type) && kids.length && s.style === 'form' && kids.every((k) => !k.children?.length)) {
    const set = kids.filter((k) => k.example);
    if (s.explode) return set.map((k) => ({ name: k.name, value: k.example }));
    return set.length ? [{ name: p.name, value: set.flatMap((k) => [k.name, k.example]).join(',') }] : [];
  }
  return null;
}
