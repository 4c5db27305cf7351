/** Projects: create (with admins and developers), read, change, and the reader's projects across spaces. No HTTP types. */
import type { ProjectAddInput, ProjectInfo, ProjectPlace, ProjectUpdateInput, RoleCode, ViewProject } from '@folio/shared';
import type { AppContext } from '../../context.js';
import { inTx } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import { flag } from '../../lib/schemas.js';
import { type Memberships, projectRole } from '../../permissions/authorize.js';
import type { SessionUser } from '../../plugins/auth.js';
import { indexContainers } from '../search/search-index.js';
import * as repo from './projects.repo.js';

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'ids'>;

/** Creates a project in a space: the creator and adminIds are admins, memberIds developers; returns its id. */
export async function addProject(ctx: Ctx, user: SessionUser, spaceId: number, b: ProjectAddInput): Promise<number> {
  const admins = new Set([user.id, ...(b.adminIds ?? []).map((x) => ctx.ids.decode(x, 'user'))]);
  const devs = new Set((b.memberIds ?? []).map((x) => ctx.ids.decode(x, 'user')).filter((x) => !admins.has(x)));
  const named = [...admins, ...devs];
  if ((await repo.countUsers(ctx.db, named)) !== named.length) throw notFound('user');
  return inTx(ctx.db, async (tx) => {
    const id = await repo.insertProject(
      tx,
      ctx.dialect,
      {
        spaceId,
        name: b.name.trim(),
        description: (b.description ?? '').trim(),
        isPrivate: flag(b.isPrivate),
        userId: user.id,
        nickname: user.nickname,
      },
      { admins: [...admins], devs: [...devs] },
      Date.now(),
    );
    await indexContainers(ctx, tx, { projectIds: [id] });
    return id;
  });
}

/** One project, with the caller's role in it. */
export async function projectInfo(ctx: Ctx, projectId: number, role: RoleCode): Promise<ProjectInfo> {
  const p = await repo.getProjectWithSpace(ctx.db, projectId);
  return {
    id: ctx.ids.encode(p.id),
    spaceId: ctx.ids.encode(p.spaceId),
    spaceName: p.spaceName,
    name: p.name,
    description: p.description,
    isPrivate: p.isPrivate,
    creatorName: p.creatorName,
    gmtCreate: p.createdAt,
    role,
  };
}

/** Where a project lives. */
export async function projectPlace(ctx: Ctx, projectId: number): Promise<ProjectPlace> {
  const p = await repo.getProjectWithSpace(ctx.db, projectId);
  return { spaceId: ctx.ids.encode(p.spaceId), spaceName: p.spaceName, projectId: ctx.ids.encode(p.id), projectName: p.name };
}

/** Changes a project's name, description or privacy. */
export async function updateProject(ctx: Ctx, user: SessionUser, id: number, b: Omit<ProjectUpdateInput, 'id'>): Promise<void> {
  const patch: repo.ProjectPatch = { modifierId: user.id, modifierName: user.nickname, updatedAt: Date.now() };
  if (b.name !== undefined) patch.name = b.name.trim();
  if (b.description !== undefined) patch.description = b.description.trim();
  if (b.isPrivate !== undefined) patch.isPrivate = flag(b.isPrivate);
  await inTx(ctx.db, async (tx) => {
    await repo.updateProject(tx, id, patch);
    await indexContainers(ctx, tx, { projectIds: [id] });
  });
}

/** Every project the user may read, across spaces (preview mode's project picker). */
export async function viewProjects(ctx: Ctx, user: SessionUser, m: Memberships): Promise<ViewProject[]> {
  const spaceIds = [...m.spaces.keys()];
  const projectIds = [...m.projects.keys()];
  if (!user.isSuperAdmin && !spaceIds.length && !projectIds.length) return [];
  const rows = await repo.listViewProjects(ctx.db, user.isSuperAdmin ? undefined : { spaceIds, projectIds });
  return rows
    .filter((p) => projectRole(user, m, p))
    .map((p) => ({ id: ctx.ids.encode(p.id), name: p.name, spaceId: ctx.ids.encode(p.spaceId), spaceName: p.spaceName }));
}
