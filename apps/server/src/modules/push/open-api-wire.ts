/**
 * Torna's open-API wire format, without the server around it (also used on a worker thread for big bodies,
 * push-prepare.ts): the envelope {name, version, data, access_token[, app_key, timestamp, sign, format]} as a
 * JSON object, a form, multipart fields or easyopen's `body_data`; `data` as URL-encoded JSON (form rules: `+`
 * is a space), raw JSON text or a plain object; Torna's answer codes.
 */
import type { FastifyRequest } from 'fastify';

/** Torna open-API codes (front/public/static/openapi/code.md). */
export const OpenCode = {
  OK: '0',
  SYSTEM: '-9',
  UNKNOWN_METHOD: '1',
  INVALID_PARAMS: '2',
  MISSING_SIGN: '5',
  INVALID_SIGN: '6',
  TIMEOUT: '7',
  BUSINESS: '8',
  BAD_TIMESTAMP: '10',
  BAD_JSON: '13',
  BAD_TOKEN: '14',
} as const;

export interface OpenResult {
  code: string;
  msg: string;
  data: unknown;
}

/** An open-API failure with its Torna code. */
export class OpenApiError extends Error {
  constructor(
    readonly code: string,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/** Decodes `data`: a plain object, raw JSON text, or URL-encoded JSON (form rules, `+` is a space). */
export function decodeData(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw === 'object') return raw as Record<string, unknown>;
  let text = String(raw).trim();
  if (!text) return {};
  const parse = (s: string): Record<string, unknown> => {
    const v = JSON.parse(s);
    if (!v || typeof v !== 'object') throw new SyntaxError('data is not a JSON object');
    return v as Record<string, unknown>;
  };
  // Raw JSON starts with { or [ (URL-encoding always escapes those), so it is parsed as it is.
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      return parse(text);
    } catch {
      /* fall through: maybe encoded after all */
    }
  }
  try {
    for (let i = 0; i < 2 && !(text.startsWith('{') || text.startsWith('[')); i++) text = decodeURIComponent(text.replaceAll('+', ' '));
    return parse(text);
  } catch (err) {
    throw new OpenApiError(OpenCode.BAD_JSON, 'push.api.badJson', { detail: (err as Error).message.slice(0, 200) });
  }
}

/** Text fields of a multipart/form-data body (files are not part of the envelope). */
export function multipartFields(text: string, boundary: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(`--${boundary}`)) {
    const sep = part.indexOf('\r\n\r\n');
    if (sep < 0) continue;
    const head = part.slice(0, sep);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (!name || /filename=/i.test(head)) continue;
    out[name] = part.slice(sep + 4).replace(/\r\n$/, '');
  }
  return out;
}

/** The envelope of a body sent as text (JSON object, form, multipart or JSON/form text) over the query's fields. */
export function envelopeOfText(raw: string, contentType: string, query: Record<string, unknown>): Record<string, unknown> {
  const text = raw.trim();
  const boundary = /multipart\/form-data;.*boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  let body: unknown;
  if (boundary) body = multipartFields(text, boundary);
  else if (text.startsWith('{')) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new OpenApiError(OpenCode.BAD_JSON, 'push.api.badJson', { detail: 'request body' });
    }
  } else body = Object.fromEntries(new URLSearchParams(text));
  return envelopeOf(query, body);
}

function envelopeOf(query: Record<string, unknown>, body: unknown): Record<string, unknown> {
  const b = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  // body_data (easyopen's multipart/text field) carries the JSON envelope as text.
  if (typeof b.body_data === 'string') {
    try {
      return { ...query, ...JSON.parse(b.body_data) };
    } catch {
      throw new OpenApiError(OpenCode.BAD_JSON, 'push.api.badJson', { detail: 'body_data' });
    }
  }
  return { ...query, ...b };
}

/** The envelope of a request: query for GET, body otherwise (JSON object, form, or JSON/form text). */
export function readEnvelope(req: FastifyRequest): Record<string, unknown> {
  const q = (req.query ?? {}) as Record<string, unknown>;
  const body: unknown = req.body;
  if (typeof body === 'string' || Buffer.isBuffer(body))
    return envelopeOfText(body.toString(), String(req.headers['content-type'] ?? ''), q);
  return envelopeOf(q, body);
}
