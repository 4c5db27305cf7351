/**
 * Security schemes and requirements of an application, as data (kept from an OpenAPI import, written back
 * by the OpenAPI and Postman exports, shown in the doc view).
 */

/** One requirement alternative: scheme name → scopes (all schemes of one object apply together). */
export type SecurityRequirement = Record<string, string[]>;

export interface SecurityData {
  /** Scheme name → an OpenAPI 3 security scheme object (Swagger 2 definitions are converted). */
  schemes: Record<string, Record<string, unknown>>;
  /** The application's default requirement (the root `security`), null when the source declares none. */
  requirement: SecurityRequirement[] | null;
  /** Docs that declare their own requirement (`[]`: none needed), by `METHOD url` (`#version` when the doc has one). */
  docs: Record<string, SecurityRequirement[]>;
}

/** The key of a doc in `SecurityData.docs`. */
export const securityDocKey = (httpMethod: string, url: string, version = ''): string =>
  `${httpMethod.toUpperCase()} ${url}${version ? `#${version}` : ''}`;

/** The requirement that applies to a doc (its own, else the application's), or null. */
export function docSecurity(s: SecurityData | null | undefined, key: string): SecurityRequirement[] | null {
  if (!s) return null;
  return s.docs[key] ?? s.requirement;
}
