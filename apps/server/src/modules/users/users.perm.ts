/** Permission-matrix cases of the account and user-management routes (see test/PERMISSION-MATRIX.md). */
import { randomBytes } from 'node:crypto';
import { type PermCase, permCase } from '../../../test/permission-matrix.world.js';

const uniq = () => randomBytes(4).toString('hex');

export const permCases: PermCase<any>[] = [
  permCase({
    route: 'POST /api/user/login',
    preset: 'public',
    request: (w) => ({ headers: w.freshAddress(), body: { username: 'admin', password: w.passwords.superAdmin } }),
  }),
  permCase({
    route: 'POST /api/user/logout',
    preset: 'anyUser',
    expect: { mustSetPassword: 'ok' },
    // Ends a second session so the actor's own token keeps working.
    request: async (w, actor) => (actor === 'anonymous' ? {} : { headers: { token: await w.login(actor) } }),
  }),
  permCase({ route: 'GET /api/user/info', preset: 'anyUser', expect: { mustSetPassword: 'ok' }, request: () => ({}) }),
  permCase({ route: 'POST /api/user/info/update', preset: 'anyUser', request: () => ({ body: {} }) }),
  permCase({ route: 'GET /api/user/perm/get', preset: 'anyUser', expect: { mustSetPassword: 'ok' }, request: () => ({}) }),
  permCase({
    route: 'POST /api/user/password/setFirst',
    preset: 'anyUser',
    expect: { mustSetPassword: 'ok' },
    request: async (w, actor) => {
      if (actor === 'anonymous') return { body: { password: 'whatever-123' } };
      if (actor === 'mustSetPassword') return { headers: { token: await w.newSetPasswordToken() }, body: { password: 'new-pass-1234' } };
      return { body: { password: w.passwords[actor] } };
    },
  }),
  permCase({
    route: 'POST /api/user/password/update',
    preset: 'anyUser',
    request: (w, actor) => {
      const pw = actor === 'anonymous' ? 'whatever-123' : w.passwords[actor];
      return { body: { oldPassword: pw, password: pw } };
    },
  }),
  permCase({
    route: 'POST /api/user/reg',
    name: 'sign-up off by default',
    expect: { anonymous: 400, mustSetPassword: 400, stranger: 400, spaceMember: 400, guest: 400, dev: 400, admin: 400, superAdmin: 400 },
    request: () => ({ body: { username: `reg_${uniq()}`, password: 'reg-pass-1234' } }),
  }),
  permCase({ route: 'GET /api/user/search', preset: 'anyUser', request: () => ({ query: { q: 'm_' } }) }),
  permCase({
    route: 'GET /api/user/password/resetAvailable',
    preset: 'public',
    request: () => ({}),
  }),
  permCase({
    route: 'POST /api/user/password/forgot',
    name: 'no SMTP configured',
    expect: { anonymous: 400, mustSetPassword: 400, stranger: 400, spaceMember: 400, guest: 400, dev: 400, admin: 400, superAdmin: 400 },
    request: () => ({ body: { username: 'admin' } }),
  }),
  permCase({
    route: 'POST /api/user/password/reset',
    name: 'invalid link',
    expect: { anonymous: 400, mustSetPassword: 400, stranger: 400, spaceMember: 400, guest: 400, dev: 400, admin: 400, superAdmin: 400 },
    request: (w) => ({ headers: w.freshAddress(), body: { token: `bad-${uniq()}-token`, password: 'reset-pass-1234' } }),
  }),
  // ---- super admin ----
  permCase({
    route: 'POST /api/admin/user/add',
    preset: 'superOnly',
    request: () => ({ body: { username: `add_${uniq()}`, nickname: 'n', email: '' } }),
  }),
  permCase({ route: 'GET /api/admin/user/page', preset: 'superOnly', request: () => ({ query: { pageSize: 5 } }) }),
  permCase({
    route: 'POST /api/admin/user/resetPassword',
    preset: 'superOnly',
    setup: async (w) => (await w.newUser()).id,
    request: (_w, _a, id) => ({ body: { id } }),
  }),
  permCase({
    route: 'POST /api/admin/user/disable',
    preset: 'superOnly',
    setup: async (w) => (await w.newUser()).id,
    request: (_w, _a, id) => ({ body: { id } }),
  }),
  permCase({
    route: 'POST /api/admin/user/enable',
    preset: 'superOnly',
    setup: async (w) => (await w.newUser()).id,
    request: (_w, _a, id) => ({ body: { id } }),
  }),
  permCase({
    route: 'POST /api/admin/user/update',
    preset: 'superOnly',
    setup: async (w) => (await w.newUser()).id,
    request: (_w, _a, id) => ({ body: { id, nickname: 'renamed' } }),
  }),
  permCase({
    route: 'POST /api/admin/user/allocateProject',
    preset: 'superOnly',
    setup: async (w) => (await w.newUser()).id,
    request: (w, _a, userId) => ({ body: { userId, projectIds: [w.projectId], roleCode: 'guest' } }),
  }),
];
