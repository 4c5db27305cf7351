/**
 * X-Forwarded-For is believed only from configured proxies (FOLIO_TRUST_PROXY): a client facing Folio
 * directly cannot pick a new address per request to escape the rate limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

const attempts = async (t: TestApp, remoteAddress: string, username: string) => {
  let last = 0;
  for (let i = 0; i < 12; i++) {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress,
      headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      payload: { username, password: `wrong-${i}` },
    });
    last = r.statusCode;
  }
  return last;
};

describe('trust proxy off (default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('ignores X-Forwarded-For from a direct client', async () => {
    expect(await attempts(t, '203.0.113.9', 'first')).toBe(429);
  });
});

describe('trust proxy set to the proxy address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { FOLIO_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' } });
  });
  afterAll(async () => t?.close());

  it('uses X-Forwarded-For from a configured proxy', async () => {
    expect(await attempts(t, '10.1.2.3', 'second')).toBe(400);
  });

  it('ignores it from any other address', async () => {
    expect(await attempts(t, '203.0.113.10', 'third')).toBe(429);
  });
});
