/** Permission-matrix cases of the doc routes (see test/PERMISSION-MATRIX.md). */
import { randomBytes } from 'node:crypto';
import { type PermCase, permCase } from '../../../test/permission-matrix.world.js';

const uniq = () => randomBytes(4).toString('hex');

export const permCases: PermCase<any>[] = [
  permCase({
    route: 'POST /api/doc/save',
    name: 'create',
    preset: 'projectWrite',
    request: (w) => ({
      body: { moduleId: w.moduleId, name: 'n', url: `/p/${uniq()}`, httpMethod: 'POST', requestParams: [{ name: 'a' }] },
    }),
  }),
  permCase({
    route: 'POST /api/doc/save',
    name: 'update',
    preset: 'projectWrite',
    setup: (w) => w.newDoc(),
    request: (w, _a, id) => ({ body: { id, moduleId: w.moduleId, name: 'updated', description: 'd' } }),
  }),
  permCase({ route: 'GET /api/doc/detail', preset: 'projectRead', request: (w) => ({ query: { id: w.docId } }) }),
  permCase({ route: 'POST /api/doc/delete', preset: 'projectWrite', request: async (w) => ({ body: { id: await w.newDoc() } }) }),
  permCase({
    route: 'POST /api/doc/folder/add',
    preset: 'projectWrite',
    request: (w) => ({ body: { moduleId: w.moduleId, parentId: '', name: `f-${uniq()}` } }),
  }),
  permCase({
    route: 'POST /api/doc/folder/update',
    preset: 'projectWrite',
    setup: (w) => w.newFolder(),
    request: (_w, actor, id) => ({ body: { id, name: `renamed-${actor}` } }),
  }),
  permCase({
    route: 'POST /api/doc/move',
    preset: 'projectWrite',
    setup: async (w) => ({ doc: await w.newDoc(), folder: await w.newFolder() }),
    request: (_w, _a, s) => ({ body: { id: s.doc, parentId: s.folder } }),
  }),
  permCase({ route: 'POST /api/doc/copy', preset: 'projectWrite', request: (w) => ({ body: { id: w.docId } }) }),
  permCase({ route: 'POST /api/doc/lock', preset: 'projectWrite', setup: (w) => w.newDoc(), request: (_w, _a, id) => ({ body: { id } }) }),
  permCase({
    route: 'POST /api/doc/unlock',
    preset: 'projectWrite',
    setup: (w) => w.newDoc(),
    request: (_w, _a, id) => ({ body: { id } }),
  }),
  permCase({
    route: 'POST /api/doc/status/update',
    preset: 'projectWrite',
    setup: (w) => w.newDoc(),
    request: (_w, _a, id) => ({ body: { id, status: 10 } }),
  }),
  permCase({
    route: 'POST /api/doc/order/update',
    preset: 'projectWrite',
    setup: (w) => w.newDoc(),
    request: (_w, _a, id) => ({ body: { items: [{ id, orderIndex: 5 }] } }),
  }),
  permCase({
    route: 'GET /api/doc/view/data',
    name: 'space tree (the private project is left out for non-members)',
    preset: 'spaceRead',
    request: (w) => ({ query: { spaceId: w.spaceId } }),
    expect: {
      spaceMember: (r, w) =>
        r.code === '0' && Array.isArray(r.data) && !r.data.some((p: { id: string }) => p.id === `p_${w.projectId}`)
          ? true
          : 'expected a tree without the private project',
    },
  }),
  permCase({ route: 'GET /api/doc/view/dataByProject', preset: 'projectRead', request: (w) => ({ query: { projectId: w.projectId } }) }),
  permCase({ route: 'GET /api/doc/tree', preset: 'projectRead', request: (w) => ({ query: { moduleId: w.moduleId } }) }),
  permCase({ route: 'GET /api/prop/getDocProps', preset: 'projectRead', request: (w) => ({ query: { id: w.docId } }) }),
];
