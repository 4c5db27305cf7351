/** Deletes of applications, projects and spaces that go to the trash (docs and folders: docs.service). */
import type { FastifyInstance } from 'fastify';
import { inTx } from '../../db/database.js';
import type { SessionUser } from '../../plugins/auth.js';
import { deleteModules, deleteProjects, deleteSpace } from '../lib-cascade.js';
import { placeOf, recordTrash } from './trash.service.js';

/** Soft-deletes an application with its docs; returns the trash item's id. */
export async function trashModule(app: FastifyInstance, user: SessionUser, moduleId: number): Promise<number> {
  return inTx(app.ctx.db, async (tx) => {
    const m = await tx
      .selectFrom('modules as m')
      .innerJoin('projects as p', 'p.id', 'm.projectId')
      .select(['m.name', 'm.projectId', 'p.spaceId'])
      .where('m.id', '=', moduleId)
      .executeTakeFirstOrThrow();
    const removed = await deleteModules(tx, [moduleId]);
    return recordTrash(app, tx, user, {
      kind: 'module',
      targetId: moduleId,
      spaceId: m.spaceId,
      projectId: m.projectId,
      moduleId,
      name: m.name,
      path: await placeOf(tx, { projectId: m.projectId }),
      removed,
    });
  });
}

/** Soft-deletes a project with its applications and docs; returns the trash item's id. */
export async function trashProject(app: FastifyInstance, user: SessionUser, projectId: number): Promise<number> {
  return inTx(app.ctx.db, async (tx) => {
    const p = await tx
      .selectFrom('projects as p')
      .innerJoin('spaces as s', 's.id', 'p.spaceId')
      .select(['p.name', 'p.spaceId', 's.name as spaceName'])
      .where('p.id', '=', projectId)
      .executeTakeFirstOrThrow();
    const removed = await deleteProjects(tx, [projectId]);
    return recordTrash(app, tx, user, {
      kind: 'project',
      targetId: projectId,
      spaceId: p.spaceId,
      projectId,
      name: p.name,
      path: p.spaceName,
      removed,
    });
  });
}

/** Soft-deletes a space with everything in it; returns the trash item's id. */
export async function trashSpace(app: FastifyInstance, user: SessionUser, spaceId: number): Promise<number> {
  return inTx(app.ctx.db, async (tx) => {
    const s = await tx.selectFrom('spaces').select('name').where('id', '=', spaceId).executeTakeFirstOrThrow();
    const removed = await deleteSpace(tx, spaceId);
    return recordTrash(app, tx, user, { kind: 'space', targetId: spaceId, spaceId, name: s.name, path: '', removed });
  });
}
