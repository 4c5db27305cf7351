/** Permission-matrix cases of the dictionary routes (see test/PERMISSION-MATRIX.md). */
import { randomBytes } from 'node:crypto';
import { type PermCase, type PermWorld, permCase } from '../../../test/permission-matrix.world.js';

const uniq = () => randomBytes(4).toString('hex');
const newEnum = async (w: PermWorld): Promise<string> =>
  (await w.api('POST', '/api/doc/enum/info/save', { moduleId: w.moduleId, name: `E${uniq()}`, items: [{ name: 'A' }] })).id;

export const permCases: PermCase<any>[] = [
  permCase({ route: 'GET /api/doc/enum/info/baselist', preset: 'projectRead', request: (w) => ({ query: { moduleId: w.moduleId } }) }),
  permCase({
    route: 'GET /api/doc/enum/item/list',
    preset: 'projectRead',
    setup: newEnum,
    request: (_w, _a, enumId) => ({ query: { enumId } }),
  }),
  permCase({
    route: 'POST /api/doc/enum/info/save',
    preset: 'projectWrite',
    request: (w) => ({ body: { moduleId: w.moduleId, name: `E${uniq()}` } }),
  }),
  permCase({ route: 'POST /api/doc/enum/info/delete', preset: 'projectWrite', request: async (w) => ({ body: { id: await newEnum(w) } }) }),
  permCase({
    route: 'POST /api/doc/enum/item/save',
    preset: 'projectWrite',
    setup: newEnum,
    request: (_w, _a, enumId) => ({ body: { enumId, name: `I${uniq()}`, value: '1' } }),
  }),
  permCase({
    route: 'POST /api/doc/enum/item/delete',
    preset: 'projectWrite',
    setup: newEnum,
    request: async (w, _a, enumId) => ({
      body: { id: (await w.api('POST', '/api/doc/enum/item/save', { enumId, name: `I${uniq()}` })).id },
    }),
  }),
];
