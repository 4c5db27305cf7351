/**
 * Security schemes and requirements of an application, as data (kept from an OpenAPI or Postman import,
 * written back by the OpenAPI and Postman exports, shown in the doc view and pre-filled by the debug console).
 */

/** One requirement alternative: scheme name → scopes (all schemes of one object apply together). */
export type SecurityRequirement = Record<string, string[]>;

export interface SecurityData {
  /** Scheme name → an OpenAPI 3 security scheme object (Swagger 2 definitions are converted). */
  schemes: Record<string, Record<string, unknown>>;
  /** The application's default requirement (the root `security`), null when the source declares none. */
  requirement: SecurityRequirement[] | null;
  /**
   * Docs that declare their own requirement (`[]`: none needed), by `METHOD url` (`#version` when the doc has
   * one, ` @identity` when it has an identity key: docs sharing method and URL may differ).
   */
  docs: Record<string, SecurityRequirement[]>;
}

/** The key of a doc in `SecurityData.docs`. */
export const securityDocKey = (httpMethod: string, url: string, version = '', identity = ''): string =>
  `${httpMethod.toUpperCase()} ${url}${version ? `#${version}` : ''}${identity ? ` @${identity}` : ''}`;

/** The requirement that applies to a doc (its own, else the application's), or null. */
export function docSecurity(s: SecurityData | null | undefined, key: string): SecurityRequirement[] | null {
  if (!s) return null;
  return s.docs[key] ?? s.requirement;
}

/** What identifies a doc for its security requirement. */
export interface SecurityDocRef {
  httpMethod: string;
  url: string;
  version?: string;
  identityKey?: string;
}

/** The requirement of a doc: its own (by identity, else by method and URL), else the application's, or null. */
export function securityOfDoc(s: SecurityData | null | undefined, d: SecurityDocRef): SecurityRequirement[] | null {
  if (!s) return null;
  const method = d.httpMethod || 'GET';
  if (d.identityKey) {
    const own = s.docs[securityDocKey(method, d.url, d.version ?? '', d.identityKey)];
    if (own) return own;
  }
  return docSecurity(s, securityDocKey(method, d.url, d.version ?? ''));
}

/** One scheme of a requirement as a reader sees it. */
export interface DocAuthScheme {
  /** The scheme's name in the spec (`bearerAuth`). */
  name: string;
  /** `http`, `apiKey`, `oauth2`, `openIdConnect`, `mutualTLS`. */
  type: string;
  /** http: `bearer`, `basic`, `digest`… */
  scheme?: string;
  bearerFormat?: string;
  /** apiKey: where (`header`, `query`, `cookie`) and the name of the header, query parameter or cookie. */
  in?: string;
  paramName?: string;
  description?: string;
  /** oauth2: the flows (`authorizationCode` …) with their URLs. */
  flows?: { flow: string; authorizationUrl?: string; tokenUrl?: string; refreshUrl?: string }[];
  openIdConnectUrl?: string;
  /** Scopes (or roles) this doc needs. */
  scopes: string[];
}

/**
 * The security a doc needs, for readers: its alternatives (any one of them is enough), each a list of schemes
 * that apply together; an empty alternative makes it optional. `[]` means none is needed; null that the source
 * says nothing.
 */
export type DocAuth = DocAuthScheme[][];

const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** A requirement resolved against its schemes (a scheme the data lacks is shown with its name alone). */
export function docAuthOf(s: SecurityData | null | undefined, d: SecurityDocRef): DocAuth | null {
  const req = securityOfDoc(s, d);
  if (!s || !req) return null;
  return req.map((alt) =>
    Object.entries(alt).map(([name, scopes]): DocAuthScheme => {
      const sc = s.schemes[name] ?? {};
      const flows = sc.flows && typeof sc.flows === 'object' ? (sc.flows as Record<string, Record<string, unknown>>) : {};
      return {
        name,
        type: text(sc.type) ?? 'unknown',
        scheme: text(sc.scheme)?.toLowerCase(),
        bearerFormat: text(sc.bearerFormat),
        in: text(sc.in),
        paramName: text(sc.name),
        description: text(sc.description),
        flows: Object.keys(flows).length
          ? Object.entries(flows).map(([flow, f]) => ({
              flow,
              authorizationUrl: text(f?.authorizationUrl),
              tokenUrl: text(f?.tokenUrl),
              refreshUrl: text(f?.refreshUrl),
            }))
          : undefined,
        openIdConnectUrl: text(sc.openIdConnectUrl),
        scopes: Array.isArray(scopes) ? scopes.map(String) : [],
      };
    }),
  );
}
