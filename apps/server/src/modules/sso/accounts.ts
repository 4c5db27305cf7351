/**
 * Accounts of third-party sign-ins: find or create the Folio user of an external identity, record the
 * source (ldap, form, oauth), refuse disabled users, and issue a session. Also the password-style
 * logins (LDAP and Torna's "form" login) that POST /api/user/login dispatches on `source`.
 */
import { UserStatus } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { randomToken } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { beforeLogin, loginFailed, loginSucceeded } from '../users/login-guard.js';
import { createSession, createUser } from '../users/users.service.js';
import { formAuthenticate } from './form.js';
import { LdapError, ldapAuthenticate, ldapConfig } from './ldap.js';

export type ExternalSource = 'ldap' | 'form' | 'oauth';

export interface ExternalProfile {
  username: string;
  nickname: string;
  email: string;
  /** Stable id at the identity provider (LDAP DN, `provider:sub` for OAuth). */
  thirdPartyId: string;
}

/** A refused sign-in; `reason` goes to the audit log, the user only sees "wrong username or password". */
export class SignInRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * Whether a Folio username/password login may proceed: always while the account method is on; when the
 * administrator turned it off (company sign-in only), still for super admins so nobody is locked out.
 */
export async function localLoginAllowed(app: FastifyInstance, username: string): Promise<boolean> {
  if (app.ctx.settings.get('folio.login.account.enable') !== 'false') return true;
  const u = await app.ctx.db.selectFrom('users').select('isSuperAdmin').where('username', '=', username.trim()).executeTakeFirst();
  return u?.isSuperAdmin === 1;
}

export const badCredentials = () => new AppError(400, 'bad_credentials', 'error.bad_credentials');

/**
 * Finds or creates the user of an external identity. OAuth identities are matched by provider subject
 * first; otherwise by username. A username already used by an account of another source is linked only
 * when `linkExisting` (OAuth "require an existing account"), never silently taken over.
 */
export async function resolveExternalUser(
  app: FastifyInstance,
  source: ExternalSource,
  profile: ExternalProfile,
  opts: { autoCreate: boolean; linkExisting: boolean },
): Promise<{ userId: number; status: number; username: string }> {
  const { db } = app.ctx;
  const username = profile.username.trim().slice(0, 128);
  if (!username) throw new SignInRefused('no username from the identity provider');
  let user =
    source === 'oauth' && profile.thirdPartyId
      ? await db
          .selectFrom('users')
          .select(['id', 'username', 'status', 'source', 'thirdPartyId'])
          .where('source', '=', 'oauth')
          .where('thirdPartyId', '=', profile.thirdPartyId)
          .executeTakeFirst()
      : undefined;
  if (!user) {
    const byName = await db
      .selectFrom('users')
      .select(['id', 'username', 'status', 'source', 'thirdPartyId'])
      .where('username', '=', username)
      .executeTakeFirst();
    if (byName) {
      const sameSource = byName.source === source && (source !== 'oauth' || !byName.thirdPartyId);
      if (!sameSource && !opts.linkExisting) throw new SignInRefused(`username ${username} belongs to a ${byName.source} account`);
      if (source === 'oauth' && byName.thirdPartyId && byName.thirdPartyId !== profile.thirdPartyId) {
        throw new SignInRefused(`username ${username} is linked to another identity`);
      }
      if (!byName.thirdPartyId && profile.thirdPartyId) {
        await db
          .updateTable('users')
          .set({ thirdPartyId: profile.thirdPartyId, updatedAt: Date.now() })
          .where('id', '=', byName.id)
          .execute();
      }
      user = byName;
    }
  }
  if (user) {
    if (user.status === UserStatus.DISABLED) throw new SignInRefused('account disabled');
    return { userId: user.id, status: user.status, username: user.username };
  }
  if (!opts.autoCreate) throw new SignInRefused('no existing account and auto-create is off');
  const id = await createUser(app, {
    username,
    nickname: profile.nickname || username,
    email: profile.email,
    // Not usable for a local login: nobody knows it.
    password: randomToken(32),
    status: UserStatus.ENABLED,
    source,
  });
  if (profile.thirdPartyId) {
    await db
      .updateTable('users')
      .set({ thirdPartyId: profile.thirdPartyId.slice(0, 255) })
      .where('id', '=', id)
      .execute();
  }
  return { userId: id, status: UserStatus.ENABLED, username };
}

/**
 * Username/password sign-in against LDAP or the form endpoint. Every failure is the same
 * bad_credentials error for the caller; `onRefused` receives the real reason (for the audit log).
 */
export async function passwordSignIn(
  app: FastifyInstance,
  source: 'ldap' | 'form',
  username: string,
  password: string,
  ip: string,
  onRefused: (reason: string) => Promise<void>,
): Promise<{ token: string; status: number; userId: number }> {
  const s = app.ctx.settings;
  const uname = username.trim();
  await beforeLogin(app, source, uname, ip);
  try {
    let profile: ExternalProfile;
    if (source === 'ldap') {
      if (!s.getBool('folio.login.ldap.enable')) throw new SignInRefused('LDAP login is off');
      const p = await ldapAuthenticate(ldapConfig(app.ctx), uname, password);
      profile = { username: uname, nickname: p.nickname, email: p.email, thirdPartyId: p.dn };
    } else {
      if (!s.getBool('folio.login.form.enable')) throw new SignInRefused('form login is off');
      const p = await formAuthenticate(app.ctx, uname, password);
      profile = { username: p.username || uname, nickname: p.nickname, email: p.email, thirdPartyId: '' };
    }
    const u = await resolveExternalUser(app, source, profile, { autoCreate: true, linkExisting: false });
    await loginSucceeded(app, source, uname, ip);
    return { token: await createSession(app, u.userId), status: u.status, userId: u.userId };
  } catch (e) {
    if (!(e instanceof AppError)) await loginFailed(app, source, uname, ip);
    if (e instanceof SignInRefused) await onRefused(e.reason);
    else if (e instanceof LdapError) await onRefused(`ldap ${e.reason}: ${e.detail}`);
    else if (e instanceof AppError) throw e;
    else await onRefused(`${source} error: ${(e as Error).message}`);
    throw badCredentials();
  }
}
