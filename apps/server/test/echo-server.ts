/**
 * A local HTTP echo server for debug/proxy tests: answers with what it received as JSON.
 * Special paths: /redirect?to=URL&status=302, /set-cookie?name=v, /slow (never answers),
 * /big?n=bytes, /gzip, /png (a 1×1 image), /status/{code}.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface Echo {
  method: string;
  url: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  bodyBase64: string;
}

export interface EchoServer {
  url: string;
  port: number;
  /** Requests received so far. */
  hits: Echo[];
  close(): Promise<void>;
}

export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Starts the echo server on 127.0.0.1 with a random port. */
export async function startEchoServer(): Promise<EchoServer> {
  const hits: Echo[] = [];
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const u = new URL(req.url ?? '/', 'http://x');
    const query: Record<string, string | string[]> = {};
    for (const k of new Set(u.searchParams.keys())) {
      const all = u.searchParams.getAll(k);
      query[k] = all.length > 1 ? all : all[0];
    }
    const echo: Echo = {
      method: req.method ?? '',
      url: req.url ?? '',
      path: u.pathname,
      query,
      headers: req.headers,
      body: body.toString('utf8'),
      bodyBase64: body.toString('base64'),
    };
    hits.push(echo);
    if (u.pathname === '/redirect') {
      res.writeHead(Number(u.searchParams.get('status') ?? 302), {
        location: u.searchParams.get('to') ?? '/',
        'set-cookie': 'hop=1; Path=/',
      });
      return res.end();
    }
    if (u.pathname === '/set-cookie') {
      res.writeHead(200, {
        'set-cookie': [...u.searchParams].map(([k, v]) => `${k}=${v}; Path=/; HttpOnly`),
        'content-type': 'text/plain',
      });
      return res.end('ok');
    }
    if (u.pathname === '/slow') return; // never answers
    if (u.pathname === '/big') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(Buffer.alloc(Number(u.searchParams.get('n') ?? 1024), 97));
    }
    if (u.pathname === '/gzip') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      return res.end(gzipSync(JSON.stringify({ zipped: true })));
    }
    if (u.pathname === '/png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(PNG_1X1);
    }
    const m = /^\/status\/(\d{3})$/.exec(u.pathname);
    res.writeHead(m ? Number(m[1]) : 200, {
      'content-type': 'application/json; charset=utf-8',
      'x-echo': 'yes',
      connection: 'close, x-secret-hop',
      'x-secret-hop': 'should-be-stripped',
    });
    res.end(JSON.stringify(echo));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
