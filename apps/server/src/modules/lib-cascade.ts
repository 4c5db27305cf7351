/** Consistent soft deletion down the tree: space → projects → applications → docs (+ shares, mocks). */
import type { Tx } from '../db/database.js';
import { removeEntriesUnder } from './search/search-index.js';

/** Soft-deletes applications and everything below them. */
export async function deleteModules(tx: Tx, moduleIds: number[]): Promise<void> {
  if (!moduleIds.length) return;
  const now = Date.now();
  await tx.updateTable('modules').set({ isDeleted: 1, updatedAt: now }).where('id', 'in', moduleIds).execute();
  await tx.updateTable('docs').set({ isDeleted: 1, updatedAt: now }).where('moduleId', 'in', moduleIds).execute();
  await tx.updateTable('shares').set({ isDeleted: 1, updatedAt: now }).where('moduleId', 'in', moduleIds).execute();
  await removeEntriesUnder(tx, { moduleIds });
  await tx
    .updateTable('mockConfigs')
    .set({ isDeleted: 1, updatedAt: now })
    .where('docId', 'in', (eb) => eb.selectFrom('docs').select('id').where('moduleId', 'in', moduleIds))
    .execute();
}

/** Soft-deletes projects and everything below them; removes their memberships. */
export async function deleteProjects(tx: Tx, projectIds: number[]): Promise<void> {
  if (!projectIds.length) return;
  const now = Date.now();
  const modules = await tx.selectFrom('modules').select('id').where('projectId', 'in', projectIds).where('isDeleted', '=', 0).execute();
  await deleteModules(
    tx,
    modules.map((m) => m.id),
  );
  await tx.updateTable('projects').set({ isDeleted: 1, updatedAt: now }).where('id', 'in', projectIds).execute();
  await removeEntriesUnder(tx, { projectIds });
  await tx.deleteFrom('projectMembers').where('projectId', 'in', projectIds).execute();
}

/** Soft-deletes a space and everything below it. */
export async function deleteSpace(tx: Tx, spaceId: number): Promise<void> {
  const now = Date.now();
  const projects = await tx.selectFrom('projects').select('id').where('spaceId', '=', spaceId).where('isDeleted', '=', 0).execute();
  await deleteProjects(
    tx,
    projects.map((p) => p.id),
  );
  await tx.updateTable('composeProjects').set({ isDeleted: 1, updatedAt: now }).where('spaceId', '=', spaceId).execute();
  await tx.updateTable('spaces').set({ isDeleted: 1, updatedAt: now }).where('id', '=', spaceId).execute();
  await removeEntriesUnder(tx, { spaceId });
  await tx.deleteFrom('spaceMembers').where('spaceId', '=', spaceId).execute();
}
