/**
 * Sign-in methods: what the login page offers, the login key swap after an OAuth2/OIDC callback, and the
 * super admin's provider management and test buttons. The OAuth start and callback answer redirects.
 */
import { type Static, Type } from 'typebox';

/** An OAuth2/OIDC provider's id. */
export const OAuthProviderId = Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' });
const Url = (max = 1024) => Type.String({ maxLength: max, pattern: '^(https?://.*)?$' });

/** Answer of GET /api/sso/methods: what the login page offers. */
export const SsoMethodsSchema = Type.Object({
  account: Type.Boolean({ description: 'username/password sign-in' }),
  register: Type.Boolean({ description: 'self sign-up' }),
  ldap: Type.Boolean(),
  form: Type.Union([Type.Object({ buttonText: Type.String() }), Type.Null()], { description: 'form sign-in, null when off' }),
  oauth: Type.Array(Type.Object({ id: Type.String(), buttonText: Type.String() }), { description: 'enabled OAuth providers' }),
});
export type SsoMethods = Static<typeof SsoMethodsSchema>;

/** Path of the OAuth start and callback. */
export const OAuthProviderParams = Type.Object({ id: OAuthProviderId });
/** Query of GET /api/sso/oauth/{id}/start: where to land after signing in (a path of Folio). */
export const OAuthStartQuery = Type.Object({ redirect: Type.Optional(Type.String({ maxLength: 1000 })) });

/** What the OAuth start answers: a redirect (Location) to the provider's authorization page. */
export const OAuthStartResponse = { 302: Type.Null({ description: "a redirect (Location) to the provider's authorization page" }) };

/** What the OAuth callback answers: a redirect (Location) to /successLogin with a one-time login key, or to the login page. */
export const OAuthCallbackResponse = {
  302: Type.Null({
    description:
      'a redirect (Location) to /successLogin?loginKey=… (swap it at /api/sso/loginKey/exchange), or to /login?ssoError=1 (the reason goes to the audit log)',
  }),
};

/** Body of POST /api/sso/loginKey/exchange. */
export const LoginKeyExchangeBody = Type.Object({ loginKey: Type.String({ minLength: 10, maxLength: 128 }) });
/** Answer of POST /api/sso/loginKey/exchange: a session token. */
export const LoginKeyTokenSchema = Type.Object({
  token: Type.String({ description: 'send as the token header' }),
  status: Type.Integer({ description: 'the account status (2: must set a password)' }),
});
export type LoginKeyToken = Static<typeof LoginKeyTokenSchema>;

/** An OAuth provider as the admin page sees it: the secret only as "set or not". */
export const OAuthProviderSchema = Type.Object({
  id: Type.String(),
  enabled: Type.Boolean(),
  type: Type.Union([Type.Literal('oidc'), Type.Literal('oauth2')], { description: 'oidc: issuer discovery; oauth2: explicit endpoints' }),
  buttonText: Type.String(),
  issuer: Type.String(),
  authorizationUrl: Type.String(),
  tokenUrl: Type.String(),
  userinfoUrl: Type.String(),
  clientId: Type.String(),
  scope: Type.String(),
  claimId: Type.String(),
  claimUsername: Type.String(),
  claimNickname: Type.String(),
  claimEmail: Type.String(),
  autoCreate: Type.Boolean({ description: 'create the user at first sign-in (else an account with that username must exist)' }),
  hasSecret: Type.Boolean(),
});
export type OAuthProviderView = Static<typeof OAuthProviderSchema>;
/** A provider in the admin list, with the callback URL to register at the provider. */
export const OAuthProviderItemSchema = Type.Object({ ...OAuthProviderSchema.properties, redirectUri: Type.String() });
export type OAuthProviderItem = Static<typeof OAuthProviderItemSchema>;

/** Body of POST /api/admin/sso/oauth/save: a new provider (no id) or an edit. */
export const OAuthProviderSaveBody = Type.Object({
  id: Type.Optional(Type.Union([OAuthProviderId, Type.Literal('')])),
  enabled: Type.Boolean(),
  type: Type.Union([Type.Literal('oidc'), Type.Literal('oauth2')]),
  buttonText: Type.String({ minLength: 1, maxLength: 64 }),
  issuer: Type.Optional(Url()),
  authorizationUrl: Type.Optional(Url()),
  tokenUrl: Type.Optional(Url()),
  userinfoUrl: Type.Optional(Url()),
  clientId: Type.String({ minLength: 1, maxLength: 255 }),
  clientSecret: Type.Optional(Type.String({ maxLength: 1024, description: 'write-only: empty keeps the stored secret' })),
  clearSecret: Type.Optional(Type.Boolean()),
  scope: Type.Optional(Type.String({ maxLength: 512 })),
  claimId: Type.Optional(Type.String({ maxLength: 64 })),
  claimUsername: Type.Optional(Type.String({ maxLength: 64 })),
  claimNickname: Type.Optional(Type.String({ maxLength: 64 })),
  claimEmail: Type.Optional(Type.String({ maxLength: 64 })),
  autoCreate: Type.Boolean(),
});
export type OAuthProviderSaveInput = Static<typeof OAuthProviderSaveBody>;
/** Body naming one provider. */
export const OAuthProviderIdInput = Type.Object({ id: OAuthProviderId });

/** Answer of a test button: whether it worked, and what happened (errors in full, for the admin only). */
export const SsoTestResultSchema = Type.Object({ ok: Type.Boolean(), message: Type.String() });
export type SsoTestResult = Static<typeof SsoTestResultSchema>;
/** Body of POST /api/admin/sso/ldap/test: without a username, only connect and read the base DN. */
export const LdapTestBody = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 128 })),
  password: Type.Optional(Type.String({ maxLength: 128 })),
});
/** Body of POST /api/admin/sso/form/test. */
export const FormTestBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 128 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
});
