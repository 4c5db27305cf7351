/** Permission-matrix cases of the shares feature (see apps/server/test/PERMISSION-MATRIX.md). */
import { type PermCase, type PermWorld, permCase } from '../../../test/permission-matrix.world.js';

const newShare = async (w: PermWorld, body: Record<string, unknown> = {}) =>
  w.api<{ id: string; publicId: string }>('POST', '/api/share/add', { moduleId: w.moduleId, type: 1, isAll: 1, ...body });

export const permCases: PermCase<any>[] = [
  permCase({ route: 'GET /api/share/list', preset: 'projectWrite', request: (w) => ({ query: { moduleId: w.moduleId } }) }),
  permCase({
    route: 'POST /api/share/add',
    preset: 'projectWrite',
    request: (w) => ({ body: { moduleId: w.moduleId, type: 1, isAll: 1 } }),
  }),
  permCase({
    route: 'POST /api/share/update',
    preset: 'projectWrite',
    setup: (w) => newShare(w),
    request: (_w, _a, s) => ({ body: { id: s.id, type: 2, isAll: 1, remark: 'x' } }),
  }),
  permCase({
    route: 'POST /api/share/disable',
    preset: 'projectWrite',
    setup: (w) => newShare(w),
    request: (_w, _a, s) => ({ body: { id: s.id } }),
  }),
  permCase({
    route: 'POST /api/share/enable',
    preset: 'projectWrite',
    setup: (w) => newShare(w),
    request: (_w, _a, s) => ({ body: { id: s.id } }),
  }),
  permCase({
    route: 'POST /api/share/rotate',
    preset: 'projectWrite',
    setup: (w) => newShare(w),
    request: (_w, _a, s) => ({ body: { id: s.id } }),
  }),
  permCase({ route: 'POST /api/share/delete', preset: 'projectWrite', request: async (w) => ({ body: { id: (await newShare(w)).id } }) }),
  permCase({
    route: 'GET /api/share/password',
    preset: 'projectWrite',
    setup: (w) => newShare(w, { type: 2 }),
    request: (_w, _a, s) => ({ query: { id: s.id } }),
  }),
  // Anonymous reads: the share link is the capability; everybody with it gets the same answer.
  permCase({
    route: 'GET /api/share/get',
    preset: 'public',
    setup: (w) => newShare(w),
    request: (_w, _a, s) => ({ query: { id: s.publicId } }),
  }),
  permCase({
    route: 'GET /api/share/menu',
    preset: 'public',
    setup: (w) => newShare(w),
    request: (_w, _a, s) => ({ query: { id: s.publicId } }),
  }),
  permCase({
    route: 'GET /api/share/revision',
    preset: 'public',
    setup: (w) => newShare(w),
    request: (_w, _a, s) => ({ query: { id: s.publicId } }),
  }),
  permCase({
    route: 'GET /api/share/doc',
    preset: 'public',
    setup: (w) => newShare(w),
    request: (w, _a, s) => ({ query: { id: s.publicId, docId: w.docId } }),
  }),
  permCase({
    route: 'POST /api/share/checkPassword',
    preset: 'public',
    setup: (w) => newShare(w),
    request: (_w, _a, s) => ({ body: { id: s.publicId, password: 'd41d8cd98f00b204e9800998ecf8427e' } }),
  }),
  permCase({
    route: 'GET /api/share/menu',
    name: 'encrypted, no grant',
    preset: 'public',
    expect: Object.fromEntries(
      ['anonymous', 'mustSetPassword', 'stranger', 'spaceMember', 'guest', 'dev', 'admin', 'superAdmin'].map((a) => [
        a,
        (r: { status: number; error?: string }) =>
          (r.status === 403 && r.error === 'share_password_required') || `got ${r.status} ${r.error}`,
      ]),
    ),
    setup: (w) => newShare(w, { type: 2 }),
    request: (_w, _a, s) => ({ query: { id: s.publicId } }),
  }),
];
