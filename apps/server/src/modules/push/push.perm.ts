/** Permission-matrix cases of the push feature (see apps/server/test/PERMISSION-MATRIX.md). */
import { type PermCase, type PermWorld, permCase } from '../../../test/permission-matrix.world.js';

/** The application token: the open API's only credential (every actor holding it gets through). */
const appToken = async (w: PermWorld) => (await w.api<{ token: string }>('GET', '/api/module/token/get', { moduleId: w.moduleId })).token;

const spec = {
  openapi: '3.0.0',
  info: { title: 'perm', version: '1' },
  paths: { '/perm/ping': { get: { summary: 'ping', responses: { '200': { description: 'ok' } } } } },
};

export const permCases: PermCase<any>[] = [
  ...(['GET', 'POST'] as const).map((m) =>
    permCase({
      route: `${m} /api`,
      preset: 'public',
      setup: appToken,
      request: (_w, _a, token: string) => {
        const envelope = { name: 'module.get', version: '1.0', access_token: token, data: '' };
        return m === 'GET' ? { query: envelope } : { body: envelope };
      },
    }),
  ),
  permCase({
    route: 'GET /api/push/status',
    preset: 'public',
    setup: async (w) => {
      const token = await appToken(w);
      const r = await w.app.inject({
        method: 'POST',
        url: '/api',
        payload: {
          name: 'doc.push',
          version: '1.0',
          access_token: token,
          data: { apis: [{ name: 'p', url: '/perm/p' }], isReplace: 0, async: 1 },
        },
      });
      return r.json().data.jobId as string;
    },
    request: (_w, _a, jobId: string) => ({ query: { jobId } }),
  }),
  permCase({
    route: 'POST /api/push/openapi',
    preset: 'public',
    setup: appToken,
    request: (_w, _a, token: string) => ({ query: { isReplace: '0' }, headers: { token }, body: spec }),
  }),
  permCase({ name: 'guide', route: 'GET /api/openapi/push.md', preset: 'public', request: () => ({ query: {} }) }),
  // With an application, the guide shows the token: only its admins may ask for it.
  permCase({
    name: 'guide with token',
    route: 'GET /api/openapi/push.md',
    preset: 'projectAdmin',
    expect: { anonymous: 'ok', mustSetPassword: 'notfound' },
    request: (w) => ({ query: { moduleId: w.moduleId } }),
  }),
];
