/**
 * The console's request model and sending: rows pre-filled from the doc and the environment, the URL from
 * the base URL and path params, bodies of every kind, and sending straight from the browser or through
 * Folio's proxy (`/api/debug/proxy`, Torna's header contract). Pure apart from `sendRequest`.
 */
import { type DocParam, type ParamSerialization, styledQueryPairs } from '@folio/shared';
import { applyVars, type ScriptReq } from './script-runner';

export type BodyType = 'none' | 'json' | 'form' | 'multipart' | 'xml' | 'text';

export interface Row {
  key: string;
  enabled: boolean;
  name: string;
  value: string;
  /** multipart rows: 'text' or 'file'. */
  kind?: 'text' | 'file';
  files?: File[];
  /**
   * Rows that came from the environment (replaced when another environment is picked) or from the doc's
   * security (credential placeholders, left out where another row sends the same header or parameter).
   */
  origin?: 'env' | 'auth';
}

let seq = 0;
/** A new editable row. */
export const row = (name = '', value = '', kind: Row['kind'] = 'text'): Row => ({ key: `r${++seq}`, enabled: true, name, value, kind });

/**
 * A top-level query param as the spec says it is sent (`styledQueryPairs`): the pairs its example makes, ticked;
 * an exploded object's keys without an example stay available, unticked. Null: the usual rows.
 */
function styledRows(p: DocParam, s: ParamSerialization | undefined, need: boolean): Row[] | null {
  const pairs = styledQueryPairs(p, s);
  if (!pairs) return null;
  if (!pairs.length && !(s?.explode && /^object/i.test(p.type ?? ''))) return [{ ...row(p.name, ''), enabled: need }];
  const rows = pairs.map((x) => ({ ...row(x.name, x.value), enabled: true }));
  if (s?.explode && /^object/i.test(p.type ?? ''))
    for (const k of p.children ?? []) if (!k.example) rows.push({ ...row(k.name, ''), enabled: need && k.required === 1 });
  return rows;
}

/**
 * Rows from doc params (name + example; file types become file rows). Only required params and params with an
 * example are ticked (an optional empty `?expand=` is not sent). Nested params become bracketed keys, as
 * form-encoded and `deepObject` APIs (Stripe) take them: `address[city]`, `items[0][sku]`. Query params with
 * `styles` (OpenAPI's style/explode) are sent as their spec says (`styledRows`).
 */
export function rowsFromParams(params: DocParam[] | undefined, styles: ParamSerialization[] = []): Row[] {
  const out: Row[] = [];
  const walk = (list: DocParam[], prefix: string, required: boolean, depth: number) => {
    for (const p of list) {
      if (!p.name || depth > 8) continue;
      const name = prefix ? `${prefix}[${p.name}]` : p.name;
      const need = required && p.required === 1;
      const styled = prefix
        ? null
        : styledRows(
            p,
            styles.find((s) => s.name === p.name),
            need,
          );
      if (styled) {
        out.push(...styled);
        continue;
      }
      const kids = p.children ?? [];
      // Alternatives (oneOf/anyOf) have no single set of keys: the param stays one row.
      if (kids.length && !/^(oneof|anyof)$/i.test(p.type ?? '')) {
        walk(kids, /^(array|list)/i.test(p.type ?? '') || (p.type ?? '').endsWith('[]') ? `${name}[0]` : name, need, depth + 1);
        continue;
      }
      const r = row(name, p.example ?? '', /^file/i.test(p.type) ? 'file' : 'text');
      out.push({ ...r, enabled: need || !!p.example });
    }
  };
  walk(params ?? [], '', true, 0);
  return out;
}

/** Whether a Content-Type header fits a body type (a `text/plain` header must not relabel a JSON body). */
export function contentTypeFits(header: string, bodyType: BodyType): boolean {
  const h = header.toLowerCase();
  if (bodyType === 'json') return /json/.test(h);
  if (bodyType === 'form') return /x-www-form-urlencoded/.test(h);
  if (bodyType === 'xml') return /xml/.test(h);
  return true;
}

/** Body type of a doc's content type. */
export function bodyTypeOf(contentType: string, method: string): BodyType {
  const ct = (contentType || '').toLowerCase();
  if (ct.includes('json')) return 'json';
  if (ct.includes('x-www-form-urlencoded')) return 'form';
  if (ct.includes('multipart')) return 'multipart';
  if (ct.includes('xml')) return 'xml';
  if (ct.includes('text/plain')) return 'text';
  return ['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method.toUpperCase()) ? 'none' : 'json';
}

export const CONTENT_TYPE_OF: Record<BodyType, string> = {
  none: '',
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: '',
  xml: 'application/xml',
  text: 'text/plain',
};

/** Joins a base URL and a doc path, filling `{name}` path params. */
export function buildUrl(base: string, path: string, pathRows: Row[], queryRows: Row[], vars: Record<string, string> = {}): string {
  let p = path || '';
  for (const r of pathRows) {
    if (!r.enabled || !r.name) continue;
    const v = encodeURIComponent(applyVars(r.value, vars));
    p = p
      .split(`{${r.name}}`)
      .join(v)
      .replace(new RegExp(`/:${r.name}(?=/|$)`), `/${v}`);
  }
  let url = /^[a-z]+:\/\//i.test(p) ? p : `${(base || '').replace(/\/+$/, '')}/${p.replace(/^\/+/, '')}`;
  const qs = new URLSearchParams();
  for (const r of queryRows) if (r.enabled && r.name) qs.append(r.name, applyVars(r.value, vars));
  const q = qs.toString();
  if (q) url += (url.includes('?') ? '&' : '?') + q;
  return applyVars(url, vars);
}

/** Enabled rows as an object (later rows win). */
export function rowsObject(rows: Row[], vars: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows) if (r.enabled && r.name) out[r.name] = applyVars(r.value, vars);
  return out;
}

export interface DraftRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  bodyType: BodyType;
  /** json/xml/text source. */
  bodyText: string;
  /** form/multipart rows. */
  bodyRows: Row[];
}

/** The body and its content type (multipart: the browser adds the boundary). */
export function encodeBody(d: DraftRequest, vars: Record<string, string> = {}): { body?: BodyInit; contentType: string } {
  if (['GET', 'HEAD'].includes(d.method.toUpperCase()) || d.bodyType === 'none') return { contentType: '' };
  if (d.bodyType === 'form') {
    const p = new URLSearchParams();
    for (const r of d.bodyRows) if (r.enabled && r.name) p.append(r.name, applyVars(r.value, vars));
    return { body: p.toString(), contentType: CONTENT_TYPE_OF.form };
  }
  if (d.bodyType === 'multipart') {
    const fd = new FormData();
    for (const r of d.bodyRows) {
      if (!r.enabled || !r.name) continue;
      if (r.kind === 'file') for (const f of r.files ?? []) fd.append(r.name, f, f.name);
      else fd.append(r.name, applyVars(r.value, vars));
    }
    return { body: fd, contentType: '' };
  }
  return { body: applyVars(d.bodyText, vars), contentType: CONTENT_TYPE_OF[d.bodyType] };
}

export interface DebugResponse {
  status: number;
  statusText: string;
  timeMs: number;
  size: number;
  headers: Record<string, string | string[]>;
  contentType: string;
  bytes: ArrayBuffer;
  /** The final URL after redirects (proxy) or the response URL. */
  url: string;
}

export interface SendOptions {
  viaProxy: boolean;
  docId: string;
  /** Folio token (proxy; never sent to targets). */
  token?: string | null;
  grant?: string;
  followRedirects: boolean;
  signal?: AbortSignal;
  /** Origin of the Folio server ('' = this page's). */
  proxyBase?: string;
}

/** The answer of the proxy itself (a refusal or an error), not of the target. */
export class ProxyError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly slug?: string,
  ) {
    super(message);
  }
}

/** Sends the request and reads the whole response. */
export async function sendRequest(d: DraftRequest, opts: SendOptions, vars: Record<string, string> = {}): Promise<DebugResponse> {
  const { body, contentType } = encodeBody(d, vars);
  const headers: Record<string, string> = { ...d.headers };
  // The body type decides the Content-Type when a header (often imported) says something the body is not.
  for (const k of Object.keys(headers))
    if (k.toLowerCase() === 'content-type' && !contentTypeFits(headers[k], d.bodyType)) delete headers[k];
  if (contentType && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['Content-Type'] = contentType;
  if (d.bodyType === 'multipart') for (const k of Object.keys(headers)) if (k.toLowerCase() === 'content-type') delete headers[k];
  const started = performance.now();
  if (!opts.viaProxy) {
    const res = await fetch(d.url, {
      method: d.method,
      headers,
      body,
      signal: opts.signal,
      redirect: opts.followRedirects ? 'follow' : 'manual',
    });
    const bytes = await res.arrayBuffer();
    const h: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      h[k] = v;
    });
    return {
      status: res.status,
      statusText: res.statusText,
      timeMs: performance.now() - started,
      size: bytes.byteLength,
      headers: h,
      contentType: res.headers.get('content-type') ?? '',
      bytes,
      url: res.url || d.url,
    };
  }
  // Header values must be Latin-1: percent-encode a URL or header JSON that holds other characters.
  const headersJson = JSON.stringify(headers);
  let targetUrl = d.url;
  try {
    targetUrl = new URL(d.url).href;
  } catch {
    /* the proxy answers with a clear message */
  }
  const proxyHeaders: Record<string, string> = {
    'target-url': targetUrl,
    'target-headers': /[^\x20-\x7e]/.test(headersJson) ? encodeURIComponent(headersJson) : headersJson,
    'target-follow-redirects': String(opts.followRedirects),
  };
  const ct = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  if (ct && d.bodyType !== 'multipart') proxyHeaders['content-type'] = ct;
  if (opts.token) proxyHeaders.token = opts.token;
  if (opts.grant) proxyHeaders['x-share-grant'] = opts.grant;
  const res = await fetch(`${opts.proxyBase ?? ''}/api/debug/proxy?docId=${encodeURIComponent(opts.docId)}`, {
    method: d.method,
    headers: proxyHeaders,
    body,
    signal: opts.signal,
  });
  const raw = res.headers.get('target-response-headers');
  const bytes = await res.arrayBuffer();
  if (raw === null) {
    let msg = `HTTP ${res.status}`;
    let slug: string | undefined;
    try {
      const env = JSON.parse(new TextDecoder().decode(bytes)) as { msg?: string; error?: string };
      msg = env.msg || msg;
      slug = env.error;
    } catch {
      /* not an envelope */
    }
    throw new ProxyError(msg, res.status, slug);
  }
  let targetHeaders: Record<string, string | string[]> = {};
  try {
    targetHeaders = JSON.parse(raw);
  } catch {
    /* keep empty */
  }
  let finalUrl = d.url;
  try {
    finalUrl = JSON.parse(res.headers.get('target-final-url') ?? '""') || d.url;
  } catch {
    /* keep the asked URL */
  }
  const serverTime = Number(res.headers.get('target-time-ms'));
  return {
    status: res.status,
    statusText: res.statusText,
    timeMs: Number.isFinite(serverTime) && serverTime > 0 ? serverTime : performance.now() - started,
    size: bytes.byteLength,
    headers: targetHeaders,
    contentType: res.headers.get('content-type') ?? '',
    bytes,
    url: finalUrl,
  };
}

/** How to show a body: JSON (pretty), image, or text. */
export function viewOf(r: Pick<DebugResponse, 'contentType' | 'bytes'>): { kind: 'json' | 'image' | 'text'; text: string; data?: unknown } {
  const ct = r.contentType.toLowerCase();
  if (ct.startsWith('image/')) return { kind: 'image', text: '' };
  const text = new TextDecoder().decode(r.bytes);
  const trimmed = text.trim();
  if (ct.includes('json') || trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const data = JSON.parse(trimmed);
      return { kind: 'json', text: JSON.stringify(data, null, 2), data };
    } catch {
      /* fall through to text */
    }
  }
  return { kind: 'text', text };
}

/** Human size. */
export function formatSize(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}

/** Cookies from Set-Cookie header values, merged into a jar (name → value; expired/empty ones removed). */
export function mergeSetCookies(jar: Record<string, string>, setCookie: string | string[] | undefined): Record<string, string> {
  const out = { ...jar };
  for (const line of [setCookie ?? []].flat()) {
    const [pair, ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attrs.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a)) || value === '';
    if (expired) delete out[name];
    else out[name] = value;
  }
  return out;
}

/** A Cookie header from a jar plus an existing header value. */
export function cookieHeader(jar: Record<string, string>, existing = ''): string {
  const parts = Object.entries(jar).map(([k, v]) => `${k}=${v}`);
  return [existing.trim(), ...parts].filter(Boolean).join('; ');
}

/** Thrown when the body cannot be turned into what a script expects (invalid JSON). */
export class FormatError extends Error {}

/** The request as scripts see it (Torna's req): URL without query, params, data, headers. */
export function toScriptReq(d: DraftRequest, vars: Record<string, string> = {}): ScriptReq {
  const u = d.url.split('?');
  const params: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(u.slice(1).join('?'))) params[k] = v;
  let data: unknown = null;
  if (d.bodyType === 'json') {
    const text = applyVars(d.bodyText, vars).trim();
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        throw new FormatError('invalid JSON body');
      }
    }
  } else if (d.bodyType === 'form' || d.bodyType === 'multipart') {
    data = rowsObject(
      d.bodyRows.filter((r) => r.kind !== 'file'),
      vars,
    );
  } else if (d.bodyType !== 'none') data = applyVars(d.bodyText, vars);
  return { url: u[0], method: d.method, params, data, headers: { ...d.headers } };
}

/** The draft back from what scripts left in req (file rows of multipart are kept). */
export function fromScriptReq(req: ScriptReq, d: DraftRequest): DraftRequest {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(req.params ?? {})) if (v !== undefined && v !== null) qs.append(k, String(v));
  const q = qs.toString();
  const url = q ? `${req.url}${req.url.includes('?') ? '&' : '?'}${q}` : req.url;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers ?? {})) if (v !== undefined && v !== null) headers[k] = String(v);
  const next: DraftRequest = { ...d, method: (req.method || d.method).toUpperCase(), url, headers };
  if (d.bodyType === 'json')
    next.bodyText = req.data === null || req.data === undefined ? '' : typeof req.data === 'string' ? req.data : JSON.stringify(req.data);
  else if (d.bodyType === 'form' || d.bodyType === 'multipart') {
    const obj = (req.data && typeof req.data === 'object' ? req.data : {}) as Record<string, unknown>;
    next.bodyRows = [...Object.entries(obj).map(([k, v]) => row(k, String(v ?? ''))), ...d.bodyRows.filter((r) => r.kind === 'file')];
  } else if (d.bodyType !== 'none') next.bodyText = req.data === null || req.data === undefined ? '' : String(req.data);
  return next;
}
