/** Permission-matrix cases of live docs (see apps/server/test/PERMISSION-MATRIX.md). */
import { type PermCase, permCase } from '../../../test/permission-matrix.world.js';

export const permCases: PermCase<any>[] = [
  // Read like the project's tree: members of the private project read, others get 404, anonymous 1000.
  permCase({ route: 'GET /api/live/view', preset: 'projectRead', request: (w) => ({ query: { projectId: w.projectId } }) }),
];
