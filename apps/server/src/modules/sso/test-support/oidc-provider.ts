/**
 * Test support: a real OpenID Connect provider in-process (the `oidc-provider` package) with its
 * development login/consent pages, and a browser-less user agent that walks the code flow.
 */
import { createServer } from 'node:net';
import Provider from 'oidc-provider';

export interface TestIdp {
  issuer: string;
  port: number;
  close(): Promise<void>;
}

export const ACCOUNTS: Record<string, { preferred_username: string; name: string; email: string }> = {
  'sub-alice': { preferred_username: 'oidc-alice', name: 'Alice OIDC', email: 'alice@idp.example' },
  'sub-bob': { preferred_username: 'oidc-bob', name: 'Bob OIDC', email: 'bob@idp.example' },
  'sub-carol': { preferred_username: 'oauth-carol', name: 'Carol OAuth', email: 'carol@idp.example' },
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts the provider with one confidential client; PKCE (S256) is required for every client. */
export async function startIdp(
  port: number,
  client: { id: string; secret: string; redirectUris: string[] } | { id: string; secret: string; redirectUris: string[] }[],
): Promise<TestIdp> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: (Array.isArray(client) ? client : [client]).map((c) => ({
      client_id: c.id,
      client_secret: c.secret,
      redirect_uris: c.redirectUris,
      token_endpoint_auth_method: 'client_secret_post',
    })),
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, id: string) {
      const a = ACCOUNTS[id];
      if (!a) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...a }) };
    },
    cookies: { keys: ['test-cookie-key'] },
  });
  const server = provider.listen(port);
  await new Promise<void>((r) => server.once('listening', () => r()));
  return {
    issuer,
    port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A tiny cookie jar per origin. */
class Jar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (value === '' || /max-age=0/i.test(c) || /expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Walks the identity provider's pages from the authorization URL: logs in as `accountId`, consents,
 * and returns the URL the provider redirects back to (Folio's callback with code and state).
 */
export async function walkIdp(authorizationUrl: string, accountId: string): Promise<string> {
  const jar = new Jar();
  let url = authorizationUrl;
  let method = 'GET';
  let body: string | undefined;
  const origin = new URL(authorizationUrl).origin;
  for (let i = 0; i < 20; i++) {
    const res = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    jar.store(res);
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location') ?? '', url).toString();
      if (!next.startsWith(origin)) return next;
      url = next;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`IdP answered ${res.status}: ${html.slice(0, 500)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected IdP page: ${html.slice(0, 300)}`);
    url = new URL(action.replaceAll('&amp;', '&'), url).toString();
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt }).toString();
  }
  throw new Error('too many steps at the IdP');
}
