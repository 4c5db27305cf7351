/**
 * What the client does with an error envelope (spec §8), as pure decisions the shell carries out:
 * 1000 → login keeping the redirect (or a Re-Login / Cancel dialog when a form holds unsaved edits),
 * 2000 → /setPassword, 100 → the server's message (and the offending form fields), else a generic error.
 */
import { ApiError, isUnreachable } from './api';

export type SessionAction =
  | { type: 'login'; to: string }
  | { type: 'relogin-dialog' }
  | { type: 'set-password'; to: string }
  | { type: 'none' };

const PUBLIC_PREFIXES = ['/login', '/setPassword', '/reg', '/resetPassword', '/findPassword', '/successLogin', '/share', '/show', '/404'];

/** True for routes that need no token (spec §2). */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** The login URL that brings the user back to `current` afterwards. */
export function loginUrl(current: string): string {
  if (!current || current === '/' || current.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(current)}`;
}

/** Where a redirect parameter may send the user: same-origin paths only (no //host or scheme). */
export function safeRedirect(raw: string | null | undefined, fallback = '/'): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  if (raw.startsWith('/login')) return fallback;
  return raw;
}

/** Decides what to do on a session code. `current` is path+search of the page. */
export function sessionAction(code: string, ctx: { current: string; hasUnsavedEdits: boolean }): SessionAction {
  if (code === '1000') {
    if (isPublicPath(ctx.current.split('?')[0])) return { type: 'none' };
    return ctx.hasUnsavedEdits ? { type: 'relogin-dialog' } : { type: 'login', to: loginUrl(ctx.current) };
  }
  if (code === '2000') return ctx.current.startsWith('/setPassword') ? { type: 'none' } : { type: 'set-password', to: '/setPassword' };
  return { type: 'none' };
}

/**
 * The toast text for a failed call: the server's message for code 100, nothing for the session codes
 * (the shell redirects), 'cannot reach the server' when Folio did not answer, and the generic
 * 'request error, check the log' for anything else.
 */
export function errorToast(err: unknown, genericText: string, unreachableText = genericText): string | null {
  if (err instanceof ApiError) {
    if (err.code === '1000' || err.code === '2000') return null;
    if (err.code === '100') return err.message || genericText;
    if (isUnreachable(err)) return unreachableText;
    return genericText;
  }
  return genericText;
}

/** Converts the server's validation fields (`params.0.name`) into antd form field errors. */
export function formFieldErrors(err: unknown): { name: (string | number)[]; errors: string[] }[] {
  if (!(err instanceof ApiError) || !err.fields?.length) return [];
  return err.fields
    .filter((f) => f.field && f.field !== 'body' && f.field !== 'querystring')
    .map((f) => ({ name: f.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), errors: [f.message] }));
}
