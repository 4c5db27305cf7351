/** Formatters shared by server and web. */

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Formats a date as `yyyy-MM-dd HH:mm:ss` in local time. */
export function formatDateTime(input: Date | string | number | null | undefined): string {
  if (input === null || input === undefined || input === '') return '';
  const d = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Formats an amount in cents as yuan with two decimals. */
export function formatYuan(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '0.00';
  const negative = cents < 0;
  const abs = Math.round(Math.abs(cents));
  const s = `${Math.floor(abs / 100)}.${pad(abs % 100)}`;
  return negative ? `-${s}` : s;
}

/** Formats a count for a badge, capped (99 → "99+"). */
export function formatCount(n: number, max = 99): string {
  if (!Number.isFinite(n) || n <= 0) return '0';
  return n > max ? `${max}+` : String(Math.floor(n));
}

/** Removes surrounding whitespace and trailing slashes from a host address. */
export function normalizeHost(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** Longest parameter name (characters): the size of the name column. */
export const PARAM_NAME_MAX = 255;

/** Why a parameter name cannot be saved: empty, holding a control character, or longer than the column. */
export type ParamNameProblem = 'empty' | 'control' | 'tooLong';

/**
 * What stops a parameter name from being saved, or null when nothing does. A name is whatever an API uses as a
 * field name (OpenAPI allows any string: GitHub's `+1`, JSON-LD's `@type`, `address[city]`, `a.b`, a `oneOf`
 * alternative's title "Bank Account", Folio's `[item]` and `<key>` markers), so only an empty name (after trimming
 * the surrounding whitespace, which is never kept), a control character or an over-long name is refused. The one
 * rule of the form (web) and of doc/save (server).
 */
export function paramNameProblem(name: string): ParamNameProblem | null {
  const n = name.trim();
  if (!n) return 'empty';
  if (/\p{Cc}/u.test(n)) return 'control';
  if (n.length > PARAM_NAME_MAX) return 'tooLong';
  return null;
}

/** True when a parameter name can be saved (see paramNameProblem). */
export function isValidParamName(name: string): boolean {
  return paramNameProblem(name) === null;
}

/**
 * True for the names most APIs use (letters, digits, hyphen, underscore). Only a hint for names typed into new
 * rows: any other valid name is kept as it is.
 */
export function isConventionalParamName(name: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(name.trim());
}

/** Next order index: max + step, or the initial order when none exist. */
export function nextOrderIndex(existing: readonly number[], initial = 10_000, step = 10): number {
  if (existing.length === 0) return initial;
  return Math.max(...existing) + step;
}

/** True when Torna's deprecated string means deprecated. */
export function isDeprecated(value: string | null | undefined): boolean {
  return !!value && value !== '$false$';
}

/** Deprecated texts that only say "deprecated" (smart-doc's, an importer's, a form's): no reason to show. */
const NO_REASON = new Set(['true', '$true$', 'deprecated', '已废弃', '已弃用']);

/** The reason a deprecated doc gives, or '' when it is not deprecated or its text only says "deprecated". */
export function deprecationReason(value: string | null | undefined): string {
  if (!isDeprecated(value)) return '';
  const text = (value ?? '').trim();
  return NO_REASON.has(text.toLowerCase()) ? '' : text;
}
