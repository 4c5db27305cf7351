import { MessageType } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { text } from '../../i18n/stored-text.js';
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

  /** The reader's messages as listed for a language (the web app's `lang` header). */
  async function listed(token: string, lang: string): Promise<string[]> {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/message/page?pageSize=10', headers: { token, lang } });
    return res.json().data.list.map((m: { message: string }) => m.message);
  }

  it('a change by an English-speaking editor reads in Chinese for a zh-CN reader and in English for an en reader', async () => {
    const reader = await createUser(t, 'msg_reader');
    await call(t.app, t.adminToken, 'POST', '/api/project/member/add', { projectId: w.projectId, userIds: [reader.id], roleCode: 'guest' });
    expect((await call(t.app, reader.token, 'POST', '/api/user/subscribe/doc/follow', { docId })).code).toBe('0');
    // The editor works in English.
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/doc/save',
      headers: { token: t.adminToken, lang: 'en', 'accept-language': 'en-US' },
      payload: { id: docId, moduleId: w.moduleId, name: 'Followed', url: '/f', httpMethod: 'GET', description: 'changed' },
    });
    expect(saved.json().code).toBe('0');
    const zh = await listed(reader.token, 'zh-CN');
    expect(zh[0]).toMatch(/更新了【Followed】/);
    expect(zh[0]).not.toMatch(/updated/);
    const en = await listed(reader.token, 'en');
    expect(en[0]).toMatch(/updated \[Followed\]/);
    expect(en[0]).not.toMatch(/[\u4e00-\u9fff]/);
    // The bell's unread list reads the same way.
    const unread = await t.app.inject({ method: 'GET', url: '/api/user/message/unread', headers: { token: reader.token, lang: 'en' } });
    expect(unread.json().data.list[0].message).toBe(en[0]);
  });

  it('a nested message (digest with "and n more") is written whole in the reader\'s language; old free-text rows read as they were', async () => {
    const reader = await createUser(t, 'msg_digest');
    const uid = t.app.ctx.ids.decode(reader.id);
    await t.app.ctx.db.transaction().execute(async (tx) => {
      // A row from before message keys (or from Torna): text only.
      await tx
        .insertInto('messages')
        .values({ userId: uid, message: 'Legacy note in English', type: 1, sourceId: 0, isRead: 0, createdAt: Date.now() - 1000 })
        .execute();
      await sendMessages(
        tx,
        [uid],
        {
          message: text('push.msg.digest', {
            modifier: 'ci-bot',
            project: 'P',
            app: 'A',
            summary: text('push.msg.summary', { added: 7, updated: 0, deleted: 0 }),
            docs: ['【a】【b】【c】【d】【e】', ' ', text('push.msg.more', { n: 2 })],
          }),
          type: MessageType.PUSH,
          sourceId: 0,
        },
        'en',
      );
    });
    const zh = await listed(reader.token, 'zh-CN');
    expect(zh[0]).toBe('ci-bot 推送了文档（P - A）：新增7个，更新0个，删除0个。【a】【b】【c】【d】【e】 等2个');
    expect(zh[1]).toBe('Legacy note in English');
    const en = await listed(reader.token, 'en');
    expect(en[0]).toBe('ci-bot pushed docs to P - A: 7 added, 0 updated, 0 deleted. 【a】【b】【c】【d】【e】 and 2 more');
    expect(en[1]).toBe('Legacy note in English');
    // The table keeps the text in the language it was sent with, for readers of the table itself.
    const row = await t.app.ctx.db
      .selectFrom('messages')
      .select(['message', 'messageKey'])
      .where('userId', '=', uid)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ message: en[0], messageKey: 'push.msg.digest' });
  });
});
