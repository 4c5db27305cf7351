import { MessageType } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { sendMessages } from './messages.service.js';

describe('subscriptions and messages', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof createWorld>>;
  let guest: { id: string; token: string };
  let other: { id: string; token: string };
  let docId: string;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t, { isPrivate: 1 });
    guest = await createUser(t, 'msg_guest');
    other = await createUser(t, 'msg_other');
    await call(t.app, t.adminToken, 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [guest.id], roleCode: 'guest' });
    docId = (
      await call(t.app, t.adminToken, 'POST', '/api/doc/save', { moduleId: w.moduleId, name: 'Followed', url: '/f', httpMethod: 'GET' })
    ).data.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('follows and unfollows docs and projects the user can see', async () => {
    expect((await call(t.app, guest.token, 'GET', '/api/user/subscribe/doc/isFollow', { docId })).data).toBe(false);
    expect((await call(t.app, guest.token, 'POST', '/api/user/subscribe/doc/follow', { docId })).code).toBe('0');
    expect((await call(t.app, guest.token, 'POST', '/api/user/subscribe/doc/follow', { docId })).code).toBe('0');
    expect((await call(t.app, guest.token, 'GET', '/api/user/subscribe/doc/isFollow', { docId })).data).toBe(true);
    const list = await call(t.app, guest.token, 'GET', '/api/user/subscribe/doc/list');
    expect(list.data).toEqual([expect.objectContaining({ docId, name: 'Followed', url: '/f', projectId: w.projectId })]);
    expect((await call(t.app, other.token, 'POST', '/api/user/subscribe/doc/follow', { docId })).status).toBe(404);
    expect((await call(t.app, guest.token, 'POST', '/api/user/subscribe/doc/unfollow', { docId })).code).toBe('0');
    expect((await call(t.app, guest.token, 'GET', '/api/user/subscribe/doc/list')).data).toEqual([]);
    expect((await call(t.app, guest.token, 'POST', '/api/user/subscribe/project/follow', { projectId: w.projectId })).code).toBe('0');
    expect((await call(t.app, guest.token, 'GET', '/api/user/subscribe/project/isFollow', { projectId: w.projectId })).data).toBe(true);
    expect((await call(t.app, other.token, 'POST', '/api/user/subscribe/project/follow', { projectId: w.projectId })).status).toBe(404);
  });

  it('delivers messages, counts unread (list capped at 99), reads one and all, pages', async () => {
    const ids = t.app.ctx.ids;
    const uid = ids.decode(guest.id);
    await t.app.ctx.db.transaction().execute(async (tx) => {
      for (let i = 0; i < 105; i++)
        await sendMessages(tx, [uid, uid], { message: `m${i}`, type: MessageType.DOC, sourceId: ids.decode(docId) });
    });
    const unread = await call(t.app, guest.token, 'GET', '/api/user/message/unread');
    expect(unread.data.total).toBe(105);
    expect(unread.data.list).toHaveLength(99);
    expect(unread.data.list[0]).toMatchObject({ message: 'm104', type: 1, sourceId: docId, isRead: 0 });
    expect((await call(t.app, other.token, 'POST', '/api/user/message/setRead', { id: unread.data.list[0].id })).status).toBe(404);
    expect((await call(t.app, guest.token, 'POST', '/api/user/message/setRead', { id: unread.data.list[0].id })).code).toBe('0');
    expect((await call(t.app, guest.token, 'GET', '/api/user/message/unread')).data.total).toBe(104);
    const page2 = await call(t.app, guest.token, 'GET', '/api/user/message/page', { pageIndex: 2, pageSize: 10 });
    expect(page2.data.total).toBe(105);
    expect(page2.data.list.map((m: { message: string }) => m.message)[0]).toBe('m94');
    expect((await call(t.app, guest.token, 'GET', '/api/user/message/page', { pageSize: 7 })).status).toBe(422);
    expect((await call(t.app, guest.token, 'POST', '/api/user/message/setReadAll')).code).toBe('0');
    expect((await call(t.app, guest.token, 'GET', '/api/user/message/unread')).data).toEqual({ total: 0, list: [] });
    expect((await call(t.app, other.token, 'GET', '/api/user/message/unread')).data.total).toBe(0);
  });
});
