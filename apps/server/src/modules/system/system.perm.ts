/** Permission-matrix cases of the system routes: all public (see test/PERMISSION-MATRIX.md). */
import { type PermCase, permCase } from '../../../test/permission-matrix.world.js';

export const permCases: PermCase<any>[] = [
  permCase({ route: 'GET /api/health', preset: 'public', request: () => ({}) }),
  permCase({ route: 'GET /api/system/i18n/get', preset: 'public', request: () => ({ query: { lang: 'en' } }) }),
  permCase({ route: 'GET /api/system/i18n/lang/list', preset: 'public', request: () => ({}) }),
  permCase({ route: 'GET /api/system/viewConfig', preset: 'public', request: () => ({}) }),
  permCase({ route: 'GET /api/system/frontConfig', preset: 'public', request: () => ({ query: { key: 'folio.init-order' } }) }),
  permCase({ route: 'GET /api/openapi.json', preset: 'public', request: () => ({}) }),
];
