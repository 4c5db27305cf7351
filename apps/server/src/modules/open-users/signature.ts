/**
 * Torna's legacy open-API signature (torna-compat §1b): when an envelope's `app_key` names an open user
 * that has a secret, `sign = upper(md5(secret + k1v1k2v2… + secret))` over the envelope parameters sorted
 * by name (all non-null ones except `sign`), and `timestamp` (`yyyy-MM-dd HH:mm:ss`, server local time)
 * must be within the tolerance. Without an app_key, or for an unknown key, both are ignored (as Torna did).
 */
import type { FastifyInstance } from 'fastify';
import { decrypt, md5, safeEqual } from '../../lib/crypto.js';

export type SignatureResult = 'ok' | 'ignored' | { error: string };

/** Computes the signature of an envelope with a secret. */
export function computeOpenApiSign(envelope: Record<string, unknown>, secret: string): string {
  const keys = Object.keys(envelope)
    .filter((k) => k !== 'sign' && envelope[k] !== null && envelope[k] !== undefined)
    .sort();
  const body = keys.map((k) => `${k}${typeof envelope[k] === 'object' ? JSON.stringify(envelope[k]) : String(envelope[k])}`).join('');
  return md5(`${secret}${body}${secret}`).toUpperCase();
}

/** Parses `yyyy-MM-dd HH:mm:ss` as server local time (epoch ms) or null. */
export function parseTimestamp(s: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s.trim());
  if (!m) return null;
  const d = new Date(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  return Number.isNaN(d.getTime()) ? null : d.getTime();
}

/**
 * Verifies an open-API envelope (the parsed request body or query of POST /api).
 * 'ok' = signed by a known open user; 'ignored' = nothing to verify; {error} = refuse the call.
 */
export async function verifyOpenApiSignature(
  app: FastifyInstance,
  envelope: Record<string, unknown>,
  now = Date.now(),
): Promise<SignatureResult> {
  const appKey = typeof envelope.app_key === 'string' ? envelope.app_key.trim() : '';
  if (!appKey) return 'ignored';
  const row = await app.ctx.db
    .selectFrom('openUsers')
    .select(['secretEnc', 'status'])
    .where('appKey', '=', appKey)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row?.secretEnc) return 'ignored';
  if (row.status !== 1) return { error: 'app_key is disabled' };
  let secret: string;
  try {
    secret = decrypt(app.ctx.installKey, row.secretEnc);
  } catch {
    return { error: 'app_key secret unreadable' };
  }
  const sign = typeof envelope.sign === 'string' ? envelope.sign.trim() : '';
  if (!sign) return { error: 'missing sign' };
  if (!safeEqual(computeOpenApiSign(envelope, secret), sign.toUpperCase())) return { error: 'invalid sign' };
  const ts = typeof envelope.timestamp === 'string' ? parseTimestamp(envelope.timestamp) : null;
  if (ts === null) return { error: 'bad timestamp format, expected yyyy-MM-dd HH:mm:ss' };
  const tolerance = app.ctx.settings.getInt('folio.openapi.timestamp-tolerance-minutes', 10) * 60_000;
  if (Math.abs(now - ts) > tolerance) return { error: 'timestamp out of range' };
  return 'ok';
}
