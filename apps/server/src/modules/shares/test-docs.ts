/** Test helper: inserts docs and folders straight into the database (share/compose tests need exact trees). */
import type { App } from '../../app.js';
import { insertId } from '../../db/database.js';

/** Inserts a doc or folder; ids are external (hashids) in and out. */
export async function insertTestDoc(
  app: App,
  moduleId: string,
  o: { name: string; parentId?: string; isFolder?: boolean; url?: string; isShow?: number },
): Promise<string> {
  const { db, dialect, ids } = app.ctx;
  const now = Date.now();
  const id = await insertId(db, dialect, 'docs', {
    moduleId: ids.decode(moduleId, 'module'),
    parentId: o.parentId ? ids.decode(o.parentId, 'doc') : 0,
    dataId: `${o.name}-${now}-${Math.random()}`,
    docKey: `${o.name}-${now}-${Math.random()}`,
    name: o.name,
    url: o.url ?? (o.isFolder ? '' : `/${o.name}`),
    httpMethod: o.isFolder ? '' : 'GET',
    isFolder: o.isFolder ? 1 : 0,
    isShow: o.isShow ?? 1,
    creatorId: 1,
    creatorName: 'admin',
    modifierId: 1,
    modifierName: 'admin',
    createdAt: now,
    updatedAt: now,
  });
  return ids.encode(id);
}
