/** Permission-matrix cases of the admin console routes: super admins only (see test/PERMISSION-MATRIX.md). */
import { type PermCase, permCase } from '../../../test/permission-matrix.world.js';

export const permCases: PermCase<any>[] = [
  permCase({ route: 'GET /api/admin/setting/get', preset: 'superOnly', request: () => ({}) }),
  permCase({
    route: 'POST /api/admin/setting/update',
    preset: 'superOnly',
    request: () => ({ body: { values: { 'folio.snapshot-size': '50' } } }),
  }),
  permCase({ route: 'POST /api/admin/setting/smtp/test', preset: 'superOnly', request: () => ({ body: { to: 'ops@example.com' } }) }),
  permCase({ route: 'GET /api/admin/i18n/lang/list', preset: 'superOnly', request: () => ({}) }),
  permCase({ route: 'GET /api/admin/i18n/get', preset: 'superOnly', request: () => ({ query: { lang: 'en' } }) }),
  permCase({
    route: 'POST /api/admin/i18n/save',
    preset: 'superOnly',
    request: () => ({ body: { lang: 'fr', description: 'Français', content: '{"common.ok":"OK"}' } }),
  }),
  permCase({
    route: 'POST /api/admin/i18n/delete',
    preset: 'superOnly',
    request: async (w) => {
      await w.api('POST', '/api/admin/i18n/save', { lang: 'de', description: 'Deutsch', content: '{}' });
      return { body: { lang: 'de' } };
    },
  }),
  permCase({
    route: 'POST /api/admin/i18n/setDefault',
    preset: 'superOnly',
    request: () => ({ body: { lang: 'zh-CN' } }),
  }),
  permCase({ route: 'GET /api/admin/audit/page', preset: 'superOnly', request: () => ({ query: { action: 'login.' } }) }),
  permCase({ route: 'GET /api/admin/audit/actions', preset: 'superOnly', request: () => ({}) }),
];
