/**
 * Named examples (a spec's own, or written here) as the editor edits them: grouped as the reader sees them (the request body, each
 * response status, each parameter that has its own), changed one group at a time in the doc's spec extras, and
 * checked before a save: an example written as JSON (an object or array, as the view reads it) must parse, and
 * two examples of one group cannot share a name (they are the keys of the spec's `examples` map).
 */
import {
  type DocParam,
  type DocResponse,
  type DocSpecExtras,
  errorCodeResponses,
  isHttpStatus,
  type NamedExample,
  responseStatuses,
  successStatus,
  writtenResponse,
} from '@folio/shared';
import type { DocParamsState } from './doc-form';

/** Where a group of examples lives in the spec extras (a response by its status: it may not be stored yet). */
export type ExampleGroupRef = { kind: 'request' } | { kind: 'response'; status: string } | { kind: 'param'; in: string; name: string };

export interface ExampleGroup {
  /** Stable key: `request`, `response:404`, `param:query:page`. */
  key: string;
  ref: ExampleGroupRef;
  examples: NamedExample[];
  /** A response's status and description; a parameter's location and name. */
  status?: string;
  description?: string;
  in?: string;
  name?: string;
  /** Which parameters the examples are checked against: the body being edited, a status's own body, or none. */
  fit: 'request' | 'response' | DocParam[] | null;
  /** What a new example's value starts as: a body's `{}`; a parameter's example for its first, else empty. */
  start: string;
  /**
   * A stored business-code response with no row in the error-code table (a push's response for "E1003"): removed
   * here as a whole (`withoutResponse`), as a code with a row is removed from that table.
   */
  removable?: boolean;
}

/** Whether the responses came from a spec (one of them holds the doc's response body), not from this editor. */
const imported = (responses: DocResponse[]) => responses.some((r) => r.main === 1);

/**
 * The groups of a doc's examples. The request body is listed when it has examples or the doc has a body; each
 * parameter that has named examples, then each parameter of the tables (`params`, top level) that has none yet,
 * so any of them can be given some. Each status is listed as the reader's tabs list it (`responseStatuses`): every
 * documented status and HTTP-status code (`statuses`, as the error-code table has them); a doc not imported
 * with its responses also gets its success status (200 when it has none). Each business code (a code of
 * `statuses` or a stored response that is no HTTP status) follows with its examples, as the reader's error-code
 * table shows them.
 */
export function exampleGroups(
  extras: DocSpecExtras,
  hasBody: boolean,
  statuses: string[] = [],
  params: { in: string; name: string; example?: string }[] = [],
  /** Statuses whose HTTP-status code was deleted since the doc was loaded: not listed (the save drops them). */
  gone: string[] = [],
): ExampleGroup[] {
  const out: ExampleGroup[] = [];
  const request = extras.requestExamples ?? [];
  if (request.length || hasBody) out.push({ key: 'request', ref: { kind: 'request' }, examples: request, fit: 'request', start: '{}' });
  const responses = (extras.responses ?? []).filter((r) => !gone.includes(r.status));
  const response = (status: string, r: DocResponse | undefined, fit: ExampleGroup['fit']): ExampleGroup => ({
    key: `response:${status}`,
    ref: { kind: 'response', status },
    examples: r?.examples ?? [],
    status,
    description: r?.description,
    fit,
    start: '{}',
  });
  // In the reader's order (its tabs): the stored statuses and the codes.
  const codes = responseStatuses(responses, statuses);
  if (imported(responses)) {
    const main = responses.find((r) => r.main === 1)?.status;
    for (const status of codes) {
      const r = responses.find((x) => x.status === status);
      const ownBody = r?.main !== 1 && !(r?.sameAs && r.sameAs === main);
      out.push(response(status, r, ownBody ? (r?.params?.length ? r.params : null) : 'response'));
    }
  } else {
    const success = successStatus(codes) ?? '200';
    if (!codes.includes(success)) codes.unshift(success);
    for (const status of codes) {
      const r = responses.find((x) => x.status === status);
      out.push(response(status, r, status === success ? 'response' : r?.params?.length ? r.params : null));
    }
  }
  // Then each business code (no HTTP status: a push's "E1001"), as the reader's error-code table lists them: the
  // codes being edited, then the stored responses of such codes without a row.
  const business = new Set(statuses.map((c) => c.trim()).filter((c) => c && !isHttpStatus(c)));
  for (const r of errorCodeResponses(responses)) business.add(r.status);
  const rows = new Set(statuses.map((c) => c.trim()));
  for (const code of business) {
    const r = responses.find((x) => x.status === code);
    out.push({ ...response(code, r, null), removable: !!r && !rows.has(code) });
  }
  const exampleOf = (where: string, name: string) => params.find((p) => p.in === where && p.name === name)?.example ?? '';
  const param = (where: string, name: string, examples: NamedExample[]): ExampleGroup => ({
    key: `param:${where}:${name}`,
    ref: { kind: 'param', in: where, name },
    examples,
    in: where,
    name,
    fit: null,
    start: examples.length ? '' : exampleOf(where, name),
  });
  const named = extras.paramExamples ?? [];
  for (const p of named) out.push(param(p.in, p.name, p.examples));
  const listed = new Set(named.map((p) => `${p.in}:${p.name}`));
  for (const p of params) {
    const key = `${p.in}:${p.name}`;
    if (!p.name || listed.has(key)) continue;
    listed.add(key);
    out.push(param(p.in, p.name, []));
  }
  return out;
}

/**
 * Whether a group is a Dubbo method's answer: an RPC method has no HTTP status, so its examples (kept under the
 * success status) are "the response", as the reader shows them (beside the response parameters, no status tab)
 * when that status is the doc's only one.
 */
export function isRpcAnswer(groups: ExampleGroup[], group: ExampleGroup, rpc: boolean): boolean {
  if (!rpc || group.fit !== 'response') return false;
  return groups.filter((g) => g.ref.kind === 'response' && isHttpStatus(g.ref.status)).length === 1;
}

/** Whether a response says nothing but its status (the editor added it for examples that are all removed now). */
const empty = (r: DocResponse) =>
  !r.examples.length && !r.params?.length && !r.headers?.length && !r.description && !r.contentType && !r.sameAs && r.main !== 1;

/**
 * The extras with one group's examples replaced. A status not stored yet is added when it gets an example; one
 * the editor added is dropped again when its last example is removed. So is a parameter's entry.
 */
export function withGroupExamples(extras: DocSpecExtras, ref: ExampleGroupRef, examples: NamedExample[]): DocSpecExtras {
  if (ref.kind === 'request') return { ...extras, requestExamples: examples };
  if (ref.kind === 'response') {
    const list = extras.responses ?? [];
    const at = list.findIndex((r) => r.status === ref.status);
    if (at < 0) return examples.length ? { ...extras, responses: [...list, writtenResponse(ref.status, examples)] } : extras;
    const next = { ...list[at], examples };
    // A business code's response holds only its examples: it goes with the last of them, imported or not.
    const drop = (!imported(list) || !isHttpStatus(ref.status)) && empty(next);
    return { ...extras, responses: drop ? list.filter((_, i) => i !== at) : list.map((r, i) => (i === at ? next : r)) };
  }
  const list = extras.paramExamples ?? [];
  const at = list.findIndex((p) => p.in === ref.in && p.name === ref.name);
  if (at < 0) return examples.length ? { ...extras, paramExamples: [...list, { in: ref.in, name: ref.name, examples }] } : extras;
  const paramExamples = examples.length ? list.map((p, i) => (i === at ? { ...p, examples } : p)) : list.filter((_, i) => i !== at);
  return { ...extras, paramExamples };
}

/** The extras without one status's response (its description, body and examples). */
export function withoutResponse(extras: DocSpecExtras, status: string): DocSpecExtras {
  return { ...extras, responses: (extras.responses ?? []).filter((r) => r.status !== status) };
}

/** The parameter table that holds a parameter of a location (cookies are listed with the headers). */
const TABLE = { path: 'pathParams', query: 'queryParams', header: 'headerParams', cookie: 'headerParams' } as const;

/**
 * Keeps each parameter's example and its first named example in step, whichever the user edits: a first named
 * example changed in the Examples tab becomes its parameter's example (as the server stores it); an example
 * typed in a parameter table becomes its first named example. Nothing else is touched.
 */
export function paramExamplesInStep(prev: DocParamsState, next: DocParamsState): DocParamsState {
  const groups = next.specExtras?.paramExamples ?? [];
  if (!groups.length) return next;
  if (next.specExtras !== prev.specExtras) {
    const before = prev.specExtras?.paramExamples ?? [];
    let out = next;
    for (const g of groups) {
      const key = TABLE[g.in as keyof typeof TABLE];
      const first = g.examples[0];
      const was = before.find((x) => x.in === g.in && x.name === g.name)?.examples[0]?.value;
      if (!key || !first || first.value === was) continue;
      const rows = out[key];
      if (rows.some((p) => p.name === g.name && p.example !== first.value))
        out = { ...out, [key]: rows.map((p) => (p.name === g.name ? { ...p, example: first.value } : p)) };
    }
    return out;
  }
  let changed = false;
  const paramExamples = groups.map((g) => {
    const key = TABLE[g.in as keyof typeof TABLE];
    const first = g.examples[0];
    if (!key || !first || next[key] === prev[key]) return g;
    const typed = next[key].find((p) => p.name === g.name)?.example;
    if (typed === undefined || typed === first.value) return g;
    changed = true;
    return { ...g, examples: [{ ...first, value: typed, origin: 'folio' as const }, ...g.examples.slice(1)] };
  });
  return changed ? { ...next, specExtras: { ...next.specExtras, paramExamples } } : next;
}

/** Whether a text is written as JSON (an object or array), as the view decides what to highlight. */
const readsAsJson = (text: string) => /^\s*[[{]/.test(text);

/** What is wrong with an example's value: the JSON parser's message for JSON that does not parse, else null. */
export function jsonProblem(value: string): string | null {
  if (!readsAsJson(value)) return null;
  try {
    JSON.parse(value);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** Positions of the examples whose name another example of the same group has already taken. */
export function duplicateNames(examples: NamedExample[]): Set<number> {
  const seen = new Set<string>();
  const out = new Set<number>();
  examples.forEach((e, i) => {
    const name = e.name.trim();
    if (!name) return;
    if (seen.has(name)) out.add(i);
    seen.add(name);
  });
  return out;
}

/** One example a save must not send, with where it is. */
export interface ExampleError {
  group: ExampleGroup;
  index: number;
  problem: 'json' | 'duplicate';
}

/** The examples that stop a save (invalid JSON, a name taken twice in a group), in the order they are shown. */
export function exampleErrors(groups: ExampleGroup[]): ExampleError[] {
  const out: ExampleError[] = [];
  for (const group of groups) {
    const dup = duplicateNames(group.examples);
    group.examples.forEach((e, index) => {
      if (jsonProblem(e.value) !== null) out.push({ group, index, problem: 'json' });
      else if (dup.has(index)) out.push({ group, index, problem: 'duplicate' });
    });
  }
  return out;
}

/**
 * A new example for a group: the first free name `example`, `example2`, …, and an empty JSON object (or `value`:
 * a parameter's first one starts as its example, so adding it changes nothing yet).
 */
export function newExample(examples: NamedExample[], value = '{}'): NamedExample {
  const taken = new Set(examples.map((e) => e.name.trim()));
  let n = 1;
  while (taken.has(n === 1 ? 'example' : `example${n}`)) n++;
  return { name: n === 1 ? 'example' : `example${n}`, summary: '', value };
}
