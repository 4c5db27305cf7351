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
  const http = codes.map((c) => String(c).trim()).filter(isHttpStatus);
  const status = successStatus([...list.map((r) => r.status).filter((s) => !http.includes(s)), ...http]);
  return status === undefined ? undefined : list.find((r) => r.status === status);
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
