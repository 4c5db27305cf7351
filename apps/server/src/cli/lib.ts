/** What the `folio` commands share: argument parsing, output, errors with exit codes, HTTP calls to a server, progress. */
import { type ParseArgsConfig, parseArgs } from 'node:util';

/** Output streams (tests swap them to capture what a command prints). */
export const io = {
  out: (s: string) => void process.stdout.write(s),
  err: (s: string) => void process.stderr.write(s),
  /** Progress is drawn only on a terminal. */
  tty: () => !!process.stderr.isTTY,
};

/** A failure the user can act on: printed as `folio: <message>`, exits with `code` (2 = usage, 1 = failure). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
  }
}

export const usageError = (msg: string) => new CliError(msg, 2);

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parses a command's arguments; unknown options and missing values are usage errors. */
export function parse<O extends Options>(args: string[], options: O) {
  try {
    return parseArgs({ args, options: { help: { type: 'boolean', short: 'h' }, ...options }, allowPositionals: true, strict: true });
  } catch (e) {
    throw usageError((e as Error).message);
  }
}

/** Runs a command body: prints its help on --help, maps errors to messages and exit codes. */
export async function runCommand(usage: string, body: () => Promise<number>, args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(`${usage.trim()}\n`);
    return 0;
  }
  try {
    return await body();
  } catch (e) {
    if (e instanceof CliError) {
      io.err(`folio: ${e.message}\n`);
      if (e.code === 2) io.err('Run with --help for usage.\n');
      return e.code;
    }
    io.err(`folio: ${(e as Error)?.stack ?? e}\n`);
    return 1;
  }
}

/** A required option or environment variable. */
export function need(value: string | undefined, what: string): string {
  if (!value) throw usageError(`${what} is required`);
  return value;
}

/** The server's base URL, validated (`--url` or FOLIO_URL). */
export function baseUrl(url: string | undefined): string {
  const u = need(url ?? process.env.FOLIO_URL, '--url (or FOLIO_URL)');
  try {
    const parsed = new URL(u);
    if (!/^https?:$/.test(parsed.protocol)) throw new Error();
  } catch {
    throw usageError(`--url must be an http(s) URL such as http://localhost:7700 (got "${u}")`);
  }
  return u.replace(/\/+$/, '');
}

export interface Envelope<T = any> {
  code: string;
  msg?: string;
  data: T;
  fields?: { field: string; message: string }[];
}

/** Calls the server; connection failures, non-JSON answers and error envelopes become CliErrors. */
export async function request(
  base: string,
  path: string,
  init: { method?: string; token?: string; body?: string; contentType?: string; raw?: boolean } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (init.token) headers.token = init.token;
  if (init.contentType) headers['content-type'] = init.contentType;
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body: init.body });
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    throw new CliError(`cannot reach ${base}: ${cause?.code ?? cause?.message ?? (e as Error).message}`);
  }
  return res;
}

/** Calls the server and returns the envelope's data; an error answer throws with the server's message. */
export async function api<T = any>(base: string, path: string, init: Parameters<typeof request>[2] = {}): Promise<T> {
  const res = await request(base, path, init);
  const text = await res.text();
  let env: Envelope<T>;
  try {
    env = JSON.parse(text);
  } catch {
    throw new CliError(`${base}${path} answered HTTP ${res.status} with no Folio response (is --url a Folio server?)`);
  }
  if (env.code !== '0') {
    const detail = env.fields?.length ? ` (${env.fields.map((f) => `${f.field}: ${f.message}`).join('; ')})` : '';
    if (res.status === 401) throw new CliError(`the server refused the token: ${env.msg ?? 'unauthorized'}`);
    if (res.status === 404 && !detail)
      throw new CliError(
        `${env.msg ?? 'not found'} (HTTP 404 at ${base}${path.split('?')[0]}: is --url the address of Folio, without a path?)`,
      );
    throw new CliError(`${env.msg ?? `HTTP ${res.status}`}${detail}`);
  }
  return env.data;
}

/** A one-line progress indicator on stderr, drawn only on a terminal. */
export function progress(label: string) {
  const on = io.tty();
  let last = '';
  return {
    update(done: number, total?: number) {
      if (!on) return;
      const text =
        total && total > 0
          ? `${label} [${'#'.repeat(Math.round((done / total) * 20)).padEnd(20, '.')}] ${Math.round((done / total) * 100)}%`
          : `${label} ${done}`;
      if (text !== last) io.err(`\r${text}`);
      last = text;
    },
    done() {
      if (on && last) io.err(`\r${' '.repeat(last.length)}\r`);
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
