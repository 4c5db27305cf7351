/**
 * The spec's named examples as the editor edits them: grouped as the reader sees them (the request body, each
 * response status, each parameter that has its own), changed one group at a time in the doc's spec extras, and
 * checked before a save: an example written as JSON (an object or array, as the view reads it) must parse, and
 * two examples of one group cannot share a name (they are the keys of the spec's `examples` map).
 */
import type { DocParam, DocSpecExtras, NamedExample } from '@folio/shared';

/** Where a group of examples lives in the spec extras. */
export type ExampleGroupRef = { kind: 'request' } | { kind: 'response'; index: number } | { kind: 'param'; index: number };

export interface ExampleGroup {
  /** Stable key: `request`, `response:2`, `param:0`. */
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

/**
 * The groups of a doc's examples. The request body is listed when it has examples or parameters; every
 * documented status is listed (an example can be added to any); a parameter only when the spec gave it examples.
 */
export function exampleGroups(extras: DocSpecExtras, hasBody: boolean): ExampleGroup[] {
  const out: ExampleGroup[] = [];
  const request = extras.requestExamples ?? [];
  if (request.length || hasBody) out.push({ key: 'request', ref: { kind: 'request' }, examples: request, fit: 'request' });
  const responses = extras.responses ?? [];
  const main = responses.find((r) => r.main === 1)?.status;
  responses.forEach((r, index) => {
    const ownBody = r.main !== 1 && !(r.sameAs && r.sameAs === main);
    out.push({
      key: `response:${index}`,
      ref: { kind: 'response', index },
      examples: r.examples ?? [],
      status: r.status,
      description: r.description,
      fit: ownBody ? (r.params?.length ? r.params : null) : 'response',
    });
  });
  (extras.paramExamples ?? []).forEach((p, index) => {
    out.push({ key: `param:${index}`, ref: { kind: 'param', index }, examples: p.examples, in: p.in, name: p.name, fit: null });
  });
  return out;
}

/** The extras with one group's examples replaced. */
export function withGroupExamples(extras: DocSpecExtras, ref: ExampleGroupRef, examples: NamedExample[]): DocSpecExtras {
  if (ref.kind === 'request') return { ...extras, requestExamples: examples };
  if (ref.kind === 'response')
    return { ...extras, responses: (extras.responses ?? []).map((r, i) => (i === ref.index ? { ...r, examples } : r)) };
  return { ...extras, paramExamples: (extras.paramExamples ?? []).map((p, i) => (i === ref.index ? { ...p, examples } : p)) };
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
