/**
 * Postman Collection v2.1 export (Torna 1.27's `doc/export/postman`): folders as item groups, one request
 * per HTTP doc with headers, query, path variables and a body built from the parameter tree. Without an
 * environment the URLs carry no host (as Torna); with one, `{{baseUrl}}` and a collection variable.
 */
import { randomUUID } from 'node:crypto';
import {
  type DocDetail,
  type DocParam,
  type DocResponse,
  DocType,
  type NamedExample,
  responseKey,
  responseStatuses,
  type SecurityData,
  type SecurityRequirement,
  securityOfDoc,
  successStatus,
  typeBase,
} from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { isWrittenText } from '../../i18n/stored-text.js';
import { type ExportSet, loadOutline, type OutlineNode } from './export-scope.js';

type Obj = Record<string, unknown>;
const SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** A JSON sample built from a parameter tree (examples where given, type defaults otherwise). */
export function sampleOf(ps: DocParam[], depth = 0): Obj {
  const out: Obj = {};
  for (const p of ps) out[p.name] = sampleValue(p, depth);
  return out;
}

function sampleValue(p: DocParam, depth: number): unknown {
  const t = typeBase(p.type || 'string').split('|')[0];
  const kids = p.children ?? [];
  if (depth > 20) return null;
  if (t === 'array' || t.startsWith('array[') || t === 'num_array' || t === 'str_array') {
    if (kids.length === 1 && kids[0].name === '[item]') return [sampleValue(kids[0], depth + 1)];
    if (kids.length) return [sampleOf(kids, depth + 1)];
    try {
      const v = JSON.parse(p.example);
      if (Array.isArray(v)) return v;
    } catch {
      /* not JSON */
    }
    return p.example ? [p.example] : [];
  }
  if (kids.length || t === 'object') return sampleOf(kids, depth + 1);
  if (t === 'integer' || t === 'number' || t === 'int' || t === 'long' || t === 'double' || t === 'float') {
    const n = Number(p.example);
    return p.example !== '' && Number.isFinite(n) ? n : 0;
  }
  if (t === 'boolean') return p.example === 'true';
  return p.example ?? '';
}

function request(d: DocDetail, withHost: boolean): Obj {
  const path = d.url.replace(/^\/+/, '');
  // `{id}` is a path variable (`:id`); `{{var}}` is a Postman variable and stays.
  const rawPath = path.replace(/(?<!\{)\{([^{}]+)\}(?!\})/g, ':$1');
  const query = d.queryParams.map((q) => ({
    key: q.name,
    value: q.example,
    description: q.description,
    // An optional parameter is not sent unless the user enables it (the importer reads it back as optional).
    ...(q.required ? {} : { disabled: true }),
  }));
  const qs = query.length ? `?${query.map((q) => `${q.key}=${q.value}`).join('&')}` : '';
  const url: Obj = {
    raw: `${withHost ? '{{baseUrl}}/' : '/'}${rawPath}${qs}`,
    ...(withHost ? { host: ['{{baseUrl}}'] } : {}),
    // (A trailing slash is kept: an empty last segment.)
    path: rawPath ? rawPath.split('/') : [],
  };
  if (query.length) url.query = query;
  if (d.pathParams.length) url.variable = d.pathParams.map((p) => ({ key: p.name, value: p.example, description: p.description }));
  const header: Obj[] = d.headerParams.map((h) => ({ key: h.name, value: h.example, type: 'text', description: h.description }));
  const ct = d.contentType || (d.requestParams.length ? 'application/json' : '');
  // The content type without a header of its own: Postman sets it from the body mode, so the header is
  // written disabled (it documents the type; the importer reads it back as the content type, not a param).
  if (ct && !header.some((h) => String(h.key).toLowerCase() === 'content-type'))
    header.push({ key: 'Content-Type', value: ct, type: 'text', description: '', disabled: true });
  const req: Obj = { method: (d.httpMethod || 'GET').toUpperCase(), header, url };
  if (d.description) req.description = d.description;
  const gql = graphql(d);
  if (gql) {
    req.body = gql.body;
    if (gql.description) req.description = gql.description;
    else delete req.description;
  } else if (d.requestParams.length || d.isRequestArray) {
    if (/multipart\/form-data/i.test(ct)) {
      req.body = {
        mode: 'formdata',
        formdata: d.requestParams.map((p) =>
          p.type.startsWith('file')
            ? { key: p.name, type: 'file', src: [] }
            : { key: p.name, value: p.example, type: 'text', description: p.description },
        ),
      };
    } else if (/x-www-form-urlencoded/i.test(ct)) {
      req.body = {
        mode: 'urlencoded',
        urlencoded: d.requestParams.map((p) => ({ key: p.name, value: p.example, type: 'text', description: p.description })),
      };
    } else {
      const sample = d.isRequestArray ? (d.requestParams.length ? [sampleOf(d.requestParams)] : []) : sampleOf(d.requestParams);
      req.body = { mode: 'raw', raw: JSON.stringify(sample, null, 2), options: { raw: { language: 'json' } } };
    }
  }
  return req;
}

/**
 * A GraphQL request as the Postman importer stores it (a `query` string param described 'GraphQL query', and
 * `variables`, in the importer's language) goes back as a GraphQL body; the query block the importer added to the description is left
 * out (the importer adds it again), so an import → export → import round trip is the same doc.
 */
function graphql(d: DocDetail): { body: Obj; description: string } | null {
  const [q, vars, ...rest] = d.requestParams;
  if (!q || rest.length || q.name !== 'query' || !isWrittenText('import.text.graphql_query', q.description)) return null;
  if (vars && (vars.name !== 'variables' || !isWrittenText('import.text.graphql_variables', vars.description))) return null;
  const block = `**GraphQL:**\n\n\`\`\`graphql\n${q.example.trim()}\n\`\`\``;
  const description = d.description.replace(`\n\n${block}`, '').replace(block, '').trim();
  const variables = vars?.children?.length ? JSON.stringify(sampleOf(vars.children), null, 2) : '';
  return { body: { mode: 'graphql', graphql: { query: q.example, variables } }, description };
}

const kv = (o: Record<string, string>) => Object.entries(o).map(([key, value]) => ({ key, value, type: 'string' }));

/** OpenAPI OAuth 2 flows as Postman grant types. */
const GRANT_TYPES: Record<string, string> = {
  authorizationCode: 'authorization_code',
  clientCredentials: 'client_credentials',
  password: 'password_credentials',
  implicit: 'implicit',
};

/** A security requirement as Postman auth (its first alternative's first scheme Postman can express). */
export function postmanAuth(schemes: Record<string, Obj>, req: SecurityRequirement[] | null): Obj | null {
  if (!req) return null;
  if (!req.length || req.some((r) => !Object.keys(r).length)) return { type: 'noauth' };
  for (const name of Object.keys(req[0])) {
    const s = schemes[name];
    if (!s) continue;
    const var_ = `{{${name.replace(/[^\w-]/g, '_')}}}`;
    if (s.type === 'http' && String(s.scheme).toLowerCase() === 'bearer') return { type: 'bearer', bearer: kv({ token: var_ }) };
    if (s.type === 'http' && ['basic', 'digest'].includes(String(s.scheme).toLowerCase())) {
      const kind = String(s.scheme).toLowerCase();
      const user = typeof s['x-folio-username'] === 'string' ? s['x-folio-username'] : '{{username}}';
      return { type: kind, [kind]: kv({ username: user, password: '{{password}}' }) };
    }
    if (s.type === 'apiKey')
      return { type: 'apikey', apikey: kv({ key: String(s.name ?? ''), value: var_, in: s.in === 'query' ? 'query' : 'header' }) };
    if (s.type === 'oauth2') {
      const flows = (s.flows ?? {}) as Record<string, Obj>;
      const [flowName, flow = {}] = Object.entries(flows)[0] ?? [];
      const grant = GRANT_TYPES[flowName ?? ''];
      return {
        type: 'oauth2',
        oauth2: kv({
          addTokenTo: 'header',
          ...(grant ? { grant_type: grant } : {}),
          ...(flow.tokenUrl ? { accessTokenUrl: String(flow.tokenUrl) } : {}),
          ...(flow.authorizationUrl ? { authUrl: String(flow.authorizationUrl) } : {}),
          ...(Array.isArray(req[0][name]) && req[0][name].length ? { scope: req[0][name].join(' ') } : {}),
        }),
      };
    }
  }
  return null;
}

/** A saved response's JSON body made from the doc's response parameters. */
function responseBody(d: DocDetail): Obj {
  const body = d.isResponseArray ? [sampleOf(d.responseParams)] : sampleOf(d.responseParams);
  return {
    _postman_previewlanguage: 'json',
    header: [{ key: 'Content-Type', value: 'application/json' }],
    body: JSON.stringify(body, null, 2),
  };
}

/** A saved response's body from one of the doc's named examples (its media type's, JSON when it has none). */
function exampleBody(e: NamedExample, contentType: string): Obj {
  const type = contentType || 'application/json';
  const json = /[/+]json\b/i.test(type);
  return {
    ...(json ? { _postman_previewlanguage: 'json' } : {}),
    header: [{ key: 'Content-Type', value: type }],
    body: e.value,
  };
}

interface SavedStatus {
  /** Postman's numeric code; none for a range or `default` (Postman saves numbers only). */
  code?: number;
  name: string;
  status: string;
  success: boolean;
  response?: DocResponse;
}

/**
 * The doc's HTTP statuses as saved responses (`responseStatuses`, as the reader's tabs and the OpenAPI export list
 * them): a code's solution or message names it, else the response's description. A range or `default` has no
 * number: its saved response has no code and says its status in its name ("default · Error").
 */
function savedStatuses(d: DocDetail): SavedStatus[] {
  const code = new Map(d.errorCodeParams.map((c) => [String(c.code).trim(), c]));
  const stored = new Map((d.responses ?? []).map((r) => [r.status, r]));
  const statuses = responseStatuses(
    d.responses,
    d.errorCodeParams.map((c) => String(c.code)),
  );
  const success = d.responses?.find((r) => r.main === 1 && statuses.includes(r.status))?.status ?? successStatus(statuses);
  return statuses.map((s) => {
    const c = code.get(s);
    const text = c?.msg || stored.get(s)?.description || s;
    const numeric = /^\d{3}$/.test(s);
    const name = c?.solution || text;
    return {
      ...(numeric ? { code: Number(s) } : {}),
      name: numeric || name === s ? name : `${responseKey(s)} · ${name}`,
      status: text,
      success: s === success,
      response: stored.get(s),
    };
  });
}

function items(nodes: OutlineNode[], withHost: boolean, security: Map<string, SecurityData>): Obj[] {
  const out: Obj[] = [];
  for (const n of nodes) {
    if (n.kind === 'doc') {
      const d = n.doc;
      if (!d || d.type !== DocType.HTTP) continue;
      const it: Obj = { name: d.name, request: request(d, withHost), response: [] };
      const sec = security.get(d.moduleId);
      const auth = sec ? postmanAuth(sec.schemes, securityOfDoc(sec, d)) : null;
      if (auth) (it.request as Obj).auth = auth;
      // Every HTTP status the doc documents (its codes and stored responses, as the reader's tabs) is a saved response
      // (name, status text, its number when it has one) per named example of it, else one; without examples the
      // success one (the first, without one) carries a body made from the response params.
      const hasBody = d.responseParams.length > 0 || !!d.isResponseArray;
      const codes = savedStatuses(d);
      const success = codes.findIndex((c) => c.success);
      const bodyAt = hasBody ? Math.max(0, success) : -1;
      // A status's named examples are saved responses of their own (Postman's examples), named after them.
      const responses: Obj[] = codes.flatMap((c, i) => {
        const saved = { originalRequest: it.request, status: c.status, ...(c.code === undefined ? {} : { code: c.code }) };
        const examples = c.response?.examples ?? [];
        if (!examples.length) return [{ name: c.name, ...saved, ...(i === bodyAt ? responseBody(d) : { header: [], body: '' }) }];
        return examples.map((e) => ({
          name: e.summary || e.name ? `${c.name} · ${e.summary || e.name}` : c.name,
          ...saved,
          ...exampleBody(e, c.response?.contentType ?? ''),
        }));
      });
      // A body without any status (a Postman example saved without one): an example without one, so the
      // import does not make up a 200.
      if (hasBody && !codes.length) responses.push({ name: 'Example', originalRequest: it.request, ...responseBody(d) });
      it.response = responses;
      out.push(it);
    } else {
      const children = items(n.children, withHost, security);
      if (children.length) out.push({ name: n.name, item: children });
    }
  }
  return out;
}

/** The scope as a Postman v2.1 collection object. */
export function toPostman(set: ExportSet): Obj {
  const withHost = !!set.env?.url;
  const roots = set.roots.length === 1 && set.roots[0].kind === 'module' ? set.roots[0].children : set.roots;
  const col: Obj = {
    info: { _postman_id: randomUUID(), name: set.title, schema: SCHEMA },
    item: items(roots, withHost, set.security),
  };
  if (withHost) col.variable = [{ key: 'baseUrl', value: set.env?.url.replace(/\/+$/, '') ?? '', type: 'string' }];
  return col;
}

/** A whole application as a Postman v2.1 collection without host prefix (reused by the MeterSphere sync). */
export async function moduleToPostman(app: FastifyInstance, moduleId: number): Promise<object> {
  const set = await loadOutline(app, [moduleId], null, 'API');
  return toPostman(set);
}
