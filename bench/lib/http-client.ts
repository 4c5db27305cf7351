/**
 * The client side of the benchmarks that measure a server as a user sees it: the server runs as its own
 * process (a child started by the benchmark) and the benchmark's process only sends requests, over
 * keep-alive sockets, and times each to its last byte.
 */
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

/** Waits until `url` answers (below 500), or throws when `child` exits or 30 s pass. */
export async function waitReady(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not start`);
}

export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One GET to the last byte; resolves with the status, the body and the milliseconds it took. */
export function get(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers, ms: performance.now() - t0 }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The q-th percentile (nearest rank) of `xs`. */
export const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((q / 100) * s.length) - 1))];
};
