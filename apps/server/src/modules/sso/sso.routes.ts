/**
 * Sign-in methods: the public list the login page shows, the OAuth2/OIDC flow (start, callback, login
 * key swap), and the administrator's provider management and test buttons (LDAP, form, OAuth).
 */
import { UserStatus } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { encrypt } from '../../lib/crypto.js';
import { AppError, notFound } from '../../lib/errors.js';
import { ok, okNull } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import { createSession } from '../users/users.service.js';
import { resolveExternalUser, SignInRefused } from './accounts.js';
import { FormLoginError, formAuthenticate } from './form.js';
import { connectLdap, LdapError, ldapAuthenticate, ldapConfig } from './ldap.js';
import { consumeLoginKey, createLoginKey } from './login-keys.js';
import {
  callbackUrl,
  FlowError,
  finishFlow,
  loadProviders,
  newProviderId,
  type OAuthProvider,
  providerConfig,
  providerView,
  publicBase,
  saveProviders,
  startFlow,
} from './oauth.js';

const ProviderId = Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' });
const Url = (max = 1024) => Type.String({ maxLength: max, pattern: '^(https?://.*)?$' });

export async function ssoRoutes(app: FastifyInstance): Promise<void> {
  const { settings } = app.ctx;

  /** What the login page offers. */
  app.get('/sso/methods', { config: { auth: 'public' }, schema: { tags: ['sso'] } }, async () => {
    const oauthOn = settings.getBool('folio.login.oauth.enable');
    return ok({
      account: settings.get('folio.login.account.enable') !== 'false',
      register: settings.getBool('folio.register.enable'),
      ldap: settings.getBool('folio.login.ldap.enable'),
      form: settings.getBool('folio.login.form.enable') ? { buttonText: settings.get('folio.form.button-text') } : null,
      oauth: oauthOn
        ? loadProviders(app.ctx)
            .filter((p) => p.enabled)
            .map((p) => ({ id: p.id, buttonText: p.buttonText || p.id }))
        : [],
    });
  });

  function enabledProvider(id: string): OAuthProvider {
    const p = settings.getBool('folio.login.oauth.enable') ? loadProviders(app.ctx).find((x) => x.id === id && x.enabled) : undefined;
    if (!p) throw notFound('provider');
    return p;
  }

  app.get(
    '/sso/oauth/:id/start',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['sso'],
        params: Type.Object({ id: ProviderId }),
        querystring: Type.Object({ redirect: Type.Optional(Type.String({ maxLength: 1000 })) }),
      },
    },
    async (req, reply) => {
      const p = enabledProvider((req.params as { id: string }).id);
      let url: string;
      try {
        url = await startFlow(app, req, reply, p, (req.query as { redirect?: string }).redirect ?? '');
      } catch (e) {
        // The provider is unreachable or misconfigured: back to the login page, details in the audit log.
        await audit(app, req, AuditAction.LOGIN_FAILURE, `oauth:${p.id}`, {
          reason: `start failed: ${(e as Error).message}`.slice(0, 500),
        });
        return reply.redirect(`${publicBase(app, req)}/login?ssoError=1`, 302);
      }
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/sso/oauth/:id/callback',
    { config: { auth: 'public' }, schema: { tags: ['sso'], params: Type.Object({ id: ProviderId }) } },
    async (req, reply) => {
      const id = (req.params as { id: string }).id;
      const base = publicBase(app, req);
      const fail = async (reason: string) => {
        await audit(app, req, AuditAction.LOGIN_FAILURE, `oauth:${id}`, { reason: reason.slice(0, 500) });
        return reply.redirect(`${base}/login?ssoError=1`, 302);
      };
      let p: OAuthProvider;
      try {
        p = enabledProvider(id);
      } catch {
        return fail('unknown or disabled provider');
      }
      try {
        const { profile, redirect } = await finishFlow(app, req, reply, p);
        const u = await resolveExternalUser(app, 'oauth', profile, { autoCreate: p.autoCreate, linkExisting: !p.autoCreate });
        const key = await createLoginKey(app, u.userId);
        await audit(
          app,
          req,
          AuditAction.LOGIN_SUCCESS,
          u.username,
          { source: 'oauth', provider: p.id },
          { id: u.userId, name: u.username },
        );
        const q = new URLSearchParams({ loginKey: key });
        if (redirect) q.set('redirect', redirect);
        return reply.redirect(`${base}/successLogin?${q}`, 302);
      } catch (e) {
        if (e instanceof FlowError || e instanceof SignInRefused) return fail(e.message);
        return fail(`error: ${(e as Error).message}`);
      }
    },
  );

  /** Swaps a one-time login key for a session token (Torna's GET /system/oauth/token/get). */
  app.post(
    '/sso/loginKey/exchange',
    {
      config: { auth: 'public' },
      schema: { tags: ['sso'], body: Type.Object({ loginKey: Type.String({ minLength: 10, maxLength: 128 }) }) },
    },
    async (req) => {
      const userId = await consumeLoginKey(app, (req.body as { loginKey: string }).loginKey);
      const user = userId ? await app.ctx.db.selectFrom('users').select(['status']).where('id', '=', userId).executeTakeFirst() : undefined;
      if (!userId || !user || user.status === UserStatus.DISABLED) {
        await audit(app, req, AuditAction.LOGIN_FAILURE, 'loginKey', { reason: 'unknown, used or expired login key' });
        throw new AppError(400, 'bad_credentials', 'error.login_key_invalid');
      }
      return ok({ token: await createSession(app, userId), status: user.status });
    },
  );

  // ---- Administrator: providers and tests ---------------------------------------------------
  const superOnly = { auth: 'super' as const };

  app.get('/admin/sso/oauth/list', { config: superOnly, schema: { tags: ['admin'] } }, async (req) => {
    const base = publicBase(app, req);
    return ok(loadProviders(app.ctx).map((p) => ({ ...providerView(p), redirectUri: callbackUrl(base, p.id) })));
  });

  app.post(
    '/admin/sso/oauth/save',
    {
      config: superOnly,
      schema: {
        tags: ['admin'],
        body: Type.Object({
          id: Type.Optional(Type.Union([ProviderId, Type.Literal('')])),
          enabled: Type.Boolean(),
          type: Type.Union([Type.Literal('oidc'), Type.Literal('oauth2')]),
          buttonText: Type.String({ minLength: 1, maxLength: 64 }),
          issuer: Type.Optional(Url()),
          authorizationUrl: Type.Optional(Url()),
          tokenUrl: Type.Optional(Url()),
          userinfoUrl: Type.Optional(Url()),
          clientId: Type.String({ minLength: 1, maxLength: 255 }),
          /** Write-only: empty keeps the stored secret. */
          clientSecret: Type.Optional(Type.String({ maxLength: 1024 })),
          clearSecret: Type.Optional(Type.Boolean()),
          scope: Type.Optional(Type.String({ maxLength: 512 })),
          claimId: Type.Optional(Type.String({ maxLength: 64 })),
          claimUsername: Type.Optional(Type.String({ maxLength: 64 })),
          claimNickname: Type.Optional(Type.String({ maxLength: 64 })),
          claimEmail: Type.Optional(Type.String({ maxLength: 64 })),
          autoCreate: Type.Boolean(),
        }),
      },
    },
    async (req) => {
      const b = req.body as Partial<OAuthProvider> & {
        clientSecret?: string;
        clearSecret?: boolean;
        enabled: boolean;
        autoCreate: boolean;
      };
      const fields = [];
      if (b.type === 'oidc' && !b.issuer) fields.push({ field: 'issuer', message: 'required for OpenID Connect' });
      if (b.type === 'oauth2' && (!b.authorizationUrl || !b.tokenUrl || !b.userinfoUrl)) {
        fields.push({ field: 'authorizationUrl', message: 'authorize, token and user info URLs are required for OAuth2' });
      }
      if (fields.length)
        throw new AppError(
          422,
          'validation_failed',
          'error.validation_failed',
          { detail: fields.map((f) => f.message).join('; ') },
          fields,
        );
      const list = loadProviders(app.ctx);
      const existing = b.id ? list.find((p) => p.id === b.id) : undefined;
      if (b.id && !existing) throw notFound('provider');
      const id = existing?.id ?? newProviderId();
      const next: OAuthProvider = {
        id,
        enabled: b.enabled,
        type: b.type as 'oidc' | 'oauth2',
        buttonText: (b.buttonText ?? '').trim(),
        issuer: (b.issuer ?? '').trim(),
        authorizationUrl: (b.authorizationUrl ?? '').trim(),
        tokenUrl: (b.tokenUrl ?? '').trim(),
        userinfoUrl: (b.userinfoUrl ?? '').trim(),
        clientId: (b.clientId ?? '').trim(),
        clientSecretEnc: b.clearSecret
          ? ''
          : b.clientSecret
            ? encrypt(app.ctx.installKey, b.clientSecret)
            : (existing?.clientSecretEnc ?? ''),
        scope: (b.scope ?? '').trim(),
        claimId: (b.claimId ?? '').trim() || 'sub',
        claimUsername: (b.claimUsername ?? '').trim() || 'preferred_username',
        claimNickname: (b.claimNickname ?? '').trim() || 'name',
        claimEmail: (b.claimEmail ?? '').trim() || 'email',
        autoCreate: b.autoCreate,
      };
      await saveProviders(app.ctx, existing ? list.map((p) => (p.id === id ? next : p)) : [...list, next]);
      await audit(app, req, AuditAction.SETTINGS_CHANGE, `oauth:${id}`, {
        op: existing ? 'update' : 'add',
        secretChanged: !!b.clientSecret || !!b.clearSecret,
      });
      return ok(providerView(next));
    },
  );

  app.post(
    '/admin/sso/oauth/delete',
    { config: superOnly, schema: { tags: ['admin'], body: Type.Object({ id: ProviderId }), response: okNull } },
    async (req) => {
      const { id } = req.body as { id: string };
      const list = loadProviders(app.ctx);
      if (!list.some((p) => p.id === id)) throw notFound('provider');
      await saveProviders(
        app.ctx,
        list.filter((p) => p.id !== id),
      );
      await audit(app, req, AuditAction.SETTINGS_CHANGE, `oauth:${id}`, { op: 'delete' });
      return ok(null);
    },
  );

  /** Test button: discovery / endpoint metadata of a provider. */
  app.post(
    '/admin/sso/oauth/test',
    { config: superOnly, schema: { tags: ['admin'], body: Type.Object({ id: ProviderId }) } },
    async (req) => {
      const p = loadProviders(app.ctx).find((x) => x.id === (req.body as { id: string }).id);
      if (!p) throw notFound('provider');
      try {
        const c = await providerConfig(app.ctx, p);
        const m = c.serverMetadata();
        return ok({ ok: true, message: `issuer ${m.issuer}; authorize ${m.authorization_endpoint}; token ${m.token_endpoint}` });
      } catch (e) {
        return ok({ ok: false, message: (e as Error).message.slice(0, 500) });
      }
    },
  );

  const TestLogin = Type.Object({
    username: Type.String({ minLength: 1, maxLength: 128 }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
  });

  /** Test button: LDAP connection, and with a username/password the whole search-then-bind. Errors are shown in full here only. */
  app.post(
    '/admin/sso/ldap/test',
    {
      config: superOnly,
      schema: {
        tags: ['admin'],
        body: Type.Object({
          username: Type.Optional(Type.String({ maxLength: 128 })),
          password: Type.Optional(Type.String({ maxLength: 128 })),
        }),
      },
    },
    async (req) => {
      const b = req.body as { username?: string; password?: string };
      const cfg = ldapConfig(app.ctx);
      if (!cfg.url || !cfg.baseDn) return ok({ ok: false, message: 'not_configured: LDAP URL and base DN are required' });
      try {
        if (!b.username) {
          const c = await connectLdap(cfg);
          try {
            if (cfg.bindDn) await c.bind(cfg.bindDn, cfg.bindPassword);
            await c.search(cfg.baseDn, { scope: 'base', attributes: ['dn'] });
          } finally {
            await c.unbind().catch(() => {});
          }
          return ok({ ok: true, message: `connected to ${cfg.url} and read ${cfg.baseDn}` });
        }
        const p = await ldapAuthenticate(cfg, b.username, b.password ?? '');
        return ok({ ok: true, message: `${p.dn} (nickname ${p.nickname || '-'}, e-mail ${p.email || '-'})` });
      } catch (e) {
        const msg = e instanceof LdapError ? `${e.reason}: ${e.detail}` : (e as Error).message;
        return ok({ ok: false, message: msg.slice(0, 1000) });
      }
    },
  );

  app.post('/admin/sso/form/test', { config: superOnly, schema: { tags: ['admin'], body: TestLogin } }, async (req) => {
    const b = req.body as { username: string; password: string };
    try {
      const p = await formAuthenticate(app.ctx, b.username, b.password);
      return ok({ ok: true, message: `username ${p.username}, nickname ${p.nickname || '-'}, e-mail ${p.email || '-'}` });
    } catch (e) {
      return ok({ ok: false, message: (e instanceof FormLoginError ? e.message : `${(e as Error).message}`).slice(0, 1000) });
    }
  });
}
