/**
 * Grants of share and compose views, kept in local storage per share so an unlocked share stays unlocked
 * (spec §4) until the grant expires or the password changes. Sent as `x-share-grant`.
 */
export type GrantKind = 'share' | 'compose';

const key = (kind: GrantKind, id: string) => `folio.grant.${kind}.${id}`;

export function readGrant(kind: GrantKind, id: string): string {
  try {
    return localStorage.getItem(key(kind, id)) ?? '';
  } catch {
    return '';
  }
}

export function storeGrant(kind: GrantKind, id: string, grant: string): void {
  try {
    if (grant) localStorage.setItem(key(kind, id), grant);
    else localStorage.removeItem(key(kind, id));
  } catch {
    /* storage disabled */
  }
}

/** Request options carrying a grant (and never broadcasting session codes: public pages). */
export const grantHeaders = (grant: string | undefined): { headers: Record<string, string>; silentSession: boolean } => ({
  headers: grant ? { 'x-share-grant': grant } : {},
  silentSession: true,
});
