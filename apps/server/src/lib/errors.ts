/** Typed application errors; one error handler serializes them into the envelope. */
import type { ErrorSlugCode } from '@folio/shared';

export interface FieldError {
  field: string;
  message: string;
}

/** An error with an HTTP status, envelope code, stable slug and an i18n message key. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly slug: ErrorSlugCode,
    /** i18n key (or literal text) of the message. */
    readonly msgKey: string,
    readonly params: Record<string, string | number> = {},
    readonly fields?: FieldError[],
    /** Envelope code: '100' unless the error is about the session. */
    readonly code: '100' | '1000' | '2000' = '100',
  ) {
    super(msgKey);
  }
  /** Seconds a client should wait before trying again (sent as Retry-After). */
  retryAfter?: number;
  /** What the client needs to resolve the error (sent as the envelope's data), e.g. the current version. */
  data?: unknown;
}

/** Missing, or not visible to the caller (answers the same way on purpose). */
export const notFound = (what = 'resource') => new AppError(404, 'not_found', 'error.not_found', { what });
/** The caller may see it but not do this. */
export const forbidden = () => new AppError(403, 'forbidden', 'error.forbidden');
/** No valid session. */
export const unauthorized = () => new AppError(401, 'unauthorized', 'error.unauthorized', {}, undefined, '1000');
/** The account must set a password first. */
export const mustSetPassword = () => new AppError(403, 'must_set_password', 'error.must_set_password', {}, undefined, '2000');
/** Input failed validation. */
export const validation = (fields: FieldError[], msgKey = 'error.validation_failed') =>
  new AppError(422, 'validation_failed', msgKey, { detail: fields.map((f) => `${f.field}: ${f.message}`).join('; ') }, fields);
/** A business rule refused the call. */
export const conflict = (msgKey: string, params: Record<string, string | number> = {}, slug: ErrorSlugCode = 'conflict') =>
  new AppError(409, slug, msgKey, params);
/** Plain business error with a message key. */
export const badRequest = (msgKey: string, params: Record<string, string | number> = {}, slug: ErrorSlugCode = 'validation_failed') =>
  new AppError(400, slug, msgKey, params);
/** Too many attempts. */
export const rateLimited = (retryAfterSeconds?: number) => {
  const e = new AppError(429, 'rate_limited', 'error.rate_limited');
  if (retryAfterSeconds !== undefined) e.retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  return e;
};
/** The doc changed since the version the caller edited: 409 with the current version, so the editor can compare. */
export const docVersionConflict = (current: { gmtModified: string; modifierName: string }) => {
  const e = new AppError(409, 'doc_version_conflict', 'error.doc_version_conflict', { name: current.modifierName });
  e.data = current;
  return e;
};
