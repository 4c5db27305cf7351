/**
 * Compose projects: rules of managing them (projects, picked docs and own folders, common params, extra
 * pages). Declared authorisation has found the project (or row, or page) and its space; nothing here reads
 * HTTP. The anonymous reads of /show/{publicId} are in compose-public.service.ts.
 */
import {
  type ComposeCreated,
  type ComposeDocList,
  type ComposeDocUpdateInput,
  type ComposePage,
  type ComposePageInput,
  type ComposeParamsSaveInput,
  type ComposeProject,
  type ComposeProjectInput,
  ComposeType,
  INITIAL_ORDER_INDEX,
  ParamOwner,
  ParamStyle,
} from '@folio/shared';
import type { AppContext } from '../../context.js';
import { inTx } from '../../db/database.js';
import { decrypt, encrypt, randomPassword, randomToken } from '../../lib/crypto.js';
import { badRequest, type FieldError, notFound, validation } from '../../lib/errors.js';
import { flag } from '../../lib/schemas.js';
import { type Memberships, projectRole } from '../../permissions/authorize.js';
import { defineResource } from '../../permissions/declared.js';
import type { SessionUser } from '../../plugins/auth.js';
import { type ParamSet, replaceParams } from '../docs/doc-params.js';
import { toParamInputs } from '../docs/param-input.js';
import { loadCommonParams } from '../shares/view-doc.js';
import * as repo from './compose.repo.js';
import { composeMenu, loadComposeScope } from './compose-view.js';

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'ids' | 'installKey'>;

// A compose project, its rows and its pages are managed with the role of the project's space.
defineResource('composeProject', async (ctx, id) => {
  const p = await repo.findProject(ctx.db, id);
  return p && { kind: 'space', id: p.spaceId };
});
defineResource('composeDoc', async (ctx, id) => {
  const r = await repo.composeDocPlace(ctx.db, id);
  return r && { kind: 'space', id: r.spaceId };
});
defineResource('composePage', async (ctx, id) => {
  const r = await repo.pagePlace(ctx.db, id);
  return r && { kind: 'space', id: r.spaceId };
});

const present = (ctx: Ctx, p: repo.ComposeProjectRow): ComposeProject => ({
  id: ctx.ids.encode(p.id),
  publicId: p.publicId,
  url: `/show/${p.publicId}`,
  spaceId: ctx.ids.encode(p.spaceId),
  name: p.name,
  description: p.description,
  type: p.type,
  isEncrypt: p.type === ComposeType.ENCRYPT ? 1 : 0,
  status: p.status,
  showDebug: p.showDebug,
  gatewayUrl: p.gatewayUrl,
  orderIndex: p.orderIndex,
  creatorName: p.creatorName,
  gmtCreate: p.createdAt,
  gmtModified: p.updatedAt,
});

/** The live project of a row id (after declared authorisation found it). */
async function loadProject(ctx: Ctx, id: number): Promise<repo.ComposeProjectRow> {
  const p = await repo.findProject(ctx.db, id);
  if (!p) throw notFound('compose project');
  return p;
}

/** The stored password box: '' for a public project; a typed password, the current one, or a new random one. */
function passwordFor(ctx: Ctx, b: ComposeProjectInput, current = ''): string {
  if (b.type !== ComposeType.ENCRYPT) return '';
  const typed = b.password?.trim();
  if (typed) return encrypt(ctx.installKey, typed);
  return current || encrypt(ctx.installKey, randomPassword(8));
}

const gateway = (url: string) => url.trim().replace(/\/+$/, '');

// ---------- projects ----------
/** The live compose projects of a space. */
export async function listProjects(ctx: Ctx, spaceId: number): Promise<ComposeProject[]> {
  return (await repo.listProjects(ctx.db, spaceId)).map((p) => present(ctx, p));
}

/** One compose project. */
export async function projectInfo(ctx: Ctx, id: number): Promise<ComposeProject> {
  return present(ctx, await loadProject(ctx, id));
}

/** Creates a compose project in a composed space; returns its ids and link. */
export async function addProject(ctx: Ctx, user: SessionUser, spaceId: number, b: ComposeProjectInput): Promise<ComposeCreated> {
  if (!(await repo.isComposeSpace(ctx.db, spaceId))) throw badRequest('error.not_compose_space');
  const now = Date.now();
  const publicId = randomToken(16);
  const id = await repo.insertProject(ctx.db, ctx.dialect, {
    publicId,
    spaceId,
    name: b.name.trim(),
    description: (b.description ?? '').trim(),
    type: b.type,
    passwordEnc: passwordFor(ctx, b),
    status: flag(b.status ?? 1),
    showDebug: flag(b.showDebug ?? 0),
    gatewayUrl: gateway(b.gatewayUrl ?? ''),
    orderIndex: b.orderIndex ?? 0,
    creatorId: user.id,
    creatorName: user.nickname,
    createdAt: now,
    updatedAt: now,
  });
  return { id: ctx.ids.encode(id), publicId, url: `/show/${publicId}` };
}

/** Replaces a compose project's settings (absent optional fields are kept; an empty password keeps the current one). */
export async function updateProject(ctx: Ctx, id: number, b: ComposeProjectInput): Promise<void> {
  const p = await loadProject(ctx, id);
  await repo.updateProject(ctx.db, p.id, {
    name: b.name.trim(),
    description: (b.description ?? p.description).trim(),
    type: b.type,
    passwordEnc: passwordFor(ctx, b, p.type === ComposeType.ENCRYPT ? p.passwordEnc : ''),
    status: b.status === undefined ? p.status : flag(b.status),
    showDebug: b.showDebug === undefined ? p.showDebug : flag(b.showDebug),
    gatewayUrl: gateway(b.gatewayUrl ?? p.gatewayUrl),
    orderIndex: b.orderIndex ?? p.orderIndex,
    updatedAt: Date.now(),
  });
}

/** Turns a compose view on (1) or off (0). */
export async function setProjectStatus(ctx: Ctx, id: number, status: 0 | 1): Promise<void> {
  await repo.updateProject(ctx.db, id, { status, updatedAt: Date.now() });
}

/** Deletes a compose project with its rows, pages and common params (one transaction). */
export async function deleteProject(ctx: Ctx, id: number): Promise<void> {
  await inTx(ctx.db, (tx) => repo.deleteProject(tx, id, Date.now()));
}

/** The password of an encrypted project, for managers to copy it again ('' for a public one). */
export async function projectPassword(ctx: Ctx, id: number): Promise<string> {
  const p = await loadProject(ctx, id);
  return p.type === ComposeType.ENCRYPT ? decrypt(ctx.installKey, p.passwordEnc) : '';
}

// ---------- picked docs and own folders ----------
/** A project's rows (with what each references) and the menu they make. */
export async function listDocs(ctx: Ctx, projectId: number): Promise<ComposeDocList> {
  const { ids } = ctx;
  const scope = await loadComposeScope(ctx.db, projectId);
  return {
    rows: scope.rows.map((r) => {
      const d = scope.docs.get(r.docId);
      return {
        id: ids.encode(r.id),
        parentId: r.parentId ? ids.encode(r.parentId) : '',
        docId: r.docId ? ids.encode(r.docId) : '',
        isFolder: r.isFolder,
        folderName: r.folderName,
        name: r.isFolder && !r.docId ? r.folderName : (d?.name ?? ''),
        url: d?.url ?? '',
        httpMethod: d?.httpMethod ?? '',
        origin: r.origin,
        orderIndex: r.orderIndex,
        missing: r.docId > 0 && !d,
      };
    }),
    tree: composeMenu(ctx, scope),
  };
}

/** The row id of an own folder of the project to put rows in (0: the root); a missing or wrong one answers 404. */
async function targetFolder(ctx: Ctx, projectId: number, parent: string | undefined): Promise<number> {
  const parentId = parent ? ctx.ids.decode(parent, 'folder') : 0;
  if (!parentId) return 0;
  const row = await repo.findProjectRow(ctx.db, projectId, parentId);
  if (!row?.isFolder || row.docId) throw notFound('folder');
  return parentId;
}

/** Picks docs or folders the user can read into the project (ones already picked are skipped); returns how many were new. */
export async function addDocs(
  ctx: Ctx,
  user: SessionUser,
  m: Memberships,
  projectId: number,
  b: { parentId?: string; docIds: string[] },
): Promise<number> {
  const parentId = await targetFolder(ctx, projectId, b.parentId);
  const docIds = [...new Set(b.docIds.map((x) => ctx.ids.decode(x, 'doc')))];
  // The picker may only add docs its user can read.
  const found = await repo.liveDocsWithPlace(ctx.db, docIds);
  const readable = found.filter((d) => projectRole(user, m, { id: d.projectId, spaceId: d.spaceId, isPrivate: d.isPrivate }));
  if (readable.length !== docIds.length) throw notFound('doc');
  const existing = await repo.rowOrders(ctx.db, projectId);
  const have = new Set(existing.map((e) => e.docId));
  const order = existing.reduce((mx, e) => Math.max(mx, e.orderIndex), 0);
  const now = Date.now();
  const rows = readable
    .filter((d) => !have.has(d.id))
    .map((d, i) => ({
      projectId,
      docId: d.id,
      isFolder: d.isFolder,
      folderName: '',
      parentId,
      origin: `${d.spaceName}/${d.projectName}/${d.moduleName}`.slice(0, 255),
      orderIndex: order + (i + 1) * 10,
      creatorName: user.nickname,
      createdAt: now,
    }));
  await inTx(ctx.db, (tx) => repo.insertComposeDocs(tx, rows));
  return rows.length;
}

/** Adds an own folder to the project, last; returns its row id. */
export async function addFolder(ctx: Ctx, user: SessionUser, projectId: number, b: { parentId?: string; name: string }): Promise<number> {
  const parentId = b.parentId ? ctx.ids.decode(b.parentId, 'folder') : 0;
  return repo.insertComposeDoc(ctx.db, ctx.dialect, {
    projectId,
    docId: 0,
    isFolder: 1,
    folderName: b.name.trim(),
    parentId,
    origin: '',
    orderIndex: (await repo.maxRowOrder(ctx.db, projectId)) + 10,
    creatorName: user.nickname,
    createdAt: Date.now(),
  });
}

/** Renames, reorders or moves a row (absent fields are kept). */
export async function updateDoc(ctx: Ctx, id: number, b: ComposeDocUpdateInput): Promise<void> {
  const patch: { folderName?: string; orderIndex?: number; parentId?: number } = {};
  if (b.folderName !== undefined) patch.folderName = b.folderName.trim();
  if (b.orderIndex !== undefined) patch.orderIndex = b.orderIndex;
  if (b.parentId !== undefined) {
    const parentId = b.parentId ? ctx.ids.decode(b.parentId, 'folder') : 0;
    if (parentId === id) throw badRequest('error.move_into_self');
    patch.parentId = parentId;
  }
  if (Object.keys(patch).length) await repo.updateComposeDoc(ctx.db, id, patch);
}

/** Removes a row and every row below it. */
export async function deleteDoc(ctx: Ctx, id: number): Promise<void> {
  const row = await repo.findComposeDoc(ctx.db, id);
  if (!row) throw notFound('compose doc');
  const all = await repo.rowParents(ctx.db, row.projectId);
  const drop = new Set([row.id]);
  for (let changed = true; changed; ) {
    changed = false;
    for (const r of all) {
      if (!drop.has(r.id) && drop.has(r.parentId)) {
        drop.add(r.id);
        changed = true;
      }
    }
  }
  await repo.deleteComposeDocs(ctx.db, [...drop]);
}

// ---------- common params ----------
/** The project's common headers, params, returns and error codes. */
export function commonParams(ctx: Ctx, projectId: number) {
  return loadCommonParams(ctx, ctx.db, ParamOwner.COMPOSE, projectId);
}

/** Replaces the given common lists of the project (absent lists are kept), in one transaction. */
export async function saveCommonParams(ctx: Ctx, projectId: number, b: Omit<ComposeParamsSaveInput, 'projectId'>): Promise<void> {
  const errors: FieldError[] = [];
  const opts = { ids: ctx.ids, initOrder: INITIAL_ORDER_INDEX, checkName: true };
  const sets: ParamSet[] = [];
  for (const [style, key] of [
    [ParamStyle.HEADER, 'globalHeaders'],
    [ParamStyle.REQUEST, 'globalParams'],
    [ParamStyle.RESPONSE, 'globalReturns'],
  ] as const) {
    if (b[key] === undefined) continue;
    sets.push({ ownerId: projectId, style, params: await toParamInputs(b[key], key, errors, opts) });
  }
  if (errors.length) throw validation(errors);
  await inTx(ctx.db, (tx) => replaceParams(tx, ParamOwner.COMPOSE, sets));
}

// ---------- extra pages ----------
/** A project's extra pages. */
export async function listPages(ctx: Ctx, projectId: number): Promise<ComposePage[]> {
  const rows = await repo.listPages(ctx.db, projectId);
  return rows.map((r) => ({ id: ctx.ids.encode(r.id), title: r.title, content: r.content, orderIndex: r.orderIndex, status: r.status }));
}

/** Adds an extra page; returns its id. */
export async function addPage(ctx: Ctx, projectId: number, b: ComposePageInput): Promise<number> {
  const now = Date.now();
  return repo.insertPage(ctx.db, ctx.dialect, {
    projectId,
    title: b.title.trim(),
    content: b.content,
    orderIndex: b.orderIndex ?? 0,
    status: flag(b.status ?? 1),
    createdAt: now,
    updatedAt: now,
  });
}

/** Replaces an extra page (absent order and status are kept). */
export async function updatePage(ctx: Ctx, id: number, b: ComposePageInput): Promise<void> {
  const row = await repo.findPage(ctx.db, id);
  if (!row) throw notFound('page');
  await repo.updatePage(ctx.db, id, {
    title: b.title.trim(),
    content: b.content,
    orderIndex: b.orderIndex ?? row.orderIndex,
    status: b.status === undefined ? row.status : flag(b.status),
    updatedAt: Date.now(),
  });
}

/** Deletes an extra page. */
export async function deletePage(ctx: Ctx, id: number): Promise<void> {
  await repo.deletePage(ctx.db, id);
}
