/**
 * Swagger 2.0 / OpenAPI 3.0 / 3.1 → the Torna push payload, so imports, `swagger-json.push` and
 * refreshes all go through the same merge. Tolerant: what a strict validator rejects but a reader can
 * use (wrong-case schemes, unknown types, undeclared path variables) imports with warnings.
 */
import {
  type PushDebugEnv,
  type PushDocItem,
  type PushExample,
  type PushParam,
  type PushPayload,
  type PushResponse,
  type SecurityData,
  type SecurityRequirement,
  securityDocKey,
} from '@folio/shared';
import { type StoredText, type TextParam, text } from '../../i18n/stored-text.js';
import { turnTaker } from '../../lib/turns.js';
import { POSTMAN_VARIABLE, SHARED_NOTE, SHARED_OPS_KEY } from '../exports/to-openapi.js';
import { errorCodesFromSpec } from './openapi-error-codes.js';
import { exampleOf, exampleText, MAX_PARAM_DEPTH, MAX_PARAMS_PER_DOC, SchemaWalker } from './openapi-schema.js';
import { ImportInputError, parseStructured } from './spec-text.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export interface ConvertResult {
  payload: PushPayload;
  /** Message keys, written in the reader's language when read. */
  warnings: StoredText[];
  /** Security schemes and requirements, as data. */
  security?: SecurityData;
}

export interface ConvertOptions {
  author?: string;
  /** The importer's language: the words the conversion writes into docs (default en). */
  lang?: string;
  /** Called with 0..1 while converting. */
  onProgress?: (fraction: number) => void | Promise<void>;
}

const ptr = (...parts: string[]) => `#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/** Picks the preferred media type of a content map: JSON first, then forms, then the first one. */
function pickMedia(content: unknown): [string, Obj] | null {
  if (!isObj(content)) return null;
  const keys = Object.keys(content);
  if (!keys.length) return null;
  const pref =
    keys.find((k) => /^application\/json/i.test(k)) ??
    keys.find((k) => /[+/]json/i.test(k)) ??
    keys.find((k) => /multipart\/form-data/i.test(k)) ??
    keys.find((k) => /x-www-form-urlencoded/i.test(k)) ??
    keys[0];
  return [pref, isObj(content[pref]) ? (content[pref] as Obj) : {}];
}

function mediaExample(w: SchemaWalker, media: Obj): unknown {
  if (media.example !== undefined) return inlineRefs(w, media.example);
  if (isObj(media.examples)) {
    const first = Object.values(media.examples)[0];
    const ex = w.deref(first).value;
    if (ex && ex.value !== undefined) return inlineRefs(w, ex.value);
  }
  return undefined;
}

/** Named examples kept per media type, and the largest example text kept (bigger ones are reported and left out). */
const MAX_EXAMPLES = 20;
const MAX_EXAMPLE_CHARS = 200_000;
/**
 * Parameters converted for each response besides the main one and for each response's headers, and their
 * nesting: an error body is read at a glance, its objects' fields shown and deeper objects marked truncated
 * (Stripe's `error` repeats on all 468 operations: 6 KB a doc so, 32 KB with three levels).
 */
const EXTRA_RESPONSE_BUDGET = 120;
const HEADERS_BUDGET = 40;
const ASIDE_DEPTH = 1;

/**
 * An example value with the local `$ref`s inside it replaced by what they point at (an Example Object by its
 * value): GitHub writes `"configuration": {"$ref": "#/components/examples/…"}` inside its examples, which renderers
 * resolve, a reader could not, and validators of an export (no components/examples there) reject.
 */
function inlineRefs(w: SchemaWalker, v: unknown, seen: string[] = []): unknown {
  if (Array.isArray(v)) return v.map((x) => inlineRefs(w, x, seen));
  if (!isObj(v)) return v;
  const ref = v.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/') && !seen.includes(ref) && seen.length < 8) {
    const target = w.lookup(ref);
    if (target !== undefined) {
      const value = ref.startsWith('#/components/examples/') && isObj(target) && 'value' in target ? target.value : target;
      return inlineRefs(w, value, [...seen, ref]);
    }
  }
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, inlineRefs(w, x, seen)]));
}

/** The spec's own examples of a media type: its `examples` map (name, summary, value), else its single `example`. */
function namedExamples(w: SchemaWalker, media: Obj, where: string): PushExample[] {
  const out: PushExample[] = [];
  const add = (name: string, summary: string, raw: unknown) => {
    const value = inlineRefs(w, raw);
    const size = typeof value === 'string' ? value.length : (JSON.stringify(value, null, 2)?.length ?? 0);
    if (size > MAX_EXAMPLE_CHARS) w.warn('import.warn.example_left_out', { where, name: name || 'example', size });
    else if (out.length < MAX_EXAMPLES) out.push({ name: name.slice(0, 255), summary: summary.slice(0, 1024), value });
  };
  if (isObj(media.examples)) {
    for (const [name, raw] of Object.entries(media.examples)) {
      const ex = w.deref(raw).value;
      if (ex?.value !== undefined) add(name, typeof ex.summary === 'string' ? ex.summary : '', ex.value);
    }
  }
  if (!out.length && media.example !== undefined) add('', '', media.example);
  return out;
}

/** A response's headers as parameters (each with its own description, schema and example). */
function responseHeaders(w: SchemaWalker, resp: Obj, where: string): PushParam[] {
  const out: PushParam[] = [];
  if (!isObj(resp.headers)) return out;
  for (const [name, raw] of Object.entries(resp.headers)) {
    const h = w.deref(raw).value;
    if (!h) continue;
    let example: unknown = h.example;
    if (example === undefined && isObj(h.examples)) example = w.deref(Object.values(h.examples)[0]).value?.value;
    const p = w.param(name, h.schema ?? h, h.required === true, [], 0, example, `${where}/headers/${name}`);
    if (typeof h.description === 'string' && h.description.trim()) p.description = h.description.trim();
    out.push(p);
  }
  return out;
}

/**
 * Runs a conversion of what is shown beside the doc's own lists with its own parameter budget and without
 * naming dictionaries, leaving the doc's budget and truncation as they were.
 */
function aside<T>(w: SchemaWalker, budget: number, fn: () => T): { value: T; truncated: boolean } {
  const saved = { budget: w.budget, truncated: w.truncated };
  w.budget = budget;
  w.truncated = false;
  w.namedEnums = false;
  w.maxDepth = ASIDE_DEPTH;
  try {
    const value = fn();
    return { value, truncated: w.truncated };
  } finally {
    w.budget = saved.budget;
    w.truncated = saved.truncated;
    w.namedEnums = true;
    w.maxDepth = MAX_PARAM_DEPTH;
  }
}

/** A Swagger 2 security definition as an OpenAPI 3 scheme (3.x schemes are kept as they are). */
function schemeOf(name: string, d: Obj, w: SchemaWalker, v2: boolean): Obj {
  if (!v2) {
    if (d.type === 'http' && typeof d.scheme === 'string' && d.scheme !== d.scheme.toLowerCase()) {
      w.warn('import.warn.scheme_case', { name, scheme: d.scheme, lower: d.scheme.toLowerCase() });
      return { ...d, scheme: d.scheme.toLowerCase() };
    }
    return d;
  }
  const desc = typeof d.description === 'string' && d.description ? { description: d.description } : {};
  if (d.type === 'basic') return { type: 'http', scheme: 'basic', ...desc };
  if (d.type === 'apiKey') return { type: 'apiKey', in: d.in, name: d.name, ...desc };
  if (d.type === 'oauth2') {
    const flowName =
      { implicit: 'implicit', password: 'password', application: 'clientCredentials', accessCode: 'authorizationCode' }[String(d.flow)] ??
      'implicit';
    const flow: Obj = { scopes: isObj(d.scopes) ? d.scopes : {} };
    if (d.authorizationUrl) flow.authorizationUrl = d.authorizationUrl;
    if (d.tokenUrl) flow.tokenUrl = d.tokenUrl;
    return { type: 'oauth2', flows: { [flowName]: flow }, ...desc };
  }
  return d;
}

/** The security schemes of a spec, as data (converted to OpenAPI 3). */
function securitySchemes(root: Obj, w: SchemaWalker, v2: boolean): SecurityData['schemes'] {
  const defs = (v2 ? root.securityDefinitions : (root.components as Obj | undefined)?.securitySchemes) as Obj | undefined;
  const out: SecurityData['schemes'] = {};
  for (const name of Object.keys(isObj(defs) ? defs : {})) {
    const d = w.deref(defs?.[name]).value;
    if (d) out[name] = schemeOf(name, d, w, v2);
  }
  return out;
}

/** A requirement list as data (scheme names the spec does not define are reported). */
function requirementOf(v: unknown, schemes: SecurityData['schemes'], w: SchemaWalker, where: TextParam): SecurityRequirement[] {
  const out: SecurityRequirement[] = [];
  for (const req of Array.isArray(v) ? v : []) {
    if (!isObj(req)) continue;
    const r: SecurityRequirement = {};
    for (const [name, scopes] of Object.entries(req)) {
      if (!schemes[name]) w.warn('import.warn.scheme_undefined', { where, name });
      r[name] = Array.isArray(scopes) ? scopes.map(String) : [];
    }
    out.push(r);
  }
  return out;
}

function servers(root: Obj, v2: boolean, w: SchemaWalker): PushDebugEnv[] {
  if (v2) {
    if (typeof root.host !== 'string') return [];
    const schemes = Array.isArray(root.schemes) && root.schemes.length ? (root.schemes as string[]) : ['https'];
    const base = typeof root.basePath === 'string' && root.basePath !== '/' ? root.basePath : '';
    return schemes.map((s) => ({ name: s, url: `${s}://${root.host}${base}` }));
  }
  if (!Array.isArray(root.servers)) return [];
  const out: PushDebugEnv[] = [];
  const names = new Set<string>();
  for (const [i, s] of (root.servers as unknown[]).entries()) {
    if (!isObj(s) || typeof s.url !== 'string') continue;
    // `/` is the document's own origin (what no servers means): no environment to offer.
    if (s.url === '/') continue;
    let url = s.url;
    if (isObj(s.variables)) {
      for (const [k, v] of Object.entries(s.variables)) {
        if (isObj(v) && v.default !== undefined) url = url.split(`{${k}}`).join(String(v.default));
      }
    }
    // (`{{host}}` is a Postman variable, as Folio's export writes an unresolved one: not a server variable.)
    if (/(?<!\{)\{[^{}]+\}(?!\})/.test(url)) w.warn('import.warn.server_variables', { n: i + 1, url: s.url });
    let name = (typeof s.description === 'string' && s.description.trim() ? s.description.trim() : url).slice(0, 50);
    if (names.has(name)) name = `${name} ${i + 1}`.slice(0, 50);
    names.add(name);
    out.push({ name, url });
  }
  return out;
}

interface OpInput {
  root: Obj;
  v2: boolean;
  path: string;
  method: string;
  op: Obj;
  pathParams: unknown[];
  where: string;
  author?: string;
}

/**
 * How a query parameter's array or object goes into the URL, for those that are one (OpenAPI's default for a
 * query is `form` exploded: `ids=1&ids=2`; Swagger 2's is `collectionFormat: csv`: `ids=1,2`).
 */
function querySerialization(raw: Obj, param: PushParam, v2: boolean): { style: string; explode: boolean } | null {
  if (raw.in !== 'query') return null;
  const type = String(param.type ?? '');
  const container = /^(array|object)\b/i.test(type) || type.endsWith('[]');
  if (v2) {
    if (!container) return null;
    const f = String(raw.collectionFormat ?? 'csv');
    if (f === 'multi') return { style: 'form', explode: true };
    if (f === 'ssv') return { style: 'spaceDelimited', explode: false };
    if (f === 'pipes') return { style: 'pipeDelimited', explode: false };
    return { style: 'form', explode: false };
  }
  const style = typeof raw.style === 'string' ? raw.style : 'form';
  const explode = typeof raw.explode === 'boolean' ? raw.explode : style === 'form';
  // Any other type only with a style of its own (Stripe's `created`, anyOf an object or an integer, is deepObject).
  if (!container && style === 'form' && explode) return null;
  return { style, explode };
}

function paramFromParameter(
  w: SchemaWalker,
  raw: unknown,
  where: string,
): { in: string; param: PushParam; raw: Obj; named: PushExample[] } | null {
  const { value: p } = w.deref(raw);
  if (!p || typeof p.name !== 'string' || typeof p.in !== 'string') {
    w.warn('import.warn.param_unnamed', { where });
    return null;
  }
  // Swagger 2 non-body parameters carry the schema keywords themselves.
  let schema: unknown = p.schema;
  if (schema === undefined && isObj(p.content)) schema = pickMedia(p.content)?.[1].schema;
  if (schema === undefined) schema = p;
  let example: unknown = p.example ?? p['x-example'];
  if (example === undefined && isObj(p.examples)) {
    const ex = w.deref(Object.values(p.examples)[0]).value;
    example = ex?.value;
  }
  // Several named examples of a parameter are kept beside it (its first is its example).
  const named = isObj(p.examples) && Object.keys(p.examples).length > 1 ? namedExamples(w, { examples: p.examples }, where) : [];
  const param = w.param(p.name, schema, p.required === true || p.in === 'path', [], 0, example, where);
  const d = typeof p.description === 'string' ? p.description : '';
  const parts = [p.in === 'cookie' ? '[cookie]' : '', p.deprecated === true ? '[deprecated]' : '', d || param.description || ''].filter(
    Boolean,
  );
  param.description = parts.join(' ');
  return { in: p.in, param, raw: p, named };
}

function convertOperation(w: SchemaWalker, x: OpInput): PushDocItem {
  const { op, root, v2 } = x;
  w.startDoc();
  w.docLabel = String(op.operationId ?? `${x.method.toUpperCase()} ${x.path}`);
  const doc: PushDocItem = {
    // One line (a name keeps its own spacing: a Postman request's name comes back as it was).
    name: String(op.summary ?? op.operationId ?? `${x.method.toUpperCase()} ${x.path}`)
      .replace(/\s*[\r\n]+\s*/g, ' ')
      .trim()
      .slice(0, 128),
    description: '',
    author: x.author ?? '',
    type: 0,
    url: x.path,
    httpMethod: x.method.toUpperCase(),
    contentType: '',
    deprecated: op.deprecated === true ? w.say('import.text.deprecated') : '$false$',
    headerParams: [],
    pathParams: [],
    queryParams: [],
    requestParams: [],
    responseParams: [],
    errorCodeParams: [],
  };
  const descParts: string[] = [];
  if (typeof op.description === 'string' && op.description.trim()) descParts.push(op.description.trim());
  else if (typeof op.summary === 'string' && op.operationId && op.summary.length > 128) descParts.push(op.summary);
  // Path-level parameters, overridden by operation-level ones with the same name and location.
  const merged = new Map<string, { raw: unknown; where: string }>();
  x.pathParams.forEach((p, i) => {
    const r = w.deref(p).value;
    if (r) merged.set(`${r.in}:${r.name}`, { raw: p, where: `${x.where.replace(/\/[^/]+$/, '')}/parameters/${i}` });
  });
  (Array.isArray(op.parameters) ? op.parameters : []).forEach((p, i) => {
    const r = w.deref(p).value;
    if (r) merged.set(`${r.in}:${r.name}`, { raw: p, where: `${x.where}/parameters/${i}` });
  });
  const formData: PushParam[] = [];
  let bodyDone = false;
  const consumes = (Array.isArray(op.consumes) ? op.consumes : Array.isArray(root.consumes) ? root.consumes : []) as string[];
  for (const { raw, where } of merged.values()) {
    const r = w.deref(raw).value as Obj;
    if (v2 && r.in === 'body') {
      const body = w.body(r.schema, r['x-example'], `${where}/schema`);
      doc.requestParams = body.params;
      const examples = isObj(r['x-examples'])
        ? namedExamples(w, { examples: Object.fromEntries(Object.entries(r['x-examples']).map(([k, v]) => [k, { value: v }])) }, where)
        : r['x-example'] !== undefined
          ? namedExamples(w, { example: r['x-example'] }, where)
          : [];
      if (examples.length) doc.requestExamples = examples;
      if (body.isArray) {
        doc.isRequestArray = 1;
        doc.requestArrayType = body.arrayType;
      }
      doc.contentType = consumes.find((c) => /json/i.test(c)) ?? (consumes[0] && consumes[0] !== '*/*' ? consumes[0] : 'application/json');
      bodyDone = true;
      continue;
    }
    // A Postman variable Folio's export wrote as a path parameter (`{{id}}` → `{id}`): `{{id}}` in the URL again.
    if (r.in === 'path' && r[POSTMAN_VARIABLE] === true && typeof r.name === 'string') {
      doc.url = String(doc.url).split(`{${r.name}}`).join(`{{${r.name}}}`);
      continue;
    }
    const conv = paramFromParameter(w, raw, where);
    if (!conv) continue;
    if (conv.named.length)
      doc.paramExamples = [...(doc.paramExamples ?? []), { in: conv.in, name: conv.param.name ?? '', examples: conv.named }];
    const sent = querySerialization(conv.raw, conv.param, v2);
    if (sent) doc.paramStyles = [...(doc.paramStyles ?? []), { in: 'query', name: conv.param.name ?? '', ...sent }];
    if (conv.in === 'path') doc.pathParams?.push(conv.param);
    else if (conv.in === 'query') doc.queryParams?.push(conv.param);
    else if (conv.in === 'header' || conv.in === 'cookie') doc.headerParams?.push(conv.param);
    else if (conv.in === 'formData') formData.push(conv.param);
    else w.warn('import.warn.param_location', { in: conv.in, where });
  }
  if (formData.length && !bodyDone) {
    doc.requestParams = formData;
    const hasFile = formData.some((p) => p.type === 'file' || p.type === 'file[]');
    doc.contentType = hasFile ? 'multipart/form-data' : (consumes.find((c) => /form/i.test(c)) ?? 'application/x-www-form-urlencoded');
  }
  // Path variables in the template must be declared; report the ones that are not.
  // (`{{name}}` is a Postman variable in the path, not a path parameter.)
  for (const m of String(doc.url).matchAll(/(?<!\{)\{([^{}]+)\}(?!\})/g)) {
    const name = m[1];
    if (!doc.pathParams?.some((p) => p.name === name)) {
      const base = name.split(':')[0];
      if (!doc.pathParams?.some((p) => p.name === base)) {
        w.warn('import.warn.path_variable', { name: `{${name}}`, op: `${x.method.toUpperCase()} ${x.path}` });
        doc.pathParams?.push({ name, type: 'string', required: 1, description: '', example: '' });
      }
    }
  }
  if (!v2 && op.requestBody !== undefined) {
    const rb = w.deref(op.requestBody).value;
    const picked = rb ? pickMedia(rb.content) : null;
    if (picked) {
      const [mt, media] = picked;
      const body = w.body(media.schema ?? {}, mediaExample(w, media), `${x.where}/requestBody/content/${mt.replace(/\//g, '~1')}/schema`);
      const examples = namedExamples(w, media, `${x.where}/requestBody`);
      if (examples.length) doc.requestExamples = examples;
      doc.requestParams = body.params;
      if (body.isArray) {
        doc.isRequestArray = 1;
        doc.requestArrayType = body.arrayType;
      }
      // Stripe declares an empty form body on every GET: no parameters, no content type.
      if (body.params.length || body.isArray || !['get', 'head', 'delete'].includes(x.method)) doc.contentType = mt;
      if (rb && typeof rb.description === 'string' && rb.description.trim() && !descParts.includes(rb.description.trim())) {
        descParts.push(`**${w.say('import.text.request_body')}** ${rb.description.trim()}`);
      }
    }
  }
  // Responses: the first success response gives the response parameters; every code is listed.
  const responses = isObj(op.responses) ? op.responses : {};
  const codes = Object.keys(responses);
  const success =
    codes.find((c) => c === '200') ??
    codes.find((c) => /^2\d\d$/.test(c)) ??
    codes.find((c) => /^2xx$/i.test(c)) ??
    codes.find((c) => c === 'default');
  const produces = (Array.isArray(op.produces) ? op.produces : Array.isArray(root.produces) ? root.produces : []) as string[];
  const documented = new Map<string, PushResponse>();
  for (const code of codes) {
    const resp = w.deref(responses[code]).value;
    doc.errorCodeParams?.push({ code, msg: String(resp?.description ?? '').slice(0, 2000), solution: '' });
    documented.set(code, { status: code, description: String(resp?.description ?? ''), contentType: '', main: code === success ? 1 : 0 });
  }
  // The main response first (its dictionaries are named as before), the others after, within budgets of their own.
  let mainSchema: unknown;
  // The same reference, or the same schema written out twice (an export writes the main body on each such status).
  const sameSchema = (a: unknown, b: unknown) => {
    if (a === undefined) return false;
    // (Folio's export points a repeated body at the main response's: the same object once resolved.)
    const target = w.deref(a).value;
    if (a === b || (isObj(a) && typeof a.$ref === 'string' && target !== undefined && target === w.deref(b).value)) return true;
    return isObj(a) && isObj(b) && (typeof a.$ref === 'string' ? a.$ref === b.$ref : !b.$ref && JSON.stringify(a) === JSON.stringify(b));
  };
  for (const code of success ? [success, ...codes.filter((c) => c !== success)] : codes) {
    const resp = w.deref(responses[code]).value;
    const entry = documented.get(code) as PushResponse;
    const where = `${x.where}/responses/${code}`;
    const main = code === success;
    if (!resp) continue;
    let schema: unknown;
    let example: unknown;
    if (v2) {
      schema = resp.schema;
      if (isObj(resp.examples)) {
        const mime = Object.keys(resp.examples).find((k) => /json/i.test(k)) ?? Object.keys(resp.examples)[0];
        example = resp.examples[mime];
        entry.examples = namedExamples(w, { example }, where);
      }
      if (schema !== undefined) entry.contentType = produces.find((c) => /json/i.test(c)) ?? produces[0] ?? 'application/json';
    } else {
      const picked = pickMedia(resp.content);
      if (picked) {
        entry.contentType = picked[0];
        schema = picked[1].schema;
        example = mediaExample(w, picked[1]);
        entry.examples = namedExamples(w, picked[1], where);
      }
    }
    const headers = aside(w, HEADERS_BUDGET, () => responseHeaders(w, resp, where)).value;
    if (headers.length) entry.headers = headers;
    if (schema === undefined) continue;
    if (main) {
      mainSchema = schema;
      const body = w.body(schema, example, `${where}/schema`);
      doc.responseParams = body.params;
      if (body.isArray) {
        doc.isResponseArray = 1;
        doc.responseArrayType = body.arrayType;
      }
    } else if (success && sameSchema(schema, mainSchema)) {
      // Kubernetes' 201/202 repeat the 200's schema: the doc's response params, not a second copy.
      entry.sameAs = success;
    } else {
      // Error bodies (Stripe's `error`, problem+json) are shown in their status's tab, within a budget of their own.
      const { value: body, truncated } = aside(w, EXTRA_RESPONSE_BUDGET, () => w.body(schema, example, `${where}/schema`));
      entry.params = body.params;
      if (body.isArray) {
        entry.isArray = 1;
        entry.arrayType = body.arrayType;
      }
      if (truncated) entry.description = `${entry.description}\n\n${w.say('import.text.params_left_out')}`.trim();
    }
  }
  // Folio's export lists business codes (no HTTP status) with their examples beside the responses.
  const business = errorCodesFromSpec(op['x-error-codes'], codes, MAX_EXAMPLES);
  doc.errorCodeParams?.push(...business.codes);
  for (const r of business.responses) documented.set(String(r.status), r);
  if (documented.size) doc.responses = [...documented.values()];
  if (w.truncated) {
    descParts.push(w.say('import.text.params_left_out_doc'));
    w.warn('import.warn.params_cut', { op: `${x.method.toUpperCase()} ${x.path}`, max: MAX_PARAMS_PER_DOC });
  }
  doc.description = descParts.join('\n\n');
  return doc;
}

/** Converts a parsed (or raw text) Swagger/OpenAPI document into a push payload plus warnings. */
export async function openApiToPush(spec: unknown, opts: ConvertOptions = {}): Promise<ConvertResult> {
  const root = typeof spec === 'string' ? parseStructured(spec) : spec;
  if (!isObj(root)) throw new ImportInputError('import.not_openapi');
  const v2 = root.swagger !== undefined;
  const version = String(root.swagger ?? root.openapi ?? '');
  if (!version) throw new ImportInputError('import.not_openapi');
  const w = new SchemaWalker(root);
  w.lang = opts.lang ?? 'en';
  if (v2 && !version.startsWith('2')) w.warn('import.warn.swagger_version', { version });
  if (!v2 && !/^3\.[01]/.test(version)) w.warn('import.warn.openapi_version', { version });
  const paths = isObj(root.paths) ? root.paths : {};
  // 3.1's webhooks; Redoc's `x-webhooks` in 3.0 (what Folio's 3.0 export writes).
  const webhooks = v2 ? {} : isObj(root.webhooks) ? root.webhooks : isObj(root['x-webhooks']) ? root['x-webhooks'] : {};
  if (!Object.keys(paths).length && !Object.keys(webhooks).length) throw new ImportInputError('import.no_operations');

  // Folders from tags, in the order the spec declares them, then in order of first use.
  const tagInfo = new Map<string, string>();
  if (Array.isArray(root.tags)) {
    for (const t of root.tags)
      if (isObj(t) && typeof t.name === 'string') tagInfo.set(t.name, typeof t.description === 'string' ? t.description : '');
  }
  const folders = new Map<string, PushDocItem>();
  const rootDocs: PushDocItem[] = [];
  const folderOf = (name: string): PushDocItem => {
    let f = folders.get(name);
    if (!f) {
      f = { name: name.slice(0, 128), isFolder: 1, description: tagInfo.get(name) ?? '', items: [], author: opts.author ?? '' };
      folders.set(name, f);
    }
    return f;
  };
  for (const t of tagInfo.keys()) folderOf(t);
  const anyTags = Object.values(paths).some(
    (pi) =>
      isObj(pi) && METHODS.some((m) => isObj(pi[m]) && Array.isArray((pi[m] as Obj).tags) && ((pi[m] as Obj).tags as unknown[]).length),
  );
  const schemes = securitySchemes(root, w, v2);
  const security: SecurityData = {
    schemes,
    requirement: Array.isArray(root.security) ? requirementOf(root.security, schemes, w, text('import.loc.root_security')) : null,
    docs: {},
  };
  const total = Object.values(paths).reduce<number>((n, pi) => n + (isObj(pi) ? METHODS.filter((m) => isObj(pi[m])).length : 0), 0) || 1;
  let done = 0;
  const turn = turnTaker();
  const convertItems = async (items: Obj, section: 'paths' | 'webhooks') => {
    for (const [path, rawItem] of Object.entries(items)) {
      const { value: item } = w.deref(rawItem);
      if (!item) continue;
      for (const method of METHODS) {
        const first = item[method];
        if (!isObj(first)) continue;
        // Folio's export keeps the other docs of one method and path whole in `x-folio-operations`: each is a doc.
        const others = Array.isArray(first[SHARED_OPS_KEY]) ? (first[SHARED_OPS_KEY] as unknown[]).filter(isObj) : [];
        const ops: { op: Obj; where: string }[] = [
          {
            op:
              others.length && typeof first.description === 'string'
                ? { ...first, description: first.description.replace(SHARED_NOTE, '') }
                : first,
            where: ptr(section, path, method),
          },
          ...others.map((op, i) => ({ op, where: ptr(section, path, method, SHARED_OPS_KEY, String(i)) })),
        ];
        for (const { op, where } of ops) {
          let doc: PushDocItem;
          try {
            doc = convertOperation(w, {
              root,
              v2,
              path,
              method,
              op,
              pathParams: Array.isArray(item.parameters) ? item.parameters : [],
              where,
              author: opts.author,
            });
          } catch (err) {
            if (err instanceof RangeError) {
              w.warn('import.warn.too_deep', { where });
              continue;
            }
            throw err;
          }
          const identity = typeof op['x-folio-identity'] === 'string' ? op['x-folio-identity'].slice(0, 255) : '';
          const version = typeof op['x-folio-version'] === 'string' ? op['x-folio-version'] : '';
          if (identity) doc.identityKey = identity;
          if (version) doc.version = version;
          if (Array.isArray(op.security))
            security.docs[securityDocKey(method, String(doc.url), version, identity)] = requirementOf(
              op.security,
              schemes,
              w,
              `${method.toUpperCase()} ${path}`,
            );
          if (section === 'webhooks') {
            doc.name = String(op.summary ?? op.operationId ?? path).slice(0, 128);
            doc.webhook = path;
            folderOf(w.say('import.text.webhooks')).items?.push(doc);
          } else {
            let tag = Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : '';
            // A spec without any tags (Stripe) is grouped by the first path segment after a version.
            if (!tag && !anyTags) tag = path.split('/').find((seg) => seg && !/^v\d+(\.\d+)*$/i.test(seg) && !seg.startsWith('{')) ?? '';
            if (tag) folderOf(tag).items?.push(doc);
            else rootDocs.push(doc);
          }
        }
        done++;
        // An operation of Stripe's takes milliseconds: a turn for other requests every 10 ms, not every 50 operations.
        await turn();
        if (done % 50 === 0) await opts.onProgress?.(Math.min(1, done / total));
      }
    }
  };
  await convertItems(paths, 'paths');
  await convertItems(webhooks, 'webhooks');
  const apis: PushDocItem[] = [];
  let order = 0;
  for (const f of folders.values()) {
    if (!f.items?.length) continue;
    f.orderIndex = order++;
    f.items.forEach((d, i) => {
      d.orderIndex = i;
    });
    apis.push(f);
  }
  for (const d of rootDocs) {
    d.orderIndex = order++;
    apis.push(d);
  }
  await opts.onProgress?.(1);
  const payload: PushPayload = { apis, debugEnvs: servers(root, v2, w), author: opts.author ?? '' };
  return { payload, warnings: w.warnings, security };
}

export { exampleOf, exampleText };
