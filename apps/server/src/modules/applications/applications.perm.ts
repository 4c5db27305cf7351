/** Permission-matrix cases of the application routes (see test/PERMISSION-MATRIX.md). */
import { randomBytes } from 'node:crypto';
import { type PermCase, permCase } from '../../../test/permission-matrix.world.js';

const uniq = () => randomBytes(3).toString('hex');

export const permCases: PermCase<any>[] = [
  permCase({ route: 'POST /api/module/add', preset: 'projectWrite', request: (w) => ({ body: { projectId: w.projectId, name: 'm' } }) }),
  permCase({ route: 'GET /api/module/list', preset: 'projectRead', request: (w) => ({ query: { projectId: w.projectId } }) }),
  permCase({ route: 'GET /api/module/info', preset: 'projectRead', request: (w) => ({ query: { moduleId: w.moduleId } }) }),
  permCase({ route: 'GET /api/module/infoByDocId', preset: 'projectRead', request: (w) => ({ query: { docId: w.docId } }) }),
  permCase({
    route: 'POST /api/module/update',
    preset: 'projectWrite',
    setup: (w) => w.newModule(),
    request: (_w, _a, id) => ({ body: { id, name: 'renamed' } }),
  }),
  permCase({ route: 'POST /api/module/delete', preset: 'projectAdmin', request: async (w) => ({ body: { id: await w.newModule() } }) }),
  permCase({ route: 'GET /api/module/token/get', preset: 'projectAdmin', request: (w) => ({ query: { moduleId: w.moduleId } }) }),
  permCase({
    route: 'POST /api/module/token/reset',
    preset: 'projectAdmin',
    setup: (w) => w.newModule(),
    request: (_w, _a, moduleId) => ({ body: { moduleId } }),
  }),
  permCase({ route: 'GET /api/module/setting/get', preset: 'projectRead', request: (w) => ({ query: { moduleId: w.moduleId } }) }),
  permCase({
    route: 'POST /api/module/setting/update',
    preset: 'projectWrite',
    setup: (w) => w.newModule(),
    request: (_w, _a, moduleId) => ({ body: { moduleId, testTool: 'x' } }),
  }),
  permCase({ route: 'GET /api/module/environment/list', preset: 'projectRead', request: (w) => ({ query: { moduleId: w.moduleId } }) }),
  permCase({
    route: 'POST /api/module/environment/add',
    preset: 'projectWrite',
    setup: (w) => w.newModule(),
    request: (_w, _a, moduleId) => ({ body: { moduleId, name: `env-${uniq()}`, url: 'http://localhost:8080' } }),
  }),
  permCase({
    route: 'POST /api/module/environment/update',
    preset: 'projectWrite',
    setup: async (w) =>
      (await w.api('POST', '/api/module/environment/add', { moduleId: await w.newModule(), name: 'e', url: 'http://e' })).id,
    request: (_w, _a, id) => ({ body: { id, name: 'e', url: 'http://e2' } }),
  }),
  permCase({
    route: 'POST /api/module/environment/delete',
    preset: 'projectWrite',
    setup: (w) => w.newModule(),
    request: async (w, _a, moduleId) => ({
      body: { id: (await w.api('POST', '/api/module/environment/add', { moduleId, name: `e-${uniq()}`, url: 'http://e' })).id },
    }),
  }),
  permCase({
    route: 'GET /api/module/commonParam/list',
    preset: 'projectRead',
    request: (w) => ({ query: { moduleId: w.moduleId, style: 1 } }),
  }),
  permCase({
    route: 'POST /api/module/commonParam/save',
    preset: 'projectWrite',
    setup: (w) => w.newModule(),
    request: (_w, _a, moduleId) => ({ body: { moduleId, style: 1, params: [{ name: 'X-Tenant' }] } }),
  }),
];
