/**
 * Torna's "form" third-party login: POST the username and password to an external URL and read the
 * result code, message, username, nickname and e-mail by configurable dot-paths.
 */
import type { AppContext } from '../../context.js';

export class FormLoginError extends Error {}

/** Reads `a.b.c` from a JSON value ('' when missing). */
export function readPath(obj: unknown, path: string): unknown {
  if (!path) return undefined;
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

const str = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Calls the external login endpoint; throws FormLoginError with the reason on refusal. */
export async function formAuthenticate(
  ctx: AppContext,
  username: string,
  password: string,
): Promise<{ username: string; nickname: string; email: string }> {
  const s = ctx.settings;
  const url = s.get('folio.form.url');
  if (!/^https?:\/\//i.test(url)) throw new FormLoginError('form login URL is not set');
  const method = s.get('folio.form.method') || 'POST';
  const contentType = s.get('folio.form.content-type') || 'application/json';
  const fields = {
    [s.get('folio.form.param-username') || 'username']: username,
    [s.get('folio.form.param-password') || 'password']: password,
  };
  let target = url;
  let body: string | undefined;
  if (method === 'GET') {
    const u = new URL(url);
    for (const [k, v] of Object.entries(fields)) u.searchParams.set(k, v);
    target = u.toString();
  } else {
    body = contentType.includes('json') ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
  }
  const res = await fetch(target, {
    method,
    headers: { 'content-type': contentType, accept: 'application/json' },
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FormLoginError(`HTTP ${res.status}: the response is not JSON`);
  }
  const code = str(readPath(json, s.get('folio.form.result-code') || 'code'));
  if (code !== (s.get('folio.form.result-code-value') || '0')) {
    throw new FormLoginError(`refused (code ${code}): ${str(readPath(json, s.get('folio.form.result-msg') || 'msg')).slice(0, 200)}`);
  }
  return {
    username: str(readPath(json, s.get('folio.form.result-username'))) || username,
    nickname: str(readPath(json, s.get('folio.form.result-nickname'))),
    email: str(readPath(json, s.get('folio.form.result-email'))),
  };
}
