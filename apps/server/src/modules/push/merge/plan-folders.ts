/**
 * Phase 2: folders, level by level (a folder's identity includes its parent's id, so a level's folders are
 * written before the next level is planned). Docs met on the way are planned for phase 3.
 */
import { type DubboInfo, ModifySource } from '@folio/shared';
import { insertManyReturningIds } from '../../../db/database.js';
import { turnTaker } from '../../../lib/turns.js';
import { dataId, folderKey } from '../../docs/doc-keys.js';
import type { NFolder, NItem } from '../push-normalize.js';
import { fullDubbo, sameDubbo } from '../push-writes.js';
import { countItems, pushedDocKey } from './doc-content.js';
import type { ExistingDoc, MergeState } from './state.js';

/** An item to place, under its parent (0 at the top) and the Dubbo info it inherits. */
interface Placed {
  item: NItem;
  parentId: number;
  parentDubbo: DubboInfo | null;
}

export async function planFolders(s: MergeState): Promise<void> {
  let level: Placed[] = s.norm.items.map((item) => ({ item, parentId: 0, parentDubbo: null }));
  const turn = turnTaker();
  while (level.length) {
    const next: Placed[] = [];
    const newFolders: { f: NFolder; row: Record<string, unknown> }[] = [];
    for (const at of level) {
      await turn();
      if (at.item.kind === 'doc') planDoc(s, at);
      else {
        const row = await placeFolder(s, at as Placed & { item: NFolder }, next);
        if (row) newFolders.push({ f: at.item, row });
      }
    }
    await insertFolders(s, newFolders, next);
    level = next;
  }
  await s.progress(20);
}

/** Records a doc of the push under its parent (a later duplicate of the same identity wins). */
function planDoc(s: MergeState, { item, parentId, parentDubbo }: Placed): void {
  if (item.kind !== 'doc') return;
  const key = pushedDocKey(s.moduleId, item);
  const did = dataId(key, item.version);
  const had = s.planned.get(did);
  if (had) s.outcome.errors.push({ path: item.path, message: `duplicate of ${had.item.path}; the later one is kept` });
  s.planned.set(did, {
    item,
    parentId,
    parentDubbo,
    dataId: did,
    docKey: key,
    existing: s.byDataId.get(did),
    hash: '',
    detail: null,
    enumParams: [],
  });
}

/**
 * An existing folder is updated when it differs and its children queued; a locked one is skipped with
 * everything below it. Returns the row of a folder the application does not have yet (inserted per level).
 */
async function placeFolder(s: MergeState, at: Placed & { item: NFolder }, next: Placed[]): Promise<Record<string, unknown> | null> {
  const { item, parentId } = at;
  const key = folderKey(s.moduleId, parentId, item.name);
  const did = dataId(key, '');
  const ex = s.byDataId.get(did);
  if (ex && !ex.isDeleted && s.locked.has(ex.id)) {
    s.outcome.skippedLocked += 1 + countItems(item.children);
    s.touched.add(ex.id);
    return null;
  }
  s.outcome.folders++;
  if (!ex) return folderRow(s, item, parentId, key, did);
  s.touched.add(ex.id);
  if (folderChanged(ex, item, parentId)) await updateFolder(s, ex, item, parentId);
  const have = s.existingDubbo.get(ex.id) ?? null;
  if (item.dubboInfo && !sameDubbo(have, item.dubboInfo)) s.dubboWrites.push({ refId: ex.id, info: fullDubbo(item.dubboInfo) });
  const dubbo = item.dubboInfo ? fullDubbo(item.dubboInfo) : have;
  for (const c of item.children) next.push({ item: c, parentId: ex.id, parentDubbo: dubbo });
  return null;
}

function folderChanged(ex: ExistingDoc, item: NFolder, parentId: number): boolean {
  return (
    !!ex.isDeleted ||
    ex.parentId !== parentId ||
    ex.name !== item.name ||
    ex.description !== item.description ||
    ex.author !== item.author ||
    ex.type !== item.type ||
    ex.isShow !== item.isShow ||
    ex.orderIndex !== item.orderIndex ||
    !ex.isFolder
  );
}

async function updateFolder(s: MergeState, ex: ExistingDoc, item: NFolder, parentId: number): Promise<void> {
  await s.tx
    .updateTable('docs')
    .set({
      parentId,
      name: item.name,
      description: item.description,
      author: item.author,
      type: item.type,
      isShow: item.isShow,
      orderIndex: item.orderIndex,
      isFolder: 1,
      isDeleted: 0,
      modifierId: s.userId,
      modifierName: s.nickname,
      updatedAt: s.now,
    })
    .where('id', '=', ex.id)
    .execute();
  s.parentOf.set(ex.id, parentId);
}

function folderRow(s: MergeState, item: NFolder, parentId: number, key: string, did: string): Record<string, unknown> {
  return {
    moduleId: s.moduleId,
    parentId,
    dataId: did,
    docKey: key,
    md5: '',
    name: item.name,
    description: item.description,
    author: item.author,
    type: item.type,
    isFolder: 1,
    isShow: item.isShow,
    orderIndex: item.orderIndex,
    createMode: 1,
    modifySource: ModifySource.PUSH,
    creatorId: s.userId,
    creatorName: s.nickname,
    modifierId: s.userId,
    modifierName: s.nickname,
    createdAt: s.now,
    updatedAt: s.now,
    isDeleted: 0,
  };
}

/** Inserts a level's new folders in one bulk insert and queues their children under the new ids. */
async function insertFolders(s: MergeState, folders: { f: NFolder; row: Record<string, unknown> }[], next: Placed[]): Promise<void> {
  if (!folders.length) return;
  const ids = await insertManyReturningIds(
    s.tx,
    s.app.ctx.dialect,
    'docs',
    folders.map((n) => n.row),
  );
  folders.forEach(({ f, row }, i) => {
    const id = ids[i];
    s.touched.add(id);
    s.parentOf.set(id, row.parentId as number);
    if (f.dubboInfo) s.dubboWrites.push({ refId: id, info: fullDubbo(f.dubboInfo) });
    const dubbo = f.dubboInfo ? fullDubbo(f.dubboInfo) : null;
    for (const c of f.children) next.push({ item: c, parentId: id, parentDubbo: dubbo });
  });
}
