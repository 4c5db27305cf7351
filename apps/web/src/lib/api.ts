/**
 * The API client: sends the token, reads the envelope whatever the HTTP status, and turns errors into
 * ApiError. Session codes (1000 log in, 2000 set password) are broadcast to the app shell, which
 * redirects or offers re-login. Request timeout 600000 ms (spec §9).
 */
import { REQUEST_TIMEOUT_MS } from '@folio/shared';

export const TOKEN_KEY = 'folio.token';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly error?: string,
    readonly fields?: { field: string; message: string }[],
    readonly status?: number,
    /** The envelope's data on an error: what resolving it needs (e.g. the current version of a doc on 409). */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

type SessionListener = (code: '1000' | '2000') => void;
const sessionListeners = new Set<SessionListener>();

/** Subscribes to session codes (the shell redirects to /login or /setPassword). */
export function onSessionCode(fn: SessionListener): () => void {
  sessionListeners.add(fn);
  return () => sessionListeners.delete(fn);
}

export const getToken = () => localStorage.getItem(TOKEN_KEY);
export const setToken = (t: string | null) => (t ? localStorage.setItem(TOKEN_KEY, t) : localStorage.removeItem(TOKEN_KEY));

let langHeader = '';
/** The UI language, sent with every request (server messages follow it). */
export function setApiLanguage(lang: string): void {
  langHeader = lang;
}

/** Headers naming the language the user sees (server messages, guides and exports follow it). */
export function langHeaders(): Record<string, string> {
  return langHeader ? { 'Accept-Language': langHeader, lang: langHeader } : {};
}

/** The language the user sees ('' before the texts are loaded). */
export const apiLanguage = () => langHeader;

export interface RequestOptions {
  /** Extra headers (e.g. a share grant); undefined values are left out. */
  headers?: Record<string, string | undefined>;
  /** Do not broadcast 1000/2000 (public pages, login dialogs). */
  silentSession?: boolean;
  signal?: AbortSignal;
  /** Reads the answer's headers (e.g. the live-docs revision a reading page's first tree and doc carry). */
  onHeaders?: (headers: Headers) => void;
}

type ReachabilityListener = (reachable: boolean) => void;
const reachabilityListeners = new Set<ReachabilityListener>();
let reachable = true;

/** Listens for the server becoming unreachable (network down, server or proxy restarting) and reachable again. */
export function onReachability(fn: ReachabilityListener): () => void {
  reachabilityListeners.add(fn);
  return () => reachabilityListeners.delete(fn);
}

function setReachable(v: boolean): void {
  if (v === reachable) return;
  reachable = v;
  for (const l of reachabilityListeners) l(v);
}

/** True for a failure to reach Folio at all (no answer, or a proxy saying the server is down). */
export function isUnreachable(err: unknown): boolean {
  return err instanceof ApiError && err.code === '-1' && (err.status === undefined || [502, 503, 504].includes(err.status));
}

async function request<T>(method: string, url: string, body: unknown, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts.headers ?? {})) if (v !== undefined) headers[k] = v;
  const token = getToken();
  if (token) headers.token = token;
  Object.assign(headers, langHeaders());
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), REQUEST_TIMEOUT_MS);
  opts.signal?.addEventListener('abort', () => ctrl.abort());
  let res: Response;
  try {
    res = await fetch(url.startsWith('/') ? url : `/api/${url}`, { method, headers, body: payload, signal: ctrl.signal });
  } catch (e) {
    if (!opts.signal?.aborted) setReachable(false);
    throw new ApiError('-1', (e as Error).message || 'network error');
  } finally {
    clearTimeout(timer);
  }
  let env: { code?: string; msg?: string; data?: T; error?: string; fields?: { field: string; message: string }[] };
  try {
    env = await res.json();
  } catch {
    setReachable(![502, 503, 504].includes(res.status));
    throw new ApiError('-1', `HTTP ${res.status}`, undefined, undefined, res.status);
  }
  setReachable(true);
  opts.onHeaders?.(res.headers);
  if (env.code === '0') return env.data as T;
  if ((env.code === '1000' || env.code === '2000') && !opts.silentSession) {
    for (const l of sessionListeners) l(env.code);
  }
  throw new ApiError(String(env.code ?? '-1'), env.msg ?? '', env.error, env.fields, res.status, env.data ?? undefined);
}

/** Builds `/api/<path>?query`. */
export function apiUrl(path: string, query?: Record<string, unknown>): string {
  const base = path.startsWith('/') ? path : `/api/${path}`;
  if (!query) return base;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}

export const api = {
  get: <T>(path: string, query?: Record<string, unknown>, opts?: RequestOptions) => request<T>('GET', apiUrl(path, query), undefined, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', apiUrl(path), body ?? {}, opts),
};
