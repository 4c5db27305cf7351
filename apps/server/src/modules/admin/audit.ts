/**
 * The audit log of security events. Any feature calls `audit(app, req, action, target, detail)`; it never
 * throws (a failed audit write is logged, the user's action goes on). Old rows are removed after
 * `folio.audit.retention-days` by a periodic sweep.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerPeriodic } from '../../jobs/queue.js';

/** Stable action names (others may be added freely; keep `area.verb`). */
export const AuditAction = {
  LOGIN_SUCCESS: 'login.success',
  LOGIN_FAILURE: 'login.failure',
  LOGIN_KEY_EXCHANGE: 'login.key_exchange',
  PASSWORD_RESET: 'user.password_reset',
  PASSWORD_CHANGE: 'user.password_change',
  USER_CREATE: 'user.create',
  USER_ENABLE: 'user.enable',
  USER_DISABLE: 'user.disable',
  USER_ROLE: 'user.role_change',
  MEMBER_ADD: 'member.add',
  MEMBER_ROLE: 'member.role_change',
  MEMBER_REMOVE: 'member.remove',
  TOKEN_RESET: 'token.reset',
  SHARE_CREATE: 'share.create',
  SHARE_DELETE: 'share.delete',
  SHARE_ROTATE: 'share.rotate',
  SETTINGS_CHANGE: 'settings.change',
  LANGUAGE_CHANGE: 'language.change',
  OPEN_USER_CHANGE: 'openuser.change',
  METERSPHERE_CHANGE: 'metersphere.change',
} as const;

const MAX_DETAIL = 4000;

/**
 * Records a security event. `req` gives the actor (req.user) and IP; pass null for background work.
 * `detail` is a string or an object (stored as JSON); never put secrets in it.
 */
export async function audit(
  app: FastifyInstance,
  req: FastifyRequest | null,
  action: string,
  target = '',
  detail: string | Record<string, unknown> = '',
  actor?: { id: number; name: string },
): Promise<void> {
  try {
    const text = typeof detail === 'string' ? detail : JSON.stringify(detail);
    await app.ctx.db
      .insertInto('auditLogs')
      .values({
        createdAt: Date.now(),
        actorId: actor?.id ?? req?.user?.id ?? 0,
        actorName: (actor?.name ?? req?.user?.username ?? '').slice(0, 128),
        action: action.slice(0, 64),
        target: target.slice(0, 255),
        detail: text.slice(0, MAX_DETAIL),
        ip: (req?.ip ?? '').slice(0, 64),
      })
      .execute();
  } catch (e) {
    app.log.error({ err: e, action }, 'audit write failed');
  }
}

let lastSweep = 0;
/** Deletes audit rows older than the retention setting (at most once an hour per process). */
export async function sweepAuditLog(app: FastifyInstance, now = Date.now()): Promise<number> {
  const days = app.ctx.settings.getInt('folio.audit.retention-days', 180);
  const r = await app.ctx.db
    .deleteFrom('auditLogs')
    .where('createdAt', '<', now - days * 86_400_000)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

registerPeriodic(async (app) => {
  const now = Date.now();
  if (now - lastSweep < 3_600_000) return;
  lastSweep = now;
  await sweepAuditLog(app, now);
});
