/** Permission-matrix cases of uploads and file downloads (see test/PERMISSION-MATRIX.md). */
import { type PermCase, permCase } from '../../../test/permission-matrix.world.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex').toString('base64');

export const permCases: PermCase<any>[] = [
  permCase({
    route: 'POST /api/upload',
    preset: 'anyUser',
    request: () => ({ body: { filename: 'a.png', contentType: 'image/png', data: PNG } }),
  }),
  permCase({
    route: 'GET /api/file/:fileId',
    preset: 'public',
    expect: { anonymous: 'ok', mustSetPassword: 'ok' },
    setup: async (w) => (await w.api('POST', '/api/upload', { filename: 'a.png', contentType: 'image/png', data: PNG })).fileId as string,
    request: (_w, _a, fileId) => ({ url: `/api/file/${fileId}` }),
  }),
];
