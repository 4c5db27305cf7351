/** Permission-matrix cases of the constants pages (see test/PERMISSION-MATRIX.md). */
import { type PermCase, permCase } from '../../../test/permission-matrix.world.js';

export const permCases: PermCase<any>[] = [
  permCase({
    route: 'GET /api/constant/get',
    name: 'project',
    preset: 'projectRead',
    request: (w) => ({ query: { projectId: w.projectId } }),
  }),
  permCase({
    route: 'GET /api/constant/get',
    name: 'application',
    preset: 'projectRead',
    request: (w) => ({ query: { moduleId: w.moduleId } }),
  }),
  permCase({
    route: 'POST /api/constant/save',
    name: 'project',
    preset: 'projectWrite',
    request: (w) => ({ body: { projectId: w.projectId, content: '<p>c</p>' } }),
  }),
  permCase({
    route: 'POST /api/constant/save',
    name: 'application',
    preset: 'projectWrite',
    request: (w) => ({ body: { moduleId: w.moduleId, content: '<p>c</p>' } }),
  }),
];
