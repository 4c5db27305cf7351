/**
 * Postman Collection v2.0 / v2.1 → the Torna push payload: folders, requests, URL parts, path and
 * query variables, headers, auth (described), raw/urlencoded/form-data/GraphQL/file bodies (JSON
 * bodies become parameter trees), saved example responses, and collection variables.
 */
import {
  type PushDebugEnv,
  type PushDocItem,
  type PushParam,
  type PushPayload,
  type PushResponse,
  type SecurityData,
  type SecurityRequirement,
  securityDocKey,
} from '@folio/shared';
import { type StoredText, text as storedText, writeText } from '../../i18n/stored-text.js';
import { ImportInputError, parseStructured } from './spec-text.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** A collection variable (key, value, description). */
export interface PostmanVariable {
  name: string;
  value: string;
  description: string;
}

export interface PostmanConvertResult {
  payload: PushPayload;
  /** Message keys, written in the reader's language when read. */
  warnings: StoredText[];
  /** Collection variables, to keep in the imported environment. */
  variables: PostmanVariable[];
  /** Auth as security schemes and requirements (absent when no request has any). */
  security?: SecurityData;
}

const MAX_JSON_PARAMS = 1500;
/**
 * The longest identity label kept: the 64 characters the `version` workaround held, so the docs of
 * installs migrated from it (20261127T200000-add-doc-identity-key) keep their identity on the next import.
 */
const MAX_LABEL = 64;

/** A JSON sample → parameter rows (types detected, values as examples, first array element used). */
export function jsonValueToParams(value: unknown, budget = { left: MAX_JSON_PARAMS }, depth = 0): PushParam[] {
  if (Array.isArray(value)) return isObj(value[0]) ? jsonValueToParams(value[0], budget, depth) : [];
  if (!isObj(value)) return [];
  const out: PushParam[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (budget.left-- <= 0) break;
    out.push(jsonParam(k, v, budget, depth));
  }
  return out;
}

function scalarType(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (typeof v === 'boolean') return 'boolean';
  return 'string';
}

function jsonParam(name: string, v: unknown, budget: { left: number }, depth: number): PushParam {
  const p: PushParam = { name, type: 'string', required: 0, example: '', description: '' };
  if (depth > 12) return { ...p, type: Array.isArray(v) ? 'array' : 'object' };
  if (Array.isArray(v)) {
    if (isObj(v[0])) return { ...p, type: 'array', children: jsonValueToParams(v[0], budget, depth + 1) };
    // An empty array says nothing about its items (and reads back from an export as it was).
    if (!v.length) return { ...p, type: 'array' };
    const t = scalarType(v[0]);
    return { ...p, type: `array[${t}]`, example: JSON.stringify(v).slice(0, 4000) };
  }
  if (isObj(v)) return { ...p, type: 'object', children: jsonValueToParams(v, budget, depth + 1) };
  return { ...p, type: scalarType(v), example: v === null ? '' : String(v) };
}

/** Parses a JSON body that may contain unquoted `{{variables}}`. */
function parseJsonBody(raw: string): unknown {
  const text = raw.trim();
  if (!text || !(text.startsWith('{') || text.startsWith('['))) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    try {
      return JSON.parse(text.replace(/(:\s*|\[\s*|,\s*)(\{\{[^}]+\}\})/g, '$1"$2"'));
    } catch {
      return undefined;
    }
  }
}

function descriptionOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (isObj(v) && typeof v.content === 'string') return v.content;
  return '';
}

interface UrlParts {
  path: string;
  host: string;
  query: Obj[];
  variables: Obj[];
}

function urlParts(u: unknown): UrlParts {
  if (typeof u === 'string') {
    let rest = u.trim();
    let host = '';
    const m = /^((?:[a-z][a-z0-9+.-]*:\/\/)?(?:\{\{[^}]+\}\}|[^/?#{]+)?)(.*)$/i.exec(rest);
    if (m?.[1] && (m[1].includes('://') || m[1].startsWith('{{') || /^[\w.-]+(:\d+)?$/.test(m[1]))) {
      host = m[1];
      rest = m[2];
    }
    const [p, q = ''] = rest.split('?');
    const query = q
      ? q
          .split('&')
          .filter(Boolean)
          .map((kv) => {
            const [k, ...vs] = kv.split('=');
            return { key: decodeURIComponentSafe(k), value: decodeURIComponentSafe(vs.join('=')) };
          })
      : [];
    return { path: p || '/', host, query, variables: [] };
  }
  if (!isObj(u)) return { path: '/', host: '', query: [], variables: [] };
  const host = Array.isArray(u.host) ? u.host.map(str).join('.') : str(u.host);
  const proto = typeof u.protocol === 'string' ? `${u.protocol}://` : '';
  let path = Array.isArray(u.path) ? `/${u.path.map((s) => (isObj(s) ? str(s.value) : str(s))).join('/')}` : str(u.path);
  if (!path && typeof u.raw === 'string') path = urlParts(u.raw).path;
  if (path && !path.startsWith('/')) path = `/${path}`;
  return {
    path: path || '/',
    host: host ? `${proto}${host}${u.port ? `:${u.port}` : ''}` : '',
    query: Array.isArray(u.query) ? (u.query.filter(isObj) as Obj[]) : [],
    variables: Array.isArray(u.variable) ? (u.variable.filter(isObj) as Obj[]) : [],
  };
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

function describeAuth(auth: unknown, lang: string): string {
  if (!isObj(auth) || typeof auth.type !== 'string' || auth.type === 'noauth') return '';
  const t = auth.type;
  const raw = auth[t];
  const fields: Obj = {};
  if (Array.isArray(raw))
    for (const kv of raw)
      if (isObj(kv) && typeof kv.key === 'string') fields[kv.key] = kv.value;
      else if (isObj(raw)) Object.assign(fields, raw);
  const say = (key: string, params?: Record<string, string>) => writeText(lang, `import.text.${key}`, params);
  const user = fields.username ? say('auth_user', { user: str(fields.username) }) : '';
  const label = `**${say('auth')}**`;
  switch (t) {
    case 'bearer':
      return `${label} ${say('auth_bearer')}`;
    case 'basic':
      return `${label} ${say('auth_basic')}${user}`;
    case 'apikey':
      return `${label} ${say('auth_apikey', { key: str(fields.key || 'key'), in: str(fields.in || 'header') })}`;
    case 'oauth2':
      return `${label} ${say('auth_oauth2')}`;
    case 'digest':
      return `${label} ${say('auth_digest')}${user}`;
    default:
      return `${label} ${t}`;
  }
}

/** `:id` and `{{id}}` segments → `{id}` (Folio's path variable syntax). */
function normalisePath(path: string, pathVarNames: Set<string>): string {
  return path
    .split('/')
    .map((seg) => {
      if (seg.startsWith(':') && seg.length > 1) {
        pathVarNames.add(seg.slice(1));
        return `{${seg.slice(1)}}`;
      }
      // `{id}` (not a `{{variable}}`) is already Folio's path variable syntax.
      const braced = /^\{([^{}]+)\}$/.exec(seg);
      if (braced) pathVarNames.add(braced[1]);
      return seg;
    })
    .join('/');
}

interface Ctx {
  warnings: StoredText[];
  hosts: Map<string, number>;
  author: string;
  count: number;
  /** The importer's language: the words the conversion writes into docs. */
  lang: string;
  /** Security schemes made from the auth of requests, by name. */
  schemes: Record<string, Record<string, unknown>>;
  /** The requirement of each request whose auth is a scheme OpenAPI can express (`[]`: no auth). */
  requirements: Map<PushDocItem, SecurityRequirement[]>;
}

/** An auth block's fields (`[{key, value}]` in v2.1, an object in v2.0). */
function authFields(auth: Obj): Obj {
  const raw = auth[str(auth.type)];
  const fields: Obj = {};
  if (Array.isArray(raw)) {
    for (const kv of raw) if (isObj(kv) && typeof kv.key === 'string') fields[kv.key] = kv.value;
  } else if (isObj(raw)) Object.assign(fields, raw);
  return fields;
}

/** `{{name}}` → `name` (the scheme names Folio's Postman export writes as placeholders). */
const placeholder = (v: unknown): string => /^\{\{\s*([\w-]+)\s*\}\}$/.exec(str(v).trim())?.[1] ?? '';

const OAUTH_FLOWS: Record<string, string> = {
  authorization_code: 'authorizationCode',
  authorization_code_with_pkce: 'authorizationCode',
  client_credentials: 'clientCredentials',
  password_credentials: 'password',
  implicit: 'implicit',
};

/**
 * A request's auth as a security requirement whose schemes join `ctx.schemes` (a name another definition holds
 * is numbered); `[]` for `noauth`; null when there is none or OpenAPI cannot express it (then it is described).
 */
function securityOf(auth: unknown, ctx: Ctx): SecurityRequirement[] | null {
  if (!isObj(auth) || typeof auth.type !== 'string') return null;
  if (auth.type === 'noauth') return [];
  const f = authFields(auth);
  let name: string;
  let scheme: Record<string, unknown>;
  let scopes: string[] = [];
  switch (auth.type) {
    case 'bearer':
      name = placeholder(f.token) || 'bearerAuth';
      scheme = { type: 'http', scheme: 'bearer' };
      break;
    case 'basic':
    case 'digest': {
      name = `${auth.type}Auth`;
      scheme = { type: 'http', scheme: auth.type };
      // The user it names (often a variable: `{{client-id}}`) is documentation: kept with the scheme.
      const user = str(f.username);
      if (user && user !== '{{username}}')
        Object.assign(scheme, { description: writeText(ctx.lang, 'import.text.auth_scheme_user', { user }), 'x-folio-username': user });
      break;
    }
    case 'apikey': {
      const where = str(f.in) === 'query' ? 'query' : 'header';
      name = placeholder(f.value) || 'apiKeyAuth';
      scheme = { type: 'apiKey', in: where, name: str(f.key) || 'key' };
      break;
    }
    case 'oauth2': {
      scopes = str(f.scope)
        .split(/[\s,]+/)
        .filter(Boolean);
      const grant = str(f.grant_type);
      const flowName = OAUTH_FLOWS[grant] ?? (f.authUrl ? 'authorizationCode' : 'clientCredentials');
      const flow: Obj = { scopes: Object.fromEntries(scopes.map((x) => [x, ''])) };
      if (flowName === 'authorizationCode' || flowName === 'implicit') flow.authorizationUrl = str(f.authUrl);
      if (flowName !== 'implicit') flow.tokenUrl = str(f.accessTokenUrl);
      name = 'oauth2';
      scheme = { type: 'oauth2', flows: { [flowName]: flow } };
      break;
    }
    default:
      return null;
  }
  const text = JSON.stringify(scheme);
  let key = name;
  for (let n = 2; ctx.schemes[key] && JSON.stringify(ctx.schemes[key]) !== text; n++) key = `${name}_${n}`;
  ctx.schemes[key] = scheme;
  return [{ [key]: scopes }];
}

function convertRequest(item: Obj, inheritedAuth: unknown, ctx: Ctx, where: string): PushDocItem {
  const req: Obj = typeof item.request === 'string' ? { url: item.request, method: 'GET' } : isObj(item.request) ? item.request : {};
  const u = urlParts(req.url);
  if (u.host) ctx.hosts.set(u.host, (ctx.hosts.get(u.host) ?? 0) + 1);
  const pathVars = new Set<string>();
  const url = normalisePath(u.path, pathVars);
  const descParts: string[] = [];
  const d = descriptionOf(req.description) || descriptionOf(item.description);
  if (d.trim()) descParts.push(d.trim());
  // `null` or no auth: the folder's (or collection's) applies.
  const auth = req.auth !== undefined && req.auth !== null ? req.auth : inheritedAuth;
  // Auth OpenAPI can express is data (shown in the doc view, exported); any other kind is described.
  const requirement = securityOf(auth, ctx);
  const authText = requirement ? '' : describeAuth(auth, ctx.lang);
  if (authText) descParts.push(authText);
  const doc: PushDocItem = {
    name: str(item.name).slice(0, 128) || `${str(req.method || 'GET')} ${url}`,
    author: ctx.author,
    type: 0,
    url,
    httpMethod: str(req.method || 'GET').toUpperCase(),
    contentType: '',
    deprecated: '$false$',
    headerParams: [],
    pathParams: [],
    queryParams: [],
    requestParams: [],
    responseParams: [],
    errorCodeParams: [],
  };
  if (requirement) ctx.requirements.set(doc, requirement);
  const headers = Array.isArray(req.header) ? (req.header.filter(isObj) as Obj[]) : [];
  let contentTypeHeader = '';
  for (const h of headers) {
    const name = str(h.key);
    if (!name) continue;
    // A disabled Content-Type header still says what the body is (Folio's export writes one).
    if (name.toLowerCase() === 'content-type' && (h.disabled !== true || !contentTypeHeader)) contentTypeHeader = str(h.value);
    if (h.disabled === true) continue;
    doc.headerParams?.push({ name, type: 'string', required: 1, example: str(h.value), description: descriptionOf(h.description) });
  }
  for (const v of u.variables) {
    const name = str(v.key ?? v.id);
    if (!name) continue;
    pathVars.delete(name);
    doc.pathParams?.push({ name, type: 'string', required: 1, example: str(v.value), description: descriptionOf(v.description) });
  }
  for (const name of pathVars) doc.pathParams?.push({ name, type: 'string', required: 1, example: '', description: '' });
  for (const q of u.query) {
    const name = str(q.key);
    if (!name) continue;
    doc.queryParams?.push({
      name,
      type: 'string',
      required: q.disabled === true ? 0 : 1,
      example: str(q.value),
      description: descriptionOf(q.description),
    });
  }
  const body = isObj(req.body) ? req.body : null;
  if (body && body.disabled !== true) {
    const mode = str(body.mode);
    if (mode === 'raw') {
      const raw = str(body.raw);
      const lang = isObj(body.options) && isObj(body.options.raw) ? str(body.options.raw.language) : '';
      const parsed = lang === 'json' || /json/i.test(contentTypeHeader) || !lang ? parseJsonBody(raw) : undefined;
      if (parsed !== undefined) {
        doc.contentType = 'application/json';
        doc.requestParams = jsonValueToParams(parsed);
        if (Array.isArray(parsed)) {
          doc.isRequestArray = 1;
          doc.requestArrayType = isObj(parsed[0]) ? 'object' : parsed.length ? scalarType(parsed[0]) : 'string';
        }
      } else {
        doc.contentType =
          contentTypeHeader ||
          (lang === 'xml'
            ? 'application/xml'
            : lang === 'html'
              ? 'text/html'
              : lang === 'javascript'
                ? 'application/javascript'
                : 'text/plain');
        if (raw.trim())
          descParts.push(
            `**${writeText(ctx.lang, 'import.text.request_body')}**\n\n\`\`\`${lang || ''}\n${raw.trim().slice(0, 20000)}\n\`\`\``,
          );
      }
    } else if (mode === 'urlencoded' || mode === 'formdata') {
      doc.contentType = mode === 'urlencoded' ? 'application/x-www-form-urlencoded' : 'multipart/form-data';
      for (const f of (Array.isArray(body[mode]) ? body[mode] : []) as unknown[]) {
        if (!isObj(f) || !str(f.key)) continue;
        const isFile = f.type === 'file';
        doc.requestParams?.push({
          name: str(f.key),
          type: isFile ? (Array.isArray(f.src) && f.src.length > 1 ? 'file[]' : 'file') : 'string',
          required: f.disabled === true ? 0 : 1,
          example: isFile ? '' : str(f.value),
          description: descriptionOf(f.description),
        });
      }
    } else if (mode === 'graphql') {
      const g = isObj(body.graphql) ? body.graphql : {};
      doc.contentType = 'application/json';
      const query = str(g.query);
      const variables = typeof g.variables === 'string' ? parseJsonBody(g.variables) : g.variables;
      doc.requestParams = [
        {
          name: 'query',
          type: 'string',
          required: 1,
          example: query.slice(0, 4000),
          description: writeText(ctx.lang, 'import.text.graphql_query'),
        },
        {
          name: 'variables',
          type: 'object',
          required: 0,
          example: '',
          description: writeText(ctx.lang, 'import.text.graphql_variables'),
          children: isObj(variables) ? jsonValueToParams(variables) : [],
        },
      ];
      if (query.trim()) descParts.push(`**GraphQL:**\n\n\`\`\`graphql\n${query.trim().slice(0, 20000)}\n\`\`\``);
      // Every GraphQL request posts to the same URL; the operation is its identity.
      const op = /^\s*(?:query|mutation|subscription)\s+([A-Za-z_]\w*)/.exec(query)?.[1] ?? str(item.name).trim();
      if (op) doc.identityKey = op.slice(0, 255);
    } else if (mode === 'file') {
      doc.contentType = contentTypeHeader || 'application/octet-stream';
      doc.requestParams = [{ name: 'file', type: 'file', required: 1, example: '', description: '' }];
    } else if (mode) {
      ctx.warnings.push(storedText('import.warn.body_mode', { where, op: `${doc.httpMethod} ${doc.url}`, mode }));
    }
  }
  if (!doc.contentType && contentTypeHeader) doc.contentType = contentTypeHeader;
  // Saved examples: every status listed; the first JSON (success first) becomes the response parameters.
  const responses = Array.isArray(item.response) ? (item.response.filter(isObj) as Obj[]) : [];
  let responseFrom = -1;
  const ordered = [...responses.keys()].sort((a, b) => Number(!isOk(responses[a])) - Number(!isOk(responses[b])));
  for (const i of ordered) {
    const r = responses[i];
    const parsed = parseJsonBody(str(r.body));
    if (parsed !== undefined && responseFrom < 0) {
      responseFrom = i;
      doc.responseParams = jsonValueToParams(parsed);
      if (Array.isArray(parsed)) {
        doc.isResponseArray = 1;
        doc.responseArrayType = isObj(parsed[0]) ? 'object' : parsed.length ? scalarType(parsed[0]) : 'string';
      }
    }
  }
  // One code (and one documented response) per status, named by its first saved response; every saved body is a
  // named example of its status, so several examples of one status stay one status. A saved response without a
  // code is a status only when its name says one ("default · Error", "4XX · Client error": Folio's export of a
  // status without a number).
  const byStatus = new Map<string, PushResponse>();
  const atStatus = new Set<number>();
  responses.forEach((r, i) => {
    const named = /^(default|[1-5]xx) · (.+)$/i.exec(str(r.name));
    const code = str(r.code || '') || (named ? (named[1].toLowerCase() === 'default' ? 'default' : named[1].toUpperCase()) : '');
    if (!code) return;
    atStatus.add(i);
    let entry = byStatus.get(code);
    if (!entry) {
      const name = named ? named[2] : str(r.name);
      entry = { status: code, description: str(r.status || name).slice(0, 2000), examples: [] };
      byStatus.set(code, entry);
      doc.errorCodeParams?.push({
        code,
        msg: str(r.status || name).slice(0, 500),
        solution: name === str(r.status) ? '' : name.slice(0, 500),
      });
    }
    if (i === responseFrom) entry.main = 1;
    const body = str(r.body).trim();
    if (body) entry.examples?.push({ name: str(r.name).slice(0, 255) || code, value: body });
  });
  if (byStatus.size) doc.responses = [...byStatus.values()];
  // A body saved without any status is not an example of one: the description shows it.
  if (responseFrom < 0) {
    const r = responses.find((x, i) => !atStatus.has(i) && str(x.body).trim());
    if (r)
      descParts.push(
        `**${writeText(ctx.lang, 'import.text.example_response', { name: str(r.name) || str(r.code) })}**\n\n\`\`\`\n${str(r.body).trim().slice(0, 20000)}\n\`\`\``,
      );
  }
  doc.description = descParts.join('\n\n');
  ctx.count++;
  return doc;
}

function isOk(r: Obj): boolean {
  const c = Number(r.code);
  return c >= 200 && c < 300;
}

function convertItems(items: unknown[], inheritedAuth: unknown, ctx: Ctx, where: string, depth: number): PushDocItem[] {
  const out: PushDocItem[] = [];
  items.forEach((raw, i) => {
    if (!isObj(raw)) return;
    // Named as the user sees it in Postman: folder path and request name.
    const at = `${where ? `${where} / ` : ''}${str(raw.name) || `#${i + 1}`}`;
    if (Array.isArray(raw.item)) {
      if (depth > 30) {
        ctx.warnings.push(storedText('import.warn.folders_too_deep', { where: at, max: 30 }));
        return;
      }
      const auth = raw.auth !== undefined && raw.auth !== null ? raw.auth : inheritedAuth;
      const children = convertItems(raw.item, auth, ctx, at, depth + 1);
      out.push({
        name: str(raw.name).slice(0, 128) || writeText(ctx.lang, 'import.text.folder'),
        isFolder: 1,
        description: descriptionOf(raw.description),
        orderIndex: i,
        author: ctx.author,
        items: children,
      });
    } else if (raw.request !== undefined) {
      const d = convertRequest(raw, inheritedAuth, ctx, at);
      d.orderIndex = i;
      out.push(d);
    }
  });
  return out;
}

/**
 * Requests sharing a method and URL (SOAP operations on one endpoint, OAuth grant types on one token URL)
 * stay apart: each gets the end of its folder path and name as its identity key, the fewest segments that
 * tell the group apart; identical paths are numbered. (GraphQL requests already have their operation.)
 */
function separateCollisions(apis: PushDocItem[]): void {
  const all: { doc: PushDocItem; path: string[] }[] = [];
  const walk = (items: PushDocItem[], folders: string[]) => {
    for (const it of items) {
      if (it.isFolder) walk(it.items ?? [], [...folders, str(it.name)]);
      else all.push({ doc: it, path: [...folders, str(it.name)] });
    }
  };
  walk(apis, []);
  const identity = (doc: PushDocItem, key: string) => `${doc.httpMethod} ${str(doc.url)}#${key}`;
  const groups = new Map<string, { doc: PushDocItem; path: string[] }[]>();
  for (const e of all) {
    const key = identity(e.doc, str(e.doc.identityKey));
    const g = groups.get(key);
    if (g) g.push(e);
    else groups.set(key, [e]);
  }
  const taken = new Set(groups.keys());
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    const depth = Math.max(...g.map((e) => e.path.length));
    const labelOf = (path: string[], k: number) => path.slice(-k).join('/');
    let k = 1;
    while (k < depth && new Set(g.map((e) => labelOf(e.path, k))).size < g.length) k++;
    // Numbered in the order of their whole folder paths, then of their content (not of the file): the same
    // requests get the same numbers whatever order a collection (or Folio's export of it) lists them in.
    const sortKey = (e: { doc: PushDocItem; path: string[] }) =>
      `${e.path.join('\u0000')}\u0001${JSON.stringify(e.doc, (k, v) => (k === 'orderIndex' ? undefined : v))}`;
    const keyed = g.map((e) => ({ e, key: sortKey(e) }));
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const byPath = keyed.map((x) => x.e);
    for (const { doc, path } of byPath) {
      const base = labelOf(path, k).slice(-MAX_LABEL).trim();
      let label = base;
      for (let n = 2; taken.has(identity(doc, label)); n++) label = `${base.slice(0, MAX_LABEL - 6)} (${n})`;
      taken.add(identity(doc, label));
      doc.identityKey = label;
    }
  }
}

/** Converts a parsed (or raw text) Postman collection v2.0/v2.1 into a push payload. */
export async function postmanToPush(collection: unknown, opts: { author?: string; lang?: string } = {}): Promise<PostmanConvertResult> {
  const root = typeof collection === 'string' ? parseStructured(collection) : collection;
  if (!isObj(root) || !Array.isArray(root.item)) throw new ImportInputError('import.not_postman');
  const info = isObj(root.info) ? root.info : {};
  const schema = str(info.schema);
  const warnings: StoredText[] = [];
  if (schema && !/v2\.[01]/.test(schema)) warnings.push(storedText('import.warn.postman_schema', { schema }));
  const ctx: Ctx = {
    warnings,
    hosts: new Map(),
    author: opts.author ?? '',
    count: 0,
    schemes: {},
    requirements: new Map(),
    lang: opts.lang ?? 'en',
  };
  const apis = convertItems(root.item, root.auth, ctx, '', 0);
  if (!ctx.count) throw new ImportInputError('import.no_operations');
  separateCollisions(apis);
  // Requirements are keyed by method, URL and identity (known once collisions are told apart).
  const security: SecurityData = { schemes: ctx.schemes, requirement: null, docs: {} };
  for (const [doc, req] of ctx.requirements)
    security.docs[securityDocKey(str(doc.httpMethod), str(doc.url), '', str(doc.identityKey))] = req;
  const varsRaw = (Array.isArray(root.variable) ? root.variable : Array.isArray(root.variables) ? root.variables : []) as unknown[];
  const variables: PostmanVariable[] = varsRaw
    .filter(isObj)
    .map((v) => ({ name: str(v.key ?? v.id), value: str(v.value), description: descriptionOf(v.description) }))
    .filter((v) => v.name);
  const debugEnvs: PushDebugEnv[] = [];
  const topHost = [...ctx.hosts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  if (topHost) {
    // Resolve a `{{var}}` host through the collection variables where possible.
    const resolved = topHost.replace(/\{\{([^}]+)\}\}/g, (m, k) => variables.find((v) => v.name === k)?.value || m);
    debugEnvs.push({ name: str(info.name).slice(0, 50) || 'Postman', url: resolved });
  } else if (variables.length) {
    debugEnvs.push({ name: str(info.name).slice(0, 50) || 'Postman', url: '' });
  }
  return {
    payload: { apis, debugEnvs, author: opts.author ?? '' },
    warnings,
    variables,
    ...(ctx.requirements.size ? { security } : {}),
  };
}
