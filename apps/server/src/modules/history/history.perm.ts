/** Permission-matrix cases of the history feature (see apps/server/test/PERMISSION-MATRIX.md). */
import { type PermCase, type PermWorld, permCase } from '../../../test/permission-matrix.world.js';

/** A pushed doc with two versions (so it has snapshots to read, compare and restore). */
async function versionedDoc(w: PermWorld) {
  const { token } = await w.api<{ token: string }>('GET', '/api/module/token/get', { moduleId: w.moduleId });
  const push = (description: string) =>
    w.app.inject({
      method: 'POST',
      url: '/api',
      payload: {
        name: 'doc.push',
        version: '1.0',
        access_token: token,
        data: { apis: [{ name: 'h', url: '/perm/history', description }], isReplace: 0 },
      },
    });
  await push('one');
  await push('two');
  const row = await w.app.ctx.db
    .selectFrom('docs')
    .select('id')
    .where('url', '=', '/perm/history')
    .where('isDeleted', '=', 0)
    .executeTakeFirstOrThrow();
  const docId = w.app.ctx.ids.encode(row.id);
  const snaps = await w.api<{ id: string }[]>('GET', '/api/doc/snapshot/list', { docId });
  return { docId, newest: snaps[0].id, oldest: snaps[snaps.length - 1].id };
}

type S = Awaited<ReturnType<typeof versionedDoc>>;

export const permCases: PermCase<any>[] = [
  permCase({ route: 'GET /api/doc/changelog/list', preset: 'projectRead', request: (w) => ({ query: { docId: w.docId } }) }),
  permCase({ route: 'GET /api/doc/snapshot/list', preset: 'projectRead', request: (w) => ({ query: { docId: w.docId } }) }),
  permCase({
    route: 'GET /api/doc/snapshot/get',
    preset: 'projectRead',
    setup: versionedDoc,
    request: (_w, _a, s: S) => ({ query: { docId: s.docId, id: s.newest } }),
  }),
  permCase({
    route: 'GET /api/doc/snapshot/compare',
    preset: 'projectRead',
    setup: versionedDoc,
    request: (_w, _a, s: S) => ({ query: { docId: s.docId, idOld: s.oldest, idNew: s.newest } }),
  }),
  permCase({
    route: 'POST /api/doc/changelog/restore',
    preset: 'projectWrite',
    setup: versionedDoc,
    request: (_w, _a, s: S) => ({ body: { docId: s.docId, snapshotId: s.oldest } }),
  }),
];
