/**
 * OAuth2 / OpenID Connect sign-in (openid-client 6). Providers are stored in the setting
 * `folio.oauth.providers` (JSON; client secrets encrypted with the install key). The flow uses PKCE and
 * state kept in an encrypted, short-lived, HttpOnly cookie; after the callback the browser lands on
 * /successLogin with a one-time login key.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { AppContext } from '../../context.js';
import { decrypt, encrypt, randomToken } from '../../lib/crypto.js';
import { configuredPublicUrl } from '../../lib/public-url.js';

export interface OAuthProvider {
  id: string;
  enabled: boolean;
  /** 'oidc': issuer discovery; 'oauth2': explicit endpoints (GitHub/Gitea/GitLab style). */
  type: 'oidc' | 'oauth2';
  buttonText: string;
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecretEnc: string;
  scope: string;
  claimId: string;
  claimUsername: string;
  claimNickname: string;
  claimEmail: string;
  /** Create the user at first sign-in; otherwise an account with the same username must exist. */
  autoCreate: boolean;
}

export const PROVIDERS_KEY = 'folio.oauth.providers';
const COOKIE = 'folio_sso';
const FLOW_TTL_MS = 10 * 60_000;

export function loadProviders(ctx: AppContext): OAuthProvider[] {
  try {
    const v = JSON.parse(ctx.settings.get(PROVIDERS_KEY) || '[]');
    return Array.isArray(v) ? (v as OAuthProvider[]) : [];
  } catch {
    return [];
  }
}

export async function saveProviders(ctx: AppContext, list: OAuthProvider[]): Promise<void> {
  await ctx.settings.set({ [PROVIDERS_KEY]: JSON.stringify(list) });
}

/** A provider as the admin page sees it: the secret only as "set or not". */
export function providerView(p: OAuthProvider) {
  const { clientSecretEnc, ...rest } = p;
  return { ...rest, hasSecret: !!clientSecretEnc };
}

/** The public base URL of Folio (the setting, else FOLIO_PUBLIC_URL, else the request's origin). */
export function publicBase(app: FastifyInstance, req: FastifyRequest): string {
  const configured = configuredPublicUrl(app);
  if (configured) return configured;
  return `${req.protocol}://${req.host}`;
}

export const callbackUrl = (base: string, id: string) => `${base}/api/sso/oauth/${encodeURIComponent(id)}/callback`;

/** Builds the openid-client configuration of a provider (discovery for OIDC). */
export async function providerConfig(ctx: AppContext, p: OAuthProvider): Promise<oidc.Configuration> {
  const secret = decrypt(ctx.installKey, p.clientSecretEnc);
  const auth = secret ? oidc.ClientSecretPost(secret) : oidc.None();
  const insecure = (u: string) => u.startsWith('http://');
  if (p.type === 'oidc') {
    return oidc.discovery(new URL(p.issuer), p.clientId, undefined, auth, {
      execute: insecure(p.issuer) ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    });
  }
  const config = new oidc.Configuration(
    {
      issuer: new URL(p.authorizationUrl).origin,
      authorization_endpoint: p.authorizationUrl,
      token_endpoint: p.tokenUrl,
      userinfo_endpoint: p.userinfoUrl || undefined,
    },
    p.clientId,
    undefined,
    auth,
  );
  if ([p.authorizationUrl, p.tokenUrl, p.userinfoUrl].some((u) => u && insecure(u))) oidc.allowInsecureRequests(config);
  return config;
}

interface FlowState {
  p: string;
  s: string;
  v: string;
  n: string;
  r: string;
  exp: number;
}

function readCookie(req: FastifyRequest, name: string): string {
  const raw = req.headers.cookie ?? '';
  for (const part of raw.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return '';
}

function setFlowCookie(reply: FastifyReply, value: string, secure: boolean, maxAge: number) {
  reply.header(
    'set-cookie',
    `${COOKIE}=${encodeURIComponent(value)}; Path=/api/sso/oauth; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`,
  );
}

/** Only same-site relative paths may be used as the landing page after sign-in. */
export function safeRedirect(r: string | undefined): string {
  if (!r?.startsWith('/') || r.startsWith('//') || r.startsWith('/\\') || r.length > 1000) return '';
  return r;
}

/** Starts the flow: returns the provider's authorization URL and sets the flow cookie. */
export async function startFlow(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  p: OAuthProvider,
  redirect: string,
): Promise<string> {
  const config = await providerConfig(app.ctx, p);
  const base = publicBase(app, req);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = p.type === 'oidc' ? oidc.randomNonce() : '';
  const params: Record<string, string> = {
    redirect_uri: callbackUrl(base, p.id),
    scope: p.scope || (p.type === 'oidc' ? 'openid profile email' : ''),
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  };
  if (nonce) params.nonce = nonce;
  if (!params.scope) delete params.scope;
  const flow: FlowState = { p: p.id, s: state, v: verifier, n: nonce, r: safeRedirect(redirect), exp: Date.now() + FLOW_TTL_MS };
  setFlowCookie(reply, encrypt(app.ctx.installKey, JSON.stringify(flow)), base.startsWith('https://'), FLOW_TTL_MS / 1000);
  return oidc.buildAuthorizationUrl(config, params).toString();
}

function claim(obj: Record<string, unknown>, path: string): string {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return '';
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur === undefined || cur === null ? '' : String(cur);
}

export class FlowError extends Error {}

/** Finishes the flow at the callback: checks the cookie's state, swaps the code, maps the claims. */
export async function finishFlow(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  p: OAuthProvider,
): Promise<{ profile: { username: string; nickname: string; email: string; thirdPartyId: string }; redirect: string }> {
  const raw = readCookie(req, COOKIE);
  setFlowCookie(reply, '', false, 0);
  if (!raw) throw new FlowError('no sign-in in progress (missing cookie)');
  let flow: FlowState;
  try {
    flow = JSON.parse(decrypt(app.ctx.installKey, raw));
  } catch {
    throw new FlowError('unreadable flow cookie');
  }
  if (flow.p !== p.id || flow.exp < Date.now()) throw new FlowError('sign-in flow expired or for another provider');
  const config = await providerConfig(app.ctx, p);
  const base = publicBase(app, req);
  const query = new URL(req.url, 'http://x').search;
  const current = new URL(`${callbackUrl(base, p.id)}${query}`);
  const error = current.searchParams.get('error');
  if (error) throw new FlowError(`provider answered ${error}: ${current.searchParams.get('error_description') ?? ''}`.slice(0, 300));
  if (current.searchParams.get('state') !== flow.s) throw new FlowError('state mismatch');
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.v,
      expectedState: flow.s,
      expectedNonce: flow.n || undefined,
      idTokenExpected: p.type === 'oidc',
    });
  } catch (e) {
    const cause = (e as { cause?: unknown }).cause;
    const extra = cause && typeof cause === 'object' ? JSON.stringify(cause).slice(0, 300) : '';
    throw new FlowError(`code exchange refused: ${(e as Error).message} ${extra}`.trim());
  }
  let claims: Record<string, unknown> = { ...(tokens.claims() ?? {}) };
  const userinfoUrl = p.type === 'oidc' ? config.serverMetadata().userinfo_endpoint : p.userinfoUrl;
  if (userinfoUrl) {
    if (p.type === 'oidc') {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, (claims.sub as string) ?? oidc.skipSubjectCheck);
      claims = { ...claims, ...info };
    } else {
      const res = await oidc.fetchProtectedResource(config, tokens.access_token, new URL(userinfoUrl), 'GET');
      if (!res.ok) throw new FlowError(`user info refused: HTTP ${res.status}`);
      claims = { ...claims, ...((await res.json()) as Record<string, unknown>) };
    }
  }
  const subject = claim(claims, p.claimId || 'sub');
  if (!subject) throw new FlowError(`claim ${p.claimId || 'sub'} missing`);
  return {
    profile: {
      username: claim(claims, p.claimUsername || 'preferred_username') || claim(claims, 'email') || subject,
      nickname: claim(claims, p.claimNickname || 'name'),
      email: claim(claims, p.claimEmail || 'email'),
      thirdPartyId: `${p.id}:${subject}`.slice(0, 255),
    },
    redirect: flow.r,
  };
}

export const newProviderId = () => randomToken(6).replace(/[^A-Za-z0-9]/g, 'x');
