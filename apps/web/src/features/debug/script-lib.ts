/**
 * The `lib` debug scripts get, as Torna's did: CryptoJS (hashes, HMAC, AES), dayjs (also as `moment`), `qs`
 * (query strings), `RSA.signToB64(content, pemPrivateKey, 'SHA256withRSA' | 'SHA1withRSA')` through WebCrypto
 * (returns a promise), `base64`, `uuid()` and `fetch`.
 */
import CryptoJS from 'crypto-js';
import dayjs from 'dayjs';

function pemToDer(pem: string): ArrayBuffer {
  const b64 = pem.replace(/-----(BEGIN|END)[^-]+-----/g, '').replace(/\s+/g, '');
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out.buffer;
}

function toB64(buf: ArrayBuffer): string {
  const bytes = new Uint8Array(buf);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/** Signs with an RSA private key (PKCS#8 PEM) and returns base64. */
async function signToB64(content: string, privateKey: string, algorithm = 'SHA256withRSA'): Promise<string> {
  const hash = /^SHA1/i.test(algorithm) ? 'SHA-1' : /^SHA512/i.test(algorithm) ? 'SHA-512' : 'SHA-256';
  const key = await crypto.subtle.importKey('pkcs8', pemToDer(privateKey), { name: 'RSASSA-PKCS1-v1_5', hash }, false, ['sign']);
  const sig = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, new TextEncoder().encode(content));
  return toB64(sig);
}

const qs = {
  stringify: (obj: Record<string, unknown>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(obj ?? {})) {
      if (Array.isArray(v)) for (const x of v) p.append(k, String(x));
      else if (v !== undefined && v !== null) p.append(k, String(v));
    }
    return p.toString();
  },
  parse: (s: string) => Object.fromEntries(new URLSearchParams(s.replace(/^\?/, ''))),
};

const base64 = {
  encode: (s: string) => CryptoJS.enc.Base64.stringify(CryptoJS.enc.Utf8.parse(s)),
  decode: (s: string) => CryptoJS.enc.Base64.parse(s).toString(CryptoJS.enc.Utf8),
};

/** Builds the lib object (one per run). */
export function scriptLib(): Record<string, unknown> {
  return {
    CryptoJS,
    dayjs,
    moment: dayjs,
    qs,
    base64,
    RSA: { signToB64 },
    uuid: () => crypto.randomUUID(),
    fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
  };
}
