/** Permission-matrix cases of the import routes (see test/PERMISSION-MATRIX.md). */
import { type PermCase, permCase } from '../../../test/permission-matrix.world.js';

const SPEC = JSON.stringify({
  openapi: '3.0.0',
  info: { title: 'perm', version: '1' },
  paths: { '/perm': { get: { summary: 'perm', responses: { '200': { description: 'ok' } } } } },
});

export const permCases: PermCase<any>[] = [
  permCase({
    route: 'POST /api/import',
    preset: 'projectWrite',
    request: (w) => ({ body: { moduleId: w.moduleId, content: SPEC } }),
  }),
  permCase({
    route: 'POST /api/import/refresh',
    preset: 'projectWrite',
    setup: async (w) => {
      const moduleId = await w.newModule();
      const now = Date.now();
      await w.app.ctx.db
        .insertInto('moduleSwaggerConfigs')
        .values({
          moduleId: w.app.ctx.ids.decode(moduleId, 'module'),
          url: '',
          content: SPEC,
          format: 'openapi',
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      return moduleId;
    },
    request: (_w, _a, moduleId) => ({ body: { moduleId } }),
  }),
  permCase({ route: 'GET /api/import/source', preset: 'projectWrite', request: (w) => ({ query: { moduleId: w.moduleId } }) }),
  permCase({
    route: 'GET /api/import/status',
    // A job is visible to the user who started it (and super admins) only.
    preset: 'projectWrite',
    expect: { guest: 'notfound', dev: 'notfound', admin: 'notfound' },
    setup: async (w) => (await w.api<{ jobId: string }>('POST', '/api/import', { moduleId: w.moduleId, content: SPEC })).jobId,
    request: (_w, _a, jobId) => ({ query: { jobId } }),
  }),
  // CI's entry (`folio push`): the application token is the credential, every actor holding it gets through.
  permCase({
    route: 'POST /api/import/push',
    preset: 'public',
    setup: async (w) => (await w.api<{ token: string }>('GET', '/api/module/token/get', { moduleId: w.moduleId })).token,
    request: (_w, _a, token: string) => ({ query: { isReplace: '0' }, headers: { token }, body: JSON.parse(SPEC) }),
  }),
];
