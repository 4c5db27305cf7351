/** Phase 1: lock the application, write its dictionaries and debug environments, and read what it holds. */
import { loadDubboInfo } from '../../docs/doc-detail.js';
import { upsertEnums } from '../push-enums.js';
import { overrideSwitch, upsertDebugEnvs } from '../push-writes.js';
import { collectEnums } from './doc-content.js';
import { EXISTING_COLUMNS, type ExistingDoc, type MergeState } from './state.js';

export async function loadExisting(s: MergeState): Promise<void> {
  const { app, tx, moduleId, input, norm } = s;
  // The application's row is locked for the transaction: merges into one application from several
  // server processes on one PostgreSQL/MariaDB database run one after another (SQLite has one writer).
  const modQuery = tx.selectFrom('modules').select(['id', 'projectId']).where('id', '=', moduleId).where('isDeleted', '=', 0);
  const mod = await (app.ctx.dialect === 'sqlite' ? modQuery : modQuery.forUpdate()).executeTakeFirst();
  if (!mod) throw new Error(`application ${moduleId} not found`);

  const isOverride = input.isOverride ?? (norm.isOverride === 1 || (await overrideSwitch(app, tx, moduleId)));
  const isReplace = input.isReplace ?? (norm.isReplace ?? 1) === 1;
  s.doDelete = isReplace && !isOverride;

  // Dictionaries first: params link to them and their ids are part of the content hash.
  s.enumIds = await upsertEnums(tx, app.ctx.dialect, moduleId, collectEnums(norm.items));
  s.enumIdOf = new Map([...s.enumIds.values()].map((n) => [app.ctx.ids.encode(n), n]));
  await upsertDebugEnvs(app, tx, moduleId, norm.debugEnvs);
  await s.progress(5);

  s.existingRows = await tx
    .selectFrom('docs')
    .select([...EXISTING_COLUMNS])
    .where('moduleId', '=', moduleId)
    .execute();
  s.byDataId = new Map(s.existingRows.map((r) => [r.dataId, r]));
  s.parentOf = new Map(s.existingRows.map((r) => [r.id, r.parentId]));
  s.locked = lockedRows(s.existingRows);
  const ignored = await tx
    .selectFrom('pushIgnoreFields')
    .select(['dataId'])
    .where('moduleId', '=', moduleId)
    .where('fieldName', '=', 'description')
    .execute();
  s.ignoreDescription = new Set(ignored.map((r) => r.dataId));
  s.existingDubbo = await loadDubboInfo(
    tx,
    s.existingRows.filter((r) => r.isFolder && !r.isDeleted).map((r) => r.id),
  );
}

/** Locked live rows and every live row below a locked folder. */
function lockedRows(rows: ExistingDoc[]): Set<number> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const isUnderLock = (r: ExistingDoc): boolean => {
    const seen = new Set<number>();
    let cur: ExistingDoc | undefined = r;
    while (cur && !seen.has(cur.id)) {
      if (cur.isLocked && !cur.isDeleted) return true;
      seen.add(cur.id);
      cur = cur.parentId ? byId.get(cur.parentId) : undefined;
    }
    return false;
  };
  const locked = new Set<number>();
  for (const r of rows) if (!r.isDeleted && isUnderLock(r)) locked.add(r.id);
  return locked;
}
