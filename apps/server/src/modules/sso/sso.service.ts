/**
 * Sign-in methods: what the login page offers, the login key swap, and the super admin's OAuth provider
 * management and test buttons (LDAP, form, OAuth discovery). No HTTP types (the browser side of the OAuth
 * flow, with its cookie and redirects, is sso-flow.ts).
 */
import type { LoginKeyToken, OAuthProviderItem, OAuthProviderSaveInput, OAuthProviderView, SsoMethods, SsoTestResult } from '@folio/shared';
import { UserStatus } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { encrypt } from '../../lib/crypto.js';
import { AppError, notFound } from '../../lib/errors.js';
import { createSession } from '../users/users.service.js';
import { FormLoginError, formAuthenticate } from './form.js';
import { connectLdap, LdapError, ldapAuthenticate, ldapConfig } from './ldap.js';
import { consumeLoginKey } from './login-keys.js';
import { callbackUrl, loadProviders, newProviderId, type OAuthProvider, providerConfig, providerView, saveProviders } from './oauth.js';
import * as repo from './sso.repo.js';

/** What the login page offers. */
export function signInMethods(ctx: AppContext): SsoMethods {
  const { settings } = ctx;
  return {
    account: settings.get('folio.login.account.enable') !== 'false',
    register: settings.getBool('folio.register.enable'),
    ldap: settings.getBool('folio.login.ldap.enable'),
    form: settings.getBool('folio.login.form.enable') ? { buttonText: settings.get('folio.form.button-text') } : null,
    oauth: settings.getBool('folio.login.oauth.enable')
      ? loadProviders(ctx)
          .filter((p) => p.enabled)
          .map((p) => ({ id: p.id, buttonText: p.buttonText || p.id }))
      : [],
  };
}

/** An enabled provider while OAuth sign-in is on; 404 otherwise. */
export function enabledProvider(ctx: AppContext, id: string): OAuthProvider {
  const p = ctx.settings.getBool('folio.login.oauth.enable') ? loadProviders(ctx).find((x) => x.id === id && x.enabled) : undefined;
  if (!p) throw notFound('provider');
  return p;
}

/** Swaps a one-time login key for a session token; null when the key is unknown, used or expired, or the account is disabled. */
export async function exchangeLoginKey(app: FastifyInstance, key: string): Promise<LoginKeyToken | null> {
  const userId = await consumeLoginKey(app, key);
  const status = userId ? await repo.userStatus(app.ctx.db, userId) : undefined;
  if (!userId || status === undefined || status === UserStatus.DISABLED) return null;
  return { token: await createSession(app, userId), status };
}

/** The providers with the callback URL each must register (under the public base URL `base`). */
export function providerList(ctx: AppContext, base: string): OAuthProviderItem[] {
  return loadProviders(ctx).map((p) => ({ ...providerView(p), redirectUri: callbackUrl(base, p.id) }));
}

/** Adds a provider (no id) or replaces one; an empty secret keeps the stored one. */
export async function saveProvider(ctx: AppContext, b: OAuthProviderSaveInput): Promise<{ provider: OAuthProviderView; added: boolean }> {
  const fields = [];
  if (b.type === 'oidc' && !b.issuer) fields.push({ field: 'issuer', message: 'required for OpenID Connect' });
  if (b.type === 'oauth2' && (!b.authorizationUrl || !b.tokenUrl || !b.userinfoUrl)) {
    fields.push({ field: 'authorizationUrl', message: 'authorize, token and user info URLs are required for OAuth2' });
  }
  if (fields.length) {
    throw new AppError(422, 'validation_failed', 'error.validation_failed', { detail: fields.map((f) => f.message).join('; ') }, fields);
  }
  const list = loadProviders(ctx);
  const existing = b.id ? list.find((p) => p.id === b.id) : undefined;
  if (b.id && !existing) throw notFound('provider');
  const id = existing?.id ?? newProviderId();
  const next: OAuthProvider = {
    id,
    enabled: b.enabled,
    type: b.type,
    buttonText: b.buttonText.trim(),
    issuer: (b.issuer ?? '').trim(),
    authorizationUrl: (b.authorizationUrl ?? '').trim(),
    tokenUrl: (b.tokenUrl ?? '').trim(),
    userinfoUrl: (b.userinfoUrl ?? '').trim(),
    clientId: b.clientId.trim(),
    clientSecretEnc: b.clearSecret ? '' : b.clientSecret ? encrypt(ctx.installKey, b.clientSecret) : (existing?.clientSecretEnc ?? ''),
    scope: (b.scope ?? '').trim(),
    claimId: (b.claimId ?? '').trim() || 'sub',
    claimUsername: (b.claimUsername ?? '').trim() || 'preferred_username',
    claimNickname: (b.claimNickname ?? '').trim() || 'name',
    claimEmail: (b.claimEmail ?? '').trim() || 'email',
    autoCreate: b.autoCreate,
  };
  await saveProviders(ctx, existing ? list.map((p) => (p.id === id ? next : p)) : [...list, next]);
  return { provider: providerView(next), added: !existing };
}

/** Deletes a provider. */
export async function deleteProvider(ctx: AppContext, id: string): Promise<void> {
  const list = loadProviders(ctx);
  if (!list.some((p) => p.id === id)) throw notFound('provider');
  await saveProviders(
    ctx,
    list.filter((p) => p.id !== id),
  );
}

/** Test button: a provider's discovery / endpoint metadata. */
export async function testProvider(ctx: AppContext, id: string): Promise<SsoTestResult> {
  const p = loadProviders(ctx).find((x) => x.id === id);
  if (!p) throw notFound('provider');
  try {
    const m = (await providerConfig(ctx, p)).serverMetadata();
    return { ok: true, message: `issuer ${m.issuer}; authorize ${m.authorization_endpoint}; token ${m.token_endpoint}` };
  } catch (e) {
    return { ok: false, message: (e as Error).message.slice(0, 500) };
  }
}

/** Test button: the LDAP connection, and with a username/password the whole search-then-bind. Errors are shown in full here only. */
export async function testLdap(ctx: AppContext, b: { username?: string; password?: string }): Promise<SsoTestResult> {
  const cfg = ldapConfig(ctx);
  if (!cfg.url || !cfg.baseDn) return { ok: false, message: 'not_configured: LDAP URL and base DN are required' };
  try {
    if (!b.username) {
      const c = await connectLdap(cfg);
      try {
        if (cfg.bindDn) await c.bind(cfg.bindDn, cfg.bindPassword);
        await c.search(cfg.baseDn, { scope: 'base', attributes: ['dn'] });
      } finally {
        await c.unbind().catch(() => {});
      }
      return { ok: true, message: `connected to ${cfg.url} and read ${cfg.baseDn}` };
    }
    const p = await ldapAuthenticate(cfg, b.username, b.password ?? '');
    return { ok: true, message: `${p.dn} (nickname ${p.nickname || '-'}, e-mail ${p.email || '-'})` };
  } catch (e) {
    const msg = e instanceof LdapError ? `${e.reason}: ${e.detail}` : (e as Error).message;
    return { ok: false, message: msg.slice(0, 1000) };
  }
}

/** Test button: a form sign-in with these credentials. */
export async function testForm(ctx: AppContext, username: string, password: string): Promise<SsoTestResult> {
  try {
    const p = await formAuthenticate(ctx, username, password);
    return { ok: true, message: `username ${p.username}, nickname ${p.nickname || '-'}, e-mail ${p.email || '-'}` };
  } catch (e) {
    return { ok: false, message: (e instanceof FormLoginError ? e.message : `${(e as Error).message}`).slice(0, 1000) };
  }
}
