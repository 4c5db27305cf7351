/** Permission-matrix cases of the mock feature (see apps/server/test/PERMISSION-MATRIX.md). */
import { type PermCase, type PermWorld, permCase } from '../../../test/permission-matrix.world.js';

const newRule = (w: PermWorld, path = `perm/${Math.random().toString(36).slice(2, 8)}`) =>
  w.api<{ id: string }>('POST', '/api/doc/mock/save', { docId: w.docId, name: 'rule', path, responseBody: '{"ok":1}' });

const publicMock: PermCase<any>[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].map((method) =>
  permCase({
    route: `${method} /mock/*`,
    preset: 'public',
    // A mock URL works for anyone (curl, mobile apps): it is the capability.
    setup: async (w) => {
      await newRule(w, `perm/public/${method.toLowerCase()}`);
      return `/mock/${w.moduleId}/perm/public/${method.toLowerCase()}`;
    },
    request: (_w, _a, url: string) => ({ url }),
  }),
);

export const permCases: PermCase<any>[] = [
  ...publicMock,
  permCase({
    route: 'GET /mockjs/script/*',
    preset: 'public',
    setup: async (w) => {
      await w.api('POST', '/api/doc/mock/save', {
        docId: w.docId,
        name: 'script',
        path: 'perm/script/raw',
        resultType: 1,
        mockScript: 'return 1;',
      });
      return '/mockjs/script/perm/script/raw';
    },
    request: (_w, _a, url: string) => ({ url }),
  }),
  permCase({ route: 'GET /api/doc/mock/list', preset: 'projectRead', request: (w) => ({ query: { docId: w.docId } }) }),
  permCase({
    route: 'POST /api/doc/mock/save',
    preset: 'projectWrite',
    request: (w) => ({ body: { docId: w.docId, name: 'r', path: 'perm/save', responseBody: 'x' } }),
  }),
  permCase({
    route: 'POST /api/doc/mock/delete',
    preset: 'projectWrite',
    request: async (w) => ({ body: { id: (await newRule(w)).id } }),
  }),
  permCase({
    route: 'POST /api/doc/mock/preview',
    preset: 'projectWrite',
    request: (w) => ({ body: { docId: w.docId, resultType: 1, mockScript: 'return {a: 1};' } }),
  }),
];
