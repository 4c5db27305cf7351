/** Spaces: create (the creator becomes admin), list, rename, and the projects a reader sees in one. No HTTP types. */
import type { RoleCode, SpaceInfo, SpaceItem, SpaceProject } from '@folio/shared';
import type { AppContext } from '../../context.js';
import { inTx } from '../../db/database.js';
import { flag } from '../../lib/schemas.js';
import { type Memberships, projectRole } from '../../permissions/authorize.js';
import type { SessionUser } from '../../plugins/auth.js';
import { indexContainers } from '../search/search-index.js';
import * as repo from './spaces.repo.js';

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'ids'>;

const present = (ctx: Ctx, s: Awaited<ReturnType<typeof repo.getSpace>>, role: RoleCode | null): SpaceItem => ({
  id: ctx.ids.encode(s.id),
  name: s.name,
  isCompose: s.isCompose,
  creatorName: s.creatorName,
  gmtCreate: s.createdAt,
  role,
});

/** Creates a space with the user as its admin; returns its id. */
export async function addSpace(ctx: Ctx, user: SessionUser, name: string, isCompose: unknown): Promise<number> {
  return inTx(ctx.db, async (tx) => {
    const id = await repo.insertSpace(
      tx,
      ctx.dialect,
      { name: name.trim(), isCompose: flag(isCompose), userId: user.id, nickname: user.nickname },
      Date.now(),
    );
    await indexContainers(ctx, tx, { spaceIds: [id] });
    return id;
  });
}

/** The user's spaces (every space for a super admin) with the user's role in each. */
export async function listSpaces(ctx: Ctx, user: SessionUser, m: Memberships): Promise<SpaceItem[]> {
  if (!user.isSuperAdmin && !m.spaces.size) return [];
  const rows = await repo.listSpaces(ctx.db, user.isSuperAdmin ? undefined : [...m.spaces.keys()]);
  return rows.map((s) => present(ctx, s, user.isSuperAdmin ? 'admin' : (m.spaces.get(s.id) ?? null)));
}

/** One space with its admins' names. */
export async function spaceInfo(ctx: Ctx, spaceId: number, role: RoleCode): Promise<SpaceInfo> {
  const [s, adminNames] = await Promise.all([repo.getSpace(ctx.db, spaceId), repo.spaceAdminNames(ctx.db, spaceId)]);
  return { ...present(ctx, s, role), adminNames };
}

/** Renames a space. */
export async function renameSpace(ctx: Ctx, user: SessionUser, id: number, name: string): Promise<void> {
  await inTx(ctx.db, async (tx) => {
    await repo.renameSpace(tx, id, name.trim(), user, Date.now());
    await indexContainers(ctx, tx, { spaceIds: [id] });
  });
}

/** The projects of a space the user may read, with the user's role in each. */
export async function spaceProjects(ctx: Ctx, user: SessionUser, m: Memberships, spaceId: number): Promise<SpaceProject[]> {
  const list: SpaceProject[] = [];
  for (const p of await repo.listSpaceProjects(ctx.db, spaceId)) {
    const role = projectRole(user, m, p);
    if (!role) continue;
    list.push({
      id: ctx.ids.encode(p.id),
      spaceId: ctx.ids.encode(p.spaceId),
      name: p.name,
      description: p.description,
      isPrivate: p.isPrivate,
      creatorName: p.creatorName,
      gmtCreate: p.createdAt,
      role,
    });
  }
  return list;
}
