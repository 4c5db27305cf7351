/**
 * OpenAPI 3.1 / 3.0 export: folders → tags, docs → operations, parameter trees → inline schemas (nesting,
 * enums, arrays, alternatives, examples), error codes → responses, environments → servers. The inverse
 * of the importer's mapping, so export → import gives the same docs and parameters.
 *
 * OpenAPI holds one operation per method and path; Folio can hold several docs there (Postman requests told
 * apart by their identity key, versions of a pushed doc, docs of two applications). The first is the
 * operation; the others are operations of their own, whole, in its `x-folio-operations` (Folio's importer
 * makes each a doc again), listed in its description for other readers, and reported (`OpenApiExport.merged`).
 */
import { type DocDetail, type DocParam, DocType, securityDocKey, securityOfDoc } from '@folio/shared';
import { stringifyInPieces } from '../../lib/json-pieces.js';
import { offload } from '../../lib/offload.js';
import { turnTaker } from '../../lib/turns.js';
import type { ExportSet } from './export-scope.js';
import { walkOutline } from './export-scope.js';
import { errorCodesOf, mediaExamples, responsesOf, withParamExamples, withParamStyle } from './openapi-extras.js';
import { yamlText } from './yaml-text.js';

type Obj = Record<string, unknown>;
export type OasVersion = '3.1' | '3.0';

const SCALARS = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array', 'null']);

/** Parses a type text ("string|null", "array[integer]") into the schema's type keywords. */
function typeSchema(type: string, v: OasVersion): Obj {
  const parts = (type || 'string').split(/\|(?![^[]*\])/).map((t) => t.trim());
  const nullable = parts.includes('null');
  const nonNull = parts.filter((t) => t !== 'null');
  const mapOne = (t: string): Obj => {
    if (t === 'file') return { type: 'string', format: 'binary' };
    const withFormat = /^(\w+)\(([^()]+)\)$/.exec(t);
    // `object(Pet)` names the schema an import took it from (not a format).
    if (withFormat?.[1] === 'object') return { type: 'object' };
    if (withFormat) return { ...mapOne(withFormat[1]), format: withFormat[2] };
    if (t === 'file[]') return { type: 'array', items: { type: 'string', format: 'binary' } };
    const arr = /^array\[(.+)\]$/.exec(t);
    if (arr) return { type: 'array', items: typeSchema(arr[1], v) };
    if (SCALARS.has(t)) return { type: t };
    // Types pushed by code generators (int64, long, date, List<X>...): keep the text as a format.
    const lower = t.toLowerCase();
    if (/^(int|integer|long|short|byte|int32|int64)$/.test(lower)) return { type: 'integer', format: t };
    if (/^(float|double|decimal|bigdecimal|number)$/.test(lower)) return { type: 'number', format: t };
    if (/^(bool|boolean)$/.test(lower)) return { type: 'boolean' };
    if (/^(list|set|collection)/i.test(t) || t.endsWith('[]')) return { type: 'array', items: {} };
    return { type: 'string', ...(t && t !== 'string' ? { format: t } : {}) };
  };
  if (nonNull.length <= 1) {
    const s = mapOne(nonNull[0] ?? 'string');
    if (nullable) {
      if (v === '3.1') s.type = [s.type as string, 'null'];
      else s.nullable = true;
    }
    return s;
  }
  const all = nonNull.map(mapOne);
  if (v === '3.1' && all.every((s) => Object.keys(s).length === 1))
    return { type: [...all.map((s) => s.type as string), ...(nullable ? ['null'] : [])] };
  return {
    anyOf: [...all, ...(nullable ? [v === '3.1' ? { type: 'null' } : {}] : [])].filter((s) => Object.keys(s).length),
    ...(nullable && v === '3.0' ? { nullable: true } : {}),
  };
}

function exampleValue(p: DocParam, schema: Obj): unknown {
  if (p.example === '' || p.example === undefined || p.example === null) return undefined;
  const t = schema.type;
  const base = Array.isArray(t) ? t[0] : t;
  if (base === 'integer' || base === 'number') {
    const n = Number(p.example);
    return Number.isFinite(n) ? n : p.example;
  }
  if (base === 'boolean') return p.example === 'true' ? true : p.example === 'false' ? false : p.example;
  if (base === 'array') {
    try {
      const parsed = JSON.parse(p.example);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      /* plain text */
    }
  }
  return p.example;
}

/** Named schemas an export writes into `components.schemas` (alternatives, so a discriminator can map to them). */
export interface SchemaCtx {
  schemas: Obj;
  /**
   * The JSON text of each of `schemas`, by key, written once: comparing a new alternative with every schema of
   * its name by writing them all again took Stripe's export 50 s and more in one piece (issue 20).
   */
  texts?: Map<string, string>;
}

const COMPONENT_KEY = /^[A-Za-z0-9._-]{1,128}$/;

/** A schema as a component named `name` (a numbered key when another schema has the name); its $ref. */
function component(name: string, schema: Obj, ctx: SchemaCtx): Obj {
  if (!ctx.texts) ctx.texts = new Map();
  const texts = ctx.texts;
  const textOf = (k: string) => texts.get(k) ?? JSON.stringify(ctx.schemas[k]);
  let key = name;
  const text = JSON.stringify(schema);
  for (let k = 2; ctx.schemas[key] !== undefined && textOf(key) !== text; k++) key = `${name}_${k}`;
  ctx.schemas[key] = key === name ? schema : { title: name, ...schema };
  // (An equal schema put again under its key leaves its text as it was.)
  if (!texts.has(key)) texts.set(key, key === name ? text : JSON.stringify(ctx.schemas[key]));
  return { $ref: `#/components/schemas/${key}` };
}

/** Alternatives (`oneOf`, `anyOf(petType)`) → the keyword, the alternatives and the discriminator with its mapping. */
function alternativesSchema(kind: string, prop: string, kids: DocParam[], v: OasVersion, ctx?: SchemaCtx): Obj {
  const alts = kids.map((c) => {
    // An alternative the source named (`object(Cat)`), or one a discriminator maps to, is a component named after
    // it, $ref'd. Any other stays inline, labelled by its title: the importer reads a $ref as a named schema (shown
    // once per body, nested less deep), which the source's inline alternative (Stripe's `range_query_specs`) is not.
    if (!ctx || !COMPONENT_KEY.test(c.name) || !(prop || /^object\(/.test(c.type))) return { title: c.name, ...paramSchema(c, v, ctx) };
    // An object the source did not name stays unnamed (`object`) on import.
    const schema = paramSchema(c, v, ctx);
    if (/^object(\|null)?$/.test(c.type) && !schema['x-folio-type']) schema['x-folio-type'] = c.type;
    return component(c.name, schema, ctx);
  });
  const s: Obj = { [kind]: alts };
  // Alternatives that would read as something else (one left, the others cut by the parameter budget; scalars
  // only, their named schemas now inline): the importer keeps them alternatives.
  if (kids.length === 1 || kids.every((c) => !c.children?.length)) s['x-folio-type'] = kind;
  if (prop) {
    const mapping: Obj = {};
    kids.forEach((c, i) => {
      const value = c.children?.find((x) => x.name === prop)?.example;
      if (value && typeof alts[i].$ref === 'string') mapping[value] = alts[i].$ref;
    });
    s.discriminator = { propertyName: prop, ...(Object.keys(mapping).length ? { mapping } : {}) };
  }
  return s;
}

/** One parameter (with its children) → a JSON schema (`ctx`: where alternatives become components). */
export function paramSchema(p: DocParam, v: OasVersion, ctx?: SchemaCtx): Obj {
  const type = p.type || 'string';
  let s: Obj;
  const kids = p.children ?? [];
  const alt = /^(oneOf|anyOf)(?:\(([^()]+)\))?$/.exec(type);
  if (alt && kids.length) {
    s = alternativesSchema(alt[1], alt[2] ?? '', kids, v, ctx);
  } else if (alt) {
    // Alternatives the import cut short (too deep): any value here, and Folio's importer reads the kind back.
    s = { 'x-folio-type': type };
  } else {
    // `object(Pet)`: an object of the named schema Pet (the name is Folio's; the schema is written in place).
    const namedObject = /^object\([^()]+\)/.test(type);
    s = typeSchema(namedObject ? type.replace(/^object\([^()]+\)/, 'object') : type, v);
    if (namedObject) s['x-folio-type'] = type;
    const base = Array.isArray(s.type) ? (s.type as string[])[0] : s.type;
    if (kids.length && base === 'array') {
      if (kids.length === 1 && kids[0].name === '[item]') s.items = paramSchema(kids[0], v, ctx);
      else s.items = objectSchema(kids, v, ctx);
    } else if (kids.length) {
      if (base !== 'object') s.type = Array.isArray(s.type) ? ['object', 'null'] : 'object';
      // The properties, keeping the type (`['object', 'null']`: an object that may be null).
      const { type: _object, ...props } = objectSchema(kids, v, ctx);
      Object.assign(s, props);
    }
  }
  if (p.description) s.description = p.description;
  if (p.maxLength && /^\d+$/.test(p.maxLength)) s.maxLength = Number(p.maxLength);
  const items = p.enumInfo?.items ?? [];
  if (items.length) {
    // An array's values are its items' (`array[string]`, also when the array may be null).
    const kind = Array.isArray(s.type) ? (s.type as string[])[0] : s.type;
    const target = kind === 'array' && s.items && !(s.items as Obj).properties ? (s.items as Obj) : s;
    target.enum = items.map((i) =>
      i.type === 'number' && Number.isFinite(Number(i.value)) ? Number(i.value) : i.type === 'boolean' ? i.value === 'true' : i.value,
    );
    if (items.some((i) => i.name !== i.value)) target['x-enum-varnames'] = items.map((i) => i.name);
    if (items.some((i) => i.description)) target['x-enum-descriptions'] = items.map((i) => i.description);
  }
  const ex = exampleValue(p, s);
  if (ex !== undefined) s.example = ex;
  return s;
}

/** Child parameters → an object schema (properties, required, additionalProperties for `<key>`). */
export function objectSchema(ps: DocParam[], v: OasVersion, ctx?: SchemaCtx): Obj {
  const props: Obj = {};
  const required: string[] = [];
  let additional: Obj | undefined;
  for (const p of ps) {
    if (p.name === '<key>' && ps.length === 1) {
      additional = paramSchema(p, v, ctx);
      continue;
    }
    props[p.name] = paramSchema(p, v, ctx);
    if (p.required === 1) required.push(p.name);
  }
  const s: Obj = { type: 'object' };
  if (Object.keys(props).length) s.properties = props;
  if (required.length) s.required = required;
  if (additional) s.additionalProperties = additional;
  return s;
}

function bodySchema(params: DocParam[], isArray: number, arrayType: string, v: OasVersion, ctx: SchemaCtx): Obj | null {
  if (isArray) {
    if (params.length) return { type: 'array', items: objectSchema(params, v, ctx) };
    return { type: 'array', items: typeSchema(arrayType || 'string', v) };
  }
  if (!params.length) return null;
  // A body that is alternatives (the importer's one alternatives parameter) is written as such, named.
  const only = params.length === 1 ? params[0] : null;
  if (only && /^(oneOf|anyOf)\b/.test(only.type) && only.children?.length) {
    const s = paramSchema(only, v, ctx);
    return COMPONENT_KEY.test(only.name) && only.name !== 'body' ? component(only.name, s, ctx) : s;
  }
  return objectSchema(params, v, ctx);
}

/** The extension marking a path parameter that stands for a Postman variable (the importer writes `{{name}}` back). */
export const POSTMAN_VARIABLE = 'x-folio-variable';

/**
 * The Postman variables of a doc's URL (`/profiles/{{profile_id}}/cards`) that OpenAPI gets as path parameters
 * (`/profiles/{profile_id}/cards`): a value the caller supplies. A name the doc already has as a path parameter stays as written.
 */
function postmanVariables(d: DocDetail): string[] {
  const names = [...d.url.matchAll(/\{\{([^{}]+)\}\}/g)].map((m) => m[1]);
  return [...new Set(names)].filter((n) => /^[\w.-]+$/.test(n) && !d.pathParams.some((p) => p.name === n));
}

function operation(d: DocDetail, tag: string, v: OasVersion, ctx: SchemaCtx): Obj {
  const op: Obj = {};
  if (tag) op.tags = [tag];
  op.summary = d.name;
  if (d.description) op.description = d.description;
  if (d.deprecated && d.deprecated !== '$false$') op.deprecated = true;
  const params: Obj[] = [];
  const add = (list: DocParam[], where: string) => {
    for (const p of list) {
      let loc = where;
      let description = p.description;
      if (where === 'header' && description.startsWith('[cookie]')) {
        loc = 'cookie';
        description = description.replace(/^\[cookie\]\s*/, '');
      }
      const schema = paramSchema({ ...p, description: '', example: '' }, v, ctx);
      const e: Obj = { name: p.name, in: loc };
      if (description) e.description = description;
      if (loc === 'path' || p.required === 1) e.required = true;
      e.schema = schema;
      const ex = exampleValue(p, schema);
      if (ex !== undefined) e.example = ex;
      withParamExamples(e, d);
      withParamStyle(e, d);
      params.push(e);
    }
  };
  add(d.pathParams, 'path');
  if (!isWebhook(d, v))
    for (const name of postmanVariables(d))
      params.push({ name, in: 'path', required: true, schema: { type: 'string' }, [POSTMAN_VARIABLE]: true });
  add(d.queryParams, 'query');
  add(d.headerParams, 'header');
  if (params.length) op.parameters = params;
  const req =
    bodySchema(d.requestParams, d.isRequestArray, d.requestArrayType, v, ctx) ??
    (d.contentType && !['get', 'head'].includes(d.httpMethod.toLowerCase()) ? { type: 'object' } : null);
  const reqType = d.contentType || 'application/json';
  if (req || d.requestExamples?.length)
    op.requestBody = { content: { [reqType]: { ...(req ? { schema: req } : {}), ...mediaExamples(d.requestExamples, reqType) } } };
  op.responses = responsesOf(d, {
    param: (p) => paramSchema(p, v, ctx),
    body: (ps, isArray, arrayType) => bodySchema(ps, isArray, arrayType, v, ctx),
    example: exampleValue,
  });
  const other = errorCodesOf(d);
  if (other.length) op['x-error-codes'] = other;
  return op;
}

/** A webhook (its event name, or in 3.1 a URL without a leading slash: a doc made before webhooks were marked). */
const isWebhook = (d: DocDetail, v: OasVersion) => !!d.webhook || (v === '3.1' && !d.url.startsWith('/') && !/^https?:/i.test(d.url));

/** A doc that shares its method and path with another and went into that operation's `x-folio-operations`. */
export interface MergedDoc {
  method: string;
  url: string;
  name: string;
  /** Its folder path (` / `-joined), '' at the top. */
  folder: string;
  /** The doc that is the operation. */
  into: string;
}

export interface OpenApiExport {
  doc: Obj;
  merged: MergedDoc[];
}

/** The extension holding the other docs of a method and path, and the heading of their list in the description. */
export const SHARED_OPS_KEY = 'x-folio-operations';
const sharedNoteHead = (method: string, url: string) => `**Other docs on ${method} ${url}**`;
/** The description note an export appends to an operation with `x-folio-operations` (the importer takes it off). */
export const SHARED_NOTE = /(?:^|\n\n)---\n\*\*Other docs on [^\n]*\*\* \(OpenAPI holds one operation per method and path;[\s\S]*$/;

function sharedNote(method: string, url: string, ops: Obj[]): string {
  const lines = ops.map((o) => {
    const tag = Array.isArray(o.tags) && o.tags.length ? ` (${String(o.tags[0])})` : '';
    return `- ${String(o.summary ?? '')}${tag}`;
  });
  return `\n\n---\n${sharedNoteHead(method, url)} (OpenAPI holds one operation per method and path; each is kept whole in \`${SHARED_OPS_KEY}\`):\n${lines.join('\n')}`;
}

/**
 * An environment as a server. A Postman variable in its URL (`{{host}}`, unresolved by the collection) is a server
 * variable whose default is the variable itself: the importer substitutes it back.
 */
function serverOf(url: string, name: string): Obj {
  const names = [...new Set([...url.matchAll(/\{\{([^{}]+)\}\}/g)].map((m) => m[1]))];
  const s: Obj = { url: names.reduce((u, n) => u.split(`{{${n}}}`).join(`{${n}}`), url).replace(/(.)\/+$/, '$1'), description: name };
  if (names.length) s.variables = Object.fromEntries(names.map((n) => [n, { default: `{{${n}}}` }]));
  return s;
}

/** A JSON pointer (RFC 6901) as a `$ref`'s URI fragment. */
const pointer = (parts: string[]) => `#/${parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;

/**
 * A response that repeats another's body (Kubernetes' 201 and 202, `sameAs` the 200) refers to it instead of
 * holding a copy: readers see the same schema, the importer knows it as the same body again, and Kubernetes'
 * export is a third smaller.
 */
function referToRepeatedBodies(op: Obj, at: string[]): void {
  const seen = new Map<unknown, string>();
  for (const [code, r] of Object.entries((op.responses ?? {}) as Record<string, Obj>))
    for (const [type, media] of Object.entries((r.content ?? {}) as Record<string, Obj>)) {
      if (!media.schema || typeof media.schema !== 'object') continue;
      const first = seen.get(media.schema);
      if (first) media.schema = { $ref: first };
      else seen.set(media.schema, pointer([...at, 'responses', code, 'content', type, 'schema']));
    }
}

/**
 * The scope as an OpenAPI document (object), with the docs that had to share an operation. An event-loop turn
 * now and then between docs: Stripe's 468 docs (266,000 params) take seconds.
 */
export async function toOpenApiExport(set: ExportSet, v: OasVersion = '3.1'): Promise<OpenApiExport> {
  const paths: Obj = {};
  const webhooks: Obj = {};
  const tags = new Map<string, string>();
  const ctx: SchemaCtx = { schemas: {}, texts: new Map() };
  const merged: MergedDoc[] = [];
  const shared: { op: Obj; method: string; url: string }[] = [];
  // Security: the schemes of every application; one application's default requirement at the root,
  // else each operation says what applies to it.
  const securitySchemes: Obj = {};
  for (const sec of set.security.values()) Object.assign(securitySchemes, sec.schemes);
  const only = set.security.size === 1 ? [...set.security.values()][0] : undefined;
  const rootSecurity = set.roots.length === 1 ? (only?.requirement ?? null) : null;
  const servers = set.env ? [set.env] : set.envs;
  const docs: { d: DocDetail; path: string[] }[] = [];
  walkOutline(set.roots, (n, _depth, path) => {
    if (n.kind === 'doc' && n.doc && n.doc.type === DocType.HTTP && n.doc.url) docs.push({ d: n.doc, path });
  });
  const turn = turnTaker();
  for (const { d, path } of docs) {
    await turn();
    // Folders (not applications) give the tag; nested folders are joined with " / ".
    const folders = set.roots.length > 1 ? path : path.slice(1);
    const tag = folders.join(' / ');
    if (tag && !tags.has(tag)) tags.set(tag, '');
    // A webhook goes under `webhooks` by its event name (3.0: Redoc's `x-webhooks`); in 3.1 a URL without a
    // leading slash is one too (a doc made before webhooks were marked).
    const isHook = isWebhook(d, v);
    const hookName = d.webhook || d.url;
    let url = isHook ? hookName : d.url.startsWith('/') ? d.url : `/${d.url}`;
    if (!isHook) for (const name of postmanVariables(d)) url = url.split(`{{${name}}}`).join(`{${name}}`);
    const target = isHook ? webhooks : paths;
    const section = isHook ? (v === '3.1' ? 'webhooks' : 'x-webhooks') : 'paths';
    const item = (target[url] ?? {}) as Obj;
    const method = (d.httpMethod || 'GET').toLowerCase();
    const op = operation(d, isHook ? '' : tag, v, ctx);
    const sec = set.security.get(d.moduleId);
    // With a root requirement an operation says only what the source said of it; else what applies to it.
    const m = d.httpMethod || 'GET';
    const own = sec?.docs[securityDocKey(m, d.url, d.version, d.identityKey)] ?? sec?.docs[securityDocKey(m, d.url, d.version)];
    const req = rootSecurity ? own : securityOfDoc(sec, d);
    if (req) op.security = req;
    // What tells docs on one method and path apart comes back on import.
    if (d.identityKey) op['x-folio-identity'] = d.identityKey;
    if (d.version) op['x-folio-version'] = d.version;
    const primary = item[method] as Obj | undefined;
    if (primary) {
      if (!op['x-folio-identity'] && !op['x-folio-version']) op['x-folio-identity'] = d.name;
      let list = primary[SHARED_OPS_KEY] as Obj[] | undefined;
      if (!list) {
        list = [];
        primary[SHARED_OPS_KEY] = list;
        shared.push({ op: primary, method: method.toUpperCase(), url });
      }
      list.push(op);
      referToRepeatedBodies(op, [section, url, method, SHARED_OPS_KEY, String(list.length - 1)]);
      merged.push({ method: method.toUpperCase(), url, name: d.name, folder: tag, into: String(primary.summary ?? '') });
      continue;
    }
    item[method] = op;
    target[url] = item;
    referToRepeatedBodies(op, [section, url, method]);
  }
  for (const s of shared) {
    const note = sharedNote(s.method, s.url, s.op[SHARED_OPS_KEY] as Obj[]);
    s.op.description = `${String(s.op.description ?? '')}${note}`.replace(/^\s+/, '');
  }
  const doc: Obj = {
    openapi: v === '3.1' ? '3.1.0' : '3.0.3',
    info: { title: set.title, version: '1.0.0' },
  };
  // Without an environment the server is the document's own origin (`/`, what an absent list means), written
  // out: linters (Redocly's no-empty-servers) refuse a document without servers.
  // (A base URL's trailing slash is left out: a doc's path starts with one.)
  const listed = servers.filter((s) => s.url).map((s) => serverOf(s.url, s.name));
  doc.servers = listed.length ? listed : [{ url: '/' }];
  if (tags.size) doc.tags = [...tags.keys()].map((name) => ({ name }));
  doc.paths = paths;
  if (Object.keys(webhooks).length) doc[v === '3.1' ? 'webhooks' : 'x-webhooks'] = webhooks;
  if (rootSecurity) doc.security = rootSecurity;
  const components: Obj = {};
  if (Object.keys(ctx.schemas).length) components.schemas = ctx.schemas;
  if (Object.keys(securitySchemes).length) components.securitySchemes = securitySchemes;
  if (Object.keys(components).length) doc.components = components;
  return { doc, merged };
}

/**
 * Exports whose JSON text is longer than this are written as YAML on a worker thread (the event loop stays free
 * meanwhile): the YAML writer does a few MB a second, so this is about 50 ms of it.
 */
const OFFLOAD_YAML_CHARS = 200_000;

/**
 * An export as JSON or YAML text, with the docs that had to share an operation. JSON is written in pieces with
 * event-loop turns between them (Stripe's is 85 MB); a big YAML export is written on a worker thread from
 * the document's JSON text (a string crosses threads in one copy; the object would be cloned on this thread).
 */
export async function toOpenApiText(set: ExportSet, v: OasVersion, as: 'json' | 'yaml'): Promise<{ text: string; merged: MergedDoc[] }> {
  const { doc, merged } = await toOpenApiExport(set, v);
  if (as === 'json') return { text: await stringifyInPieces(doc, 2, turnTaker()), merged };
  const json = await stringifyInPieces(doc, 0, turnTaker());
  return { text: json.length > OFFLOAD_YAML_CHARS ? await offload('yaml.fromJson', json) : yamlText(doc), merged };
}
