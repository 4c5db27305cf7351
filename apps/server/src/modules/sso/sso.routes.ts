/**
 * Sign-in methods: the public list the login page shows, the OAuth2/OIDC flow (start, callback: redirects,
 * sso-flow.ts; login key swap), and the super admin's provider management and test buttons (LDAP, form,
 * OAuth). Account calls declare no resource: they are public or the super admin's.
 * Contracts: packages/shared/src/schemas/sso.ts.
 */

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FormTestBody,
  LdapTestBody,
  LoginKeyExchangeBody,
  LoginKeyTokenSchema,
  OAuthCallbackResponse,
  OAuthProviderIdInput,
  OAuthProviderItemSchema,
  OAuthProviderParams,
  OAuthProviderSaveBody,
  OAuthProviderSchema,
  OAuthStartQuery,
  OAuthStartResponse,
  SsoMethodsSchema,
  SsoTestResultSchema,
} from '@folio/shared';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import { publicBase } from './oauth.js';
import * as sso from './sso.service.js';
import { oauthCallbackUrl, oauthStartUrl } from './sso-flow.js';

const anonymous = { auth: 'public' } as const;
const superOnly = { auth: 'super' } as const;

export const ssoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/sso/methods',
    { config: anonymous, schema: { tags: ['sso'], summary: 'What the login page offers', response: okResponse(SsoMethodsSchema) } },
    async () => ok(sso.signInMethods(ctx)),
  );

  app.get(
    '/sso/oauth/:id/start',
    {
      config: anonymous,
      schema: {
        tags: ['sso'],
        summary: "Start signing in with an OAuth provider (redirects to the provider's authorization page)",
        params: OAuthProviderParams,
        querystring: OAuthStartQuery,
        response: OAuthStartResponse,
      },
    },
    async (req, reply) => reply.redirect(await oauthStartUrl(app, req, reply, req.params.id, req.query.redirect ?? ''), 302),
  );

  app.get(
    '/sso/oauth/:id/callback',
    {
      config: anonymous,
      schema: {
        tags: ['sso'],
        summary: "The provider's callback (redirects to /successLogin with a login key, or to the login page)",
        params: OAuthProviderParams,
        response: OAuthCallbackResponse,
      },
    },
    async (req, reply) => reply.redirect(await oauthCallbackUrl(app, req, reply, req.params.id), 302),
  );

  /** Swaps a one-time login key for a session token (Torna's GET /system/oauth/token/get). */
  app.post(
    '/sso/loginKey/exchange',
    {
      config: anonymous,
      schema: {
        tags: ['sso'],
        summary: 'Swap a one-time login key for a session token',
        body: LoginKeyExchangeBody,
        response: okResponse(LoginKeyTokenSchema),
      },
    },
    async (req) => {
      const session = await sso.exchangeLoginKey(app, req.body.loginKey);
      if (!session) {
        await audit(app, req, AuditAction.LOGIN_FAILURE, 'loginKey', { reason: 'unknown, used or expired login key' });
        throw new AppError(400, 'bad_credentials', 'error.login_key_invalid');
      }
      return ok(session);
    },
  );

  // ---- Super admin: providers and tests ----
  app.get(
    '/admin/sso/oauth/list',
    {
      config: superOnly,
      schema: { tags: ['admin'], summary: 'The OAuth providers', response: okResponse(Type.Array(OAuthProviderItemSchema)) },
    },
    async (req) => ok(sso.providerList(ctx, publicBase(app, req))),
  );

  app.post(
    '/admin/sso/oauth/save',
    {
      config: superOnly,
      schema: {
        tags: ['admin'],
        summary: 'Add an OAuth provider or change one',
        body: OAuthProviderSaveBody,
        response: okResponse(OAuthProviderSchema),
      },
    },
    async (req) => {
      const { provider, added } = await sso.saveProvider(ctx, req.body);
      await audit(app, req, AuditAction.SETTINGS_CHANGE, `oauth:${provider.id}`, {
        op: added ? 'add' : 'update',
        secretChanged: !!req.body.clientSecret || !!req.body.clearSecret,
      });
      return ok(provider);
    },
  );

  app.post(
    '/admin/sso/oauth/delete',
    { config: superOnly, schema: { tags: ['admin'], summary: 'Delete an OAuth provider', body: OAuthProviderIdInput, response: okNull } },
    async (req) => {
      await sso.deleteProvider(ctx, req.body.id);
      await audit(app, req, AuditAction.SETTINGS_CHANGE, `oauth:${req.body.id}`, { op: 'delete' });
      return ok(null);
    },
  );

  app.post(
    '/admin/sso/oauth/test',
    {
      config: superOnly,
      schema: {
        tags: ['admin'],
        summary: "Test button: read an OAuth provider's endpoints",
        body: OAuthProviderIdInput,
        response: okResponse(SsoTestResultSchema),
      },
    },
    async (req) => ok(await sso.testProvider(ctx, req.body.id)),
  );

  app.post(
    '/admin/sso/ldap/test',
    {
      config: superOnly,
      schema: {
        tags: ['admin'],
        summary: 'Test button: connect to LDAP, or sign a user in through it',
        body: LdapTestBody,
        response: okResponse(SsoTestResultSchema),
      },
    },
    async (req) => ok(await sso.testLdap(ctx, req.body)),
  );

  app.post(
    '/admin/sso/form/test',
    {
      config: superOnly,
      schema: { tags: ['admin'], summary: 'Test button: a form sign-in', body: FormTestBody, response: okResponse(SsoTestResultSchema) },
    },
    async (req) => ok(await sso.testForm(ctx, req.body.username, req.body.password)),
  );
};
