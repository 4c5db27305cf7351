/**
 * Security headers on every answer (web app, share pages, API, mocks): a strict Content-Security-Policy
 * (scripts only from Folio itself, no inline script, no plugins, never framed), X-Frame-Options, nosniff and
 * a referrer policy. Styles allow inline (Ant Design writes its styles at run time). The browser debug console
 * may call any http(s) target directly, so connect-src is open to those schemes. The debug-script worker runs
 * the user's own script with the AsyncFunction constructor: only that worker file gets 'unsafe-eval' (a
 * worker's CSP comes with its own script), the page never does.
 */
import type { FastifyInstance } from 'fastify';

const BASE = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "font-src 'self' data:",
  "connect-src 'self' http: https: ws: wss:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];
export const PAGE_CSP = ["script-src 'self'", ...BASE].join('; ');
export const SCRIPT_WORKER_CSP = ["script-src 'self' 'unsafe-eval'", ...BASE].join('; ');

/** Installs the one onSend hook that adds these headers and the request id to every answer. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // A route that set a stricter policy (mock answers: a sandbox) keeps it.
    if (!reply.hasHeader('content-security-policy')) {
      const worker = /^\/assets\/script-worker-[\w-]+\.js(\?|$)/.test(req.url);
      reply.header('content-security-policy', worker ? SCRIPT_WORKER_CSP : PAGE_CSP);
    }
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  });
}
