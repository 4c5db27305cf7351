/**
 * Shares: the rules behind the management calls (refs in the share's application, passwords encrypted at
 * rest, one transaction per write) and the anonymous reads (state, password grant, scope re-checked on
 * every call). No HTTP types: routes decode and authorise, then call these.
 */
import {
  type ShareCreated,
  type ShareGrant,
  type ShareInfo,
  type ShareInput,
  type ShareItem,
  type ShareLink,
  ShareType,
} from '@folio/shared';
import type { AppContext } from '../../context.js';
import { inTx } from '../../db/database.js';
import { decrypt, encrypt, md5, randomPassword, randomToken, safeEqual } from '../../lib/crypto.js';
import { AppError, notFound } from '../../lib/errors.js';
import { RateLimiter } from '../../lib/rate-limit.js';
import { flag } from '../../lib/schemas.js';
import { defineResource } from '../../permissions/declared.js';
import { modulesRevision } from '../live/revision.js';
import { passwordFingerprint, readGrant, signGrant } from './share-grant.js';
import { isDocShared, loadShareScope, type ShareScope, shareMenu } from './share-scope.js';
import * as repo from './shares.repo.js';
import { loadViewDoc, type ViewDoc } from './view-doc.js';

export const shareExpired = () => new AppError(410, 'share_expired', 'error.share_expired');
export const shareDisabled = () => new AppError(410, 'share_disabled', 'error.share_disabled');
export const passwordRequired = () => new AppError(403, 'share_password_required', 'error.share_password_required');
export const passwordWrong = () => new AppError(403, 'share_password_wrong', 'error.share_password_wrong');

/** Wrong passwords per share/compose project and address: 10 in 5 minutes, counted in the database. */
const passwordLimiter = new RateLimiter('share-password', 10, 5 * 60_000);

// A share is managed with the role of the application it belongs to.
defineResource('share', async (ctx, id) => {
  const s = await repo.findShare(ctx.db, id);
  return s && { kind: 'module', id: s.moduleId };
});

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'ids' | 'installKey' | 'grantKey'>;

/** The live share of a row id (after declared authorisation found it). */
async function loadShare(ctx: Ctx, id: number): Promise<repo.ShareRow> {
  const s = await repo.findShare(ctx.db, id);
  if (!s) throw notFound('share');
  return s;
}

/** Checks that picked docs and environments belong to the share's application; returns them decoded. */
async function decodeRefs(ctx: Ctx, moduleId: number, b: ShareInput) {
  const contents = (b.contents ?? []).map((c) => ({ docId: ctx.ids.decode(c.docId, 'doc'), isShareFolder: flag(c.isShareFolder ?? 0) }));
  if (contents.length) {
    const found = await repo.liveDocIdsIn(
      ctx.db,
      moduleId,
      contents.map((c) => c.docId),
    );
    if (contents.some((c) => !found.has(c.docId))) throw notFound('doc');
  }
  const envIds = [...new Set((b.environmentIds ?? []).map((e) => ctx.ids.decode(e, 'environment')))];
  if (envIds.length && (await repo.countEnvironmentsIn(ctx.db, moduleId, envIds)) !== envIds.length) throw notFound('environment');
  return { contents: flag(b.isAll ?? 0) ? [] : contents, envIds };
}

/** The columns a share's input writes; an encrypted share keeps its password unless a new one is typed. */
function columnsOf(ctx: Ctx, b: ShareInput, currentPasswordEnc = ''): repo.ShareWrite {
  let passwordEnc = '';
  if (b.type === ShareType.ENCRYPT) {
    const typed = b.password?.trim();
    passwordEnc = typed ? encrypt(ctx.installKey, typed) : currentPasswordEnc || encrypt(ctx.installKey, randomPassword(8));
  }
  return {
    type: b.type,
    passwordEnc,
    expiresAt: b.expiresAt || null,
    remark: (b.remark ?? '').trim(),
    isAll: flag(b.isAll ?? 0),
    allowDebug: flag(b.allowDebug ?? 0),
    isAllSelectedDebug: flag(b.isAllSelectedDebug ?? 1),
  };
}

/** The shares of an application, as the management list shows them. */
export async function listShares(ctx: Ctx, moduleId: number): Promise<ShareItem[]> {
  const { ids } = ctx;
  const { rows, contents, envs } = await repo.listShares(ctx.db, moduleId);
  const now = Date.now();
  return rows.map((s) => ({
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
  }));
}

/** Adds a share to an application (one transaction); returns its ids and link. */
export async function addShare(
  ctx: Ctx,
  user: { id: number; nickname: string },
  moduleId: number,
  b: ShareInput,
): Promise<ShareCreated & { rowId: number }> {
  const refs = await decodeRefs(ctx, moduleId, b);
  const publicId = randomToken(16);
  const rowId = await inTx(ctx.db, async (tx) => {
    const id = await repo.insertShare(tx, ctx.dialect, {
      ...columnsOf(ctx, b),
      publicId,
      moduleId,
      creatorId: user.id,
      creatorName: user.nickname,
      now: Date.now(),
    });
    await repo.replaceShareRefs(tx, id, refs.contents, refs.envIds);
    return id;
  });
  return { rowId, id: ctx.ids.encode(rowId), publicId, url: `/share/${publicId}` };
}

/** Replaces a share's settings, picked docs and environments (one transaction). */
export async function updateShare(ctx: Ctx, id: number, b: ShareInput): Promise<void> {
  const s = await loadShare(ctx, id);
  const refs = await decodeRefs(ctx, s.moduleId, b);
  await inTx(ctx.db, async (tx) => {
    await repo.updateShare(tx, s.id, columnsOf(ctx, b, s.type === ShareType.ENCRYPT ? s.passwordEnc : ''));
    await repo.replaceShareRefs(tx, s.id, refs.contents, refs.envIds);
  });
}

/** Turns a share's link on (1) or off (0). */
export async function setShareStatus(ctx: Ctx, id: number, status: 0 | 1): Promise<void> {
  await repo.setShareColumns(ctx.db, id, { status });
}

/** Gives a share a new random public id: the old link (a guessable Torna id, or one that leaked) stops working. */
export async function rotateShare(ctx: Ctx, id: number): Promise<ShareLink> {
  const publicId = randomToken(16);
  await repo.setShareColumns(ctx.db, id, { publicId });
  return { publicId, url: `/share/${publicId}` };
}

/** Deletes a share (its link stops working at once). */
export async function deleteShare(ctx: Ctx, id: number): Promise<void> {
  await inTx(ctx.db, (tx) => repo.deleteShare(tx, id));
}

/** The password of an encrypted share, for admins to copy it again ('' for a public share). */
export async function sharePassword(ctx: Ctx, id: number): Promise<string> {
  const s = await loadShare(ctx, id);
  return s.type === ShareType.ENCRYPT ? decrypt(ctx.installKey, s.passwordEnc) : '';
}

// ---------- anonymous reads ----------

/** The live share of a public id; throws when missing, deleted, disabled or expired (or its application is gone). */
export async function activeShare(ctx: Ctx, publicId: string): Promise<repo.ShareRow> {
  const s = await repo.findLiveShareByPublicId(ctx.db, publicId);
  if (!s) throw notFound('share');
  if (s.status !== 1) throw shareDisabled();
  if (s.expiresAt != null && s.expiresAt <= Date.now()) throw shareExpired();
  return s;
}

/** Encrypted shares need a valid grant for this share and its current password. */
function requireAccess(ctx: Ctx, s: repo.ShareRow, grant: string | undefined): void {
  if (s.type !== ShareType.ENCRYPT) return;
  const g = readGrant(ctx.grantKey, grant);
  if (g?.kind !== 'share' || g.id !== s.id) throw passwordRequired();
  if (!safeEqual(g.fp, passwordFingerprint(s.type, s.passwordEnc))) throw passwordRequired();
}

/** A live share the visitor may read (holding `grant` when it is encrypted). */
export async function accessibleShare(ctx: Ctx, publicId: string, grant: string | undefined): Promise<repo.ShareRow> {
  const share = await activeShare(ctx, publicId);
  requireAccess(ctx, share, grant);
  return share;
}

/** A readable share and what it exposes, for a visitor holding `grant` (encrypted shares). */
export async function readableShare(
  ctx: Ctx,
  publicId: string,
  grant: string | undefined,
): Promise<{ share: repo.ShareRow; scope: ShareScope }> {
  const share = await accessibleShare(ctx, publicId, grant);
  return { share, scope: await loadShareScope(ctx.db, share) };
}

/** What a visitor needs before reading: name, remark, debug environments, whether a password is needed. */
export async function shareInfo(ctx: Ctx, publicId: string): Promise<ShareInfo> {
  const s = await activeShare(ctx, publicId);
  const [name, envs] = await Promise.all([repo.moduleName(ctx.db, s.moduleId), s.allowDebug ? repo.shareEnvironments(ctx.db, s.id) : []]);
  return {
    id: s.publicId,
    type: s.type,
    moduleName: name,
    remark: s.remark,
    isAll: s.isAll,
    expiresAt: s.expiresAt,
    allowDebug: s.allowDebug,
    environments: envs.map((e) => ({ id: ctx.ids.encode(e.id), name: e.name, url: e.url })),
    needPassword: s.type === ShareType.ENCRYPT,
    // Public shares get their grant right away (the debug proxy takes grants only).
    grant: s.type === ShareType.ENCRYPT ? '' : signGrant(ctx.grantKey, 'share', s.id, passwordFingerprint(s.type, s.passwordEnc)),
  };
}

/** Checks a visitor's password (md5 of the trimmed text, as Torna's viewer sends it); limited per share and address. */
export async function checkSharePassword(ctx: Ctx, publicId: string, password: string, ip: string): Promise<ShareGrant> {
  const s = await activeShare(ctx, publicId);
  const fp = passwordFingerprint(s.type, s.passwordEnc);
  if (s.type !== ShareType.ENCRYPT) return { grant: signGrant(ctx.grantKey, 'share', s.id, fp) };
  await passwordLimiter.hit(ctx.db, ctx.dialect, `share:${s.id}|${ip}`);
  if (!safeEqual(md5(decrypt(ctx.installKey, s.passwordEnc)), password.trim().toLowerCase())) throw passwordWrong();
  await passwordLimiter.reset(ctx.db, `share:${s.id}|${ip}`);
  return { grant: signGrant(ctx.grantKey, 'share', s.id, fp) };
}

/**
 * The share's menu as a tree answer (docs/tree-answers.ts), once the visitor's access is checked: its key, its
 * validator read from the database now (all the menu is made of: the application's tree revision, whether the
 * share exposes everything, its picked docs, the id codec) and how to build it.
 */
export async function shareMenuAnswer(ctx: Ctx, publicId: string, grant: string | undefined) {
  const share = await accessibleShare(ctx, publicId, grant);
  const [rev, contents] = await Promise.all([
    repo.treeRevision(ctx.db, share.moduleId),
    share.isAll ? [] : repo.shareContents(ctx.db, share.id),
  ]);
  return {
    key: `share:${share.id}`,
    validator: JSON.stringify([rev, share.isAll, contents.map((c) => [c.docId, c.isShareFolder]), ctx.ids.encode(1)]),
    build: async () => shareMenu(ctx, await loadShareScope(ctx.db, share), share.moduleId),
  };
}

/** The share's revision: its application's docs and the share's own settings (for live pages). */
export async function shareRevision(ctx: Ctx, publicId: string, grant: string | undefined): Promise<string> {
  const s = await accessibleShare(ctx, publicId, grant);
  return modulesRevision(ctx.db, [s.moduleId], `s${s.id}:${s.updatedAt}`);
}

/** The doc ids (not folders) the share exposes, for its search. */
export async function shareDocIds(ctx: Ctx, publicId: string, grant: string | undefined): Promise<number[]> {
  const { scope } = await readableShare(ctx, publicId, grant);
  return scope.rows.filter((r) => !r.isFolder && scope.visible.has(r.id)).map((r) => r.id);
}

/** One doc of the share, if the share exposes it. */
export async function readShareDoc(ctx: Ctx, publicId: string, docId: number, grant: string | undefined): Promise<ViewDoc> {
  const share = await accessibleShare(ctx, publicId, grant);
  if (!(await isDocShared(ctx.db, share, docId))) throw notFound('doc');
  return loadViewDoc(ctx, docId);
}
