/**
 * The trash: every delete a person makes (doc, folder, application, project, space) is recorded with who and
 * when and exactly what it took (lib-cascade's `Removed`). Restoring undoes that delete in place (same ids, so
 * history, shares, follows and old links come back); purging removes the rows for good. Items older than the
 * retention the super admin sets (default 30 days) are purged by the workers of any server (idempotent).
 */
import { DocType, ModifySource, ParamOwner, SubscribeType } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import type { Conn, Db, Tx } from '../../db/database.js';
import { insertId, inTx } from '../../db/database.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import { type DocChange, emitDocChanges } from '../doc-events.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { emptyRemoved, type MemberRow, type Removed, type SOFT_TABLES } from '../lib-cascade.js';
import { indexContainers, indexDocIds, indexModuleExtras } from '../search/search-index.js';
import { LARGE_WRITE, queueDocIndex } from '../search/search-jobs.js';

export type TrashKind = 'doc' | 'folder' | 'module' | 'project' | 'space';

export const RETENTION_KEY = 'trash.retentiondays';
export const DEFAULT_RETENTION_DAYS = 30;
const CHUNK = 500;

export interface TrashEntry {
  kind: TrashKind;
  targetId: number;
  spaceId: number;
  projectId?: number;
  moduleId?: number;
  name: string;
  path: string;
  removed: Removed;
}

/** Records a delete in the trash (inside the deleting transaction); returns the trash item's id. */
export async function recordTrash(app: FastifyInstance, tx: Tx, user: SessionUser, e: TrashEntry): Promise<number> {
  return insertId(tx, app.ctx.dialect, 'trashItems', {
    kind: e.kind,
    targetId: e.targetId,
    spaceId: e.spaceId,
    projectId: e.projectId ?? 0,
    moduleId: e.moduleId ?? 0,
    name: e.name.slice(0, 255),
    path: e.path.slice(0, 1024),
    itemCount: e.removed.docs.length,
    payload: JSON.stringify(e.removed),
    deletedBy: user.id,
    deletedByName: user.nickname,
    deletedAt: Date.now(),
  });
}

/** "Project › Application › folder › …" for a doc's place (the names as the user sees them). */
export async function placeOf(conn: Conn, where: { projectId: number; moduleId?: number; parentId?: number }): Promise<string> {
  const parts: string[] = [];
  const p = await conn.selectFrom('projects').select('name').where('id', '=', where.projectId).executeTakeFirst();
  if (p) parts.push(p.name);
  if (where.moduleId) {
    const m = await conn.selectFrom('modules').select('name').where('id', '=', where.moduleId).executeTakeFirst();
    if (m) parts.push(m.name);
  }
  const folders: string[] = [];
  let parentId = where.parentId ?? 0;
  for (let depth = 0; parentId && depth < 32; depth++) {
    const f = await conn.selectFrom('docs').select(['name', 'parentId']).where('id', '=', parentId).executeTakeFirst();
    if (!f) break;
    folders.unshift(f.name);
    parentId = f.parentId;
  }
  return [...parts, ...folders].join(' › ');
}

export function payloadOf(row: { payload: string }): Removed {
  try {
    return { ...emptyRemoved(), ...(JSON.parse(row.payload) as Partial<Removed>) };
  } catch {
    return emptyRemoved();
  }
}

/** The role a user had in a removed scope, from the memberships the delete stored. */
export function storedRole(members: MemberRow[], scopeId: number, userId: number): string | null {
  return members.find((m) => m.scopeId === scopeId && m.userId === userId)?.roleCode ?? null;
}

async function setLive(tx: Tx, table: (typeof SOFT_TABLES)[keyof typeof SOFT_TABLES], ids: number[], now: number): Promise<number> {
  let n = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const r = await tx
      .updateTable(table)
      .set({ isDeleted: 0, updatedAt: now } as never)
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .where('isDeleted', '=', 1)
      .executeTakeFirst();
    n += Number(r.numUpdatedRows ?? 0);
  }
  return n;
}

async function restoreMembers(tx: Tx, table: 'spaceMembers' | 'projectMembers', rows: MemberRow[]): Promise<void> {
  if (!rows.length) return;
  const col = table === 'spaceMembers' ? 'spaceId' : 'projectId';
  const scopes = [...new Set(rows.map((r) => r.scopeId))];
  const existing = await tx
    .selectFrom(table)
    .select([col, 'userId'] as never[])
    .where(col, 'in', scopes)
    .execute();
  const have = new Set((existing as unknown as Record<string, number>[]).map((r) => `${r[col]}:${r.userId}`));
  const fresh = rows.filter((r) => !have.has(`${r.scopeId}:${r.userId}`));
  for (let i = 0; i < fresh.length; i += CHUNK) {
    await tx
      .insertInto(table)
      .values(
        fresh
          .slice(i, i + CHUNK)
          .map((r) => ({ [col]: r.scopeId, userId: r.userId, roleCode: r.roleCode, createdAt: r.createdAt })) as never,
      )
      .execute();
  }
}

/** Throws a clear conflict when what the item lived in is itself deleted. */
async function requireLiveParent(tx: Tx, item: { kind: string; spaceId: number; projectId: number; moduleId: number }): Promise<void> {
  const space = await tx.selectFrom('spaces').select('isDeleted').where('id', '=', item.spaceId).executeTakeFirst();
  if (item.kind !== 'space' && (!space || space.isDeleted)) throw conflict('error.trash_parent_deleted_space', {}, 'trash_parent_deleted');
  if (item.kind === 'space' || item.kind === 'project') return;
  const project = await tx.selectFrom('projects').select('isDeleted').where('id', '=', item.projectId).executeTakeFirst();
  if (!project || project.isDeleted) throw conflict('error.trash_parent_deleted_project', {}, 'trash_parent_deleted');
  if (item.kind === 'module') return;
  const mod = await tx.selectFrom('modules').select('isDeleted').where('id', '=', item.moduleId).executeTakeFirst();
  if (!mod || mod.isDeleted) throw conflict('error.trash_parent_deleted_module', {}, 'trash_parent_deleted');
}

export interface RestoreResult {
  restored: number;
  /** True when the doc's folder was gone, so it was put at the top of its application. */
  movedToRoot: boolean;
}

/** Restores one trash item in place and removes it from the trash. */
export async function restoreTrash(app: FastifyInstance, user: SessionUser, trashId: number): Promise<RestoreResult> {
  return inTx(app.ctx.db, async (tx) => {
    const item = await tx.selectFrom('trashItems').selectAll().where('id', '=', trashId).executeTakeFirst();
    if (!item) throw notFound('trash');
    await requireLiveParent(tx, item);
    const r = payloadOf(item);
    const now = Date.now();
    let movedToRoot = false;
    if (item.kind === 'doc' || item.kind === 'folder') {
      const root = await tx.selectFrom('docs').select(['parentId']).where('id', '=', item.targetId).executeTakeFirst();
      if (root?.parentId && !r.docs.includes(root.parentId)) {
        const parent = await tx.selectFrom('docs').select('isDeleted').where('id', '=', root.parentId).executeTakeFirst();
        if (!parent || parent.isDeleted) {
          await tx.updateTable('docs').set({ parentId: 0 }).where('id', '=', item.targetId).execute();
          movedToRoot = true;
        }
      }
    }
    await setLive(tx, 'spaces', r.spaces, now);
    await setLive(tx, 'projects', r.projects, now);
    await setLive(tx, 'modules', r.modules, now);
    const docs = await setLive(tx, 'docs', r.docs, now);
    await setLive(tx, 'shares', r.shares, now);
    await setLive(tx, 'mockConfigs', r.mocks, now);
    await setLive(tx, 'composeProjects', r.composeProjects, now);
    await restoreMembers(tx, 'spaceMembers', r.spaceMembers);
    await restoreMembers(tx, 'projectMembers', r.projectMembers);
    if (item.kind === 'doc' || item.kind === 'folder') {
      await emitRestored(app, tx, user, item.moduleId, r.docs);
      await indexModuleExtras(app.ctx, tx, [item.moduleId]);
    } else {
      // What came back is searchable again (a large restore through the search catch-up job).
      await indexContainers(app.ctx, tx, { spaceIds: r.spaces, projectIds: r.projects, moduleIds: r.modules });
      await indexModuleExtras(app.ctx, tx, r.modules);
      if (r.docs.length >= LARGE_WRITE) await queueDocIndex(app, tx, r.modules[0] ?? 0, user.id, r.docs);
      else await indexDocIds(app.ctx, tx, r.docs);
    }
    await tx.deleteFrom('trashItems').where('id', '=', trashId).execute();
    return { restored: docs, movedToRoot };
  });
}

/** Doc deletes are recorded in history; their restore is too (as a form change that adds the doc back). */
async function emitRestored(app: FastifyInstance, tx: Tx, user: SessionUser, moduleId: number, docIds: number[]): Promise<void> {
  const details = await loadDocDetails(app.ctx, docIds, tx);
  const changes: DocChange[] = [];
  for (const [docId, after] of details) {
    if (after.isFolder) continue;
    changes.push({
      docId,
      moduleId,
      source: after.type === DocType.MARKDOWN || after.type === DocType.CUSTOM ? ModifySource.TEXT : ModifySource.FORM,
      kind: 'add',
      userId: user.id,
      nickname: user.nickname,
      before: null,
      after,
      remark: 'restored from trash',
    });
  }
  await emitDocChanges(app, tx, changes);
}

/** Rows owned by docs, applications, shares and compose projects that go when their owner is purged. */
async function purgeRows(tx: Tx, r: Removed): Promise<void> {
  const docIds = await stillDeleted(tx, 'docs', r.docs);
  const moduleIds = await stillDeleted(tx, 'modules', r.modules);
  const shareIds = await stillDeleted(tx, 'shares', r.shares);
  const composeIds = await stillDeleted(tx, 'composeProjects', r.composeProjects);
  const projectIds = await stillDeleted(tx, 'projects', r.projects);
  const spaceIds = await stillDeleted(tx, 'spaces', r.spaces);
  for (let i = 0; i < docIds.length; i += CHUNK) {
    const part = docIds.slice(i, i + CHUNK);
    await tx.deleteFrom('paramSets').where('ownerType', '=', ParamOwner.DOC).where('ownerId', 'in', part).execute();
    await tx.deleteFrom('props').where('refId', 'in', part).execute();
    await tx.deleteFrom('docSnapshots').where('docId', 'in', part).execute();
    await tx
      .deleteFrom('docChangeDetails')
      .where('recordId', 'in', (eb) => eb.selectFrom('docChangeRecords').select('id').where('docId', 'in', part))
      .execute();
    await tx.deleteFrom('docChangeRecords').where('docId', 'in', part).execute();
    await tx.deleteFrom('mockConfigs').where('docId', 'in', part).execute();
    await tx.deleteFrom('subscriptions').where('type', '=', SubscribeType.DOC).where('sourceId', 'in', part).execute();
    await tx.deleteFrom('docs').where('id', 'in', part).execute();
  }
  for (let i = 0; i < shareIds.length; i += CHUNK) {
    const part = shareIds.slice(i, i + CHUNK);
    await tx.deleteFrom('shareContents').where('shareId', 'in', part).execute();
    await tx.deleteFrom('shareEnvironments').where('shareId', 'in', part).execute();
    await tx.deleteFrom('shares').where('id', 'in', part).execute();
  }
  if (moduleIds.length) {
    const envs = await tx.selectFrom('moduleEnvironments').select('id').where('moduleId', 'in', moduleIds).execute();
    if (envs.length)
      await tx
        .deleteFrom('paramSets')
        .where('ownerType', '=', ParamOwner.ENVIRONMENT)
        .where(
          'ownerId',
          'in',
          envs.map((e) => e.id),
        )
        .execute();
    await tx.deleteFrom('paramSets').where('ownerType', '=', ParamOwner.MODULE).where('ownerId', 'in', moduleIds).execute();
    await tx
      .deleteFrom('enumItems')
      .where('enumId', 'in', (eb) => eb.selectFrom('enumInfos').select('id').where('moduleId', 'in', moduleIds))
      .execute();
    for (const t of [
      'moduleEnvironments',
      'moduleConfigs',
      'moduleSwaggerConfigs',
      'moduleWebhooks',
      'enumInfos',
      'pushIgnoreFields',
      'msModuleConfigs',
    ] as const)
      await tx.deleteFrom(t).where('moduleId', 'in', moduleIds).execute();
    await tx.deleteFrom('modules').where('id', 'in', moduleIds).execute();
  }
  if (composeIds.length) {
    await tx.deleteFrom('paramSets').where('ownerType', '=', ParamOwner.COMPOSE).where('ownerId', 'in', composeIds).execute();
    await tx.deleteFrom('composeDocs').where('projectId', 'in', composeIds).execute();
    await tx.deleteFrom('composeAdditionalPages').where('projectId', 'in', composeIds).execute();
    await tx.deleteFrom('composeProjects').where('id', 'in', composeIds).execute();
  }
  if (projectIds.length) await tx.deleteFrom('projects').where('id', 'in', projectIds).execute();
  if (spaceIds.length) {
    await tx.deleteFrom('msSpaceConfigs').where('spaceId', 'in', spaceIds).execute();
    await tx.deleteFrom('spaces').where('id', 'in', spaceIds).execute();
  }
}

async function stillDeleted(tx: Tx, table: (typeof SOFT_TABLES)[keyof typeof SOFT_TABLES], ids: number[]): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await tx
      .selectFrom(table)
      .select('id')
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .where('isDeleted', '=', 1)
      .execute();
    for (const row of rows as { id: number }[]) out.push(row.id);
  }
  return out;
}

/** Removes a trash item's rows for good (those that are still deleted) and the item itself. */
export async function purgeTrash(db: Db, trashId: number): Promise<void> {
  await inTx(db, async (tx) => {
    const item = await tx.selectFrom('trashItems').selectAll().where('id', '=', trashId).executeTakeFirst();
    if (!item) throw notFound('trash');
    await purgeRows(tx, payloadOf(item));
    await tx.deleteFrom('trashItems').where('id', '=', trashId).execute();
  });
}

/** The retention in days the super admin set (0 keeps items until purged by hand). */
export async function retentionDays(conn: Conn): Promise<number> {
  const row = await conn.selectFrom('systemConfigs').select('configValue').where('configKey', '=', RETENTION_KEY).executeTakeFirst();
  const n = row ? Number(row.configValue) : DEFAULT_RETENTION_DAYS;
  return Number.isInteger(n) && n >= 0 ? n : DEFAULT_RETENTION_DAYS;
}

/** Purges every item older than the retention; safe to run on several servers at once. */
export async function purgeExpired(db: Db, now = Date.now()): Promise<number> {
  const days = await retentionDays(db);
  if (!days) return 0;
  const old = await db
    .selectFrom('trashItems')
    .select('id')
    .where('deletedAt', '<', now - days * 86_400_000)
    .orderBy('id')
    .limit(100)
    .execute();
  let n = 0;
  for (const { id } of old) {
    try {
      await purgeTrash(db, id);
      n++;
    } catch (err) {
      // Another server purged or restored it first.
      if (!(err instanceof AppError && err.status === 404)) throw err;
    }
  }
  return n;
}
