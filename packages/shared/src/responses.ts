/**
 * Which of a doc's documented responses is its success response (the body its response parameters describe), as
 * the reader's response tabs, the editor's example groups and the default mock all pick it.
 */
import type { DocResponse, NamedExample } from './types.js';

/** 200, 404, 2XX, default: an HTTP status of a spec's response. */
export const isHttpStatus = (code: string) => /^([1-5]\d\d|[1-5]xx|default)$/i.test(String(code).trim());

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
 * Every status a doc documents a response for, in the reader's tab order: a stored response's status or an
 * HTTP-status code of the doc, each once. A doc imported with its responses lists them as the spec did, then any
 * HTTP-status code without one; a doc written in Folio lists the statuses with examples but no code first, then
 * its codes. The reader's tabs and the OpenAPI and Postman exports all list these, so none drops a stored response.
 */
export function responseStatuses(responses: DocResponse[] | undefined, codes: string[]): string[] {
  const list = (responses ?? []).map((r) => r.status);
  const http = codes.map((c) => String(c).trim()).filter(isHttpStatus);
  const ordered =
    list.length && responses?.some((r) => r.main === 1) ? [...list, ...http] : [...list.filter((s) => !http.includes(s)), ...http];
  return [...new Set(ordered)];
}

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
