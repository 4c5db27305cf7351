/**
 * A doc's responses per HTTP status. Imports list every status of a spec's operation as a code of the doc
 * (Torna's shape); the view shows those as response tabs and keeps the rest (Torna's business codes, the
 * application's error codes) as "error codes".
 */
import { type DocResponse, type ErrorCodeParam, isHttpStatus, successStatus } from '@folio/shared';

export interface StatusTab {
  code: string;
  description: string;
  /** The status whose body the doc's response parameters describe (the first success, as imports pick it). */
  success: boolean;
  /** What the spec documents for this status (body, headers, examples), when the doc was imported with it. */
  response?: DocResponse;
}

/**
 * The doc's own HTTP statuses as tabs (the success one marked), and the codes that stay error codes. A doc
 * imported with its responses (one of them `main`) has a tab per documented status, each with its body and
 * headers. Otherwise (a doc written in Folio) the tabs are its HTTP-status codes, each with the examples written
 * for it in the editor, after any status that has examples but no code (the success one, usually).
 */
export function splitResponses(
  own: ErrorCodeParam[],
  all: ErrorCodeParam[],
  documented: DocResponse[] = [],
): { tabs: StatusTab[]; codes: ErrorCodeParam[] } {
  const statuses = own.filter((c) => isHttpStatus(c.code));
  if (documented.some((r) => r.main === 1)) {
    const listed = new Set(documented.map((r) => r.status));
    const taken = new Set(statuses.filter((c) => listed.has(String(c.code))));
    const tabs = documented.map((r) => ({ code: r.status, description: r.description, success: r.main === 1, response: r }));
    return { tabs, codes: all.filter((c) => !taken.has(c)) };
  }
  const coded = new Set(statuses.map((c) => String(c.code)));
  const listed = [
    ...documented.filter((r) => !coded.has(r.status)).map((r) => ({ code: r.status, description: r.description })),
    ...statuses.map((c) => ({ code: String(c.code), description: c.msg ?? '' })),
  ];
  if (!listed.length) return { tabs: [], codes: all };
  const success = successStatus(listed.map((l) => l.code));
  const written = new Map(documented.map((r) => [r.status, r]));
  const tabs = listed.map((l) => {
    const response = written.get(l.code);
    return { ...l, success: l.code === success, ...(response ? { response } : {}) };
  });
  const taken = new Set(statuses);
  return { tabs, codes: all.filter((c) => !taken.has(c)) };
}
