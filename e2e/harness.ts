/**
 * E2E harness: starts the BUILT server (`node apps/server/dist/main.js`, run `npm run build` first) on a free
 * port with a fresh temporary SQLite file, launches Debian's Chromium through playwright-core, and offers
 * helpers for API setup calls (admin token), logging in through the UI, and screenshots (e2e/screenshots/).
 *
 *   const h = await startHarness();      // in beforeAll
 *   const page = await h.newPage();      // fresh context (own local storage)
 *   await h.shot(page, 'preview-tree');  // e2e/screenshots/<file>-preview-tree.png
 *   await h.stop();                      // in afterAll
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Locator, type Page } from 'playwright-core';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SCREENSHOT_DIR = join(ROOT, 'e2e', 'screenshots');
export const ADMIN_PASSWORD = 'e2e-admin-pass-1';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What each running harness tells when a test fails (see failureReports). */
const running = new Set<() => string>();

/**
 * For a failed test (e2e/setup.ts prints it): each running server's API calls from the browser that
 * answered an error status, the page errors, and the tail of the server's log.
 */
export function failureReports(): string[] {
  return [...running].map((report) => report());
}

/** The envelope of an API answer. */
export interface Envelope<T = any> {
  code: string;
  msg: string;
  data: T;
  error?: string;
  status: number;
}

export interface Harness {
  /** http://127.0.0.1:PORT */
  baseUrl: string;
  /** The server's SQLite file (for bulk seeding in benchmarks). */
  dbPath: string;
  browser: Browser;
  /** Token of the super admin `admin` (password ADMIN_PASSWORD). */
  adminToken: string;
  /** Calls the API (`path` relative to /api or absolute); GET sends `body` as the query string. */
  api<T = any>(
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
    token?: string | null,
    headers?: Record<string, string>,
  ): Promise<Envelope<T>>;
  /** Like api() with the admin token, throwing unless code is "0"; returns data. */
  admin<T = any>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T>;
  /** Logs in through the API and returns the token. */
  login(username: string, password: string): Promise<string>;
  /** A fresh browser context (own storage) with one page; optional token and UI language put in local storage first. */
  newPage(opts?: BrowserContextOptions & { token?: string; lang?: string }): Promise<Page>;
  /** Saves a full-page screenshot to e2e/screenshots/<prefix>-<name>.png and returns the path. */
  shot(page: Page, name: string): Promise<string>;
  /** Server output so far (for failure messages). */
  serverLog(): string;
  stop(): Promise<void>;
}

/** Throws a clear message when the build outputs the harness runs are missing. */
/**
 * Waits until an element and everything in it have stopped animating (a dialog zooming in, a toast sliding):
 * a user clicks what has come to rest, and a click during the motion can land beside its target.
 */
export async function settled(locator: Locator, timeout = 10_000): Promise<void> {
  const el = await locator.elementHandle({ timeout });
  if (!el) throw new Error(`settled: ${locator} is not there`);
  await locator
    .page()
    .waitForFunction((node) => node.getAnimations({ subtree: true }).every((a) => a.playState !== 'running'), el, { timeout });
  await el.dispose();
}

export function assertBuilt(): void {
  const server = join(ROOT, 'apps/server/dist/main.js');
  const web = join(ROOT, 'apps/web/dist/index.html');
  const missing = [server, web].filter((p) => !existsSync(p));
  if (missing.length) {
    throw new Error(`E2E needs a build: missing ${missing.join(', ')}. Run \`npm run build\` first.`);
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(`E2E needs Chromium at ${CHROMIUM}: apt-get install -y chromium fonts-wqy-microhei (or set CHROMIUM_PATH).`);
  }
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

async function waitHealthy(url: string, child: ChildProcess, log: () => string, timeoutMs = 60_000): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${log()}`);
}

/** Starts server + browser. `prefix` names the screenshots (defaults to "e2e"). */
export async function startHarness(opts: { prefix?: string; env?: Record<string, string> } = {}): Promise<Harness> {
  assertBuilt();
  const prefix = opts.prefix ?? 'e2e';
  const dir = mkdtempSync(join(tmpdir(), 'folio-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let out = '';
  const child = spawn(process.execPath, [join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'folio.db')}`,
      FOLIO_ADMIN_PASSWORD: ADMIN_PASSWORD,
      FOLIO_PUBLIC_URL: baseUrl,
      FOLIO_WEB_DIST: join(ROOT, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (b: Buffer) => {
    out += b.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const log = () => out;
  // The browser's failed API calls and page errors, for failureReports (the last 30).
  const incidents: string[] = [];
  const note = (line: string) => {
    incidents.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (incidents.length > 30) incidents.shift();
  };
  const report = () =>
    `--- ${baseUrl}: failed API calls and page errors ---\n${incidents.join('\n') || '(none)'}\n--- server log (tail) ---\n${out.slice(-4000) || '(empty)'}`;
  let browser: Browser | undefined;
  const stopServer = async () => {
    if (child.exitCode === null) {
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([done, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(baseUrl, child, log);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  } catch (e) {
    await stopServer();
    throw e;
  }
  const api = async <T>(
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
    token?: string | null,
    headers: Record<string, string> = {},
  ): Promise<Envelope<T>> => {
    let url = path.startsWith('/') ? `${baseUrl}${path}` : `${baseUrl}/api/${path}`;
    const h: Record<string, string> = { ...headers };
    if (token) h.token = token;
    let payload: string | undefined;
    if (method === 'GET' && body) {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) q.set(k, String(v));
      url += `${url.includes('?') ? '&' : '?'}${q}`;
    } else if (method === 'POST') {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(body ?? {});
    }
    const r = await fetch(url, { method, headers: h, body: payload });
    const text = await r.text();
    let env: Envelope<T>;
    try {
      env = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path}: HTTP ${r.status} non-JSON answer: ${text.slice(0, 300)}`);
    }
    return { ...env, status: r.status };
  };
  const login = async (username: string, password: string) => {
    const r = await api<{ token: string }>('POST', 'user/login', { username, password });
    if (r.code !== '0') throw new Error(`login ${username} failed: ${JSON.stringify(r)}`);
    return r.data.token;
  };
  const adminToken = await login('admin', ADMIN_PASSWORD);
  running.add(report);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const contexts: BrowserContext[] = [];
  const b = browser;
  return {
    baseUrl,
    dbPath: join(dir, 'folio.db'),
    browser: b,
    adminToken,
    api,
    async admin<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) {
      const r = await api<T>(method, path, body, adminToken);
      if (r.code !== '0') throw new Error(`${method} ${path} failed: ${JSON.stringify(r)}`);
      return r.data;
    },
    login,
    async newPage(o = {}) {
      const { token, lang, ...ctxOpts } = o;
      const ctx = await b.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 850 }, ...ctxOpts });
      contexts.push(ctx);
      if (token) {
        await ctx.addInitScript((t) => {
          if (!sessionStorage.getItem('e2e.tokenSet')) {
            localStorage.setItem('folio.token', t);
            sessionStorage.setItem('e2e.tokenSet', '1');
          }
        }, token);
      }
      if (lang) {
        await ctx.addInitScript((l) => {
          if (!localStorage.getItem('folio.lang')) localStorage.setItem('folio.lang', l);
        }, lang);
      }
      const page = await ctx.newPage();
      page.setDefaultTimeout(15_000);
      page.on('pageerror', (e) => note(`page error: ${e.message}`));
      page.on('response', (r) => {
        if (r.status() < 400 || !r.url().includes('/api/')) return;
        const what = `${r.request().method()} ${r.url().replace(baseUrl, '')} → ${r.status()}`;
        r.text().then(
          (body) => note(`${what} ${body.slice(0, 300)}`),
          () => note(what),
        );
      });
      return page;
    },
    async shot(page, name) {
      const file = join(SCREENSHOT_DIR, `${prefix}-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    serverLog: log,
    async stop() {
      running.delete(report);
      for (const c of contexts) await c.close().catch(() => {});
      await b.close().catch(() => {});
      await stopServer();
    },
  };
}
