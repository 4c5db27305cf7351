/**
 * The default mock of a doc: the first example of its success response when there is one (JSON; the spec's own
 * or written in Folio's editor), else a JSON body generated from its response parameters (types, examples, enums;
 * an array when the response is an array; wrapped in the application's common response where the `$data$`
 * node marks the doc's place), and the merge that refreshes it when the doc changes while keeping values a
 * person edited (a value differing from what was generated last time counts as edited).
 */
import { DATA_NODE_EXAMPLE, type DocDetail, type DocParam, successResponse, typeBase } from '@folio/shared';

/** A param whose children are alternatives (`oneOf`/`anyOf`, with or without a discriminator: `oneOf(petType)`). */
const isAlternatives = (p: Pick<DocParam, 'type'>) => /^(oneof|anyof)(\(|$)/i.test(p.type ?? '');

const NUMBER_TYPES = /^(number|int|integer|long|short|float|double|bigdecimal|biginteger|byte)$/i;

/** How a parameter type is mocked (read once per distinct type text: a spec has few of them). */
interface TypeKind {
  scalar: 'enum' | 'number' | 'boolean' | 'num_array' | 'array' | 'object' | 'text';
  /** With children: an array of the object (list, set, array, `[]`). */
  container: boolean;
}
const kinds = new Map<string, TypeKind>();

function kindOf(raw: string | undefined): TypeKind {
  const key = raw ?? '';
  let k = kinds.get(key);
  if (k) return k;
  const type = typeBase(key || 'string').toLowerCase();
  const scalar: TypeKind['scalar'] =
    type === 'enum'
      ? 'enum'
      : NUMBER_TYPES.test(type)
        ? 'number'
        : type === 'boolean' || type === 'bool'
          ? 'boolean'
          : type === 'num_array'
            ? 'num_array'
            : type === 'str_array' || type.endsWith('[]') || type === 'array' || type.startsWith('list') || type.startsWith('array')
              ? 'array'
              : type === 'object' || type === 'map'
                ? 'object'
                : 'text';
  const t = key.toLowerCase();
  k = { scalar, container: t === 'array' || t.startsWith('list') || t.startsWith('array') || t.endsWith('[]') || t.startsWith('set') };
  if (kinds.size < 10_000) kinds.set(key, k);
  return k;
}

function scalar(p: DocParam, kind: TypeKind): unknown {
  const ex = p.example ?? '';
  if (kind.scalar === 'enum' || p.enumInfo?.items?.length) {
    const first = p.enumInfo?.items?.[0];
    if (ex) return ex;
    return first ? first.value || first.name : '';
  }
  switch (kind.scalar) {
    case 'number': {
      const n = Number(ex);
      return ex !== '' && Number.isFinite(n) ? n : 0;
    }
    case 'boolean':
      return ex.toLowerCase() === 'true';
    case 'num_array':
    case 'array': {
      const parsed = tryJson(ex);
      if (Array.isArray(parsed)) return parsed;
      if (!ex) return [];
      const parts = ex.split(',').map((s) => s.trim());
      return kind.scalar === 'num_array' ? parts.map(Number).filter(Number.isFinite) : parts;
    }
    case 'object': {
      const parsed = tryJson(ex);
      return parsed && typeof parsed === 'object' ? parsed : {};
    }
    default:
      return ex;
  }
}

function tryJson(s: string): unknown {
  if (!s || (s[0] !== '{' && s[0] !== '[')) return undefined;
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

/** The value of one parameter (children make objects, or arrays of objects for array types). */
export function paramValue(p: DocParam, depth = 0): unknown {
  if (depth > 32) return null;
  const kind = kindOf(p.type);
  // `oneOf`/`anyOf`: the children are alternatives; a valid payload is one of them (the first), never all merged.
  if (isAlternatives(p) && p.children?.length) return paramValue(p.children[0], depth + 1);
  if (p.children?.length) {
    const obj = paramsObject(p.children, depth + 1);
    return kind.container ? [obj] : obj;
  }
  return scalar(p, kind);
}

/** An object from a parameter list. */
export function paramsObject(params: DocParam[], depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of params) if (p.name) out[p.name] = paramValue(p, depth);
  return out;
}

/** Replaces the `$data$` node of the common response with the doc's own body (null when there is none). */
function wrapInCommon(common: DocParam[], body: unknown): unknown {
  let placed = false;
  const walk = (ps: DocParam[], depth: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const p of ps) {
      if (!p.name) continue;
      if (!placed && p.example === DATA_NODE_EXAMPLE) {
        out[p.name] = body;
        placed = true;
      } else if (p.children?.length && depth < 32) out[p.name] = walk(p.children, depth + 1);
      else out[p.name] = paramValue({ ...p, example: p.example === DATA_NODE_EXAMPLE ? '' : p.example }, depth);
    }
    return out;
  };
  const env = walk(common, 0);
  return placed ? env : null;
}

/**
 * The first example of the doc's success response, when it is JSON (undefined otherwise): the spec's own for an
 * imported doc, or one written in Folio's editor for the success status, as the reader shows it.
 */
export function specExampleBody(doc: Pick<DocDetail, 'responses' | 'errorCodeParams'>): unknown {
  const codes = (doc.errorCodeParams ?? []).map((c) => String(c.code));
  const text = successResponse(doc.responses, codes)?.examples?.[0]?.value;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The default body of a doc: its success response's example when it has one, else generated from its response params. */
export function generateDefaultBody(doc: DocDetail, commonReturns: DocParam[] = []): unknown {
  const params = doc.responseParams ?? [];
  const own = specExampleBody(doc);
  // A response that is itself `oneOf`/`anyOf` (one alternatives node) is its first alternative, not wrapped in its name.
  let body: unknown =
    own !== undefined
      ? own
      : params.length === 1 && isAlternatives(params[0]) && params[0].children?.length
        ? paramValue(params[0])
        : paramsObject(params);
  if (doc.isResponseArray && own === undefined) body = [body];
  if (doc.isUseGlobalReturns && commonReturns.length) {
    const wrapped = wrapInCommon(commonReturns, body);
    if (wrapped !== null) body = wrapped;
  }
  return body;
}

const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Merges a newly generated body into the current one: new keys added, removed keys dropped, a changed type
 * takes the new value, and a value the person edited (current differs from the last generated) is kept.
 */
export function mergeDefault(current: unknown, lastGenerated: unknown, next: unknown, depth = 0): unknown {
  if (depth > 32) return next;
  if (kind(current) !== kind(next)) return next;
  if (kind(next) === 'object') {
    const c = current as Record<string, unknown>;
    const l = (kind(lastGenerated) === 'object' ? lastGenerated : {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(next as Record<string, unknown>)) {
      out[k] = k in c ? mergeDefault(c[k], l[k], v, depth + 1) : v;
    }
    return out;
  }
  if (kind(next) === 'array') {
    const c = current as unknown[];
    const n = next as unknown[];
    const l = (Array.isArray(lastGenerated) ? lastGenerated : []) as unknown[];
    if (same(c, l)) return n;
    // Edited arrays: merge element shapes from the first generated element into each kept element.
    if (n.length && kind(n[0]) === 'object') return c.map((el) => mergeDefault(el, l[0], n[0], depth + 1));
    return c;
  }
  // Scalars: keep an edited value, else take the new one.
  return same(current, lastGenerated) ? next : current;
}
