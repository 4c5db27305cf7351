/** Permission-matrix cases of the export route (see test/PERMISSION-MATRIX.md). */
import { type PermCase, permCase } from '../../../test/permission-matrix.world.js';

export const permCases: PermCase<any>[] = [
  permCase({ route: 'GET /api/export', preset: 'projectRead', request: (w) => ({ query: { format: 'markdown', moduleId: w.moduleId } }) }),
  permCase({
    route: 'GET /api/export',
    name: 'one doc',
    preset: 'projectRead',
    request: (w) => ({ query: { format: 'docx', docIds: w.docId } }),
  }),
];
