/**
 * Shares of an application: management (list/add/update/delete/disable/enable, password copy) and the
 * anonymous reads of /share/{publicId} (get, menu, checkPassword, doc). Every anonymous call re-checks
 * state (deleted, disabled, expired), the password grant and the doc's place in the share's scope.
 */

import type { PublicSearchQuery } from '@folio/shared';
import { ShareType } from '@folio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { Type } from 'typebox';
import { insertId, insertMany, inTx } from '../../db/database.js';
import type { SharesTable } from '../../db/types.js';
import { decrypt, encrypt, md5, randomPassword, randomToken, safeEqual } from '../../lib/crypto.js';
import { AppError, notFound } from '../../lib/errors.js';
import { RateLimiter } from '../../lib/rate-limit.js';
import { Flag, flag, IdString, MAX_EPOCH_MS } from '../../lib/schemas.js';
import { authorizeModule } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull } from '../../plugins/envelope.js';
import { AuditAction, audit } from '../admin/audit.js';
import { modulesRevision, sendRevision } from '../live/revision.js';
import { publicSearchSchema, searchExposed } from '../search/search.routes.js';
import { grantOf, passwordFingerprint, readGrant, signGrant } from './share-grant.js';
import { isDocInScope, loadShareScope, shareMenu } from './share-scope.js';
import { loadViewDoc } from './view-doc.js';

type ShareRow = Selectable<SharesTable>;

/** Checks of a password: per share and address. */
/** Wrong passwords per share/compose project and address: 10 in 5 minutes, counted in the database. */
const passwordLimiter = new RateLimiter('share-password', 10, 5 * 60_000);

export const shareExpired = () => new AppError(410, 'share_expired', 'error.share_expired');
export const shareDisabled = () => new AppError(410, 'share_disabled', 'error.share_disabled');
export const passwordRequired = () => new AppError(403, 'share_password_required', 'error.share_password_required');
export const passwordWrong = () => new AppError(403, 'share_password_wrong', 'error.share_password_wrong');

const PublicId = Type.String({ minLength: 1, maxLength: 64 });
const ContentItem = Type.Object({ docId: IdString, isShareFolder: Type.Optional(Flag) });
const ShareBody = {
  type: Type.Union([Type.Literal(1), Type.Literal(2)]),
  /** Typed password for an encrypted share; generated (8 chars) when absent. */
  password: Type.Optional(Type.String({ maxLength: 64 })),
  /** Epoch ms after which the link stops working; null or absent = never. */
  expiresAt: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: MAX_EPOCH_MS })])),
  remark: Type.Optional(Type.String({ maxLength: 500 })),
  isAll: Type.Optional(Flag),
  contents: Type.Optional(Type.Array(ContentItem, { maxItems: 20_000 })),
  allowDebug: Type.Optional(Flag),
  isAllSelectedDebug: Type.Optional(Flag),
  environmentIds: Type.Optional(Type.Array(IdString, { maxItems: 200 })),
};

interface ShareInput {
  type: 1 | 2;
  password?: string;
  expiresAt?: number | null;
  remark?: string;
  isAll?: number | boolean;
  contents?: { docId: string; isShareFolder?: number | boolean }[];
  allowDebug?: number | boolean;
  isAllSelectedDebug?: number | boolean;
  environmentIds?: string[];
}

export async function sharesRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect, ids, installKey, grantKey } = app.ctx;

  const loadShare = async (id: number) => {
    const s = await db.selectFrom('shares').selectAll().where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
    if (!s) throw notFound('share');
    return s as ShareRow;
  };

  /** Checks that picked docs and environments belong to the share's application. */
  const validateRefs = async (moduleId: number, b: ShareInput) => {
    const docIds = (b.contents ?? []).map((c) => ids.decode(c.docId, 'doc'));
    if (docIds.length) {
      const found = new Set<number>();
      for (let i = 0; i < docIds.length; i += 500) {
        const rows = await db
          .selectFrom('docs')
          .select('id')
          .where('moduleId', '=', moduleId)
          .where('isDeleted', '=', 0)
          .where('id', 'in', docIds.slice(i, i + 500))
          .execute();
        for (const r of rows) found.add(r.id);
      }
      if (docIds.some((d) => !found.has(d))) throw notFound('doc');
    }
    const envIds = (b.environmentIds ?? []).map((e) => ids.decode(e, 'environment'));
    if (envIds.length) {
      const rows = await db
        .selectFrom('moduleEnvironments')
        .select('id')
        .where('moduleId', '=', moduleId)
        .where('id', 'in', envIds)
        .execute();
      if (rows.length !== new Set(envIds).size) throw notFound('environment');
    }
    return { docIds, envIds };
  };

  const writeRefs = async (
    tx: Parameters<Parameters<typeof inTx>[1]>[0],
    shareId: number,
    b: ShareInput,
    refs: { docIds: number[]; envIds: number[] },
  ) => {
    await tx.deleteFrom('shareContents').where('shareId', '=', shareId).execute();
    await tx.deleteFrom('shareEnvironments').where('shareId', '=', shareId).execute();
    if (!flag(b.isAll ?? 0)) {
      await insertMany(
        tx,
        'shareContents',
        (b.contents ?? []).map((c, i) => ({ shareId, docId: refs.docIds[i], parentId: 0, isShareFolder: flag(c.isShareFolder ?? 0) })),
      );
    }
    await insertMany(
      tx,
      'shareEnvironments',
      [...new Set(refs.envIds)].map((environmentId) => ({ shareId, environmentId })),
    );
  };

  const passwordFor = (b: ShareInput, current = '') => {
    if (b.type !== ShareType.ENCRYPT) return '';
    const typed = b.password?.trim();
    if (typed) return encrypt(installKey, typed);
    return current || encrypt(installKey, randomPassword(8));
  };

  // ---------- management ----------
  app.get('/share/list', { schema: { tags: ['share'], querystring: Type.Object({ moduleId: IdString }) } }, async (req) => {
    const moduleId = ids.decode((req.query as { moduleId: string }).moduleId, 'module');
    await authorizeModule(req, moduleId, 'share.manage');
    const rows = (await db
      .selectFrom('shares')
      .selectAll()
      .where('moduleId', '=', moduleId)
      .where('isDeleted', '=', 0)
      .orderBy('id', 'desc')
      .execute()) as ShareRow[];
    const shareIds = rows.map((r) => r.id);
    const contents = shareIds.length
      ? await db.selectFrom('shareContents').select(['shareId', 'docId', 'isShareFolder']).where('shareId', 'in', shareIds).execute()
      : [];
    const envs = shareIds.length
      ? await db.selectFrom('shareEnvironments').select(['shareId', 'environmentId']).where('shareId', 'in', shareIds).execute()
      : [];
    const now = Date.now();
    return ok(
      rows.map((s) => ({
        id: ids.encode(s.id),
        publicId: s.publicId,
        url: `/share/${s.publicId}`,
        // A share migrated from Torna answers under Torna's id: the hash of its row id, which anyone can compute.
        guessable: s.publicId === ids.encode(s.id),
        moduleId: ids.encode(s.moduleId),
        type: s.type,
        status: s.status,
        expiresAt: s.expiresAt,
        expired: s.expiresAt != null && s.expiresAt <= now,
        remark: s.remark,
        isAll: s.isAll,
        allowDebug: s.allowDebug,
        isAllSelectedDebug: s.isAllSelectedDebug,
        creatorName: s.creatorName,
        gmtCreate: s.createdAt,
        gmtModified: s.updatedAt,
        contents: contents.filter((c) => c.shareId === s.id).map((c) => ({ docId: ids.encode(c.docId), isShareFolder: c.isShareFolder })),
        environmentIds: envs.filter((e) => e.shareId === s.id).map((e) => ids.encode(e.environmentId)),
      })),
    );
  });

  app.post('/share/add', { schema: { tags: ['share'], body: Type.Object({ moduleId: IdString, ...ShareBody }) } }, async (req) => {
    const u = requireUser(req);
    const b = req.body as ShareInput & { moduleId: string };
    const moduleId = ids.decode(b.moduleId, 'module');
    await authorizeModule(req, moduleId, 'share.manage');
    const refs = await validateRefs(moduleId, b);
    const now = Date.now();
    const publicId = randomToken(16);
    const id = await inTx(db, async (tx) => {
      const id = await insertId(tx, dialect, 'shares', {
        publicId,
        moduleId,
        type: b.type,
        passwordEnc: passwordFor(b),
        expiresAt: b.expiresAt || null,
        status: 1,
        isAll: flag(b.isAll ?? 0),
        remark: (b.remark ?? '').trim(),
        allowDebug: flag(b.allowDebug ?? 0),
        isAllSelectedDebug: flag(b.isAllSelectedDebug ?? 1),
        creatorId: u.id,
        creatorName: u.nickname,
        createdAt: now,
        updatedAt: now,
      });
      await writeRefs(tx, id, b, refs);
      return id;
    });
    await audit(app, req, AuditAction.SHARE_CREATE, `share:${ids.encode(id)}`, { moduleId: b.moduleId, type: b.type });
    return ok({ id: ids.encode(id), publicId, url: `/share/${publicId}` });
  });

  app.post(
    '/share/update',
    { schema: { tags: ['share'], body: Type.Object({ id: IdString, ...ShareBody }), response: okNull } },
    async (req) => {
      const b = req.body as ShareInput & { id: string };
      const s = await loadShare(ids.decode(b.id, 'share'));
      await authorizeModule(req, s.moduleId, 'share.manage');
      const refs = await validateRefs(s.moduleId, b);
      await inTx(db, async (tx) => {
        await tx
          .updateTable('shares')
          .set({
            type: b.type,
            passwordEnc: passwordFor(b, s.type === ShareType.ENCRYPT ? s.passwordEnc : ''),
            expiresAt: b.expiresAt || null,
            remark: (b.remark ?? '').trim(),
            isAll: flag(b.isAll ?? 0),
            allowDebug: flag(b.allowDebug ?? 0),
            isAllSelectedDebug: flag(b.isAllSelectedDebug ?? 1),
            updatedAt: Date.now(),
          })
          .where('id', '=', s.id)
          .execute();
        await writeRefs(tx, s.id, b, refs);
      });
      return ok(null);
    },
  );

  const setStatus = (path: string, status: number) =>
    app.post(path, { schema: { tags: ['share'], body: Type.Object({ id: IdString }), response: okNull } }, async (req) => {
      const s = await loadShare(ids.decode((req.body as { id: string }).id, 'share'));
      await authorizeModule(req, s.moduleId, 'share.manage');
      await db.updateTable('shares').set({ status, updatedAt: Date.now() }).where('id', '=', s.id).execute();
      return ok(null);
    });
  setStatus('/share/disable', 0);
  setStatus('/share/enable', 1);

  /** A new random public id: the old link (a guessable Torna id, or one that leaked) stops working. */
  app.post('/share/rotate', { schema: { tags: ['share'], body: Type.Object({ id: IdString }) } }, async (req) => {
    const s = await loadShare(ids.decode((req.body as { id: string }).id, 'share'));
    await authorizeModule(req, s.moduleId, 'share.manage');
    const publicId = randomToken(16);
    await db.updateTable('shares').set({ publicId, updatedAt: Date.now() }).where('id', '=', s.id).execute();
    await audit(app, req, AuditAction.SHARE_ROTATE, `share:${ids.encode(s.id)}`);
    return ok({ publicId, url: `/share/${publicId}` });
  });

  app.post('/share/delete', { schema: { tags: ['share'], body: Type.Object({ id: IdString }), response: okNull } }, async (req) => {
    const s = await loadShare(ids.decode((req.body as { id: string }).id, 'share'));
    await authorizeModule(req, s.moduleId, 'share.manage');
    await inTx(db, async (tx) => {
      await tx.updateTable('shares').set({ isDeleted: 1, status: 0, updatedAt: Date.now() }).where('id', '=', s.id).execute();
      await tx.deleteFrom('shareContents').where('shareId', '=', s.id).execute();
      await tx.deleteFrom('shareEnvironments').where('shareId', '=', s.id).execute();
    });
    await audit(app, req, AuditAction.SHARE_DELETE, `share:${ids.encode(s.id)}`);
    return ok(null);
  });

  /** The password of an encrypted share, for admins to copy it again. */
  app.get('/share/password', { schema: { tags: ['share'], querystring: Type.Object({ id: IdString }) } }, async (req) => {
    const s = await loadShare(ids.decode((req.query as { id: string }).id, 'share'));
    await authorizeModule(req, s.moduleId, 'share.manage');
    return ok({ password: s.type === ShareType.ENCRYPT ? decrypt(installKey, s.passwordEnc) : '' });
  });

  // ---------- anonymous reads ----------
  /** The live share of a public id; throws when missing, deleted, disabled or expired. */
  const activeShare = async (publicId: string) => {
    // A share of a deleted application (or project) is gone with it.
    const s = (await db
      .selectFrom('shares as s')
      .innerJoin('modules as m', 'm.id', 's.moduleId')
      .innerJoin('projects as p', 'p.id', 'm.projectId')
      .selectAll('s')
      .where('s.publicId', '=', publicId)
      .where('s.isDeleted', '=', 0)
      .where('m.isDeleted', '=', 0)
      .where('p.isDeleted', '=', 0)
      .executeTakeFirst()) as ShareRow | undefined;
    if (!s) throw notFound('share');
    if (s.status !== 1) throw shareDisabled();
    if (s.expiresAt != null && s.expiresAt <= Date.now()) throw shareExpired();
    return s;
  };
  /** Encrypted shares need a valid grant for this share and its current password. */
  const requireAccess = (req: FastifyRequest, s: ShareRow) => {
    if (s.type !== ShareType.ENCRYPT) return;
    const g = readGrant(grantKey, grantOf(req));
    if (!g || g.kind !== 'share' || g.id !== s.id) throw passwordRequired();
    if (!safeEqual(g.fp, passwordFingerprint(s.type, s.passwordEnc))) throw passwordRequired();
  };
  const publicQuery = { tags: ['share'], querystring: Type.Object({ id: PublicId }) };

  app.get('/share/get', { config: { auth: 'public' }, schema: publicQuery }, async (req) => {
    const s = await activeShare((req.query as { id: string }).id);
    const m = await db.selectFrom('modules').select(['name', 'projectId']).where('id', '=', s.moduleId).executeTakeFirst();
    const envs = s.allowDebug
      ? await db
          .selectFrom('shareEnvironments as se')
          .innerJoin('moduleEnvironments as e', 'e.id', 'se.environmentId')
          .select(['e.id', 'e.name', 'e.url'])
          .where('se.shareId', '=', s.id)
          .orderBy('e.orderIndex')
          .execute()
      : [];
    return ok({
      id: s.publicId,
      type: s.type,
      moduleName: m?.name ?? '',
      remark: s.remark,
      isAll: s.isAll,
      expiresAt: s.expiresAt,
      allowDebug: s.allowDebug,
      environments: envs.map((e) => ({ id: ids.encode(e.id), name: e.name, url: e.url })),
      needPassword: s.type === ShareType.ENCRYPT,
      // Public shares get their grant right away (the debug proxy takes grants only).
      grant: s.type === ShareType.ENCRYPT ? '' : signGrant(grantKey, 'share', s.id, passwordFingerprint(s.type, s.passwordEnc)),
    });
  });

  app.post(
    '/share/checkPassword',
    {
      config: { auth: 'public' },
      schema: { tags: ['share'], body: Type.Object({ id: PublicId, password: Type.String({ minLength: 1, maxLength: 128 }) }) },
    },
    async (req) => {
      const b = req.body as { id: string; password: string };
      const s = await activeShare(b.id);
      const fp = passwordFingerprint(s.type, s.passwordEnc);
      if (s.type !== ShareType.ENCRYPT) return ok({ grant: signGrant(grantKey, 'share', s.id, fp) });
      await passwordLimiter.hit(app.ctx.db, app.ctx.dialect, `share:${s.id}|${req.ip}`);
      // Torna's viewer sends md5(trimmed password).
      if (!safeEqual(md5(decrypt(installKey, s.passwordEnc)), b.password.trim().toLowerCase())) throw passwordWrong();
      await passwordLimiter.reset(app.ctx.db, `share:${s.id}|${req.ip}`);
      return ok({ grant: signGrant(grantKey, 'share', s.id, fp) });
    },
  );

  app.get('/share/menu', { config: { auth: 'public' }, schema: publicQuery }, async (req) => {
    const s = await activeShare((req.query as { id: string }).id);
    requireAccess(req, s);
    const scope = await loadShareScope(db, s);
    return ok(shareMenu(app.ctx, scope, s.moduleId));
  });

  // Live docs: the share's revision (its application's docs and the share's own settings), polled by open pages.
  app.get('/share/revision', { config: { auth: 'public' }, schema: publicQuery }, async (req, reply) => {
    const s = await activeShare((req.query as { id: string }).id);
    requireAccess(req, s);
    return sendRevision(req, reply, await modulesRevision(db, [s.moduleId], `s${s.id}:${s.updatedAt}`));
  });

  app.get('/share/search', { config: { auth: 'public' }, schema: publicSearchSchema('share', 'id') }, async (req) => {
    const q = req.query as PublicSearchQuery;
    const s = await activeShare(q.id);
    requireAccess(req, s);
    const scope = await loadShareScope(db, s);
    return ok(
      await searchExposed(
        app,
        scope.rows.filter((r) => !r.isFolder && scope.visible.has(r.id)).map((r) => r.id),
        q,
      ),
    );
  });

  app.get(
    '/share/doc',
    { config: { auth: 'public' }, schema: { tags: ['share'], querystring: Type.Object({ id: PublicId, docId: IdString }) } },
    async (req) => {
      const q = req.query as { id: string; docId: string };
      const s = await activeShare(q.id);
      requireAccess(req, s);
      const docId = ids.decode(q.docId, 'doc');
      const scope = await loadShareScope(db, s);
      if (!isDocInScope(scope, docId)) throw notFound('doc');
      return ok(await loadViewDoc(app.ctx, docId));
    },
  );
}
