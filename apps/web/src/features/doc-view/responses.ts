/**
 * A doc's responses per HTTP status. Imports list every status of a spec's operation as a code of the doc
 * (Torna's shape); the view shows those as response tabs and keeps the rest (Torna's business codes, the
 * application's error codes) as "error codes", as Torna's reader does.
 */
import {
  type DocResponse,
  type ErrorCodeParam,
  errorCodeResponses,
  isHttpStatus,
  type NamedExample,
  responseStatuses,
  successStatus,
} from '@folio/shared';

/** A row of the error-code table, with the examples a push documented for that code. */
export type ErrorCodeRow = ErrorCodeParam & { examples?: NamedExample[] };

export interface StatusTab {
  code: string;
  description: string;
  /** The status whose body the doc's response parameters describe (the first success, as imports pick it). */
  success: boolean;
  /** What the spec documents for this status (body, headers, examples), when the doc was imported with it. */
  response?: DocResponse;
}

/**
 * The doc's response statuses as tabs (the success one marked), and the codes that stay error codes. The tabs are
 * every stored response's HTTP status and every HTTP-status code of the doc (`responseStatuses`, as the exports list
 * them): a doc imported with its responses in the spec's order, its `main` one the success; a doc written in Folio
 * with the statuses that have examples but no code first. Each tab has what is stored for it (body, headers,
 * examples) and the code's message, else the response's description. A stored response whose status is a business
 * code ("E1001") is a row of the error codes (its code's row, else one of its own), with its examples.
 */
export function splitResponses(
  own: ErrorCodeParam[],
  all: ErrorCodeParam[],
  documented: DocResponse[] = [],
): { tabs: StatusTab[]; codes: ErrorCodeRow[] } {
  const statuses = own.filter((c) => isHttpStatus(c.code));
  const listed = responseStatuses(
    documented,
    statuses.map((c) => String(c.code)),
  );
  const business = errorCodeResponses(documented);
  const codes = (list: ErrorCodeParam[]): ErrorCodeRow[] => {
    if (!business.length) return list;
    const byCode = new Map(business.map((r) => [r.status, r]));
    const rows: ErrorCodeRow[] = list.map((c) => {
      const r = byCode.get(String(c.code).trim());
      return r?.examples.length ? { ...c, examples: r.examples } : c;
    });
    const shown = new Set(list.map((c) => String(c.code).trim()));
    const extra = business
      .filter((r) => !shown.has(r.status))
      .map((r) => ({ code: r.status, msg: r.description, solution: '', ...(r.examples.length ? { examples: r.examples } : {}) }));
    return [...rows, ...extra];
  };
  if (!listed.length) return { tabs: [], codes: codes(all) };
  const msg = new Map(statuses.map((c) => [String(c.code).trim(), c.msg ?? '']));
  const stored = new Map(documented.map((r) => [r.status, r]));
  const success = documented.find((r) => r.main === 1)?.status ?? successStatus(listed);
  const tabs = listed.map((code) => {
    const response = stored.get(code);
    return {
      code,
      description: msg.get(code) || response?.description || '',
      success: code === success,
      ...(response ? { response } : {}),
    };
  });
  const taken = new Set(statuses);
  return { tabs, codes: codes(all.filter((c) => !taken.has(c))) };
}
