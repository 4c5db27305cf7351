/**
 * SSRF-safe outbound HTTP, used by the debug proxy and URL imports.
 *
 * Rules, in order:
 * - Only http: and https: URLs.
 * - With `restrictToTargets`, the URL must lie under one of the caller's `allowTargets` base URLs or match
 *   the admin allowlist (system setting `folio.outbound.allowlist`: hosts, `*.suffix`, IPs or CIDRs, comma
 *   or newline separated) — otherwise "target not in this application's environments".
 * - Every address the host resolves to is checked, and the socket connects only to a checked address (the
 *   check runs inside the connection's own DNS lookup, so a rebinding DNS answer cannot slip in between):
 *   link-local and cloud-metadata addresses and names are refused unless the admin allowlist names them
 *   explicitly; private, loopback and other non-public ranges are refused unless the host is one of the
 *   caller's `allowTargets` (not with `vouchPrivate: false`, as the debug proxy asks) or matches the
 *   allowlist — otherwise "address not allowed".
 * - Redirects are followed by hand (each hop checked the same way) or returned as they are.
 * - Hop-by-hop headers are stripped both ways; time, request and response sizes are capped.
 */
import { promises as dns, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { PassThrough, Readable } from 'node:stream';
import zlib from 'node:zlib';
import { AppError } from './errors.js';

/** Resolves a host name to its addresses. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const defaultResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });
let resolver: Resolver = defaultResolver;

/** Replaces DNS resolution (tests simulate a name that resolves to a metadata address); null restores it. */
export function setOutboundResolver(r: Resolver | null): void {
  resolver = r ?? defaultResolver;
}

/** The settings source (app.ctx.settings or anything with get). */
export interface SettingsSource {
  get(key: string): string;
}

export interface OutboundPolicy {
  /** Base URLs (e.g. the doc's environment URLs) the caller vouches for; their hosts may be private/loopback. */
  allowTargets?: string[];
  /** When true, the URL must lie under an allowTarget or match the admin allowlist. */
  restrictToTargets?: boolean;
  /**
   * false: allowTargets do not open private/loopback/link-local addresses, only the admin allowlist does
   * (the debug proxy: any user can declare an environment, so it must not become a relay into the server's network).
   */
  vouchPrivate?: boolean;
}

export interface OutboundRequest extends OutboundPolicy {
  url: string;
  method?: string;
  headers?: Record<string, string | string[] | undefined>;
  body?: Buffer | string;
  /** Whole exchange including redirects (default 30 s). */
  timeoutMs?: number;
  /** Cap of the (decoded) response body (default 20 MiB). */
  maxResponseBytes?: number;
  /** Cap of the request body (default 20 MiB). */
  maxRequestBytes?: number;
  /** Redirects to follow (default 5); 0 returns the 3xx response as it is. */
  maxRedirects?: number;
  /** Decode gzip/deflate/br bodies (default true). */
  decompress?: boolean;
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  statusText: string;
  /** Response headers of the final hop without hop-by-hop ones; set-cookie of every hop is gathered. */
  headers: Record<string, string | string[]>;
  body: Buffer;
  /** Final URL after redirects. */
  url: string;
  redirects: string[];
  timeMs: number;
  /** True when the body was decoded from content-encoding (the header still says how it came). */
  decoded: boolean;
}

/** Request headers never forwarded (hop-by-hop, plus those the client computes). */
export const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'expect',
  'http2-settings',
]);

/** Names of cloud metadata services (refused like link-local addresses). */
const METADATA_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.com',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
  'metadata.platformequinix.com',
]);

// ---------------------------------------------------------------- addresses

type V4 = number;
const v4 = (s: string): V4 | null => {
  const p = s.split('.');
  if (p.length !== 4) return null;
  let n = 0;
  for (const x of p) {
    if (!/^\d{1,3}$/.test(x) || Number(x) > 255) return null;
    n = n * 256 + Number(x);
  }
  return n;
};

/** Parses an IPv6 address into a 128-bit bigint (null if invalid). */
function v6(s: string): bigint | null {
  let str = s.replace(/^\[|\]$/g, '').split('%')[0];
  // Embedded IPv4 tail.
  const m = /(\d+\.\d+\.\d+\.\d+)$/.exec(str);
  if (m) {
    const n = v4(m[1]);
    if (n === null) return null;
    str = `${str.slice(0, -m[1].length)}${((n >>> 16) & 0xffff).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = str.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return null;
  const groups = [...head, ...Array(fill).fill('0'), ...tail];
  if (groups.length !== 8) return null;
  let n = 0n;
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    n = (n << 16n) | BigInt(Number.parseInt(g, 16));
  }
  return n;
}

interface Ip {
  family: 4 | 6;
  n: bigint;
}

/** Parses an IP literal; IPv4 embedded in IPv6 (mapped, NAT64, 6to4) is unwrapped to IPv4. */
export function parseIp(s: string): Ip | null {
  const raw = s.replace(/^\[|\]$/g, '');
  const kind = isIP(raw.split('%')[0]);
  if (kind === 4) {
    const n = v4(raw);
    return n === null ? null : { family: 4, n: BigInt(n) };
  }
  if (kind !== 6) return null;
  const n = v6(raw);
  if (n === null) return null;
  const hi96 = n >> 32n;
  if (hi96 === 0xffffn || hi96 === 0n) {
    // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated); keep :: and ::1 as IPv6.
    if (hi96 === 0xffffn || n > 0xffffn) return { family: 4, n: n & 0xffffffffn };
  }
  if (n >> 32n === 0x0064ff9b0000000000000000n) return { family: 4, n: n & 0xffffffffn }; // 64:ff9b::/96 NAT64
  if (n >> 112n === 0x2002n) return { family: 4, n: (n >> 80n) & 0xffffffffn }; // 6to4
  return { family: 6, n };
}

interface Cidr {
  family: 4 | 6;
  net: bigint;
  bits: number;
}

function parseCidr(s: string): Cidr | null {
  const [addr, bitsRaw] = s.split('/');
  const ip = parseIp(addr);
  if (!ip) return null;
  const max = ip.family === 4 ? 32 : 128;
  // An IPv6 literal that unwrapped to IPv4 keeps its prefix relative to 128 bits.
  let bits = bitsRaw === undefined ? max : Number(bitsRaw);
  if (bitsRaw !== undefined && isIP(addr) === 6 && ip.family === 4) bits -= 96;
  if (!Number.isInteger(bits) || bits < 0 || bits > max) return null;
  const shift = BigInt(max - bits);
  return { family: ip.family, net: (ip.n >> shift) << shift, bits };
}

function inCidr(ip: Ip, c: Cidr): boolean {
  if (ip.family !== c.family) return false;
  const shift = BigInt((c.family === 4 ? 32 : 128) - c.bits);
  return ip.n >> shift === c.net >> shift;
}

const cidrs = (list: string[]) => list.map((x) => parseCidr(x) as Cidr);

const LINK_LOCAL = cidrs(['169.254.0.0/16', 'fe80::/10', 'fd00:ec2::254/128', '100.100.100.200/32']);
const NON_PUBLIC = cidrs([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::/128',
  '::1/128',
  'fc00::/7',
  'ff00::/8',
  '2001:db8::/32',
]);

/** 'metadata' (link-local / cloud metadata), 'private' (loopback, private and reserved ranges) or 'public'. */
export function classifyAddress(address: string): 'metadata' | 'private' | 'public' {
  const ip = parseIp(address);
  if (!ip) return 'private';
  if (LINK_LOCAL.some((c) => inCidr(ip, c))) return 'metadata';
  if (NON_PUBLIC.some((c) => inCidr(ip, c))) return 'private';
  return 'public';
}

// ---------------------------------------------------------------- allowlist and targets

interface AllowEntry {
  raw: string;
  host?: string;
  suffix?: string;
  port?: string;
  cidr?: Cidr;
}

/** Parses the admin allowlist setting. */
export function parseAllowlist(value: string): AllowEntry[] {
  const out: AllowEntry[] = [];
  for (const part of value.split(/[\s,;]+/)) {
    const raw = part.trim().toLowerCase();
    if (!raw) continue;
    const cidr = parseCidr(raw);
    if (cidr) {
      out.push({ raw, cidr });
      continue;
    }
    let host = raw;
    try {
      if (/^[a-z]+:\/\//.test(raw)) host = new URL(raw).host;
    } catch {
      continue;
    }
    let port: string | undefined;
    const m = /^(.*):(\d+)$/.exec(host);
    if (m && !host.includes(']') && (host.match(/:/g) ?? []).length === 1) {
      host = m[1];
      port = m[2];
    }
    if (host.startsWith('*.')) out.push({ raw, suffix: host.slice(1), port });
    else out.push({ raw, host: host.replace(/^\[|\]$/g, ''), port });
  }
  return out;
}

const normHost = (h: string) =>
  h
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
const portOf = (u: URL) => u.port || (u.protocol === 'https:' ? '443' : '80');

function entryMatchesName(e: AllowEntry, host: string, port: string): boolean {
  if (e.port && e.port !== port) return false;
  if (e.host) return e.host === host;
  if (e.suffix) return host.endsWith(e.suffix);
  if (e.cidr) {
    const ip = parseIp(host);
    return !!ip && inCidr(ip, e.cidr);
  }
  return false;
}

/** True when an entry names a link-local/metadata target explicitly (a name, an IP, or a CIDR inside link-local). */
function entryExplicitForMetadata(e: AllowEntry, host: string, address: string): boolean {
  if (e.host) return e.host === host || e.host === normHost(address);
  if (e.cidr) {
    const ip = parseIp(address);
    if (!ip || !inCidr(ip, e.cidr)) return false;
    return LINK_LOCAL.some(
      (ll) => ll.family === e.cidr?.family && e.cidr.bits >= ll.bits && inCidr({ family: ll.family, n: e.cidr.net }, ll),
    );
  }
  return false;
}

function normalizeBase(base: string): URL | null {
  try {
    const u = new URL(base.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u;
  } catch {
    return null;
  }
}

/** True when url lies under the base URL (same scheme, host and port; path prefix on a segment boundary). */
export function isUnderBase(url: URL, base: string): boolean {
  const b = normalizeBase(base);
  if (!b) return false;
  if (b.protocol !== url.protocol || normHost(b.hostname) !== normHost(url.hostname) || portOf(b) !== portOf(url)) return false;
  const bp = b.pathname.replace(/\/+$/, '');
  if (!bp) return true;
  return url.pathname === bp || url.pathname.startsWith(`${bp}/`);
}

/** Why a URL is refused as a target, or null when it is allowed (no DNS involved). */
export function targetRefusal(url: URL, policy: OutboundPolicy, allowlist: AllowEntry[]): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  if (url.username || url.password) return 'credentials';
  if (!policy.restrictToTargets) return null;
  if ((policy.allowTargets ?? []).some((b) => isUnderBase(url, b))) return null;
  const host = normHost(url.hostname);
  if (allowlist.some((e) => entryMatchesName(e, host, portOf(url)))) return null;
  return 'target';
}

/** Why an address is refused for a host, or null when allowed. */
export function addressRefusal(
  hostname: string,
  port: string,
  address: string,
  policy: OutboundPolicy,
  allowlist: AllowEntry[],
): string | null {
  const host = normHost(hostname);
  const cls = METADATA_NAMES.has(host) ? 'metadata' : classifyAddress(address);
  if (cls === 'public') return null;
  if (cls === 'metadata') {
    return allowlist.some((e) => (!e.port || e.port === port) && entryExplicitForMetadata(e, host, address)) ? null : 'metadata';
  }
  const vouched =
    policy.vouchPrivate !== false &&
    (policy.allowTargets ?? []).some((b) => {
      const u = normalizeBase(b);
      return !!u && normHost(u.hostname) === host;
    });
  if (vouched) return null;
  const ip = parseIp(address);
  if (allowlist.some((e) => entryMatchesName(e, host, port) || (!!e.cidr && !!ip && inCidr(ip, e.cidr) && (!e.port || e.port === port))))
    return null;
  return 'private';
}

// ---------------------------------------------------------------- errors

/** A refusal: 403 with a message that says why. */
export function outboundRefused(reason: string, params: Record<string, string>): AppError {
  const key =
    reason === 'target'
      ? 'error.outbound_target_not_allowed'
      : reason === 'scheme' || reason === 'credentials' || reason === 'url'
        ? 'error.outbound_bad_url'
        : 'error.outbound_address_not_allowed';
  return new AppError(403, 'outbound_refused', key, { ...params, reason });
}

const failed = (url: string, detail: string, status = 502) =>
  new AppError(status, 'outbound_failed', status === 504 ? 'error.outbound_timeout' : 'error.outbound_failed', { url, detail });

class RefusalSignal extends Error {
  constructor(readonly appError: AppError) {
    super(appError.msgKey);
  }
}

// ---------------------------------------------------------------- the request

/** A header value as bytes: text beyond Latin-1 is sent as its UTF-8 bytes (what API clients do). */
function byteString(v: string): string {
  for (let i = 0; i < v.length; i++) if (v.charCodeAt(i) > 0xff) return Buffer.from(v, 'utf8').toString('latin1');
  return v;
}

function cleanHeaders(h: OutboundRequest['headers']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (!h) return out;
  const named = new Set<string>();
  const conn = Object.entries(h).find(([k]) => k.toLowerCase() === 'connection')?.[1];
  for (const t of String(conn ?? '').split(',')) if (t.trim()) named.add(t.trim().toLowerCase());
  for (const [k, v] of Object.entries(h)) {
    const lk = k.toLowerCase();
    if (v === undefined || HOP_BY_HOP.has(lk) || named.has(lk)) continue;
    out[lk] = Array.isArray(v) ? v.map(byteString) : byteString(v);
  }
  return out;
}

function responseHeaders(h: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const named = new Set(
    String(h.connection ?? '')
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean),
  );
  for (const [k, v] of Object.entries(h)) {
    if (v === undefined || named.has(k)) continue;
    if (HOP_BY_HOP.has(k) && k !== 'content-length') continue;
    out[k] = v;
  }
  return out;
}

function decoder(encoding: string | undefined): NodeJS.ReadWriteStream | null {
  const e = (encoding ?? '').trim().toLowerCase();
  if (e === 'gzip' || e === 'x-gzip') return zlib.createGunzip();
  if (e === 'deflate') return zlib.createInflate();
  if (e === 'br') return zlib.createBrotliDecompress();
  return null;
}

interface Hop {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  decoded: boolean;
}

function oneHop(
  url: URL,
  method: string,
  headers: Record<string, string | string[]>,
  body: Buffer | undefined,
  policy: OutboundPolicy,
  allowlist: AllowEntry[],
  opts: { maxResponseBytes: number; decompress: boolean; signal: AbortSignal; readBody: boolean },
): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const port = portOf(url);
    const host = normHost(url.hostname);
    const refuse = (why: string, address: string) => outboundRefused(why, { url: url.href, host, address });
    // IP literals never reach the lookup: check them here.
    if (isIP(host)) {
      const why = addressRefusal(host, port, host, policy, allowlist);
      if (why) return reject(refuse(why, host));
    } else if (METADATA_NAMES.has(host)) {
      const why = addressRefusal(host, port, host, policy, allowlist);
      if (why) return reject(refuse(why, host));
    }
    const lookup = (
      hostname: string,
      options: { family?: number; all?: boolean },
      cb: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
    ) => {
      resolver(hostname).then(
        (addrs) => {
          let list = addrs;
          if (options.family === 4 || options.family === 6) list = list.filter((a) => a.family === options.family);
          if (!list.length) return cb(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
          for (const a of list) {
            const why = addressRefusal(hostname, port, a.address, policy, allowlist);
            if (why) return cb(new RefusalSignal(refuse(why, a.address)) as unknown as NodeJS.ErrnoException, '', 0);
          }
          if (options.all) cb(null, list);
          else cb(null, list[0].address, list[0].family);
        },
        (err) => cb(err, '', 0),
      );
    };
    const mod = url.protocol === 'https:' ? https : http;
    const reqHeaders: Record<string, string | string[]> = { ...headers };
    if (body) reqHeaders['content-length'] = String(body.length);
    let req: http.ClientRequest;
    try {
      req = mod.request(
        url,
        {
          method,
          headers: reqHeaders,
          agent: false,
          lookup: lookup as never,
          signal: opts.signal,
          setHost: true,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          if (!opts.readBody) {
            res.resume();
            return resolve({ status, statusText: res.statusMessage ?? '', headers: res.headers, body: Buffer.alloc(0), decoded: false });
          }
          const dec = opts.decompress && method !== 'HEAD' ? decoder(res.headers['content-encoding'] as string | undefined) : null;
          const stream: Readable = dec ? (res.pipe(dec as unknown as PassThrough) as unknown as Readable) : res;
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (c: Buffer) => {
            size += c.length;
            if (size > opts.maxResponseBytes) {
              res.destroy();
              stream.destroy();
              reject(
                new AppError(502, 'outbound_failed', 'error.outbound_too_large', { url: url.href, max: String(opts.maxResponseBytes) }),
              );
              return;
            }
            chunks.push(c);
          });
          stream.on('end', () =>
            resolve({ status, statusText: res.statusMessage ?? '', headers: res.headers, body: Buffer.concat(chunks), decoded: !!dec }),
          );
          stream.on('error', (e) => reject(failed(url.href, (e as Error).message)));
          res.on('error', (e) => reject(failed(url.href, (e as Error).message)));
        },
      );
    } catch (e) {
      // Invalid header names or values are refused by Node before anything is sent.
      return reject(new AppError(400, 'validation_failed', 'error.outbound_failed', { url: url.href, detail: (e as Error).message }));
    }
    req.on('error', (e: Error & { code?: string; cause?: unknown }) => {
      const sig = e instanceof RefusalSignal ? e : e.cause instanceof RefusalSignal ? e.cause : null;
      if (sig) return reject(sig.appError);
      // autoSelectFamily wraps lookup errors in an AggregateError.
      const agg = (e as unknown as { errors?: unknown[] }).errors?.find((x) => x instanceof RefusalSignal) as RefusalSignal | undefined;
      if (agg) return reject(agg.appError);
      if (opts.signal.aborted) return reject(failed(url.href, 'timeout', 504));
      reject(failed(url.href, e.code ? `${e.code} ${e.message}` : e.message));
    });
    if (body) req.end(body);
    else req.end();
  });
}

/** Reads the allowlist setting. */
export function allowlistOf(settings: SettingsSource | undefined): AllowEntry[] {
  return parseAllowlist(settings?.get('folio.outbound.allowlist') ?? '');
}

/** Sends one request under the rules above; throws AppError (403 outbound_refused, 502/504 outbound_failed). */
export async function outboundRequest(ctx: { settings?: SettingsSource }, r: OutboundRequest): Promise<OutboundResponse> {
  const started = Date.now();
  const allowlist = allowlistOf(ctx.settings);
  const policy: OutboundPolicy = {
    allowTargets: r.allowTargets ?? [],
    restrictToTargets: !!r.restrictToTargets,
    vouchPrivate: r.vouchPrivate,
  };
  const maxRequestBytes = r.maxRequestBytes ?? 20 * 1024 * 1024;
  let body = r.body === undefined ? undefined : Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body, 'utf8');
  if (body && body.length > maxRequestBytes) throw new AppError(413, 'payload_too_large', 'error.payload_too_large');
  let method = (r.method ?? 'GET').toUpperCase();
  let headers = cleanHeaders(r.headers);
  const maxRedirects = r.maxRedirects ?? 5;
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), r.timeoutMs ?? 30_000);
  const onAbort = () => ctrl.abort();
  r.signal?.addEventListener('abort', onAbort);
  const redirects: string[] = [];
  const cookies: string[] = [];
  const jar = new Map<string, Map<string, string>>();
  try {
    let url: URL;
    try {
      url = new URL(r.url);
    } catch {
      throw outboundRefused('url', { url: r.url, host: '', address: '' });
    }
    for (let hop = 0; ; hop++) {
      const why = targetRefusal(url, policy, allowlist);
      if (why) throw outboundRefused(why, { url: url.href, host: url.hostname, address: '' });
      const hostJar = jar.get(url.host);
      const hopHeaders = { ...headers };
      if (hostJar?.size) {
        const extra = [...hostJar].map(([k, v]) => `${k}=${v}`).join('; ');
        hopHeaders.cookie = hopHeaders.cookie ? `${hopHeaders.cookie}; ${extra}` : extra;
      }
      const res = await oneHop(url, method, hopHeaders, body, policy, allowlist, {
        maxResponseBytes: r.maxResponseBytes ?? 20 * 1024 * 1024,
        decompress: r.decompress !== false,
        signal: ctrl.signal,
        readBody: true,
      });
      const setCookie = res.headers['set-cookie'] ?? [];
      cookies.push(...setCookie);
      const location = res.headers.location;
      if ([301, 302, 303, 307, 308].includes(res.status) && location && hop < maxRedirects) {
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          return finish(res, url);
        }
        const m = jar.get(url.host) ?? new Map<string, string>();
        for (const c of setCookie) {
          const [pair] = c.split(';');
          const eq = pair.indexOf('=');
          if (eq > 0) m.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
        }
        jar.set(url.host, m);
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
          method = method === 'HEAD' ? 'HEAD' : 'GET';
          body = undefined;
          delete headers['content-type'];
        }
        if (next.origin !== url.origin) {
          headers = { ...headers };
          delete headers.authorization;
          delete headers.cookie;
        }
        redirects.push(next.href);
        url = next;
        continue;
      }
      return finish(res, url);
    }
  } finally {
    clearTimeout(timer);
    r.signal?.removeEventListener('abort', onAbort);
  }

  function finish(res: Hop, url: URL): OutboundResponse {
    const h = responseHeaders(res.headers);
    if (cookies.length) h['set-cookie'] = cookies;
    if (res.decoded) {
      delete h['content-length'];
    }
    return {
      status: res.status,
      statusText: res.statusText,
      headers: h,
      body: res.body,
      url: url.href,
      redirects,
      timeMs: Date.now() - started,
      decoded: res.decoded,
    };
  }
}
