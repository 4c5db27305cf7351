/**
 * The debug proxy, Torna's header contract: `ANY /api/debug/proxy?docId=` (alias `/api/doc/debug/v1`) with
 * header `target-url` (full URL; the proxy's own query string minus docId is appended), `target-headers`
 * (JSON object of headers to send), the body forwarded byte for byte with its content type (multipart with
 * files included). The answer is the target's status and body, its headers JSON-encoded in
 * `target-response-headers`. Only towards the doc's environments (or the admin allowlist), through
 * lib/outbound.ts. Optional headers: `target-timeout` (ms, capped by `folio.debug.timeout-ms`),
 * `target-follow-redirects: false`.
 */
import { DebugProxyResponse, REQUEST_TIMEOUT_MS } from '@folio/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { outboundRequest } from '../../lib/outbound.js';
import { debugAccess } from './debug-access.js';

// OPTIONS never reaches a route: @fastify/cors answers it in its hook.
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'] as const;
const MB = 1024 * 1024;

/** JSON with non-ASCII escaped, so it is a valid header value. */
export function asciiJson(v: unknown): string {
  return JSON.stringify(v).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Parses `target-headers` (raw JSON or URI-encoded JSON) into string values. */
export function parseTargetHeaders(raw: string | undefined): Record<string, string> {
  if (!raw) return {};
  let text = raw.trim();
  if (text.startsWith('%7B') || text.startsWith('%7b')) text = decodeURIComponent(text);
  let obj: unknown;
  try {
    obj = JSON.parse(text);
  } catch {
    throw new AppError(400, 'validation_failed', 'error.validation_failed', { detail: 'target-headers must be a JSON object' });
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
    throw new AppError(400, 'validation_failed', 'error.validation_failed', { detail: 'target-headers must be a JSON object' });
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/.test(k) || v === null || v === undefined) continue;
    const s = String(v);
    if (/[\r\n\0]/.test(s)) continue;
    out[k] = s;
  }
  return out;
}

/** The target URL with the proxy's own query (minus one docId) appended. */
export function composeTargetUrl(target: string, proxyUrl: string): string {
  const q = new URLSearchParams(proxyUrl.split('?')[1] ?? '');
  q.delete('docId');
  const extra = q.toString();
  if (!extra) return target;
  return target + (target.includes('?') ? '&' : '?') + extra;
}

async function handle(req: FastifyRequest, reply: FastifyReply) {
  const { settings } = req.server.ctx;
  const docIdRaw = new URLSearchParams(req.url.split('?')[1] ?? '').get('docId') ?? '';
  if (!docIdRaw) throw new AppError(400, 'validation_failed', 'error.validation_failed', { detail: 'docId is required' });
  const access = await debugAccess(req, docIdRaw);
  const targetRaw = header(req, 'target-url');
  if (!targetRaw || !/^https?:\/\//i.test(targetRaw.trim())) throw new AppError(400, 'validation_failed', 'error.debug_target_missing');
  const url = composeTargetUrl(targetRaw.trim(), req.url);
  const headers = parseTargetHeaders(header(req, 'target-headers'));
  // Only target-headers reach the target: the proxy request's own headers (Folio token, grant) never do.
  const body = Buffer.isBuffer(req.body) && req.body.length ? req.body : undefined;
  const ct = header(req, 'content-type');
  if (body && ct) {
    for (const k of Object.keys(headers)) if (k.toLowerCase() === 'content-type') delete headers[k];
    headers['content-type'] = ct;
  }
  const cap = settings.getInt('folio.debug.timeout-ms', REQUEST_TIMEOUT_MS);
  const askedTimeout = Number(header(req, 'target-timeout'));
  const timeoutMs = Math.min(cap, askedTimeout > 0 ? askedTimeout : cap);
  const follow = (header(req, 'target-follow-redirects') ?? 'true').toLowerCase() !== 'false';
  const ctrl = new AbortController();
  // The caller went away before we answered: stop the outbound request too.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) ctrl.abort();
  });
  const res = await outboundRequest(req.server.ctx, {
    url,
    method: req.method,
    headers,
    body,
    allowTargets: [...access.environments.map((e) => e.url), ...access.extraTargets],
    restrictToTargets: true,
    vouchPrivate: false,
    timeoutMs,
    maxRequestBytes: settings.getInt('folio.upload.max-mb', 20) * MB,
    maxResponseBytes: settings.getInt('folio.debug.max-response-mb', 50) * MB,
    maxRedirects: follow ? 10 : 0,
    signal: ctrl.signal,
  });
  reply.code(res.status < 200 || res.status > 599 ? 502 : res.status);
  reply.header('target-response-headers', asciiJson(res.headers));
  reply.header('target-final-url', asciiJson(res.url));
  reply.header('target-time-ms', String(res.timeMs));
  const type = res.headers['content-type'];
  if (type) reply.header('content-type', Array.isArray(type) ? type[0] : type);
  else reply.header('content-type', 'application/octet-stream');
  const disp = res.headers['content-disposition'];
  if (typeof disp === 'string') reply.header('content-disposition', disp);
  // The body comes from elsewhere but is served from Folio's origin: never let it run as a page.
  reply.header('content-security-policy', "sandbox; default-src 'none'");
  reply.header('x-content-type-options', 'nosniff');
  if (req.method === 'HEAD') return reply.send();
  return reply.send(res.body);
}

/** Registers the proxy routes in their own scope (raw body for every content type). */
export async function debugProxyRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * MB }, (_req, body, done) => done(null, body));
    for (const url of ['/debug/proxy', '/doc/debug/v1']) {
      scope.route({
        method: [...METHODS],
        url,
        config: { auth: 'optional', action: 'doc.debug' },
        schema: { tags: ['debug'], hide: url !== '/debug/proxy', response: DebugProxyResponse },
        handler: handle,
      });
    }
  });
}
