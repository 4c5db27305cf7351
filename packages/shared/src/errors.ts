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

/** Stable error slugs the web client translates. */
export const ErrorSlug = [
  'not_found',
  'forbidden',
  'unauthorized',
  'must_set_password',
  'validation_failed',
  'conflict',
  'rate_limited',
  'bad_credentials',
  'account_disabled',
  'internal_error',
  'payload_too_large',
  'share_expired',
  'share_disabled',
  'share_password_required',
  'share_password_wrong',
  'folder_not_empty',
  'last_super_admin',
  'registration_disabled',
  'smtp_not_configured',
  'doc_locked',
  'duplicate',
  'outbound_refused',
  'outbound_failed',
  'mock_script_error',
  'trash_parent_deleted',
  /** A doc save was made from a version someone else has since replaced (data: the current version). */
  'doc_version_conflict',
  /** A mock script was not run: too many of its application's scripts at once, or the server's are saturated. */
  'mock_script_busy',
] as const;
export type ErrorSlugCode = (typeof ErrorSlug)[number];

/** The response envelope. */
export interface Envelope<T = unknown> {
  code: string;
  msg: string;
  data: T;
  error?: string;
  requestId?: string;
  fields?: { field: string; message: string }[];
}
