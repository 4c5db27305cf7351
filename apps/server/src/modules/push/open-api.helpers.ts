/** Test helpers: envelopes as smart-doc and torna-sdk build them (torna-compat S1, §1c). */
import type { App } from '../../app.js';

/** java.net.URLEncoder.encode(s, "utf-8"): space → '+', only [A-Za-z0-9.*_-] left as they are. */
export function javaUrlEncode(s: string): string {
  return encodeURIComponent(s)
    .replace(/%20/g, '+')
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The envelope smart-doc posts: one JSON object of strings, data URL-encoded. */
export function smartDocEnvelope(name: string, token: string, data: unknown, extra: Record<string, string> = {}) {
  return {
    name,
    data: javaUrlEncode(JSON.stringify(data)),
    timestamp: '2024-06-26 10:00:00',
    version: '1.0',
    access_token: token,
    sign: 'DD705EC7E0F5A3A0D2A6B7E4C0F7E0B1',
    ...extra,
  };
}

/** The envelope torna-sdk builds (no sign), sent as JSON with Accept-Language. */
export function tornaSdkEnvelope(name: string, token: string, data: unknown) {
  return { name, data: javaUrlEncode(JSON.stringify(data)), timestamp: '2024-06-26 10:00:00', version: '1.0', access_token: token };
}

/** POSTs (JSON, form) or GETs an envelope to /api and returns status and parsed body. */
export async function openApi(
  app: App,
  envelope: Record<string, unknown>,
  opts: { mode?: 'json' | 'form' | 'get'; lang?: string } = {},
): Promise<{ status: number; body: { code: string; msg: string; data: any } }> {
  const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'zh-CN' };
  const mode = opts.mode ?? 'json';
  let res: Awaited<ReturnType<App['inject']>>;
  if (mode === 'get') {
    res = await app.inject({ method: 'GET', url: '/api', headers, query: envelope as Record<string, string> });
  } else if (mode === 'form') {
    const form = new URLSearchParams(
      Object.entries(envelope).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ).toString();
    res = await app.inject({
      method: 'POST',
      url: '/api',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
  } else {
    res = await app.inject({
      method: 'POST',
      url: '/api',
      headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify(envelope),
    });
  }
  return { status: res.statusCode, body: res.json() };
}
