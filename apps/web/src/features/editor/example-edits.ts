/**
 * Named examples (a spec's own, or written here) as the editor edits them: grouped as the reader sees them (the request body, each
 * response status, each parameter that has its own), changed one group at a time in the doc's spec extras, and
 * checked before a save: an example written as JSON (an object or array, as the view reads it) must parse, and
 * two examples of one group cannot share a name (they are the keys of the spec's `examples` map).
 */
import { type DocParam, type DocResponse, type DocSpecExtras, type NamedExample, successStatus } from '@folio/shared';
import type { DocParamsState } from './doc-form';

/** Where a group of examples lives in the spec extras (a response by its status: it may not be stored yet). */
export type ExampleGroupRef = { kind: 'request' } | { kind: 'response'; status: string } | { kind: 'param'; index: number };

export interface ExampleGroup {
  /** Stable key: `request`, `response:404`, `param:0`. */
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
}

/** Whether the responses came from a spec (one of them holds the doc's response body), not from this editor. */
const imported = (responses: DocResponse[]) => responses.some((r) => r.main === 1);

/**
 * The groups of a doc's examples. The request body is listed when it has examples or the doc has a body; a
 * parameter only when the spec gave it examples. A doc imported with its responses lists every documented
 * status; any other doc lists its HTTP-status codes (`statuses`, as the error-code table has them), the
 * statuses it already has examples for, and its success status (200 when it has none), as the reader's tabs.
 */
export function exampleGroups(extras: DocSpecExtras, hasBody: boolean, statuses: string[] = []): ExampleGroup[] {
  const out: ExampleGroup[] = [];
  const request = extras.requestExamples ?? [];
  if (request.length || hasBody) out.push({ key: 'request', ref: { kind: 'request' }, examples: request, fit: 'request' });
  const responses = extras.responses ?? [];
  const response = (status: string, r: DocResponse | undefined, fit: ExampleGroup['fit']): ExampleGroup => ({
    key: `response:${status}`,
    ref: { kind: 'response', status },
    examples: r?.examples ?? [],
    status,
    description: r?.description,
    fit,
  });
  if (imported(responses)) {
    const main = responses.find((r) => r.main === 1)?.status;
    for (const r of responses) {
      const ownBody = r.main !== 1 && !(r.sameAs && r.sameAs === main);
      out.push(response(r.status, r, ownBody ? (r.params?.length ? r.params : null) : 'response'));
    }
  } else {
    // In the reader's order: statuses with examples but no code first, then the codes.
    const codes = [...new Set([...responses.map((r) => r.status).filter((x) => !statuses.includes(x)), ...statuses])];
    const success = successStatus(codes) ?? '200';
    if (!codes.includes(success)) codes.unshift(success);
    for (const status of codes) {
      const r = responses.find((x) => x.status === status);
      out.push(response(status, r, status === success ? 'response' : r?.params?.length ? r.params : null));
    }
  }
  (extras.paramExamples ?? []).forEach((p, index) => {
    out.push({ key: `param:${index}`, ref: { kind: 'param', index }, examples: p.examples, in: p.in, name: p.name, fit: null });
  });
  return out;
}

/** A status the editor adds examples to (nothing else is said of it). */
const writtenResponse = (status: string, examples: NamedExample[]): DocResponse => ({
  status,
  description: '',
  contentType: '',
  params: [],
  isArray: 0,
  arrayType: '',
  headers: [],
  examples,
  main: 0,
});

/** Whether a response says nothing but its status (the editor added it for examples that are all removed now). */
const empty = (r: DocResponse) =>
  !r.examples.length && !r.params?.length && !r.headers?.length && !r.description && !r.contentType && !r.sameAs && r.main !== 1;

/**
 * The extras with one group's examples replaced. A status not stored yet is added when it gets an example; one
 * the editor added is dropped again when its last example is removed.
 */
export function withGroupExamples(extras: DocSpecExtras, ref: ExampleGroupRef, examples: NamedExample[]): DocSpecExtras {
  if (ref.kind === 'request') return { ...extras, requestExamples: examples };
  if (ref.kind === 'response') {
    const list = extras.responses ?? [];
    const at = list.findIndex((r) => r.status === ref.status);
    if (at < 0) return examples.length ? { ...extras, responses: [...list, writtenResponse(ref.status, examples)] } : extras;
    const next = { ...list[at], examples };
    const drop = !imported(list) && empty(next);
    return { ...extras, responses: drop ? list.filter((_, i) => i !== at) : list.map((r, i) => (i === at ? next : r)) };
  }
  return { ...extras, paramExamples: (extras.paramExamples ?? []).map((p, i) => (i === ref.index ? { ...p, examples } : p)) };
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
    return { ...g, examples: [{ ...first, value: typed }, ...g.examples.slice(1)] };
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

/** A new example for a group: the first free name `example`, `example2`, …, and an empty JSON object. */
export function newExample(examples: NamedExample[]): NamedExample {
  const taken = new Set(examples.map((e) => e.name.trim()));
  let n = 1;
  while (taken.has(n === 1 ? 'example' : `example${n}`)) n++;
  return { name: n === 1 ? 'example' : `example${n}`, summary: '', value: '{}' };
}
