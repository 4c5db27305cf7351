/**
 * Anonymous reads of compose views (/show/{publicId}): the project, its password check, menu, revision, docs
 * and extra pages. Every call re-checks the project's state and, for encrypted projects, the grant (the link
 * and the grant are the capability: a dynamic case, named in docs/ARCHITECTURE.md). No HTTP types.
 */
import { ComposeType, type ComposeView, type ComposeViewPage, ParamOwner, type TreeNode } from '@folio/shared';
import type { AppContext } from '../../context.js';
import { decrypt, md5, safeEqual } from '../../lib/crypto.js';
import { notFound } from '../../lib/errors.js';
import { RateLimiter } from '../../lib/rate-limit.js';
import { modulesRevision } from '../live/revision.js';
import { passwordFingerprint, readGrant, signGrant } from '../shares/share-grant.js';
import { passwordRequired, passwordWrong } from '../shares/shares.service.js';
import { loadViewDoc, type ViewDoc } from '../shares/view-doc.js';
import * as repo from './compose.repo.js';
import { composeMenu, loadComposeScope } from './compose-view.js';

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'ids' | 'installKey' | 'grantKey'>;

/** Wrong passwords per share/compose project and address: 10 in 5 minutes, counted in the database. */
const passwordLimiter = new RateLimiter('compose-password', 10, 5 * 60_000);

/** An enabled, live compose project; disabled ones answer as missing ('Document not found'). */
async function activeProject(ctx: Ctx, publicId: string): Promise<repo.ComposeProjectRow> {
  const p = await repo.findProjectByPublicId(ctx.db, publicId);
  if (p?.status !== 1) throw notFound('compose project');
  return p;
}

/** Whether the visitor may read the project: encrypted ones need a valid grant for it and its current password. */
function mayRead(ctx: Ctx, p: repo.ComposeProjectRow, grant: string | undefined): boolean {
  if (p.type !== ComposeType.ENCRYPT) return true;
  const g = readGrant(ctx.grantKey, grant);
  return g?.kind === 'compose' && g.id === p.id && safeEqual(g.fp, passwordFingerprint(p.type, p.passwordEnc));
}

/** Throws 'share_password_required' unless the visitor may read the project. */
function requireAccess(ctx: Ctx, p: repo.ComposeProjectRow, grant: string | undefined): void {
  if (!mayRead(ctx, p, grant)) throw passwordRequired();
}

/** A live, enabled project the visitor may read (holding `grant` when it is encrypted). */
export async function accessibleProject(ctx: Ctx, publicId: string, grant: string | undefined): Promise<repo.ComposeProjectRow> {
  const p = await activeProject(ctx, publicId);
  requireAccess(ctx, p, grant);
  return p;
}

/** What a visitor needs before reading: name, debug settings, the extra pages once readable, a public project's grant. */
export async function viewInfo(ctx: Ctx, publicId: string, grant: string | undefined): Promise<ComposeView> {
  const p = await activeProject(ctx, publicId);
  const encrypted = p.type === ComposeType.ENCRYPT;
  let pages: { id: string; title: string }[] = [];
  if (!encrypted || grant) {
    try {
      requireAccess(ctx, p, grant);
      const rows = await repo.shownPageTitles(ctx.db, p.id);
      pages = rows.map((r) => ({ id: ctx.ids.encode(r.id), title: r.title }));
    } catch {
      pages = [];
    }
  }
  return {
    id: p.publicId,
    name: p.name,
    description: encrypted ? '' : p.description,
    type: p.type,
    isEncrypt: encrypted ? 1 : 0,
    needPassword: encrypted,
    showDebug: p.showDebug,
    gatewayUrl: p.gatewayUrl,
    pages,
    grant: encrypted ? '' : signGrant(ctx.grantKey, 'compose', p.id, passwordFingerprint(p.type, p.passwordEnc)),
  };
}

/** Checks a visitor's password (md5 of the trimmed text); limited per project and address. Answers a grant. */
export async function checkPassword(ctx: Ctx, publicId: string, password: string, ip: string): Promise<{ grant: string }> {
  const p = await activeProject(ctx, publicId);
  const fp = passwordFingerprint(p.type, p.passwordEnc);
  if (p.type === ComposeType.ENCRYPT) {
    await passwordLimiter.hit(ctx.db, ctx.dialect, `compose:${p.id}|${ip}`);
    if (!safeEqual(md5(decrypt(ctx.installKey, p.passwordEnc)), password.trim().toLowerCase())) throw passwordWrong();
    await passwordLimiter.reset(ctx.db, `compose:${p.id}|${ip}`);
  }
  return { grant: signGrant(ctx.grantKey, 'compose', p.id, fp) };
}

/** The compose view's menu. */
export async function viewMenu(ctx: Ctx, publicId: string, grant: string | undefined): Promise<TreeNode[]> {
  const p = await accessibleProject(ctx, publicId, grant);
  return composeMenu(ctx, await loadComposeScope(ctx.db, p.id));
}

/** The compose view's revision: its rows and the docs of the applications they reach. */
export async function viewRevision(ctx: Ctx, publicId: string, grant: string | undefined): Promise<string> {
  return revisionOf(ctx, await accessibleProject(ctx, publicId, grant));
}

/**
 * The revision a page's first info, menu or doc was built from (read before it, for the page's poller); none while
 * the visitor may not read the project (an encrypted one without its grant: the answer itself says so, or asks).
 */
export async function readableRevision(ctx: Ctx, publicId: string, grant: string | undefined): Promise<string | undefined> {
  const p = await activeProject(ctx, publicId);
  return mayRead(ctx, p, grant) ? revisionOf(ctx, p) : undefined;
}

async function revisionOf(ctx: Ctx, p: repo.ComposeProjectRow): Promise<string> {
  const rows = await repo.revisionRows(ctx.db, p.id);
  const moduleIds = [...new Set(rows.flatMap((r) => (r.moduleId ? [r.moduleId] : [])))].sort((a, b) => a - b);
  return modulesRevision(ctx.db, moduleIds, `c${p.id}:${p.updatedAt}:${JSON.stringify(rows)}`);
}

/** The doc ids a compose view exposes (for its search). */
export async function viewDocIds(ctx: Ctx, publicId: string, grant: string | undefined): Promise<number[]> {
  const p = await accessibleProject(ctx, publicId, grant);
  return [...(await loadComposeScope(ctx.db, p.id)).docIds];
}

/** One doc of the view, if the view exposes it, with the project's common params. */
export async function viewDoc(ctx: Ctx, publicId: string, docIdText: string, grant: string | undefined): Promise<ViewDoc> {
  const p = await accessibleProject(ctx, publicId, grant);
  const docId = ctx.ids.decode(docIdText, 'doc');
  const scope = await loadComposeScope(ctx.db, p.id);
  if (!scope.docIds.has(docId)) throw notFound('doc');
  return loadViewDoc(ctx, docId, { ownerType: ParamOwner.COMPOSE, ownerId: p.id });
}

/** One shown extra page of the view. */
export async function viewPage(ctx: Ctx, publicId: string, pageIdText: string, grant: string | undefined): Promise<ComposeViewPage> {
  const p = await accessibleProject(ctx, publicId, grant);
  const row = await repo.findShownPage(ctx.db, p.id, ctx.ids.decode(pageIdText, 'page'));
  if (!row) throw notFound('page');
  return { id: ctx.ids.encode(row.id), title: row.title, content: row.content };
}
