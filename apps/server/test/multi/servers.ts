/**
 * Real Folio server processes for multi-server tests: `node --import tsx src/main.ts` on a free port with the
 * given DATABASE_URL, plus a small fetch client for the envelope.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr. */
  output(): string;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? res(a.port) : rej(new Error('no port'))));
    });
  });
}

/** Spawns a server; `ready` waits until /api/health answers (or the process exits). */
export async function spawnServer(env: Record<string, string>, opts: { ready?: boolean } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  let done = false;
  void exited.then(() => {
    done = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    child,
    output: () => out,
    exited,
    async stop() {
      if (!done) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
  if (opts.ready !== false) {
    // Up to three minutes: on a loaded machine tsx compiling the sources takes most of a minute.
    for (let i = 0; i < 1800 && !done; i++) {
      try {
        const r = await fetch(`${url}/api/health`);
        if (r.ok) return server;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start: ${out}`);
  }
  return server;
}

export interface Answer<T = any> {
  status: number;
  code: string;
  data: T;
  error?: string;
  headers: Headers;
}

/** Calls a server's API; GET sends `payload` as the query string. */
export async function api<T = any>(
  base: string,
  token: string | null,
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const h: Record<string, string> = { ...headers, ...(token ? { token } : {}) };
  let url = `${base}${path}`;
  let body: string | undefined;
  if (method === 'GET') {
    if (payload) url += `?${new URLSearchParams(payload as Record<string, string>)}`;
  } else {
    h['content-type'] = 'application/json';
    body = JSON.stringify(payload ?? {});
  }
  const r = await fetch(url, { method, headers: h, body });
  const text = await r.text();
  let j: any;
  try {
    j = JSON.parse(text);
  } catch {
    j = { code: '', data: text };
  }
  return { status: r.status, code: j.code, data: j.data, error: j.error, headers: r.headers };
}
