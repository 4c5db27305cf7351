/**
 * A doc's business error codes read back from Folio's OpenAPI export (`x-error-codes` on an operation, written by
 * exports/openapi-extras.ts errorCodesOf): each is an error code row again, and one with examples a stored response
 * at that code with them, as a push stores a smart-doc/Torna "E1001" (the reader's error-code table shows both).
 */
import { isHttpStatus, type PushErrorCode, type PushExample, type PushResponse } from '@folio/shared';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The examples of one listed code, as exported: a list of `{name, summary, value}` with the value as stored. */
function examplesOf(raw: unknown, max: number): PushExample[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(isObj)
    .filter((e) => e.value !== undefined)
    .slice(0, max)
    .map((e) => ({ name: str(e.name), summary: str(e.summary), value: e.value }));
}

/**
 * The codes and example-carrying responses of an operation's `x-error-codes`. An entry at an HTTP status (that is
 * a response of the operation) or at a code read already is left out.
 */
export function errorCodesFromSpec(
  raw: unknown,
  known: string[],
  maxExamples: number,
): { codes: PushErrorCode[]; responses: PushResponse[] } {
  const codes: PushErrorCode[] = [];
  const responses: PushResponse[] = [];
  if (!Array.isArray(raw)) return { codes, responses };
  const seen = new Set(known);
  for (const entry of raw.filter(isObj)) {
    const code = str(entry.code).trim();
    if (!code || isHttpStatus(code) || seen.has(code)) continue;
    seen.add(code);
    const msg = str(entry.msg);
    codes.push({ code, msg, solution: str(entry.solution) });
    const examples = examplesOf(entry.examples, maxExamples);
    if (examples.length) responses.push({ status: code, description: msg, contentType: '', examples });
  }
  return { codes, responses };
}
