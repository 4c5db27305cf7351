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

/** Parameter names: letters, digits, hyphen and underscore only. */
export const PARAM_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * Names the format rule does not apply to, because they are not field names: Folio's own markers (an array's
 * `[item]`, a map's `<key>`) and the alternatives of a `oneOf`/`anyOf` (a schema's title: "Bank Account").
 */
export function isExemptParamName(name: string, parentType = ''): boolean {
  return name === '[item]' || name === '<key>' || /^(oneof|anyof)(\(|$)/i.test(parentType);
}

/** True when a name is a valid parameter name. */
export function isValidParamName(name: string): boolean {
  return PARAM_NAME_PATTERN.test(name);
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
