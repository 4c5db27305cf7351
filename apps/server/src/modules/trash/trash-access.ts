/**
 * Who sees and may undo a trash item: whoever could make that delete (doc.delete for docs and folders,
 * module.delete, project.delete, space.delete). Checked by hand (docs/ARCHITECTURE.md): the item's kind picks the
 * action, and for a deleted project or space the memberships stored with the delete decide.
 */
import { type Action, type RoleCode, roleAllows, type TrashListInput, type TrashListPage } from '@folio/shared';
import type { AppContext } from '../../context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { type Memberships, projectRole, spaceRole } from '../../permissions/authorize.js';
import type { SessionUser } from '../../plugins/auth.js';
import { findItem, type ItemRow, listItems, type ProjectRow, projectsByIds } from './trash.repo.js';
import { payloadOf, retentionDays, storedRole } from './trash.service.js';

type Ctx = Pick<AppContext, 'db' | 'ids'>;

const ACTION: Record<string, Action> = {
  doc: 'doc.delete',
  folder: 'doc.delete',
  module: 'module.delete',
  project: 'project.delete',
  space: 'space.delete',
};

/** The caller's role for a trash item: null when the item is invisible to them. */
function roleFor(user: SessionUser, m: Memberships, item: ItemRow, project: ProjectRow | undefined): RoleCode | null {
  if (user.isSuperAdmin) return 'admin';
  if (item.kind === 'space') return storedRole(payloadOf(item).spaceMembers, item.spaceId, user.id) as RoleCode | null;
  if (item.kind === 'project') {
    const own = storedRole(payloadOf(item).projectMembers, item.projectId, user.id) as RoleCode | null;
    if (own) return own;
    if (project?.isPrivate) return null;
    const sr = spaceRole(user, m, item.spaceId);
    return sr === 'admin' ? 'admin' : sr ? 'guest' : null;
  }
  if (!project || project.isDeleted) return null;
  return projectRole(user, m, project);
}

const projectsOf = (ctx: Ctx, items: ItemRow[]) => projectsByIds(ctx.db, [...new Set(items.map((i) => i.projectId).filter(Boolean))]);

/** The decoded id of a trash item the caller may restore or purge (404 when invisible to them, 403 when not allowed). */
export async function itemToUndo(ctx: Ctx, user: SessionUser, m: Memberships, encodedId: string): Promise<number> {
  const id = ctx.ids.decode(encodedId, 'trash');
  const item = await findItem(ctx.db, id);
  if (!item) throw notFound('trash');
  const role = roleFor(user, m, item, (await projectsOf(ctx, [item])).get(item.projectId));
  if (!role) throw notFound('trash');
  if (!roleAllows(ACTION[item.kind] ?? 'space.delete', role)) throw forbidden();
  return id;
}

/** A page of what the caller could undo (of one space, or of all theirs), newest first, with the retention. */
export async function listTrash(ctx: Ctx, user: SessionUser, m: Memberships, q: TrashListInput): Promise<TrashListPage> {
  const { ids } = ctx;
  // Items of the user's spaces, and spaces that were deleted (their stored members decide); a super admin's: all.
  const rows = await listItems(ctx.db, {
    spaceId: q.spaceId ? ids.decode(q.spaceId, 'space') : undefined,
    spaceIds: user.isSuperAdmin ? undefined : [...m.spaces.keys()],
    text: q.q?.trim(),
  });
  const projects = await projectsOf(ctx, rows);
  const visible = rows.filter((r) => {
    const role = roleFor(user, m, r, projects.get(r.projectId));
    return role !== null && roleAllows(ACTION[r.kind] ?? 'space.delete', role);
  });
  const days = await retentionDays(ctx.db);
  const size = q.pageSize ?? 20;
  const start = ((q.pageIndex ?? 1) - 1) * size;
  return {
    total: visible.length,
    retentionDays: days,
    list: visible.slice(start, start + size).map((r) => ({
      id: ids.encode(r.id),
      kind: r.kind as 'doc',
      name: r.name,
      path: r.path,
      spaceId: ids.encode(r.spaceId),
      spaceName: r.spaceName ?? '',
      itemCount: r.itemCount,
      deletedBy: r.deletedByName,
      deletedAt: r.deletedAt,
      purgeAt: days ? r.deletedAt + days * 86_400_000 : null,
    })),
  };
}
