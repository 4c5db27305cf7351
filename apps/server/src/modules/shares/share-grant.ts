/**
 * Grants for anonymous share and compose viewers: an HMAC-signed token (app.ctx.grantKey) scoped to one share
 * or compose project, valid 7 days, bound to the current password (changing the password voids old grants).
 * The browser keeps it and sends it as the `x-share-grant` header on every later call of that share,
 * including the debug proxy, and the server re-checks the share's state on each of them.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { safeEqual, sha256 } from '../../lib/crypto.js';
import { loadComposeScope } from '../compose/compose-view.js';
import { isDocShared } from './share-scope.js';

export const GRANT_HEADER = 'x-share-grant';
export const GRANT_TTL_MS = 7 * 24 * 3600 * 1000;

export type GrantKind = 'share' | 'compose';

interface GrantClaims {
  kind: GrantKind;
  id: number;
  exp: number;
  fp: string;
}

/** Fingerprint of the stored password box: a new password (or type change) voids older grants. */
export const passwordFingerprint = (type: number, passwordEnc: string) => sha256(`${type}:${passwordEnc}`).slice(0, 16);

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

/** Issues a grant for a share or compose project. */
export function signGrant(key: Buffer, kind: GrantKind, id: number, fp: string, now = Date.now()): string {
  const payload = `g1.${kind}.${id}.${now + GRANT_TTL_MS}.${fp}`;
  return `${payload}.${sign(key, payload)}`;
}

/** Reads and checks the signature and lifetime of a grant (not the share's state). */
export function readGrant(key: Buffer, grant: string | undefined | null, now = Date.now()): GrantClaims | null {
  if (!grant || grant.length > 300) return null;
  const parts = grant.split('.');
  if (parts.length !== 6 || parts[0] !== 'g1') return null;
  const [, kind, idRaw, expRaw, fp, sig] = parts;
  if (kind !== 'share' && kind !== 'compose') return null;
  if (!safeEqual(sign(key, parts.slice(0, 5).join('.')), sig)) return null;
  const id = Number(idRaw);
  const exp = Number(expRaw);
  if (!Number.isInteger(id) || !(exp > now)) return null;
  return { kind, id, exp, fp };
}

/** The grant header of a request. */
export function grantOf(req: FastifyRequest): string | undefined {
  const h = req.headers[GRANT_HEADER];
  return typeof h === 'string' ? h : undefined;
}

/** What a valid grant allows. environmentIds are internal ids of the environments a share exposes. */
export interface ShareGrantInfo {
  kind: GrantKind;
  /** Internal id of the share or compose project. */
  id: number;
  allowDebug: boolean;
  environmentIds: number[];
  /** Compose projects: the gateway URL debugging goes through ('' for shares). */
  gatewayUrl: string;
}

/**
 * Verifies a grant against the live share or compose project: signature, lifetime, password unchanged,
 * not disabled/deleted/expired, and (when docId is given, internal number or external id) the doc inside its scope.
 * Returns null when anything fails. Used by the debug proxy (header `x-share-grant`).
 */
export async function verifyShareGrant(
  app: FastifyInstance,
  grant: string | undefined | null,
  opts: { docId?: number | string } = {},
): Promise<ShareGrantInfo | null> {
  const claims = readGrant(app.ctx.grantKey, grant);
  if (!claims) return null;
  let docId: number | undefined;
  if (typeof opts.docId === 'string') {
    try {
      docId = app.ctx.ids.decode(opts.docId, 'doc');
    } catch {
      return null;
    }
  } else docId = opts.docId;
  const { db } = app.ctx;
  const now = Date.now();
  if (claims.kind === 'share') {
    const s = await db
      .selectFrom('shares as s')
      .innerJoin('modules as m', 'm.id', 's.moduleId')
      .innerJoin('projects as p', 'p.id', 'm.projectId')
      .selectAll('s')
      .where('s.id', '=', claims.id)
      .where('s.isDeleted', '=', 0)
      .where('m.isDeleted', '=', 0)
      .where('p.isDeleted', '=', 0)
      .executeTakeFirst();
    if (s?.status !== 1 || (s.expiresAt != null && s.expiresAt <= now)) return null;
    if (!safeEqual(passwordFingerprint(s.type, s.passwordEnc), claims.fp)) return null;
    if (docId !== undefined) {
      if (!(await isDocShared(db, s, docId))) return null;
    }
    const envs = s.allowDebug ? await db.selectFrom('shareEnvironments').select('environmentId').where('shareId', '=', s.id).execute() : [];
    return { kind: 'share', id: s.id, allowDebug: !!s.allowDebug, environmentIds: envs.map((e) => e.environmentId), gatewayUrl: '' };
  }
  const p = await db.selectFrom('composeProjects').selectAll().where('id', '=', claims.id).where('isDeleted', '=', 0).executeTakeFirst();
  if (p?.status !== 1) return null;
  if (!safeEqual(passwordFingerprint(p.type, p.passwordEnc), claims.fp)) return null;
  if (docId !== undefined) {
    const scope = await loadComposeScope(db, p.id);
    if (!scope.docIds.has(docId)) return null;
  }
  return { kind: 'compose', id: p.id, allowDebug: !!p.showDebug, environmentIds: [], gatewayUrl: p.gatewayUrl };
}
