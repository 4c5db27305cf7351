/** Permission-matrix cases of the project routes (see test/PERMISSION-MATRIX.md). */
import { type PermCase, permCase } from '../../../test/permission-matrix.world.js';

export const permCases: PermCase<any>[] = [
  permCase({
    route: 'POST /api/project/add',
    preset: 'spaceWrite',
    request: (w) => ({ body: { spaceId: w.spaceId, name: 'p', isPrivate: 1 } }),
  }),
  permCase({ route: 'GET /api/project/info', preset: 'projectRead', request: (w) => ({ query: { projectId: w.projectId } }) }),
  permCase({
    route: 'GET /api/project/info',
    name: 'public project: every space member reads it',
    preset: 'spaceRead',
    setup: async (w) => (await w.api('POST', '/api/project/add', { spaceId: w.spaceId, name: 'public', isPrivate: 0 })).id as string,
    request: (_w, _a, projectId) => ({ query: { projectId } }),
  }),
  permCase({ route: 'GET /api/project/space', preset: 'projectRead', request: (w) => ({ query: { projectId: w.projectId } }) }),
  permCase({
    route: 'POST /api/project/update',
    preset: 'projectAdmin',
    setup: (w) => w.newProject(),
    request: (_w, _a, id) => ({ body: { id, description: 'changed' } }),
  }),
  permCase({ route: 'POST /api/project/delete', preset: 'projectAdmin', request: async (w) => ({ body: { id: await w.newProject() } }) }),
  permCase({ route: 'GET /api/doc/view/projects', preset: 'anyUser', request: () => ({}) }),
  permCase({ route: 'GET /api/project/member/list', preset: 'projectRead', request: (w) => ({ query: { projectId: w.projectId } }) }),
  permCase({
    route: 'POST /api/project/member/add',
    preset: 'projectAdmin',
    setup: async (w) => ({ projectId: await w.newProject(), userId: (await w.newUser()).id }),
    request: (_w, _a, s) => ({ body: { projectId: s.projectId, userIds: [s.userId], roleCode: 'guest' } }),
  }),
  permCase({
    route: 'POST /api/project/member/update',
    preset: 'projectAdmin',
    setup: async (w) => {
      const projectId = await w.newProject();
      const userId = (await w.newUser()).id;
      await w.api('POST', '/api/project/member/add', { projectId, userIds: [userId], roleCode: 'guest' });
      return { projectId, userId };
    },
    request: (_w, _a, s) => ({ body: { projectId: s.projectId, userId: s.userId, roleCode: 'dev' } }),
  }),
  permCase({
    route: 'POST /api/project/member/remove',
    preset: 'projectAdmin',
    setup: async (w) => ({ projectId: await w.newProject(), userId: (await w.newUser()).id }),
    request: async (w, _a, s) => {
      await w.api('POST', '/api/project/member/add', { projectId: s.projectId, userIds: [s.userId], roleCode: 'guest' });
      return { body: { projectId: s.projectId, userId: s.userId } };
    },
  }),
];
