/** Permission-matrix cases of the trash routes (see test/PERMISSION-MATRIX.md). Who may restore: whoever could delete. */
import { type PermCase, permCase } from '../../../test/permission-matrix.world.js';

export const permCases: PermCase<any>[] = [
  // Every user has a trash view; it lists only what they could have deleted.
  permCase({ route: 'GET /api/trash/list', preset: 'anyUser', request: () => ({}) }),
  permCase({
    route: 'POST /api/trash/restore',
    name: 'a doc (project writers)',
    preset: 'projectWrite',
    request: async (w) => ({ body: { id: (await w.api('POST', '/api/doc/delete', { id: await w.newDoc() })).trashId } }),
  }),
  permCase({
    route: 'POST /api/trash/restore',
    name: 'an application (project admins)',
    preset: 'projectAdmin',
    request: async (w) => ({ body: { id: (await w.api('POST', '/api/module/delete', { id: await w.newModule() })).trashId } }),
  }),
  permCase({
    route: 'POST /api/trash/restore',
    name: 'a space (its admins)',
    preset: 'spaceAdmin',
    request: async (w) => ({ body: { id: (await w.api('POST', '/api/space/delete', { id: await w.newSpace() })).trashId } }),
  }),
  permCase({
    route: 'POST /api/trash/purge',
    preset: 'projectWrite',
    request: async (w) => ({ body: { id: (await w.api('POST', '/api/doc/delete', { id: await w.newDoc() })).trashId } }),
  }),
  permCase({ route: 'POST /api/trash/setting', preset: 'superOnly', request: () => ({ body: { retentionDays: 30 } }) }),
];
