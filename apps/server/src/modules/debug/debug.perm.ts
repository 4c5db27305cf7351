/** Permission-matrix cases of the debug feature (see apps/server/test/PERMISSION-MATRIX.md). */
import { type Expectations, type PermCase, type PermWorld, permCase } from '../../../test/permission-matrix.world.js';

const newScript = (w: PermWorld) =>
  w.api<{ id: string }>('POST', '/api/doc/debugscript/save', { name: 'pre', content: 'return req;', type: 0, scope: 0, refId: w.docId });

/** Optional-auth routes: anonymous without a grant must log in; a must-set-password account must set it first. */
const optionalRead: Expectations = { anonymous: 'login', mustSetPassword: 'setpw' };

/**
 * The proxy without a target-url: readers pass the access check and then get the 400 that names the missing
 * header; everybody else is stopped before (login / not found).
 */
const proxyExpect: Expectations = {
  ...optionalRead,
  stranger: 'notfound',
  spaceMember: 'notfound',
  guest: 400,
  dev: 400,
  admin: 400,
  superAdmin: 400,
};

const proxyCases: PermCase<any>[] = [];
for (const url of ['/api/debug/proxy', '/api/doc/debug/v1']) {
  for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
    proxyCases.push(
      permCase({
        route: `${method} ${url}`,
        expect: proxyExpect,
        request: (w) => ({ query: { docId: w.docId } }),
      }),
    );
  }
}

export const permCases: PermCase<any>[] = [
  ...proxyCases,
  permCase({
    route: 'GET /api/debug/context',
    preset: 'projectRead',
    expect: optionalRead,
    request: (w) => ({ query: { docId: w.docId } }),
  }),
  permCase({
    route: 'GET /api/doc/debugscript/list',
    preset: 'projectRead',
    expect: optionalRead,
    request: (w) => ({ query: { docId: w.docId } }),
  }),
  permCase({
    route: 'POST /api/doc/debugscript/save',
    preset: 'projectWrite',
    request: (w) => ({ body: { name: 'pre', content: 'return req;', type: 0, scope: 1, refId: w.moduleId } }),
  }),
  permCase({
    route: 'POST /api/doc/debugscript/enable',
    preset: 'projectWrite',
    setup: newScript,
    request: (_w, _a, s) => ({ body: { id: s.id } }),
  }),
  permCase({
    route: 'POST /api/doc/debugscript/disable',
    preset: 'projectWrite',
    setup: newScript,
    request: (_w, _a, s) => ({ body: { id: s.id } }),
  }),
  permCase({
    route: 'POST /api/doc/debugscript/delete',
    preset: 'projectWrite',
    request: async (w) => ({ body: { id: (await newScript(w)).id } }),
  }),
  permCase({
    route: 'POST /api/debug/props/set',
    preset: 'projectRead',
    request: (w) => ({ body: { moduleId: w.moduleId, proxy: true } }),
  }),
];
