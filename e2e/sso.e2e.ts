/** Signing in with the OIDC button in Chromium, against a real in-process OpenID provider (oidc-provider). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startIdp, type TestIdp } from '../apps/server/src/modules/sso/test-support/oidc-provider.js';
import { type Harness, startHarness } from './harness.js';

let h: Harness;
let idp: TestIdp;

beforeAll(async () => {
  h = await startHarness({ prefix: 'sso' });
  const port = await freePort();
  await h.admin('POST', 'admin/setting/update', { values: { 'folio.public-url': h.baseUrl, 'folio.login.oauth.enable': 'true' } });
  const p = await h.admin<{ id: string }>('POST', 'admin/sso/oauth/save', {
    enabled: true,
    type: 'oidc',
    buttonText: 'Sign in with Corp SSO',
    issuer: `http://127.0.0.1:${port}`,
    clientId: 'folio-e2e',
    clientSecret: 'e2e-client-secret',
    scope: 'openid profile email',
    autoCreate: true,
  });
  idp = await startIdp(port, {
    id: 'folio-e2e',
    secret: 'e2e-client-secret',
    redirectUris: [`${h.baseUrl}/api/sso/oauth/${p.id}/callback`],
  });
});
afterAll(async () => {
  await h?.stop();
  await idp?.close();
});

describe('OIDC sign-in in the browser', () => {
  it('clicks the provider button, signs in at the IdP, and lands signed in via /successLogin', async () => {
    const page = await h.newPage();
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Sign in with Corp SSO' });
    await button.waitFor({ timeout: 30_000 });
    await h.shot(page, 'login-with-oidc-button');
    await button.click();
    // The provider's own login page.
    await page.waitForURL((u) => u.toString().startsWith(idp.issuer), { timeout: 30_000 });
    await page.locator('input[name="login"]').fill('sub-alice');
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    // Consent.
    await page.locator('button[type="submit"]').click();
    // Back in Folio: /successLogin swaps the key, then the app moves on.
    await page.waitForURL(
      (u) => u.toString().startsWith(h.baseUrl) && !u.pathname.startsWith('/successLogin') && !u.pathname.startsWith('/api/'),
      {
        timeout: 30_000,
      },
    );
    expect(new URL(page.url()).pathname).not.toBe('/login');
    const token = await page.evaluate(() => localStorage.getItem('folio.token'));
    expect(token).toBeTruthy();
    const me = await h.api<{ username: string; source: string; email: string }>('GET', 'user/info', undefined, token);
    expect(me.data).toMatchObject({ username: 'oidc-alice', source: 'oauth', email: 'alice@idp.example' });
    await h.shot(page, 'signed-in');
  });
});
