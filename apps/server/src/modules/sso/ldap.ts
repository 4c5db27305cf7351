/**
 * LDAP sign-in (ldapts): bind as the service account (or anonymously), search the user with the
 * configured filter (the username escaped per RFC 4515), then bind as the found DN with the password.
 */
import { Client } from 'ldapts';
import type { AppContext } from '../../context.js';
import { decrypt } from '../../lib/crypto.js';

export interface LdapConfig {
  url: string;
  startTls: boolean;
  caCert: string;
  bindDn: string;
  bindPassword: string;
  baseDn: string;
  userFilter: string;
  attrNickname: string;
  attrEmail: string;
  emailDomain: string;
}

export interface LdapProfile {
  dn: string;
  username: string;
  nickname: string;
  email: string;
}

/** Why a login failed; `detail` is for the administrator's test button only. */
export class LdapError extends Error {
  constructor(
    readonly reason: 'not_configured' | 'not_found' | 'ambiguous' | 'bad_password' | 'connection' | 'service_bind',
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

export function ldapConfig(ctx: AppContext): LdapConfig {
  const s = ctx.settings;
  return {
    url: s.get('folio.ldap.url'),
    startTls: s.getBool('folio.ldap.starttls'),
    caCert: s.get('folio.ldap.ca-cert'),
    bindDn: s.get('folio.ldap.bind-dn'),
    bindPassword: decrypt(ctx.installKey, s.get('folio.ldap.bind-password')),
    baseDn: s.get('folio.ldap.base-dn'),
    userFilter: s.get('folio.ldap.user-filter') || '(&(objectClass=*)(uid={username}))',
    attrNickname: s.get('folio.ldap.attr-nickname') || 'displayName',
    attrEmail: s.get('folio.ldap.attr-email') || 'mail',
    emailDomain: s.get('folio.ldap.email-domain'),
  };
}

/** RFC 4515 escaping of a value placed inside a search filter. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** The search filter for a username: `{username}` (or Torna's `%s`) replaced by the escaped value. */
export function buildUserFilter(template: string, username: string): string {
  const v = escapeFilterValue(username);
  return template.replaceAll('{username}', v).replaceAll('%s', v);
}

function firstValue(v: unknown): string {
  if (Array.isArray(v)) return firstValue(v[0]);
  if (Buffer.isBuffer(v)) return v.toString('utf8');
  return typeof v === 'string' ? v : '';
}

export async function connectLdap(cfg: LdapConfig): Promise<Client> {
  const tlsOptions = cfg.caCert.trim() ? { ca: [cfg.caCert] } : undefined;
  // ldapts speaks TLS from the first byte whenever tlsOptions is given, so pass it for ldaps:// only.
  const client = new Client({
    url: cfg.url,
    timeout: 10_000,
    connectTimeout: 5_000,
    tlsOptions: cfg.url.toLowerCase().startsWith('ldaps://') ? tlsOptions : undefined,
  });
  if (cfg.startTls) {
    try {
      await client.startTLS(tlsOptions ?? {});
    } catch (e) {
      await client.unbind().catch(() => {});
      throw new LdapError('connection', `StartTLS failed: ${(e as Error).message}`);
    }
  }
  return client;
}

/** Checks a username and password against the directory; throws LdapError. */
export async function ldapAuthenticate(cfg: LdapConfig, username: string, password: string): Promise<LdapProfile> {
  if (!cfg.url || !cfg.baseDn) throw new LdapError('not_configured', 'LDAP URL and base DN are required');
  // An empty password would be an "unauthenticated bind", which many servers accept: never allow it.
  if (!username || !password) throw new LdapError('bad_password', 'empty username or password');
  let entry: Record<string, unknown> & { dn: string };
  const service = await connectLdap(cfg);
  try {
    if (cfg.bindDn) {
      try {
        await service.bind(cfg.bindDn, cfg.bindPassword);
      } catch (e) {
        throw new LdapError('service_bind', `bind as ${cfg.bindDn} failed: ${(e as Error).message}`);
      }
    }
    const filter = buildUserFilter(cfg.userFilter, username);
    let found: (Record<string, unknown> & { dn: string })[];
    try {
      const r = await service.search(cfg.baseDn, {
        scope: 'sub',
        filter,
        sizeLimit: 2,
        attributes: ['dn', cfg.attrNickname, cfg.attrEmail, 'cn', 'uid'],
      });
      found = r.searchEntries as (Record<string, unknown> & { dn: string })[];
    } catch (e) {
      const msg = (e as Error).message;
      if (/size limit/i.test(msg)) throw new LdapError('ambiguous', `filter ${filter} matches several entries`);
      throw new LdapError('connection', `search failed: ${msg}`);
    }
    if (found.length === 0) throw new LdapError('not_found', `no entry matches ${filter} under ${cfg.baseDn}`);
    if (found.length > 1) throw new LdapError('ambiguous', `filter ${filter} matches several entries`);
    entry = found[0];
  } catch (e) {
    if (e instanceof LdapError) throw e;
    throw new LdapError('connection', (e as Error).message);
  } finally {
    await service.unbind().catch(() => {});
  }
  const user = await connectLdap(cfg);
  try {
    await user.bind(entry.dn, password);
  } catch (e) {
    throw new LdapError('bad_password', `bind as ${entry.dn} failed: ${(e as Error).message}`);
  } finally {
    await user.unbind().catch(() => {});
  }
  let email = firstValue(entry[cfg.attrEmail]);
  if (!email && cfg.emailDomain) email = `${username}@${cfg.emailDomain.replace(/^@/, '')}`;
  return { dn: entry.dn, username, nickname: firstValue(entry[cfg.attrNickname]) || firstValue(entry.cn) || username, email };
}
