/** Changing one's own password ends every other session of the account; the current one stays. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, loginAs, type TestApp } from '../harness.js';

describe('own password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('revokes the other sessions and keeps the current one', async () => {
    await createUser(t, 'changer', 'changer-pass-1234');
    const laptop = await loginAs(t.app, 'changer', 'changer-pass-1234');
    const phone = await loginAs(t.app, 'changer', 'changer-pass-1234');
    const r = await call(t.app, laptop, 'POST', '/api/user/password/update', {
      oldPassword: 'changer-pass-1234',
      password: 'changer-new-5678',
    });
    expect(r.code).toBe('0');
    expect((await call(t.app, laptop, 'GET', '/api/user/info')).code).toBe('0');
    expect((await call(t.app, phone, 'GET', '/api/user/info')).code).toBe('1000');
    expect(await loginAs(t.app, 'changer', 'changer-new-5678')).toBeTruthy();
  });
});
