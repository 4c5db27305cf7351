/**
 * A parameter's type text may carry its format in parentheses, as Swagger UI shows it: `integer(int64)`,
 * `string(uuid)`, `string(date-time)|null`, `array[string(uuid)]`. Readers that only need the kind of
 * value (examples, mock data, debug forms) look at `typeBase`.
 */

/** The type text without formats (`integer(int64)|null` → `integer|null`). */
export function typeBase(type: string): string {
  return type.includes('(') ? type.replace(/\([^()[\]|]*\)/g, '') : type;
}

/** The format of a single type (`integer(int64)` → `int64`; `integer` → ''). */
export function typeFormat(type: string): string {
  return /^[^([|]+\(([^()]+)\)$/.exec(type.trim())?.[1] ?? '';
}
