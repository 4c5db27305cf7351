/** Permission-matrix cases of the admin console's Torna migration: super admins only (see test/PERMISSION-MATRIX.md). */
import { type PermCase, permCase } from '../../../test/permission-matrix.world.js';

/** Nothing listens on port 1: the calls fail fast with a connection error. */
const from = 'mysql://nobody@127.0.0.1:1/torna';

export const permCases: PermCase<any>[] = [
  permCase({ route: 'POST /api/admin/tornaMigration/test', preset: 'superOnly', request: () => ({ body: { from } }) }),
  permCase({
    route: 'POST /api/admin/tornaMigration/dryRun',
    preset: 'superOnly',
    request: () => ({ body: { from } }),
    // The super admin gets through to the connection, which fails with a readable error.
    expect: { superAdmin: 400 },
  }),
  permCase({ route: 'POST /api/admin/tornaMigration/start', preset: 'superOnly', request: () => ({ body: { from } }) }),
  permCase({
    route: 'GET /api/admin/tornaMigration/status',
    preset: 'superOnly',
    setup: (w) => w.api<{ jobId: string }>('POST', '/api/admin/tornaMigration/start', { from }),
    request: (_w, _a, s) => ({ query: { jobId: s.jobId } }),
  }),
];
