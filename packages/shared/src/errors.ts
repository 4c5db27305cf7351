/** Envelope codes and error slugs shared by server and web. */

/** Envelope codes of the web API (spec section 8). */
export const ResultCode = {
  /** Success. */
  OK: '0',
  /** Any business, validation or permission error: show msg. */
  ERROR: '100',
  /** Missing, expired or revoked token: go to login. */
  LOGIN: '1000',
  /** The account must set its password first. */
  SET_PASSWORD: '2000',
} as const;

/**
 * Stable error slugs (the envelope's `error`), each with its one-line meaning. The web client translates
 * the slug; GET /api/openapi.json lists these meanings (components.schemas.Error).
 */
export const ERROR_MEANINGS = {
  not_found: 'HTTP 404: the resource does not exist, or the caller may not read it (both answer the same on purpose).',
  forbidden: 'HTTP 403: the caller may read the resource but not do this to it.',
  unauthorized: 'HTTP 401 (code 1000): no valid session or token; log in again.',
  must_set_password: 'HTTP 403 (code 2000): the account must set its password before anything else.',
  validation_failed: 'HTTP 422: the request does not match its schema or a field rule; `fields` lists each problem.',
  conflict: 'HTTP 409: the request conflicts with the current state (a limit reached, a newer version saved).',
  rate_limited: 'HTTP 429: too many attempts from this address or for this account; wait Retry-After seconds.',
  bad_credentials: 'Login refused: unknown user name or wrong password (the answer does not say which).',
  account_disabled: 'Login refused: the account was disabled by an administrator.',
  internal_error: 'HTTP 500: an unexpected failure; details are in the server log under the requestId.',
  payload_too_large: 'HTTP 413: the request body or an uploaded file is over the size limit.',
  share_expired: 'HTTP 410: the share link has passed its expiry time.',
  share_disabled: 'HTTP 410: the share link (or compose project) was turned off by its managers.',
  share_password_required: 'HTTP 403: the share is encrypted; check its password first and send the grant.',
  share_password_wrong: 'HTTP 403: the password typed for an encrypted share is wrong.',
  folder_not_empty: 'HTTP 409: the folder still holds docs; delete them too or move them first.',
  last_super_admin: 'HTTP 409: the change would leave the installation without a super administrator.',
  registration_disabled: 'Self-registration is turned off in the system settings.',
  smtp_not_configured: 'No mail server is configured, so the e-mail (password reset, test mail) cannot be sent.',
  doc_locked: 'The doc is locked against edits; unlock it first.',
  duplicate: 'HTTP 409: something with that name or identity already exists.',
  outbound_refused: 'The debug proxy refused the target address (private or loopback networks are not allowed).',
  outbound_failed: 'HTTP 502/504: the debug proxy could not reach the target, it timed out, or answered too much.',
  mock_script_error: "The mock rule's script failed; msg carries the script's error.",
  trash_parent_deleted: "HTTP 409: restore refused because the item's space or project is itself deleted; restore that first.",
  doc_version_conflict:
    'HTTP 409: a doc save was made from a version someone else has since replaced; data holds the current version (gmtModified, modifierName).',
  mock_script_busy:
    'HTTP 429 (too many scripts of this application running in this server) or 503 (its deadline passed while waiting); Retry-After says when to try again.',
} as const;

/** Stable error slugs the web client translates. */
export type ErrorSlugCode = keyof typeof ERROR_MEANINGS;
export const ErrorSlug = Object.keys(ERROR_MEANINGS) as ErrorSlugCode[];

/** The response envelope. */
export interface Envelope<T = unknown> {
  code: string;
  msg: string;
  data: T;
  error?: string;
  requestId?: string;
  fields?: { field: string; message: string }[];
}
