/** Permission-matrix cases of the open users of a space: space admins (see test/PERMISSION-MATRIX.md). */
import { type PermCase, type PermWorld, permCase } from '../../../test/permission-matrix.world.js';

const newOpenUser = async (w: PermWorld) => (await w.api<{ id: string }>('POST', '/api/space/openuser/add', { spaceId: w.spaceId })).id;

export const permCases: PermCase<any>[] = [
  permCase({ route: 'GET /api/space/openuser/list', preset: 'spaceAdmin', request: (w) => ({ query: { spaceId: w.spaceId } }) }),
  permCase({
    route: 'POST /api/space/openuser/add',
    preset: 'spaceAdmin',
    request: (w) => ({ body: { spaceId: w.spaceId, applicant: 'perm' } }),
  }),
  permCase({
    route: 'POST /api/space/openuser/resetSecret',
    preset: 'spaceAdmin',
    setup: newOpenUser,
    request: (_w, _a, id: string) => ({ body: { id } }),
  }),
  permCase({
    route: 'POST /api/space/openuser/setStatus',
    preset: 'spaceAdmin',
    setup: newOpenUser,
    request: (_w, _a, id: string) => ({ body: { id, status: 1 } }),
  }),
  permCase({
    route: 'POST /api/space/openuser/delete',
    preset: 'spaceAdmin',
    request: async (w) => ({ body: { id: await newOpenUser(w) } }),
  }),
];
