/** Permission-matrix cases of search (see apps/server/test/PERMISSION-MATRIX.md). */
import { type PermCase, type PermWorld, permCase } from '../../../test/permission-matrix.world.js';

/** A public compose project (in a composed space of its own) that references the world's doc. */
async function composeProject(w: PermWorld): Promise<{ publicId: string }> {
  const spaceId = (await w.api<{ id: string }>('POST', '/api/space/add', { name: 'perm-search-compose', isCompose: 1 })).id;
  const proj = await w.api<{ id: string; publicId: string }>('POST', '/api/compose/project/add', { spaceId, name: 'S', type: 1 });
  await w.api('POST', '/api/compose/doc/add', { projectId: proj.id, docIds: [w.docId] });
  return proj;
}

export const permCases: PermCase<any>[] = [
  // Everyone signed in may search: what they cannot read is simply not in their results (search.test.ts).
  permCase({ route: 'GET /api/search', preset: 'anyUser', request: () => ({ query: { q: 'doc' } }) }),
  permCase({ route: 'POST /api/admin/search/reindex', preset: 'superOnly', request: () => ({}) }),
  permCase({
    route: 'GET /api/admin/search/reindex/status',
    preset: 'superOnly',
    setup: (w) => w.api<{ jobId: string }>('POST', '/api/admin/search/reindex'),
    request: (_w, _a, job) => ({ query: { jobId: job.jobId } }),
  }),
  permCase({
    route: 'GET /api/share/search',
    preset: 'public',
    setup: (w) => w.api<{ publicId: string }>('POST', '/api/share/add', { moduleId: w.moduleId, type: 1, isAll: 1 }),
    request: (_w, _a, s) => ({ query: { id: s.publicId, q: 'doc' } }),
  }),
  permCase({
    route: 'GET /api/compose/doc/search',
    preset: 'public',
    setup: composeProject,
    request: (_w, _a, c) => ({ query: { projectId: c.publicId, q: 'doc' } }),
  }),
];
