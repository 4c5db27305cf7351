/**
 * Request and response examples generated from parameter trees: objects from children, arrays of one
 * element, scalar examples typed by the param type (a dictionary's first value when there is no example).
 * A `oneOf`/`anyOf` param's children are its alternatives: the example is one alternative (the first, or the
 * one `choices` names by the param's path), never all of them merged. A doc's response nests inside the
 * application's common response where a node's example is `$data$` (when the doc uses the common returns).
 * This is the one example generator of the web (view, Copy, debug pre-fill); a spec's own examples come first
 * where it has them (`jsonBodyText`, the view's example picker).
 */
import { DATA_NODE_EXAMPLE, type DocDetail, type DocParam, type NamedExample, typeBase } from '@folio/shared';

/** Which alternative each `oneOf`/`anyOf` param shows, by its path ("source", "owner.0.address"). */
export type Choices = Record<string, number>;

/** A param whose children are alternatives. */
export const isAlternatives = (p: Pick<DocParam, 'type'>) => /^(oneof|anyof)(\(|$)/i.test(p.type ?? '');

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function parseJson(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

/** The example value of one scalar param (typed by its declared type). */
export function scalarExample(p: Pick<DocParam, 'type' | 'example'> & { enumInfo?: DocParam['enumInfo'] }): Json {
  const type = typeBase(p.type || 'string').toLowerCase();
  const ex = p.example ?? '';
  switch (type) {
    case 'number':
    case 'integer':
    case 'int':
    case 'long':
    case 'float':
    case 'double': {
      const n = Number(ex);
      return ex.trim() !== '' && Number.isFinite(n) ? n : 0;
    }
    case 'boolean':
      return ex.trim().toLowerCase() === 'true';
    case 'num_array': {
      const parsed = parseJson(ex);
      if (Array.isArray(parsed)) return parsed;
      return ex
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map(Number)
        .filter(Number.isFinite);
    }
    case 'str_array':
    case 'file[]': {
      const parsed = parseJson(ex);
      if (Array.isArray(parsed)) return parsed;
      return ex
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    }
    default: {
      const first = !ex && p.enumInfo?.items?.[0];
      return first ? first.value || first.name : ex;
    }
  }
}

/** The example value of a param and its children. */
export function paramExample(p: DocParam, depth = 0, path = p.name, choices: Choices = {}): Json {
  // `object(Pet)` (an imported schema's name) is an object; `integer(int64)` an integer.
  const type = typeBase(p.type || 'string').toLowerCase();
  const kids = p.children ?? [];
  if (depth > 32) return null;
  if (isAlternatives(p) && kids.length) {
    const i = Math.min(kids.length - 1, Math.max(0, choices[path] ?? 0));
    return paramExample(kids[i], depth + 1, `${path}.${i}`, choices);
  }
  if (type === 'object' || (kids.length && type !== 'array')) {
    if (!kids.length) return parseJson(p.example) ?? {};
    return paramsToObject(kids, depth + 1, path, choices);
  }
  if (type === 'array' || type.endsWith('[]') || type.startsWith('list') || type.startsWith('array')) {
    if (kids.length) return [paramsToObject(kids, depth + 1, path, choices)];
    const parsed = parseJson(p.example);
    if (Array.isArray(parsed)) return parsed;
    return p.example ? [p.example] : [];
  }
  return scalarExample(p);
}

/** An object from a parameter list (name → example). */
export function paramsToObject(params: DocParam[], depth = 0, prefix = '', choices: Choices = {}): { [k: string]: Json } {
  const out: { [k: string]: Json } = {};
  for (const p of params) if (p.name) out[p.name] = paramExample(p, depth, prefix ? `${prefix}.${p.name}` : p.name, choices);
  return out;
}

export interface AlternativeSet {
  path: string;
  name: string;
  kind: string;
  options: string[];
}

/** The `oneOf`/`anyOf` params of a body shown by the current choices (for the example's switcher). */
export function alternativesOf(
  params: DocParam[],
  choices: Choices = {},
  prefix = '',
  out: AlternativeSet[] = [],
  depth = 0,
): AlternativeSet[] {
  if (depth > 32 || out.length >= 20) return out;
  for (const p of params) {
    if (!p.name) continue;
    const path = prefix ? `${prefix}.${p.name}` : p.name;
    const kids = p.children ?? [];
    if (isAlternatives(p) && kids.length) {
      out.push({ path, name: p.name, kind: p.type, options: kids.map((k, i) => k.name || String(i + 1)) });
      const i = Math.min(kids.length - 1, Math.max(0, choices[path] ?? 0));
      const chosen = kids[i];
      if (chosen.children?.length) alternativesOf(chosen.children, choices, `${path}.${i}`, out, depth + 1);
    } else if (kids.length) alternativesOf(kids, choices, path, out, depth + 1);
  }
  return out;
}

/** Example of a body: an object, or an array of one when the doc says the body is an array. */
export function bodyExample(params: DocParam[], isArray: boolean, arrayType = 'object', choices: Choices = {}): Json {
  if (arrayType && arrayType !== 'object' && !params.length && isArray) return [scalarExample({ type: arrayType, example: '' })];
  // A body that is itself `oneOf`/`anyOf` (one alternatives node) is one of the alternatives, not wrapped in its name.
  const root = params.length === 1 && isAlternatives(params[0]) && params[0].children?.length;
  const one = root ? paramExample(params[0], 0, params[0].name, choices) : paramsToObject(params, 0, '', choices);
  return isArray ? [one] : one;
}

/** Finds the `$data$` node of a common response tree (depth first), or null. */
export function findDataNode(params: DocParam[]): DocParam | null {
  for (const p of params) {
    if (p.example === DATA_NODE_EXAMPLE) return p;
    const hit = findDataNode(p.children ?? []);
    if (hit) return hit;
  }
  return null;
}

/**
 * The response example: the doc's own response, wrapped in the common response when the doc uses common
 * returns and one of them is the `$data$` node.
 */
export function responseExample(
  doc: Pick<DocParam, never> & {
    responseParams: DocParam[];
    isResponseArray: number;
    responseArrayType?: string;
    isUseGlobalReturns?: number;
  },
  globalReturns: DocParam[] = [],
  choices: Choices = {},
): Json {
  const own = bodyExample(doc.responseParams, !!doc.isResponseArray, doc.responseArrayType, choices);
  if (doc.isUseGlobalReturns === 0 || !globalReturns.length) return own;
  const dataNode = findDataNode(globalReturns);
  if (!dataNode) return own;
  const wrap = (list: DocParam[], depth: number): { [k: string]: Json } => {
    const out: { [k: string]: Json } = {};
    for (const p of list) {
      if (!p.name) continue;
      if (p === dataNode) out[p.name] = own;
      else if (p.children?.length && depth < 32) {
        const inner = wrap(p.children, depth + 1);
        out[p.name] = (p.type || '').toLowerCase() === 'array' ? [inner] : inner;
      } else out[p.name] = scalarExample(p);
    }
    return out;
  };
  return wrap(globalReturns, 0);
}

/** A query string from query params' examples ('' when none). */
export function queryString(params: DocParam[]): string {
  const q = params.filter((p) => p.name).map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(scalarExample(p)))}`);
  return q.length ? `?${q.join('&')}` : '';
}

/** The JSON body a debug form starts with: the spec's first own example, else one generated from the body params. */
export function jsonBodyText(doc: Pick<DocDetail, 'requestExamples' | 'requestParams' | 'isRequestArray' | 'requestArrayType'>): string {
  const own = doc.requestExamples?.[0]?.value;
  if (own) return own;
  return doc.requestParams?.length
    ? JSON.stringify(bodyExample(doc.requestParams, !!doc.isRequestArray, doc.requestArrayType), null, 2)
    : '';
}

/** The text an example picker shows for a position (the spec's example, else the generated one). */
export const pickedExample = (examples: NamedExample[] | undefined, generated: string, value: number): string => {
  const list = examples ?? [];
  const count = list.length + (generated ? 1 : 0);
  if (!count) return '';
  const at = Math.min(Math.max(0, value), count - 1);
  return list[at]?.value ?? generated;
};

/**
 * A form-encoded body (`a=1&b=%5Bx%5D`) as one decoded `key=value` per line, to read; Copy keeps the body as
 * it is sent. A part that does not decode is shown as it is.
 */
export function formLines(text: string): string {
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  return text
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('=');
      return at < 0 ? decode(part) : `${decode(part.slice(0, at))}=${decode(part.slice(at + 1))}`;
    })
    .join('\n');
}
