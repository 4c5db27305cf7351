import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type EchoServer, startEchoServer } from '../../test/echo-server.js';
import { AppError } from './errors.js';
import { addressRefusal, classifyAddress, outboundRequest, parseAllowlist, setOutboundResolver, targetRefusal } from './outbound.js';

const settings = (allow = '') => ({ get: (k: string) => (k === 'folio.outbound.allowlist' ? allow : '') });

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

let echo: EchoServer;
beforeAll(async () => {
  echo = await startEchoServer();
});
afterAll(() => echo.close());
afterEach(() => setOutboundResolver(null));

describe('address classes', () => {
  it.each([
    ['169.254.169.254', 'metadata'],
    ['169.254.0.1', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['127.0.0.1', 'private'],
    ['::1', 'private'],
    ['::ffff:127.0.0.1', 'private'],
    ['0.0.0.0', 'private'],
    ['10.1.2.3', 'private'],
    ['172.20.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'private'],
    ['8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
  ])('%s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  it('never lets a broad allowlist entry open link-local; an explicit one does', () => {
    expect(addressRefusal('169.254.169.254', '80', '169.254.169.254', {}, parseAllowlist('0.0.0.0/0, *'))).toBe('metadata');
    expect(addressRefusal('169.254.169.254', '80', '169.254.169.254', { allowTargets: ['http://169.254.169.254'] }, [])).toBe('metadata');
    expect(addressRefusal('169.254.169.254', '80', '169.254.169.254', {}, parseAllowlist('169.254.169.254'))).toBeNull();
    expect(addressRefusal('metadata.google.internal', '80', '8.8.8.8', {}, [])).toBe('metadata');
  });

  it('allows private addresses only for vouched hosts or the allowlist', () => {
    expect(addressRefusal('127.0.0.1', '80', '127.0.0.1', {}, [])).toBe('private');
    expect(addressRefusal('127.0.0.1', '80', '127.0.0.1', { allowTargets: ['http://127.0.0.1:9/x'] }, [])).toBeNull();
    // The debug proxy does not let declared environments vouch: only the admin allowlist opens private addresses.
    const strict = { allowTargets: ['http://127.0.0.1:9/x'], vouchPrivate: false };
    expect(addressRefusal('127.0.0.1', '80', '127.0.0.1', strict, [])).toBe('private');
    expect(addressRefusal('127.0.0.1', '80', '127.0.0.1', strict, parseAllowlist('127.0.0.1'))).toBeNull();
    expect(addressRefusal('intra.corp', '80', '10.0.0.5', {}, parseAllowlist('10.0.0.0/8'))).toBeNull();
    expect(addressRefusal('intra.corp', '80', '10.0.0.5', {}, parseAllowlist('*.corp'))).toBeNull();
    expect(addressRefusal('intra.corp', '80', '10.0.0.5', {}, parseAllowlist('other.corp'))).toBe('private');
  });

  it('matches targets by base URL on a path-segment boundary', () => {
    const p = { restrictToTargets: true, allowTargets: ['http://api.example.com/v1/'] };
    expect(targetRefusal(new URL('http://api.example.com/v1/users?x=1'), p, [])).toBeNull();
    expect(targetRefusal(new URL('http://api.example.com/v1'), p, [])).toBeNull();
    expect(targetRefusal(new URL('http://api.example.com/v10'), p, [])).toBe('target');
    expect(targetRefusal(new URL('https://api.example.com/v1/users'), p, [])).toBe('target');
    expect(targetRefusal(new URL('http://api.example.com:8080/v1/users'), p, [])).toBe('target');
    expect(targetRefusal(new URL('http://evil.example.com/v1/users'), p, [])).toBe('target');
    expect(targetRefusal(new URL('http://evil.example.com/'), p, parseAllowlist('evil.example.com'))).toBeNull();
    expect(targetRefusal(new URL('http://u:p@api.example.com/v1'), p, [])).toBe('credentials');
  });
});

describe('outboundRequest against a local echo server', () => {
  it('refuses loopback unless the caller or the admin allows it', async () => {
    const e = await refusal(outboundRequest({ settings: settings() }, { url: `${echo.url}/a` }));
    expect(e.status).toBe(403);
    expect(e.msgKey).toBe('error.outbound_address_not_allowed');
    const viaAllowlist = await outboundRequest({ settings: settings(`127.0.0.1:${echo.port}`) }, { url: `${echo.url}/a` });
    expect(viaAllowlist.status).toBe(200);
  });

  it('forwards method, query, headers and body; strips hop-by-hop headers both ways', async () => {
    const res = await outboundRequest(
      { settings: settings() },
      {
        url: `${echo.url}/echo?a=1&b=two`,
        method: 'PUT',
        headers: { 'X-Custom': 'v', Connection: 'keep-alive, x-drop', 'x-drop': 'gone', 'proxy-authorization': 'secret', host: 'evil' },
        body: '{"k":1}',
        allowTargets: [echo.url],
        restrictToTargets: true,
      },
    );
    const got = JSON.parse(res.body.toString());
    expect(got.method).toBe('PUT');
    expect(got.query).toEqual({ a: '1', b: 'two' });
    expect(got.headers['x-custom']).toBe('v');
    expect(got.headers['x-drop']).toBeUndefined();
    expect(got.headers['proxy-authorization']).toBeUndefined();
    expect(got.headers.host).toBe(`127.0.0.1:${echo.port}`);
    expect(got.body).toBe('{"k":1}');
    expect(res.headers['x-echo']).toBe('yes');
    expect(res.headers['x-secret-hop']).toBeUndefined();
    expect(res.headers.connection).toBeUndefined();
  });

  it('refuses 169.254.169.254 even with a catch-all allowlist', async () => {
    const e = await refusal(
      outboundRequest(
        { settings: settings('0.0.0.0/0') },
        { url: 'http://169.254.169.254/latest/meta-data/', allowTargets: ['http://169.254.169.254'], restrictToTargets: true },
      ),
    );
    expect(e.msgKey).toBe('error.outbound_address_not_allowed');
    expect(e.params.reason).toBe('metadata');
  });

  it('refuses a host name that resolves to the metadata address (checked at connect time)', async () => {
    setOutboundResolver(async (h) => (h === 'innocent.test' ? [{ address: '169.254.169.254', family: 4 }] : []));
    const e = await refusal(
      outboundRequest(
        { settings: settings() },
        { url: 'http://innocent.test/', allowTargets: ['http://innocent.test'], restrictToTargets: true },
      ),
    );
    expect(e.msgKey).toBe('error.outbound_address_not_allowed');
    expect(e.params.address).toBe('169.254.169.254');
  });

  it('refuses a name that rebinds to loopback when only a public answer would be allowed', async () => {
    setOutboundResolver(async () => [{ address: '127.0.0.1', family: 4 }]);
    const e = await refusal(outboundRequest({ settings: settings() }, { url: `http://public.test:${echo.port}/` }));
    expect(e.params.reason).toBe('private');
    expect(echo.hits.some((h) => h.headers.host === `public.test:${echo.port}`)).toBe(false);
  });

  it('does not follow a redirect to the metadata address or outside the targets', async () => {
    const policy = { allowTargets: [echo.url], restrictToTargets: true };
    const toMeta = await refusal(
      outboundRequest(
        { settings: settings() },
        { url: `${echo.url}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/')}`, ...policy },
      ),
    );
    expect(toMeta.status).toBe(403);
    // Even when the metadata host is named as an environment, the address check refuses the hop.
    const named = await refusal(
      outboundRequest(
        { settings: settings() },
        {
          url: `${echo.url}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/')}`,
          allowTargets: [echo.url, 'http://169.254.169.254'],
          restrictToTargets: true,
        },
      ),
    );
    expect(named.params.reason).toBe('metadata');
    const outside = await refusal(
      outboundRequest({ settings: settings() }, { url: `${echo.url}/redirect?to=${encodeURIComponent('http://example.org/')}`, ...policy }),
    );
    expect(outside.msgKey).toBe('error.outbound_target_not_allowed');
    const raw = await outboundRequest(
      { settings: settings() },
      { url: `${echo.url}/redirect?to=${encodeURIComponent('http://169.254.169.254/')}`, maxRedirects: 0, ...policy },
    );
    expect(raw.status).toBe(302);
  });

  it('follows allowed redirects, turns POST into GET on 302 and carries cookies set on the way', async () => {
    const res = await outboundRequest(
      { settings: settings() },
      { url: `${echo.url}/redirect?to=/landing`, method: 'POST', body: 'x=1', allowTargets: [echo.url], restrictToTargets: true },
    );
    const got = JSON.parse(res.body.toString());
    expect(got.path).toBe('/landing');
    expect(got.method).toBe('GET');
    expect(got.headers.cookie).toBe('hop=1');
    expect(res.redirects).toEqual([`${echo.url}/landing`]);
    expect(res.headers['set-cookie']).toEqual(['hop=1; Path=/']);
  });

  it('caps time and response size, decodes gzip', async () => {
    const t0 = Date.now();
    const slow = await refusal(
      outboundRequest({ settings: settings() }, { url: `${echo.url}/slow`, allowTargets: [echo.url], timeoutMs: 200 }),
    );
    expect(slow.status).toBe(504);
    expect(Date.now() - t0).toBeLessThan(8000);
    const big = await refusal(
      outboundRequest({ settings: settings() }, { url: `${echo.url}/big?n=5000`, allowTargets: [echo.url], maxResponseBytes: 1000 }),
    );
    expect(big.msgKey).toBe('error.outbound_too_large');
    const gz = await outboundRequest({ settings: settings() }, { url: `${echo.url}/gzip`, allowTargets: [echo.url] });
    expect(JSON.parse(gz.body.toString())).toEqual({ zipped: true });
    expect(gz.decoded).toBe(true);
  });

  it('refuses non-http schemes', async () => {
    const e = await refusal(outboundRequest({ settings: settings() }, { url: 'file:///etc/passwd' }));
    expect(e.msgKey).toBe('error.outbound_bad_url');
  });
});
