/** Permission-matrix cases of the webhooks feature (see apps/server/test/PERMISSION-MATRIX.md). */
import { type PermCase, type PermWorld, permCase } from '../../../test/permission-matrix.world.js';

/** A webhook to a port nothing listens on (outbound policy refuses it; the call itself still answers). */
const newHook = async (w: PermWorld) =>
  (
    await w.api<{ id: string }>('POST', '/api/module/webhook/save', {
      moduleId: w.moduleId,
      kind: 'json',
      name: 'perm',
      url: 'http://127.0.0.1:9/hook',
    })
  ).id;

export const permCases: PermCase<any>[] = [
  permCase({ route: 'GET /api/module/webhook/list', preset: 'projectAdmin', request: (w) => ({ query: { moduleId: w.moduleId } }) }),
  permCase({
    route: 'POST /api/module/webhook/save',
    preset: 'projectAdmin',
    request: (w) => ({ body: { moduleId: w.moduleId, kind: 'wecom', name: 'w', url: 'http://127.0.0.1:9/cgi-bin/webhook/send?key=k' } }),
  }),
  permCase({
    route: 'POST /api/module/webhook/delete',
    preset: 'projectAdmin',
    request: async (w) => ({ body: { id: await newHook(w) } }),
  }),
  permCase({
    route: 'POST /api/module/webhook/test',
    preset: 'projectAdmin',
    setup: newHook,
    request: (_w, _a, id: string) => ({ body: { id } }),
  }),
  permCase({
    route: 'GET /api/module/webhook/delivery/page',
    preset: 'projectAdmin',
    request: (w) => ({ query: { moduleId: w.moduleId } }),
  }),
  permCase({
    route: 'POST /api/module/webhook/delivery/retry',
    preset: 'projectAdmin',
    setup: async (w) => (await w.api<{ deliveryId: string }>('POST', '/api/module/webhook/test', { id: await newHook(w) })).deliveryId,
    request: (_w, _a, id: string) => ({ body: { id } }),
  }),
];
