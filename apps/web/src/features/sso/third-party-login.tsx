/** Placeholder for LDAP / OAuth / form login options on the login page (issue 7); its owner replaces this file, keeping the export name and props. */

export function ThirdPartyLogin(_props: { redirect?: string }) {
  return null;
}
