/**
 * Old Torna links used hash routing (`/#/view/{docId}`, `/#/share/{shareId}/{docId}`, `/#/project/doc/{id}` …).
 * Folio uses clean history URLs with the same paths (and, after a migration from Torna, the same hash ids), so
 * an old hash maps to the new path and shared links, bookmarks and wiki links keep working.
 */

/** First segments of every route of Torna's front end (front/src/router/index.js). */
const LEGACY_PREFIXES = [
  'dashboard',
  'login',
  'setPassword',
  'reg',
  'openapi',
  'help',
  'updatePassword',
  'space',
  'project',
  'doc',
  'user',
  'admin',
  'view',
  'share',
  'show',
  '404',
  'successLogin',
  'findPassword',
  'resetPassword',
];

/** Torna pages Folio has no twin for, and the page that comes closest. */
const RENAMED: [RegExp, string][] = [
  // Release management (Torna 1.29+): the project's docs.
  [/^\/project\/release\/([^/?#]+)/, '/project/doc/$1'],
  // Code generation templates (Torna 1.28+): the system settings.
  [/^\/admin\/template\b/, '/admin/setting'],
];

/** Returns the clean path for a Torna-style hash (`#/view/abc?x=1`), or null when the hash is not a route. */
export function legacyHashToPath(hash: string): string | null {
  if (!hash.startsWith('#/')) return null;
  const rest = hash.slice(1); // "/view/abc?x=1"
  const first = rest.split(/[/?#]/)[1] ?? '';
  if (!LEGACY_PREFIXES.includes(first)) return rest === '/' ? '/' : null;
  for (const [from, to] of RENAMED) if (from.test(rest)) return rest.replace(from, to);
  return rest;
}

/** The URL to replace the current one with when it carries an old hash route, else null. */
export function legacyRedirect(location: { pathname: string; search: string; hash: string }): string | null {
  if (location.pathname !== '/' && location.pathname !== '' && location.pathname !== '/index.html') return null;
  const to = legacyHashToPath(location.hash);
  if (!to) return null;
  return to;
}
