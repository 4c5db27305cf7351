/**
 * What an OpenAPI export writes back from a doc's spec extras (modules/docs/doc-extras.ts): the request body's
 * named examples, every documented response with its body, headers and examples, parameters' named examples.
 * The inverse of the importer's reading (imports/openapi-to-push.ts), so import → export → import keeps them.
 */
import {
  type DocDetail,
  type DocParam,
  type DocResponse,
  errorCodeResponses,
  isHttpStatus,
  type NamedExample,
  responseKey,
  responseStatuses,
  successStatus,
} from '@folio/shared';

type Obj = Record<string, unknown>;

const JSON_MEDIA = /[/+]json\b|^application\/json/i;

/** A stored example text as the value the spec gave: JSON again in a JSON media type, else the text. */
function mediaValue(text: string, contentType: string): unknown {
  if (!JSON_MEDIA.test(contentType || 'application/json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A parameter's example text typed as its schema says (a string schema keeps the text). */
function paramValue(text: string, schema: Obj): unknown {
  const t = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (t === 'string' || t === undefined) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Named examples as an Example Objects map (an unnamed one gets a name: a map needs keys). */
function examplesMap(list: NamedExample[], value: (text: string) => unknown): Obj {
  const out: Obj = {};
  list.forEach((e, i) => {
    let key = e.name || `example${i + 1}`;
    for (let k = 2; out[key] !== undefined; k++) key = `${e.name || 'example'}${k}`;
    out[key] = { ...(e.summary ? { summary: e.summary } : {}), value: value(e.value) };
  });
  return out;
}

/** The examples of a media type: one unnamed example as `example` (as the spec had it), else `examples`. */
export function mediaExamples(list: NamedExample[] | undefined, contentType: string): Obj {
  if (!list?.length) return {};
  if (list.length === 1 && !list[0].name && !list[0].summary) return { example: mediaValue(list[0].value, contentType) };
  return { examples: examplesMap(list, (t) => mediaValue(t, contentType)) };
}

/** Gives a parameter entry its named examples (in place of its single `example`), when the doc has them. */
export function withParamExamples(entry: Obj, d: DocDetail): void {
  const own = d.paramExamples?.find((x) => x.in === entry.in && x.name === entry.name);
  if (!own?.examples.length) return;
  delete entry.example;
  entry.examples = examplesMap(own.examples, (t) => paramValue(t, (entry.schema ?? {}) as Obj));
}

/** Gives a query parameter entry its serialization (`style`, `explode`) where it is not OpenAPI's default. */
export function withParamStyle(entry: Obj, d: DocDetail): void {
  const s = d.paramStyles?.find((x) => x.in === entry.in && x.name === entry.name);
  if (!s) return;
  if (s.style !== 'form') entry.style = s.style;
  if (s.explode !== (s.style === 'form')) entry.explode = s.explode;
}

/** How the export turns parameters into schemas (to-openapi.ts), passed in to keep one definition. */
export interface SchemaFns {
  param: (p: DocParam) => Obj;
  body: (params: DocParam[], isArray: number, arrayType: string) => Obj | null;
  example: (p: DocParam, schema: Obj) => unknown;
}

function headersOf(list: DocParam[], fns: SchemaFns): Obj | undefined {
  if (!list.length) return undefined;
  const out: Obj = {};
  for (const h of list) {
    const schema = fns.param({ ...h, description: '', example: '' });
    const ex = fns.example(h, schema);
    out[h.name] = {
      ...(h.description ? { description: h.description } : {}),
      ...(h.required === 1 ? { required: true } : {}),
      schema,
      ...(ex !== undefined ? { example: ex } : {}),
    };
  }
  return out;
}

/**
 * The responses of an operation: one per HTTP status the doc documents (its HTTP-status codes and every stored
 * response, as the reader's tabs list them), keyed as OpenAPI writes them (`2XX`, `default`), each with what the
 * spec said of it (description, body, headers, examples); the main status's body is the doc's response params.
 * Without extras: the codes' messages and the response params under the first success status.
 */
export function responsesOf(d: DocDetail, fns: SchemaFns): Obj {
  const key = (s: string) => responseKey(s) ?? s;
  const msg = new Map(d.errorCodeParams.map((c) => [key(String(c.code)), c.msg]));
  const statuses = responseStatuses(
    d.responses,
    d.errorCodeParams.map((c) => String(c.code)),
  ).map(key);
  const extras = new Map<string, DocResponse>((d.responses ?? []).filter((r) => isHttpStatus(r.status)).map((r) => [key(r.status), r]));
  // The status whose body the response params describe, as the reader marks it.
  const marked = d.responses?.find((r) => r.main === 1 && statuses.includes(key(r.status)))?.status;
  const main = marked ? key(marked) : (successStatus(statuses) ?? '200');
  const responses: Obj = {};
  for (const code of statuses) responses[code] = { description: msg.get(code) || extras.get(code)?.description || code };
  const mainBody = fns.body(d.responseParams, d.isResponseArray, d.responseArrayType);
  // A success response is added only to hold a body, or because OpenAPI needs one response: a doc that lists
  // only its failures (Kubernetes' `GET /logs/`: 401) keeps exactly its codes.
  if (!responses[main] && (mainBody || !statuses.length)) responses[main] = { description: 'OK' };
  for (const [code, out] of Object.entries(responses) as [string, Obj][]) {
    const r = extras.get(code);
    const isMain = code === main;
    const schema = isMain || r?.sameAs ? mainBody : r ? fns.body(r.params, r.isArray, r.arrayType) : null;
    // Examples written in Folio's editor have no media type: JSON, as the editor writes them.
    const contentType = r?.contentType || (schema || r?.examples.length ? 'application/json' : '');
    if (contentType && (schema || r?.examples.length || r?.contentType)) {
      out.content = { [contentType]: { ...(schema ? { schema } : {}), ...mediaExamples(r?.examples, contentType) } };
    }
    const headers = headersOf(r?.headers ?? [], fns);
    if (headers) out.headers = headers;
  }
  return responses;
}

/**
 * The doc's business error codes (no HTTP status: Torna's "E1001"), as `x-error-codes` lists them: its codes, and
 * a stored response with such a status (a push's) with its description and examples.
 */
export function errorCodesOf(d: DocDetail): Obj[] {
  const business = errorCodeResponses(d.responses);
  const byCode = new Map(business.map((r) => [r.status, r]));
  const examples = (r: DocResponse | undefined) =>
    r?.examples.length ? { examples: r.examples.map((e) => ({ name: e.name, summary: e.summary, value: e.value })) } : {};
  const codes = d.errorCodeParams.filter((c) => !isHttpStatus(String(c.code)));
  const listed = new Set(codes.map((c) => String(c.code).trim()));
  return [
    ...codes.map((c) => ({ code: c.code, msg: c.msg, solution: c.solution, ...examples(byCode.get(String(c.code).trim())) })),
    ...business.filter((r) => !listed.has(r.status)).map((r) => ({ code: r.status, msg: r.description, solution: '', ...examples(r) })),
  ];
}
