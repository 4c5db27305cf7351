/**
 * Old Torna links used hash routing (`/#/view/{docId}`, `/#/share/{shareId}/{docId}`, `/#/show/{id}/{docId}`).
 * Folio uses clean history URLs; this maps an old hash to the new path so shared links keep working.
 */

const LEGACY_PREFIXES = ['view', 'share', 'show', 'successLogin', 'login', 'resetPassword'];

/** Returns the clean path for a Torna-style hash (`#/view/abc?x=1`), or null when the hash is not a route. */
export function legacyHashToPath(hash: string): string | null {
  if (!hash.startsWith('#/')) return null;
  const rest = hash.slice(1); // "/view/abc?x=1"
  const first = rest.split(/[/?#]/)[1] ?? '';
  if (!LEGACY_PREFIXES.includes(first)) return rest === '/' ? '/' : null;
  return rest;
}

/** The URL to replace the current one with when it carries an old hash route, else null. */
export function legacyRedirect(location: { pathname: string; search: string; hash: string }): string | null {
  if (location.pathname !== '/' && location.pathname !== '' && location.pathname !== '/index.html') return null;
  const to = legacyHashToPath(location.hash);
  if (!to) return null;
  return to;
}
