/**
 * Login limits: failures are counted per username and address together (so an attacker elsewhere cannot
 * lock the owner out), per address (spraying), and per username over all addresses with an exponential
 * back-off that the owner's usual address is exempt from. A sustained attack is reported to the super admins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, createTestApp, createUser, type TestApp } from '../../../test/harness.js';

describe('login limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const login = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/login', remoteAddress, payload: { username, password } });

  it('wrong passwords from one address do not lock the owner out at another address', async () => {
    await createUser(t, 'victim', 'victim-pass-1234');
    for (let i = 0; i < 12; i++) await login('victim', `wrong-${i}`, '203.0.113.7');
    const attacker = await login('victim', 'victim-pass-1234', '203.0.113.7');
    expect(attacker.statusCode).toBe(429);
    const owner = await login('victim', 'victim-pass-1234', '198.51.100.20');
    expect(owner.json().code).toBe('0');
  });

  it('password spraying from one address over many usernames is limited', async () => {
    let last = 0;
    for (let i = 0; i < 105; i++) last = (await login(`nobody-${i}`, 'guess-1234', '203.0.113.99')).statusCode;
    expect(last).toBe(429);
  });

  it('a distributed attack on one username backs off new addresses but not the owner’s usual one', async () => {
    await createUser(t, 'target', 'target-pass-1234');
    expect((await login('target', 'target-pass-1234', '198.51.100.50')).json().code).toBe('0');
    for (let i = 0; i < 30; i++) await login('target', `guess-${i}`, `192.0.2.${i + 1}`);
    // A new address with the right password waits for the back-off ...
    const fresh = await login('target', 'target-pass-1234', '192.0.2.200');
    expect(fresh.statusCode).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(0);
    // ... the owner's usual address does not.
    expect((await login('target', 'target-pass-1234', '198.51.100.50')).json().code).toBe('0');
    // The super admin is told.
    const msgs = await call(t.app, t.adminToken, 'GET', '/api/user/message/page', { pageIndex: 1, pageSize: 50 });
    expect(JSON.stringify(msgs.data)).toContain('target');
  });

  it('the admin account is not locked for its owner by failures elsewhere', async () => {
    for (let i = 0; i < 15; i++) await login('admin', `nope-${i}`, '203.0.113.50');
    expect((await login('admin', ADMIN_PASSWORD, '127.0.0.1')).json().code).toBe('0');
  });
});
