/**
 * Doc and folder writes besides saves (doc-save.service.ts): delete to the trash, folders, move, order, lock and
 * status; and the doc detail read with its authorisation. Every multi-row write runs in one transaction.
 */
import {
  type DocAuth,
  type DocDetail,
  DocType,
  docAuthOf,
  ModifySource,
  ORDER_STEP,
  type RoleCode,
  roleAllows,
  type SecurityData,
} from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { insertId, inTx, type Tx } from '../../db/database.js';
import type { DocRow } from '../../db/types.js';
import { badRequest, conflict, forbidden, notFound, validation } from '../../lib/errors.js';
import { projectRole } from '../../permissions/authorize.js';
import type { SessionUser } from '../../plugins/auth.js';
import { type DocChange, emitDocChanges } from '../doc-events.js';
import { emptyRemoved, liveMocks, softDelete } from '../lib-cascade.js';
import { indexModuleExtras } from '../search/search-index.js';
import { placeOf, recordTrash } from '../trash/trash.service.js';
import { detailsFromRows, loadDocDetails } from './doc-detail.js';
import { folderKey, dataId as makeDataId } from './doc-keys.js';
import { checkParent, claimDataId, descendants, nextOrderIndex } from './doc-places.js';
import { type DocRead, withApplication } from './doc-with-app.js';
import * as repo from './docs.repo.js';

type Ctx = Pick<AppContext, 'db' | 'ids'>;

/**
 * A doc's detail for a signed-in reader, with the security its application's schemes say it needs. Authorised
 * by the statement that reads the row (it joins the reader's memberships: doc detail is the hottest read), so
 * a doc the reader may not see answers as a missing one. `withApp`: with its application's common params and the
 * debug environments the reader may see (doc-with-app.ts).
 */
export async function readDocDetail(ctx: Ctx, user: SessionUser, id: number): Promise<DocDetail & { security: DocAuth | null }>;
export async function readDocDetail(ctx: Ctx, user: SessionUser, id: number, withApp: boolean): Promise<DocRead>;
export async function readDocDetail(ctx: Ctx, user: SessionUser, id: number, withApp = false): Promise<DocRead> {
  const [row] = await repo.detailRow(ctx.db, id, user.id);
  if (!row) throw notFound('doc');
  // The row is used as the doc row with its few extra columns (toDetail copies only the doc's fields): no
  // object rest or spread here, copying the 47 columns and the ~50 fields of the detail cost ~25 µs a read.
  const { pId, pSpaceId, pmRole, smRole, securityBody } = row;
  const memberships = {
    projects: new Map(pmRole ? [[pId, pmRole as RoleCode]] : []),
    spaces: new Map(smRole ? [[pSpaceId, smRole as RoleCode]] : []),
  };
  const role = projectRole(user, memberships, { id: pId, spaceId: pSpaceId, isPrivate: row.pIsPrivate });
  if (!role) throw notFound('doc');
  if (!roleAllows('doc.read', role)) throw forbidden();
  const d = (await detailsFromRows(ctx, [row], ctx.db)).get(id);
  if (!d) throw notFound('doc');
  // Readers see what authorization the doc needs (the security schemes its import brought).
  const security: SecurityData | undefined = securityBody ? JSON.parse(securityBody) : undefined;
  const detail = Object.assign(d, { security: docAuthOf(security, d) });
  return withApp ? withApplication(ctx, detail, row.moduleId, role) : detail;
}

/** A doc's props as name → value. */
export async function docProps(ctx: Ctx, id: number): Promise<Record<string, string>> {
  const rows = await repo.docProps(ctx.db, id);
  return Object.fromEntries(rows.map((r) => [r.name, r.val]));
}

/** Locks (true) or unlocks a doc. */
export async function setLocked(ctx: Ctx, id: number, locked: boolean): Promise<void> {
  await repo.setLocked(ctx.db, id, locked ? 1 : 0);
}

/** Sets a doc's status (to do, doing, done). */
export async function setStatus(ctx: Ctx, id: number, status: number): Promise<void> {
  await repo.setStatus(ctx.db, id, status);
}

/**
 * Sets the order of sibling docs of application `moduleId` (the caller authorised the first item there): every
 * item must be a live doc of that application under one parent. One statement, in a transaction.
 */
export async function reorder(ctx: Ctx, moduleId: number, items: { id: number; orderIndex: number }[]): Promise<void> {
  const unique = [...new Set(items.map((x) => x.id))];
  const rows = await repo.placesOf(ctx.db, unique);
  if (rows.length !== unique.length) throw notFound('doc');
  if (rows.some((x) => x.moduleId !== moduleId || x.parentId !== rows[0].parentId)) {
    throw validation([{ field: 'items', message: 'all items must be siblings' }]);
  }
  await inTx(ctx.db, (tx) => repo.setOrderIndexes(tx, items));
}

/**
 * Soft-deletes a doc or a folder with its subtree (deleteChildren required when the folder has content) and
 * records the delete in the trash; returns the trash item's id.
 */
export async function deleteDoc(app: FastifyInstance, user: SessionUser, id: number, deleteChildren: boolean): Promise<number> {
  return inTx(app.ctx.db, async (tx) => {
    const d = await tx.selectFrom('docs').selectAll().where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
    if (!d) throw notFound('doc');
    const below = d.isFolder ? await descendants(tx, d.moduleId, [id]) : [];
    if (below.length && !deleteChildren) throw conflict('error.folder_not_empty', {}, 'folder_not_empty');
    const all = [id, ...below];
    const details = await loadDocDetails(app.ctx, all, tx);
    const mocks = await liveMocks(tx, all);
    const now = Date.now();
    for (let i = 0; i < all.length; i += 500) {
      const part = all.slice(i, i + 500);
      await tx
        .updateTable('docs')
        .set({ isDeleted: 1, updatedAt: now, modifierId: user.id, modifierName: user.nickname })
        .where('id', 'in', part)
        .execute();
    }
    await softDelete(tx, 'mockConfigs', mocks, now);
    const changes: DocChange[] = [];
    for (const docId of all) {
      const before = details.get(docId);
      if (!before || before.isFolder) continue;
      changes.push({
        docId,
        moduleId: d.moduleId,
        source: before.type === DocType.MARKDOWN || before.type === DocType.CUSTOM ? ModifySource.TEXT : ModifySource.FORM,
        kind: 'delete',
        userId: user.id,
        nickname: user.nickname,
        before,
        after: null,
      });
    }
    await emitDocChanges(app, tx, changes);
    // Folders are indexed with their application (the events above cover it when docs went too).
    if (!changes.length) await indexModuleExtras(app.ctx, tx, [d.moduleId]);
    const m = await tx
      .selectFrom('modules as m')
      .innerJoin('projects as p', 'p.id', 'm.projectId')
      .select(['m.projectId', 'p.spaceId'])
      .where('m.id', '=', d.moduleId)
      .executeTakeFirstOrThrow();
    return recordTrash(app, tx, user, {
      kind: d.isFolder ? 'folder' : 'doc',
      targetId: id,
      spaceId: m.spaceId,
      projectId: m.projectId,
      moduleId: d.moduleId,
      name: d.isFolder || !d.url ? d.name : `${d.name} (${d.httpMethod} ${d.url})`,
      path: await placeOf(tx, { projectId: m.projectId, moduleId: d.moduleId, parentId: d.parentId }),
      removed: { ...emptyRemoved(), docs: all, mocks },
    });
  });
}

/** A folder name as given, trimmed; an empty one is refused. */
function folderName(given: string): string {
  const name = given.trim();
  if (!name) throw validation([{ field: 'name', message: 'cannot be empty' }]);
  return name;
}

/** Adds a folder named `given` (trimmed) under the folder `parentIdText` ('' for the top); returns its id. */
export async function addFolder(
  app: FastifyInstance,
  user: SessionUser,
  moduleId: number,
  parentIdText: string,
  given: string,
): Promise<number> {
  const name = folderName(given);
  const parentId = app.ctx.ids.decode(parentIdText, 'folder');
  return inTx(app.ctx.db, async (tx) => {
    await checkParent(tx, moduleId, parentId);
    const key = folderKey(moduleId, parentId, name);
    const did = makeDataId(key, '');
    const revived = await claimDataId(tx, moduleId, did, 0, true);
    const now = Date.now();
    const row = {
      moduleId,
      parentId,
      dataId: did,
      docKey: key,
      name,
      isFolder: 1,
      type: DocType.HTTP,
      orderIndex: await nextOrderIndex(app, tx, moduleId, parentId),
      isDeleted: 0,
      modifySource: ModifySource.FORM,
      createMode: 0,
      creatorId: user.id,
      creatorName: user.nickname,
      modifierId: user.id,
      modifierName: user.nickname,
      createdAt: now,
      updatedAt: now,
    };
    let id: number;
    if (revived) {
      await tx.updateTable('docs').set(row).where('id', '=', revived.id).execute();
      id = revived.id;
    } else id = await insertId(tx, app.ctx.dialect, 'docs', row);
    await indexModuleExtras(app.ctx, tx, [moduleId]);
    return id;
  });
}

/** Renames a folder to `given` (trimmed); its identity key follows the name. */
export async function renameFolder(app: FastifyInstance, user: SessionUser, id: number, given: string): Promise<void> {
  const name = folderName(given);
  await inTx(app.ctx.db, async (tx) => {
    const d = await tx.selectFrom('docs').selectAll().where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
    if (!d) throw notFound('doc');
    if (!d.isFolder) throw validation([{ field: 'id', message: 'not a folder' }]);
    const key = folderKey(d.moduleId, d.parentId, name);
    const did = makeDataId(key, '');
    await claimDataId(tx, d.moduleId, did, id, false);
    await tx
      .updateTable('docs')
      .set({ name, docKey: key, dataId: did, modifierId: user.id, modifierName: user.nickname, updatedAt: Date.now() })
      .where('id', '=', id)
      .execute();
    await indexModuleExtras(app.ctx, tx, [d.moduleId]);
  });
}

/**
 * Moves a doc or folder under parentId (0: the application's top). `position` places it at that index among
 * its new siblings (in the tree's order) and renumbers them; `orderIndex` sets the index as given; neither
 * keeps its place in the same folder or puts it last in another.
 */
export async function moveDoc(
  app: FastifyInstance,
  user: SessionUser,
  id: number,
  parentId: number,
  orderIndex?: number,
  position?: number,
): Promise<void> {
  if (parentId === id) throw badRequest('error.move_into_self');
  await inTx(app.ctx.db, async (tx) => {
    const d = await tx.selectFrom('docs').selectAll().where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
    if (!d) throw notFound('doc');
    if (parentId) {
      const p = await tx.selectFrom('docs').select(['moduleId', 'isFolder', 'isDeleted']).where('id', '=', parentId).executeTakeFirst();
      if (p && !p.isDeleted && p.moduleId !== d.moduleId) throw badRequest('error.move_cross_module');
      await checkParent(tx, d.moduleId, parentId);
      // Walk up from the new parent: meeting the moved node means a cycle.
      let cur = parentId;
      for (let i = 0; cur && i < 64; i++) {
        if (cur === id) throw badRequest('error.move_into_self');
        const up = await tx.selectFrom('docs').select('parentId').where('id', '=', cur).executeTakeFirst();
        cur = up?.parentId ?? 0;
      }
    }
    const patch: Record<string, unknown> = { parentId, modifierId: user.id, modifierName: user.nickname, updatedAt: Date.now() };
    patch.orderIndex =
      position !== undefined
        ? await placeAmongSiblings(tx, d, parentId, position)
        : (orderIndex ?? (parentId === d.parentId ? d.orderIndex : await nextOrderIndex(app, tx, d.moduleId, parentId)));
    if (d.isFolder) {
      const key = folderKey(d.moduleId, parentId, d.name);
      const did = makeDataId(key, '');
      await claimDataId(tx, d.moduleId, did, id, false);
      patch.docKey = key;
      patch.dataId = did;
    }
    await tx.updateTable('docs').set(patch).where('id', '=', id).execute();
  });
}

/**
 * Renumbers the new siblings of a moved node (tree order: orderIndex, then name) so that it sits at
 * `position`; returns the moved node's new orderIndex. One update statement per 200 changed rows.
 */
async function placeAmongSiblings(tx: Tx, d: DocRow, parentId: number, position: number): Promise<number> {
  const siblings = await tx
    .selectFrom('docs')
    .select(['id', 'orderIndex', 'name'])
    .where('moduleId', '=', d.moduleId)
    .where('parentId', '=', parentId)
    .where('isDeleted', '=', 0)
    .where('id', '!=', d.id)
    .execute();
  siblings.sort((a, b) => a.orderIndex - b.orderIndex || a.name.localeCompare(b.name));
  const at = Math.max(0, Math.min(position, siblings.length));
  const changed: { id: number; orderIndex: number }[] = [];
  siblings.forEach((s, i) => {
    const want = (i < at ? i + 1 : i + 2) * ORDER_STEP;
    if (s.orderIndex !== want) changed.push({ id: s.id, orderIndex: want });
  });
  for (let i = 0; i < changed.length; i += 200) {
    const part = changed.slice(i, i + 200);
    await tx
      .updateTable('docs')
      .set((eb) => {
        let c = eb.case().when('id', '=', part[0].id).then(part[0].orderIndex);
        for (const r of part.slice(1)) c = c.when('id', '=', r.id).then(r.orderIndex);
        return { orderIndex: c.else(eb.ref('orderIndex')).end() };
      })
      .where(
        'id',
        'in',
        part.map((r) => r.id),
      )
      .execute();
  }
  return (at + 1) * ORDER_STEP;
}
