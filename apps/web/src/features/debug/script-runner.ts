/**
 * Runs one pre-request or after-response script with Torna's objects: `req {url, method, params, data,
 * headers}`, `resp {status, data, headers}`, `lib` (crypto, date, signing helpers), plus `vars` (values kept
 * per application, usable as double-brace placeholders in any field) and a `console` whose output is shown.
 * A pre-request script may change `req` in place or return (a promise of) a new one. This module is pure;
 * the debug console runs it inside a dedicated worker (script-worker.ts), away from the page, its DOM and
 * the Folio token.
 */

export interface ScriptReq {
  url: string;
  method: string;
  /** Query parameters. */
  params: Record<string, string>;
  /** Body: object (JSON or form fields) or text. */
  data: unknown;
  headers: Record<string, string>;
}

export interface ScriptResp {
  status: number;
  data: unknown;
  headers: Record<string, string | string[]>;
}

export interface ScriptInput {
  req: ScriptReq;
  resp?: ScriptResp;
  vars: Record<string, string>;
}

export interface ScriptOutcome {
  req: ScriptReq;
  resp?: ScriptResp;
  vars: Record<string, string>;
  logs: string[];
  error?: string;
}

type AsyncFn = (...args: unknown[]) => Promise<unknown>;
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => AsyncFn;

const show = (v: unknown): string => {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
};

const isReqLike = (v: unknown): v is ScriptReq => !!v && typeof v === 'object' && 'url' in v && 'method' in v;

/** Runs the script; faults come back in `error` with whatever the script changed so far. */
export async function runScript(code: string, input: ScriptInput, lib: Record<string, unknown>): Promise<ScriptOutcome> {
  const logs: string[] = [];
  const sink =
    (level: string) =>
    (...a: unknown[]) => {
      if (logs.length < 500) logs.push(`${level === 'log' ? '' : `[${level}] `}${a.map(show).join(' ')}`);
    };
  const console = { log: sink('log'), info: sink('info'), warn: sink('warn'), error: sink('error'), debug: sink('debug') };
  const req = input.req;
  const resp = input.resp;
  const vars = input.vars;
  try {
    const fn = new AsyncFunction('req', 'resp', 'lib', 'vars', 'console', code);
    const out = await fn(req, resp, lib, vars, console);
    const nextReq = isReqLike(out) ? out : req;
    return { req: nextReq, resp, vars, logs };
  } catch (e) {
    const err = e as Error;
    return { req, resp, vars, logs, error: err?.message ? `${err.name || 'Error'}: ${err.message}` : show(e) };
  }
}

/** Replaces double-brace placeholders with variables (unknown names are left as written). */
export function applyVars(text: string, vars: Record<string, string>): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
