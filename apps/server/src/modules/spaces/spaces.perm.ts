/** Permission-matrix cases of the space routes (see test/PERMISSION-MATRIX.md). */
import { randomBytes } from 'node:crypto';
import { type PermCase, permCase } from '../../../test/permission-matrix.world.js';

export const permCases: PermCase<any>[] = [
  permCase({ route: 'POST /api/space/add', preset: 'anyUser', request: () => ({ body: { name: `s-${randomBytes(3).toString('hex')}` } }) }),
  permCase({ route: 'GET /api/space/listNormal', preset: 'anyUser', request: () => ({}) }),
  permCase({ route: 'GET /api/space/info', preset: 'spaceRead', request: (w) => ({ query: { spaceId: w.spaceId } }) }),
  permCase({
    route: 'POST /api/space/update',
    preset: 'spaceAdmin',
    setup: (w) => w.newSpace(),
    request: (_w, _a, id) => ({ body: { id, name: 'renamed space' } }),
  }),
  permCase({
    route: 'POST /api/space/delete',
    preset: 'spaceAdmin',
    request: async (w) => ({ body: { id: await w.newSpace() } }),
  }),
  permCase({ route: 'GET /api/space/project/list', preset: 'spaceRead', request: (w) => ({ query: { spaceId: w.spaceId } }) }),
  permCase({ route: 'GET /api/space/member/all', preset: 'spaceRead', request: (w) => ({ query: { spaceId: w.spaceId } }) }),
  permCase({
    route: 'POST /api/space/member/add',
    preset: 'spaceAdmin',
    setup: async (w) => ({ spaceId: await w.newSpace(), userId: (await w.newUser()).id }),
    request: (_w, _a, s) => ({ body: { spaceId: s.spaceId, userIds: [s.userId], roleCode: 'guest' } }),
  }),
  permCase({
    route: 'POST /api/space/member/update',
    preset: 'spaceAdmin',
    setup: async (w) => {
      const spaceId = await w.newSpace();
      const userId = (await w.newUser()).id;
      await w.api('POST', '/api/space/member/add', { spaceId, userIds: [userId], roleCode: 'guest' });
      return { spaceId, userId };
    },
    request: (_w, _a, s) => ({ body: { spaceId: s.spaceId, userId: s.userId, roleCode: 'dev' } }),
  }),
  permCase({
    route: 'POST /api/space/member/remove',
    preset: 'spaceAdmin',
    setup: async (w) => ({ spaceId: await w.newSpace(), userId: (await w.newUser()).id }),
    request: async (w, _a, s) => {
      await w.api('POST', '/api/space/member/add', { spaceId: s.spaceId, userIds: [s.userId], roleCode: 'guest' });
      return { body: { spaceId: s.spaceId, userId: s.userId } };
    },
  }),
];
