/**
 * Which mock rule answers a request: the rule's path (with `{name}` or `:name` segments matching any value,
 * and an optional `?query` part that must be present in the request), its request data (kv: each name must
 * equal a query or form value; json: a subset of the JSON body) and specificity: exact paths before patterns,
 * rules with request data before rules without, person-made rules before the default one, the doc's
 * method before other methods.
 */

export interface MockRule {
  id: number;
  docId: number;
  moduleId: number;
  name: string;
  path: string;
  isDefault: number;
  requestDataType: number;
  requestData: string;
  httpStatus: number;
  delayMills: number;
  resultType: number;
  responseHeaders: string;
  responseBody: string;
  mockScript: string;
  docMethod: string;
  /** A default whose body is generated when first read (see PENDING_DEFAULT); 1/true when so. */
  pending?: unknown;
}

export interface MockRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  /** Parsed body: object for JSON/form, string otherwise. */
  body: unknown;
  /** Form fields when the body is urlencoded. */
  form: Record<string, string | string[]> | null;
}

/** Normalises a rule path: no leading/trailing slashes, collapsed slashes; the query part kept. */
export function normalizeMockPath(raw: string): string {
  const [p, q] = splitQuery(raw.trim());
  const path = p.replace(/\/{2,}/g, '/').replace(/^\/+|\/+$/g, '');
  return q ? `${path}?${q}` : path;
}

function splitQuery(s: string): [string, string] {
  const i = s.indexOf('?');
  return i < 0 ? [s, ''] : [s.slice(0, i), s.slice(i + 1)];
}

const isVar = (seg: string) => /^\{[^}]*\}$/.test(seg) || /^:[A-Za-z_]\w*$/.test(seg);

/** Matches a request path against a rule path; returns the path params or null. */
export function matchPath(rulePath: string, reqPath: string): Record<string, string> | null {
  const rs = splitQuery(rulePath)[0].split('/').filter(Boolean);
  const qs = reqPath.split('/').filter(Boolean);
  if (rs.length !== qs.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < rs.length; i++) {
    if (isVar(rs[i])) params[rs[i].replace(/^[{:]|\}$/g, '')] = safeDecode(qs[i]);
    else if (rs[i] !== qs[i] && safeDecode(rs[i]) !== safeDecode(qs[i])) return null;
  }
  return params;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function subset(want: unknown, got: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (want === null || typeof want !== 'object') return String(want) === String(got) && got !== undefined;
  if (Array.isArray(want)) return Array.isArray(got) && want.every((w, i) => subset(w, got[i], depth + 1));
  if (!got || typeof got !== 'object') return false;
  return Object.entries(want as Record<string, unknown>).every(([k, v]) => subset(v, (got as Record<string, unknown>)[k], depth + 1));
}

/** True for a JSON object body (not an array). */
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** True when the rule's request data (and path query part) fit the request. */
export function requestDataMatches(rule: MockRule, req: MockRequest): boolean {
  const q = splitQuery(rule.path)[1];
  if (q) {
    for (const [k, v] of new URLSearchParams(q)) if (first(req.query[k]) !== v) return false;
  }
  const data = rule.requestData?.trim();
  if (!data) return true;
  if (rule.requestDataType === 1) {
    let want: unknown;
    try {
      want = JSON.parse(data);
    } catch {
      return true;
    }
    if (want === null || (typeof want === 'object' && !Array.isArray(want) && !Object.keys(want as object).length)) return true;
    let body = req.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        return false;
      }
    }
    return subset(want, body);
  }
  let kv: { name: string; value: string }[] = [];
  try {
    kv = JSON.parse(data);
  } catch {
    return true;
  }
  if (!Array.isArray(kv)) return true;
  return kv
    .filter((x) => x && typeof x.name === 'string' && x.name)
    .every((x) => {
      const got = first(req.query[x.name]) ?? first(req.form?.[x.name]) ?? (isRecord(req.body) ? req.body[x.name] : undefined);
      return got !== undefined && String(got) === String(x.value ?? '');
    });
}

/** True when a rule has any request-data condition. */
export function hasConditions(rule: MockRule): boolean {
  if (splitQuery(rule.path)[1]) return true;
  const d = rule.requestData?.trim();
  if (!d || d === '[]' || d === '{}' || d === 'null') return false;
  return true;
}

export interface MatchResult {
  rule: MockRule;
  params: Record<string, string>;
}

/** Picks the best rule for the request, or null. */
export function pickRule(rules: MockRule[], req: MockRequest): MatchResult | null {
  let best: { score: number; m: MatchResult } | null = null;
  for (const rule of rules) {
    const params = matchPath(rule.path, req.path);
    if (!params) continue;
    if (!requestDataMatches(rule, req)) continue;
    let score = 0;
    if (!Object.keys(params).length) score += 8;
    if (hasConditions(rule)) score += 4;
    if (!rule.isDefault) score += 2;
    if (!rule.docMethod || rule.docMethod.toUpperCase() === req.method.toUpperCase()) score += 16;
    if (!best || score > best.score || (score === best.score && rule.id > best.m.rule.id)) best = { score, m: { rule, params } };
  }
  return best?.m ?? null;
}
