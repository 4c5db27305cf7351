/**
 * The browser side of OAuth2/OIDC sign-in: the start and the callback answer redirects (to the provider, to
 * /successLogin with a one-time login key, or back to the login page with the reason in the audit log).
 * HTTP-bound by nature: the flow's state travels in a cookie (oauth.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuditAction, audit } from '../admin/audit.js';
import { resolveExternalUser, SignInRefused } from './accounts.js';
import { createLoginKey } from './login-keys.js';
import { FlowError, finishFlow, type OAuthProvider, publicBase, startFlow } from './oauth.js';
import { enabledProvider } from './sso.service.js';

/** Where the start sends the browser: the provider's authorization URL, or the login page when the provider fails. */
export async function oauthStartUrl(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, id: string, redirect: string) {
  const p = enabledProvider(app.ctx, id);
  try {
    return await startFlow(app, req, reply, p, redirect);
  } catch (e) {
    // The provider is unreachable or misconfigured: back to the login page, details in the audit log.
    await audit(app, req, AuditAction.LOGIN_FAILURE, `oauth:${p.id}`, { reason: `start failed: ${(e as Error).message}`.slice(0, 500) });
    return `${publicBase(app, req)}/login?ssoError=1`;
  }
}

/** Where the callback sends the browser: /successLogin with a login key, or the login page (the reason goes to the audit log). */
export async function oauthCallbackUrl(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, id: string): Promise<string> {
  const base = publicBase(app, req);
  const fail = async (reason: string) => {
    await audit(app, req, AuditAction.LOGIN_FAILURE, `oauth:${id}`, { reason: reason.slice(0, 500) });
    return `${base}/login?ssoError=1`;
  };
  let p: OAuthProvider;
  try {
    p = enabledProvider(app.ctx, id);
  } catch {
    return fail('unknown or disabled provider');
  }
  try {
    const { profile, redirect } = await finishFlow(app, req, reply, p);
    const u = await resolveExternalUser(app, 'oauth', profile, { autoCreate: p.autoCreate, linkExisting: !p.autoCreate });
    const key = await createLoginKey(app, u.userId);
    await audit(app, req, AuditAction.LOGIN_SUCCESS, u.username, { source: 'oauth', provider: p.id }, { id: u.userId, name: u.username });
    const q = new URLSearchParams({ loginKey: key });
    if (redirect) q.set('redirect', redirect);
    return `${base}/successLogin?${q}`;
  } catch (e) {
    if (e instanceof FlowError || e instanceof SignInRefused) return fail(e.message);
    return fail(`error: ${(e as Error).message}`);
  }
}
