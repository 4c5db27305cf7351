/**
 * What a spec says about a doc beyond Torna's shape: the request body's own named examples, every documented
 * response (status, body, headers, examples), the webhook event name and how array/object query params are sent. Pushed as Folio's own fields, stored
 * as one JSON text in `docs.spec_extras` ('' when there is none, so Torna pushes store and hash as before).
 */
import type {
  DocParam,
  DocResponse,
  DocSpecExtras,
  NamedExample,
  ParamExamples,
  ParamSerialization,
  PushExample,
  PushParam,
  PushResponse,
} from '@folio/shared';

/** Column limits (characters) and list bounds of the extras. */
export const EXTRAS_LIMITS = {
  name: 255,
  summary: 1024,
  value: 200_000,
  status: 32,
  contentType: 255,
  webhook: 255,
  examples: 50,
  responses: 100,
  paramName: 255,
  paramType: 64,
} as const;

/** OpenAPI's parameter styles. */
const STYLES = new Set(['form', 'spaceDelimited', 'pipeDelimited', 'deepObject', 'simple', 'matrix', 'label']);

/** Reports a value longer than its limit (the push checker: the field is named, nothing is clipped). */
export interface LengthCheck {
  max(path: string, value: string, limit: number): string;
  readonly errors: { field: string; message: string }[];
}

function bounded<T>(list: unknown, at: string, limit: number, c: LengthCheck): T[] {
  const raws = arr<T>(list);
  if (raws.length > limit) c.errors.push({ field: at, message: `${raws.length} items exceed ${limit}` });
  return raws;
}

const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const text = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
const on = (v: unknown): number => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0);

/** An example's payload as text: strings as they are, anything else as indented JSON. */
export function exampleValueText(v: unknown): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  return JSON.stringify(v, null, 2) ?? '';
}

function examples(list: unknown, at: string, c: LengthCheck): NamedExample[] {
  const raws = bounded<PushExample>(list, at, EXTRAS_LIMITS.examples, c);
  const out: NamedExample[] = [];
  raws.forEach((raw, i) => {
    const e = obj(raw);
    if (!e || e.value === undefined) return;
    out.push({
      name: c.max(`${at}[${i}].name`, text(e.name).trim(), EXTRAS_LIMITS.name),
      summary: c.max(`${at}[${i}].summary`, text(e.summary).trim(), EXTRAS_LIMITS.summary),
      value: c.max(`${at}[${i}].value`, exampleValueText(e.value), EXTRAS_LIMITS.value),
    });
  });
  return out;
}

/** A param's own values (no dictionary of the application: these params are shown, never edited). */
function enumOf(v: unknown): DocParam['enumInfo'] {
  const e = obj(v);
  const items = arr<unknown>(e?.items)
    .map((x) => obj(x))
    .filter((x): x is Record<string, unknown> => !!x)
    .slice(0, 500)
    .map((x) => ({
      name: text(x.name) || text(x.value),
      type: text(x.type) || 'string',
      value: text(x.value),
      description: text(x.description),
    }));
  return e && items.length ? { name: text(e.name), description: text(e.description), items } : undefined;
}

function params(list: unknown, at: string, c: LengthCheck, depth = 0): DocParam[] {
  if (depth > 32) return [];
  return arr<PushParam>(list)
    .map((raw, i) => ({ p: obj(raw), i }))
    .filter((x): x is { p: Record<string, unknown>; i: number } => !!x.p)
    .map(({ p, i }) => {
      const children = params(p.children, `${at}[${i}].children`, c, depth + 1);
      const enumInfo = enumOf(p.enumInfo);
      return {
        name: c.max(`${at}[${i}].name`, text(p.name).trim(), EXTRAS_LIMITS.paramName),
        type: c.max(`${at}[${i}].type`, text(p.type).trim() || (children.length ? 'object' : 'string'), EXTRAS_LIMITS.paramType),
        required: on(p.required),
        maxLength: text(p.maxLength).slice(0, 32),
        example: text(p.example),
        description: text(p.description),
        orderIndex: i,
        ...(enumInfo ? { enumInfo } : {}),
        children,
      };
    });
}

function responses(list: unknown, at: string, c: LengthCheck): DocResponse[] {
  const raws = bounded<PushResponse>(list, at, EXTRAS_LIMITS.responses, c);
  const out: DocResponse[] = [];
  raws.forEach((raw, i) => {
    const r = obj(raw);
    if (!r) return;
    const where = `${at}[${i}]`;
    const status = c.max(`${where}.status`, text(r.status).trim(), EXTRAS_LIMITS.status);
    if (!status) return;
    out.push({
      status,
      description: text(r.description),
      contentType: c.max(`${where}.contentType`, text(r.contentType).trim(), EXTRAS_LIMITS.contentType),
      params: params(r.params, `${where}.params`, c),
      isArray: on(r.isArray),
      arrayType: text(r.arrayType).trim().slice(0, 32),
      headers: params(r.headers, `${where}.headers`, c),
      examples: examples(r.examples, `${where}.examples`, c),
      main: on(r.main),
      ...(text(r.sameAs).trim() ? { sameAs: c.max(`${where}.sameAs`, text(r.sameAs).trim(), EXTRAS_LIMITS.status) } : {}),
    });
  });
  return out;
}

/** The extras of a pushed doc (null when it has none), every length checked. */
export function normalizeExtras(it: Record<string, unknown>, at: string, c: LengthCheck): DocSpecExtras | null {
  const out: DocSpecExtras = {};
  const req = examples(it.requestExamples, `${at}.requestExamples`, c);
  if (req.length) out.requestExamples = req;
  const res = responses(it.responses, `${at}.responses`, c);
  if (res.length) out.responses = res;
  const webhook = c.max(`${at}.webhook`, text(it.webhook).trim(), EXTRAS_LIMITS.webhook);
  if (webhook) out.webhook = webhook;
  const byParam: ParamExamples[] = [];
  bounded<Record<string, unknown>>(it.paramExamples, `${at}.paramExamples`, EXTRAS_LIMITS.responses, c).forEach((raw, i) => {
    const x = obj(raw);
    const where = `${at}.paramExamples[${i}]`;
    const name = x ? c.max(`${where}.name`, text(x.name).trim(), EXTRAS_LIMITS.paramName) : '';
    const list = x ? examples(x.examples, `${where}.examples`, c) : [];
    if (name && list.length) byParam.push({ in: c.max(`${where}.in`, text(x?.in).trim(), 16), name, examples: list });
  });
  if (byParam.length) out.paramExamples = byParam;
  const styles: ParamSerialization[] = [];
  bounded<Record<string, unknown>>(it.paramStyles, `${at}.paramStyles`, EXTRAS_LIMITS.responses, c).forEach((raw, i) => {
    const x = obj(raw);
    const where = `${at}.paramStyles[${i}]`;
    const name = x ? c.max(`${where}.name`, text(x.name).trim(), EXTRAS_LIMITS.paramName) : '';
    const style = x ? text(x.style).trim() : '';
    if (name && STYLES.has(style))
      styles.push({ in: c.max(`${where}.in`, text(x?.in).trim(), 16), name, style, explode: on(x?.explode) === 1 });
  });
  if (styles.length) out.paramStyles = styles;
  return Object.keys(out).length ? out : null;
}

/** The text of extras as the content hash takes it ('' for none): keys in a fixed order, so equal extras give equal text. */
export function extrasText(x: DocSpecExtras | null | undefined): string {
  if (!x) return '';
  const out: DocSpecExtras = {};
  if (x.requestExamples?.length) out.requestExamples = x.requestExamples;
  if (x.responses?.length) out.responses = x.responses;
  if (x.webhook) out.webhook = x.webhook;
  if (x.paramExamples?.length) out.paramExamples = x.paramExamples;
  if (x.paramStyles?.length) out.paramStyles = x.paramStyles;
  return Object.keys(out).length ? JSON.stringify(out) : '';
}

/** The stored text of extras: without the webhook event, which `docs.webhook` holds (the tree and search read it). */
export const storedExtrasText = (x: DocSpecExtras | null | undefined): string => extrasText(x ? { ...x, webhook: undefined } : x);

/** The extras of a stored doc row (none when the text is empty or unreadable). */
export function readExtras(stored: string | null | undefined): DocSpecExtras {
  if (!stored) return {};
  try {
    const v = JSON.parse(stored) as DocSpecExtras;
    return obj(v) ? v : {};
  } catch {
    return {};
  }
}

/**
 * The extras a form save stores, each example marked by its origin: one the stored extras have in the same place
 * (the request body, a status, a parameter) with the same name, summary and value, as the spec gave it, stays the
 * spec's; any other was written or edited in Folio. What a client says of an origin is not taken.
 */
export function markWritten(given: DocSpecExtras, stored: DocSpecExtras): DocSpecExtras {
  const key = (e: NamedExample) => JSON.stringify([e.name, e.summary, e.value]);
  const mark = (list: NamedExample[], before: NamedExample[] | undefined): NamedExample[] => {
    const spec = new Set((before ?? []).filter((e) => e.origin !== 'folio').map(key));
    return list.map(({ origin: _, ...e }) => (spec.has(key(e)) ? e : { ...e, origin: 'folio' as const }));
  };
  const out: DocSpecExtras = { ...given };
  if (given.requestExamples) out.requestExamples = mark(given.requestExamples, stored.requestExamples);
  if (given.responses)
    out.responses = given.responses.map((r) => ({
      ...r,
      examples: mark(r.examples, stored.responses?.find((x) => x.status === r.status)?.examples),
    }));
  if (given.paramExamples)
    out.paramExamples = given.paramExamples.map((p) => ({
      ...p,
      examples: mark(p.examples, stored.paramExamples?.find((x) => x.in === p.in && x.name === p.name)?.examples),
    }));
  return out;
}

/**
 * The extras without the statuses whose code a save deletes (their body, headers and examples go with the code, the
 * main one too: the reader's response tabs and the OpenAPI export both follow the codes, and the doc's response
 * parameters then sit under the success status left, in both); a business code's ("E1001") examples go with it
 * too. Null when nothing goes.
 */
export function withoutDeletedStatuses(extras: DocSpecExtras, before: string[], now: string[]): DocSpecExtras | null {
  const kept = new Set(now.map((c) => c.trim()));
  const gone = new Set(before.map((c) => c.trim()).filter((c) => c && !kept.has(c)));
  const list = extras.responses ?? [];
  const responses = list.filter((r) => !gone.has(r.status));
  return responses.length === list.length ? null : { ...extras, responses };
}

/** The parameter lists of a doc/save body that hold a location's parameters (cookies are sent with the headers). */
const LOCATIONS = { path: 'pathParams', query: 'queryParams', header: 'headerParams', cookie: 'headerParams' } as const;

/**
 * A parameter whose first named example this save changes takes it as its own example (what Copy, mock and
 * debug pre-fill use): the named example wins. A save that leaves the named examples as stored leaves the
 * parameters' examples as sent (an import may have given a parameter an example of its own). Top-level
 * parameters of the lists given only.
 */
export function firstNamedAsExample<
  B extends Partial<Record<(typeof LOCATIONS)[keyof typeof LOCATIONS], { name: string; example?: string }[]>>,
>(body: B, given: DocSpecExtras | undefined, stored: DocSpecExtras): B {
  const out = { ...body };
  for (const g of given?.paramExamples ?? []) {
    const key = LOCATIONS[g.in as keyof typeof LOCATIONS];
    const first = g.examples[0];
    const list = key ? out[key] : undefined;
    const was = stored.paramExamples?.find((x) => x.in === g.in && x.name === g.name)?.examples[0]?.value;
    if (!first || !list || first.value === was) continue;
    out[key] = list.map((p) => (p.name.trim() === g.name ? { ...p, example: first.value } : p)) as B[typeof key];
  }
  return out;
}

/** The fields of a doc/save body that carry extras (the form sends back what it loaded, minus what the user removed). */
const BODY_KEYS = ['requestExamples', 'responses', 'paramExamples', 'webhook', 'paramStyles'] as const;

/**
 * The extras a doc/save body carries, checked as a push's are: undefined when it names none (an edit keeps the
 * stored ones), `{}` when they are all empty (cleared); or the fields that are too long.
 */
export function extrasOfBody(b: Record<string, unknown>): { extras?: DocSpecExtras; errors: { field: string; message: string }[] } {
  const errors: { field: string; message: string }[] = [];
  if (!BODY_KEYS.some((k) => b[k] !== undefined)) return { errors };
  const c: LengthCheck = {
    errors,
    max(path, value, limit) {
      if (value.length > limit) errors.push({ field: path.replace(/^\./, ''), message: `length ${value.length} exceeds ${limit}` });
      return value;
    },
  };
  return { extras: normalizeExtras(b, '', c) ?? {}, errors };
}
