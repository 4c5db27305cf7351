/**
 * Which of a doc's documented responses is its success response (the body its response parameters describe), as
 * the reader's response tabs, the editor's example groups and the default mock all pick it.
 */
import type { DocResponse, NamedExample } from './types.js';

/**
 * A status as an OpenAPI response key (200, 4XX, default; a range or `default` in any case is written as OpenAPI
 * writes it), or undefined for anything else: a business error code of a Torna or smart-doc push ("E1001", "foo",
 * "10001"), which readers see in the error-code table, as Torna shows it, never as a response.
 */
export function responseKey(code: string): string | undefined {
  const s = String(code).trim();
  if (/^[1-5]\d\d$/.test(s)) return s;
  if (/^[1-5]xx$/i.test(s)) return `${s[0]}XX`;
  if (/^default$/i.test(s)) return 'default';
  return undefined;
}

/** 200, 404, 2XX, default: an HTTP status of a spec's response (an OpenAPI response key, in any case). */
export const isHttpStatus = (code: string) => responseKey(code) !== undefined;

/** The status whose body the doc's response parameters describe: 200, else the first 2xx, 2XX, default. */
export const successStatus = (codes: string[]): string | undefined =>
  codes.find((c) => c === '200') ??
  codes.find((c) => /^2\d\d$/.test(c)) ??
  codes.find((c) => /^2xx$/i.test(c)) ??
  codes.find((c) => c === 'default');

/**
 * The success response of a doc: the `main` one of a doc imported with its responses; for a doc written in Folio,
 * the one at the success status among its statuses (those with examples but no code first, then its HTTP-status
 * codes, as the reader lists them as tabs).
 */
export function successResponse(responses: DocResponse[] | undefined, codes: string[]): DocResponse | undefined {
  const list = responses ?? [];
  const main = list.find((r) => r.main === 1);
  if (main) return main;
  const status = successStatus(responseStatuses(list, codes));
  return status === undefined ? undefined : list.find((r) => r.status === status);
}

/**
 * Every HTTP status a doc documents a response for, in the reader's tab order: a stored response's status or an
 * HTTP-status code of the doc, each once (by its response key: `2xx` and `2XX` are one). A doc imported with its
 * responses lists them as the spec did, then any HTTP-status code without one; a doc written in Folio lists the
 * statuses with examples but no code first, then its codes. The reader's tabs and the OpenAPI and Postman exports
 * all list these, so none drops a stored response. A stored response whose status is no HTTP status ("E1001") is
 * an error code: `errorCodeResponses`.
 */
export function responseStatuses(responses: DocResponse[] | undefined, codes: string[]): string[] {
  const list = (responses ?? []).map((r) => r.status).filter(isHttpStatus);
  const http = codes.map((c) => String(c).trim()).filter(isHttpStatus);
  const ordered =
    list.length && responses?.some((r) => r.main === 1) ? [...list, ...http] : [...list.filter((s) => !http.includes(s)), ...http];
  const keys = new Set<string>();
  return [...new Set(ordered)].filter((s) => {
    const key = responseKey(s) as string;
    if (keys.has(key)) return false;
    keys.add(key);
    return true;
  });
}

/**
 * The stored responses whose status is a business error code, not an HTTP status (a push's "E1001"): the reader
 * lists them in the error-code table with their examples, the OpenAPI export under `x-error-codes`.
 */
export const errorCodeResponses = (responses: DocResponse[] | undefined): DocResponse[] =>
  (responses ?? []).filter((r) => !isHttpStatus(r.status));

/** A status that only carries examples (written in Folio's editor): nothing else is said of it. */
export const writtenResponse = (status: string, examples: NamedExample[]): DocResponse => ({
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
