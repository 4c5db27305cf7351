/** Permission-matrix cases of subscriptions and messages (see test/PERMISSION-MATRIX.md). */
import { type PermCase, permCase } from '../../../test/permission-matrix.world.js';

export const permCases: PermCase<any>[] = [
  permCase({ route: 'POST /api/user/subscribe/doc/follow', preset: 'projectRead', request: (w) => ({ body: { docId: w.docId } }) }),
  permCase({ route: 'POST /api/user/subscribe/doc/unfollow', preset: 'projectRead', request: (w) => ({ body: { docId: w.docId } }) }),
  permCase({ route: 'GET /api/user/subscribe/doc/isFollow', preset: 'projectRead', request: (w) => ({ query: { docId: w.docId } }) }),
  permCase({ route: 'GET /api/user/subscribe/doc/list', preset: 'anyUser', request: () => ({}) }),
  permCase({
    route: 'POST /api/user/subscribe/project/follow',
    preset: 'projectRead',
    request: (w) => ({ body: { projectId: w.projectId } }),
  }),
  permCase({
    route: 'POST /api/user/subscribe/project/unfollow',
    preset: 'projectRead',
    request: (w) => ({ body: { projectId: w.projectId } }),
  }),
  permCase({
    route: 'GET /api/user/subscribe/project/isFollow',
    preset: 'projectRead',
    request: (w) => ({ query: { projectId: w.projectId } }),
  }),
  permCase({ route: 'GET /api/user/message/unread', preset: 'anyUser', request: () => ({}) }),
  permCase({ route: 'GET /api/user/message/page', preset: 'anyUser', request: () => ({ query: { pageSize: 10 } }) }),
  permCase({
    route: 'POST /api/user/message/setRead',
    name: 'own message',
    preset: 'anyUser',
    request: async (w, actor) => {
      // A message of the actor (the super admin's for anonymous, who is stopped before the lookup).
      const owner = actor === 'anonymous' ? w.userIds.superAdmin : w.userIds[actor];
      const userId = w.app.ctx.ids.decode(owner);
      const id = await w.app.ctx.db.transaction().execute(async (tx) => {
        await tx.insertInto('messages').values({ userId, message: 'm', type: 1, sourceId: 0, isRead: 0, createdAt: Date.now() }).execute();
        const r = await tx.selectFrom('messages').select('id').where('userId', '=', userId).orderBy('id', 'desc').executeTakeFirstOrThrow();
        return r.id;
      });
      return { body: { id: w.app.ctx.ids.encode(id) } };
    },
  }),
  permCase({
    route: 'POST /api/user/message/setRead',
    name: "someone else's message answers like a missing one",
    preset: 'anyUser',
    expect: {
      stranger: 'notfound',
      spaceMember: 'notfound',
      guest: 'notfound',
      dev: 'notfound',
      admin: 'notfound',
      superAdmin: 'notfound',
    },
    setup: async (w) => {
      const u = await w.newUser();
      const userId = w.app.ctx.ids.decode(u.id);
      await w.app.ctx.db
        .insertInto('messages')
        .values({ userId, message: 'm', type: 1, sourceId: 0, isRead: 0, createdAt: Date.now() })
        .execute();
      const r = await w.app.ctx.db.selectFrom('messages').select('id').where('userId', '=', userId).executeTakeFirstOrThrow();
      return w.app.ctx.ids.encode(r.id);
    },
    request: (_w, _a, id) => ({ body: { id } }),
  }),
  permCase({ route: 'POST /api/user/message/setReadAll', preset: 'anyUser', request: () => ({}) }),
];
