/**
 * Consistent soft deletion down the tree: space → projects → applications → docs (+ shares, mocks).
 * Each delete reports exactly the rows it soft-deleted and the memberships it removed (`Removed`), so the
 * trash can undo that delete and nothing else (a row deleted earlier on its own stays deleted).
 */
import type { Tx } from '../db/database.js';
import { removeEntriesUnder } from './search/search-index.js';

export interface MemberRow {
  scopeId: number;
  userId: number;
  roleCode: string;
  createdAt: number;
}

/** What one delete took away. */
export interface Removed {
  spaces: number[];
  projects: number[];
  modules: number[];
  docs: number[];
  shares: number[];
  mocks: number[];
  composeProjects: number[];
  spaceMembers: MemberRow[];
  projectMembers: MemberRow[];
}

export function emptyRemoved(): Removed {
  return {
    spaces: [],
    projects: [],
    modules: [],
    docs: [],
    shares: [],
    mocks: [],
    composeProjects: [],
    spaceMembers: [],
    projectMembers: [],
  };
}

/** Tables with an isDeleted flag that a delete can cascade to, keyed by their Removed field. */
export const SOFT_TABLES = {
  spaces: 'spaces',
  projects: 'projects',
  modules: 'modules',
  docs: 'docs',
  shares: 'shares',
  mocks: 'mockConfigs',
  composeProjects: 'composeProjects',
} as const;

const CHUNK = 500;

/** Sets isDeleted on the given rows (in chunks). */
export async function softDelete(tx: Tx, table: (typeof SOFT_TABLES)[keyof typeof SOFT_TABLES], ids: number[], now: number): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK) {
    await tx
      .updateTable(table)
      .set({ isDeleted: 1, updatedAt: now } as never)
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
  }
}

async function liveIds(tx: Tx, table: 'docs' | 'shares', moduleIds: number[]): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < moduleIds.length; i += CHUNK) {
    const rows = await tx
      .selectFrom(table)
      .select('id')
      .where('moduleId', 'in', moduleIds.slice(i, i + CHUNK))
      .where('isDeleted', '=', 0)
      .execute();
    for (const r of rows) out.push(r.id);
  }
  return out;
}

/** Live mock rules of the given docs. */
export async function liveMocks(tx: Tx, docIds: number[]): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < docIds.length; i += CHUNK) {
    const rows = await tx
      .selectFrom('mockConfigs')
      .select('id')
      .where('docId', 'in', docIds.slice(i, i + CHUNK))
      .where('isDeleted', '=', 0)
      .execute();
    for (const r of rows) out.push(r.id);
  }
  return out;
}

/** Soft-deletes applications and everything below them. */
export async function deleteModules(tx: Tx, moduleIds: number[], removed: Removed = emptyRemoved()): Promise<Removed> {
  if (!moduleIds.length) return removed;
  const now = Date.now();
  const modules = await tx.selectFrom('modules').select('id').where('id', 'in', moduleIds).where('isDeleted', '=', 0).execute();
  const live = modules.map((m) => m.id);
  const docs = await liveIds(tx, 'docs', live);
  const shares = await liveIds(tx, 'shares', live);
  const mocks = await liveMocks(tx, docs);
  await softDelete(tx, 'modules', live, now);
  await softDelete(tx, 'docs', docs, now);
  await softDelete(tx, 'shares', shares, now);
  await softDelete(tx, 'mockConfigs', mocks, now);
  await removeEntriesUnder(tx, { moduleIds: live });
  removed.modules.push(...live);
  removed.docs.push(...docs);
  removed.shares.push(...shares);
  removed.mocks.push(...mocks);
  return removed;
}

/** Soft-deletes projects and everything below them; removes their memberships. */
export async function deleteProjects(tx: Tx, projectIds: number[], removed: Removed = emptyRemoved()): Promise<Removed> {
  if (!projectIds.length) return removed;
  const now = Date.now();
  const projects = await tx.selectFrom('projects').select('id').where('id', 'in', projectIds).where('isDeleted', '=', 0).execute();
  const live = projects.map((p) => p.id);
  if (!live.length) return removed;
  const modules = await tx.selectFrom('modules').select('id').where('projectId', 'in', live).where('isDeleted', '=', 0).execute();
  await deleteModules(
    tx,
    modules.map((m) => m.id),
    removed,
  );
  const members = await tx
    .selectFrom('projectMembers')
    .select(['projectId', 'userId', 'roleCode', 'createdAt'])
    .where('projectId', 'in', live)
    .execute();
  await softDelete(tx, 'projects', live, now);
  await removeEntriesUnder(tx, { projectIds: live });
  await tx.deleteFrom('projectMembers').where('projectId', 'in', live).execute();
  removed.projects.push(...live);
  for (const m of members)
    removed.projectMembers.push({ scopeId: m.projectId, userId: m.userId, roleCode: m.roleCode, createdAt: m.createdAt });
  return removed;
}

/** Soft-deletes a space and everything below it. */
export async function deleteSpace(tx: Tx, spaceId: number, removed: Removed = emptyRemoved()): Promise<Removed> {
  const now = Date.now();
  const projects = await tx.selectFrom('projects').select('id').where('spaceId', '=', spaceId).where('isDeleted', '=', 0).execute();
  await deleteProjects(
    tx,
    projects.map((p) => p.id),
    removed,
  );
  const compose = await tx.selectFrom('composeProjects').select('id').where('spaceId', '=', spaceId).where('isDeleted', '=', 0).execute();
  const members = await tx
    .selectFrom('spaceMembers')
    .select(['spaceId', 'userId', 'roleCode', 'createdAt'])
    .where('spaceId', '=', spaceId)
    .execute();
  await softDelete(
    tx,
    'composeProjects',
    compose.map((c) => c.id),
    now,
  );
  await softDelete(tx, 'spaces', [spaceId], now);
  await removeEntriesUnder(tx, { spaceId });
  await tx.deleteFrom('spaceMembers').where('spaceId', '=', spaceId).execute();
  removed.composeProjects.push(...compose.map((c) => c.id));
  removed.spaces.push(spaceId);
  for (const m of members)
    removed.spaceMembers.push({ scopeId: m.spaceId, userId: m.userId, roleCode: m.roleCode, createdAt: m.createdAt });
  return removed;
}
