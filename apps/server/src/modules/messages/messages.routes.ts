/** Subscriptions (follow docs and projects) and in-site messages. */
import { SubscribeType, UNREAD_BADGE_MAX } from '@folio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../../lib/errors.js';
import { Paging } from '../../lib/schemas.js';
import { authorizeDoc, authorizeProject, membershipsOf, projectRole } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { messageText } from './messages.service.js';

const MessageView = Type.Object({
  id: Type.String(),
  message: Type.String(),
  type: Type.Integer(),
  sourceId: Type.String(),
  isRead: Type.Integer(),
  gmtCreate: Type.Number(),
});
const MessagePage = Type.Object({ total: Type.Integer(), list: Type.Array(MessageView) });

export async function messagesRoutes(app: FastifyInstance): Promise<void> {
  const { db, ids } = app.ctx;

  /** A message as listed, its text in the reader's language. */
  const view =
    (lang: string) =>
    (m: {
      id: number;
      message: string;
      messageKey: string | null;
      messageParams: string | null;
      type: number;
      sourceId: number;
      isRead: number;
      createdAt: number;
    }) => ({
      id: ids.encode(m.id),
      message: messageText(lang, m),
      type: m.type,
      sourceId: ids.encode(m.sourceId),
      isRead: m.isRead,
      gmtCreate: Number(m.createdAt),
    });
  const cols = ['id', 'message', 'messageKey', 'messageParams', 'type', 'sourceId', 'isRead', 'createdAt'] as const;

  // ---- subscriptions ----
  /** True when the user follows that doc or project. */
  async function isFollowing(userId: number, type: number, sourceId: number): Promise<boolean> {
    const r = await db
      .selectFrom('subscriptions')
      .select('id')
      .where('userId', '=', userId)
      .where('type', '=', type)
      .where('sourceId', '=', sourceId)
      .executeTakeFirst();
    return !!r;
  }

  async function follow(userId: number, type: number, sourceId: number, on: boolean) {
    if (!on) {
      await db.deleteFrom('subscriptions').where('userId', '=', userId).where('type', '=', type).where('sourceId', '=', sourceId).execute();
      return;
    }
    if (await isFollowing(userId, type, sourceId)) return;
    try {
      await db.insertInto('subscriptions').values({ userId, type, sourceId, createdAt: Date.now() }).execute();
    } catch (e) {
      // A concurrent follow won the unique index: the state is what was asked.
      if (!(await isFollowing(userId, type, sourceId))) throw e;
    }
  }

  /** What can be followed: the id parameter, the subscription type and the read check. */
  const targets = [
    { path: 'doc', key: 'docId', type: SubscribeType.DOC, canRead: (req: FastifyRequest, id: number) => authorizeDoc(req, id, 'doc.read') },
    {
      path: 'project',
      key: 'projectId',
      type: SubscribeType.PROJECT,
      canRead: (req: FastifyRequest, id: number) => authorizeProject(req, id, 'project.read'),
    },
  ] as const;

  for (const target of targets) {
    const IdObject = Type.Object({ [target.key]: Type.String({ minLength: 1, maxLength: 64 }) });
    /** Decodes the target id and checks the caller may read it (invisible answers 404). */
    const readTarget = async (req: FastifyRequest, input: Record<string, string>) => {
      const id = ids.decode(input[target.key], target.path);
      await target.canRead(req, id);
      return id;
    };
    for (const [verb, on] of [
      ['follow', true],
      ['unfollow', false],
    ] as const) {
      app.post(
        `/user/subscribe/${target.path}/${verb}`,
        { schema: { tags: ['subscription'], body: IdObject, response: okNull } },
        async (req) => {
          const u = requireUser(req);
          await follow(u.id, target.type, await readTarget(req, req.body as Record<string, string>), on);
          return ok(null);
        },
      );
    }
    app.get(
      `/user/subscribe/${target.path}/isFollow`,
      { schema: { tags: ['subscription'], querystring: IdObject, response: okResponse(Type.Boolean()) } },
      async (req) => {
        const u = requireUser(req);
        return ok(await isFollowing(u.id, target.type, await readTarget(req, req.query as Record<string, string>)));
      },
    );
  }

  /** The caller's followed docs that still exist and that they can still see. */
  app.get('/user/subscribe/doc/list', { schema: { tags: ['subscription'] } }, async (req) => {
    const u = requireUser(req);
    const m = await membershipsOf(req);
    const rows = await db
      .selectFrom('subscriptions as s')
      .innerJoin('docs as d', 'd.id', 's.sourceId')
      .innerJoin('modules as mo', 'mo.id', 'd.moduleId')
      .innerJoin('projects as p', 'p.id', 'mo.projectId')
      .select([
        's.id as subId',
        's.createdAt',
        'd.id',
        'd.name',
        'd.url',
        'd.httpMethod',
        'd.type',
        'd.moduleId',
        'mo.name as moduleName',
        'p.id as projectId',
        'p.name as projectName',
        'p.spaceId',
        'p.isPrivate',
      ])
      .where('s.userId', '=', u.id)
      .where('s.type', '=', SubscribeType.DOC)
      .where('d.isDeleted', '=', 0)
      .where('mo.isDeleted', '=', 0)
      .where('p.isDeleted', '=', 0)
      .orderBy('s.id', 'desc')
      .execute();
    return ok(
      rows
        .filter((r) => projectRole(u, m, { id: r.projectId, spaceId: r.spaceId, isPrivate: r.isPrivate }))
        .map((r) => ({
          id: ids.encode(r.subId),
          docId: ids.encode(r.id),
          name: r.name,
          url: r.url,
          httpMethod: r.httpMethod,
          docType: r.type,
          moduleId: ids.encode(r.moduleId),
          moduleName: r.moduleName,
          projectId: ids.encode(r.projectId),
          projectName: r.projectName,
          gmtCreate: Number(r.createdAt),
        })),
    );
  });

  // ---- messages ----
  /** Polled every 30 s by every open tab: two indexed queries (count and latest 99). */
  app.get('/user/message/unread', { schema: { tags: ['message'], response: okResponse(MessagePage) } }, async (req) => {
    const u = requireUser(req);
    const [list, count] = await Promise.all([
      db
        .selectFrom('messages')
        .select(cols)
        .where('userId', '=', u.id)
        .where('isRead', '=', 0)
        .orderBy('id', 'desc')
        .limit(UNREAD_BADGE_MAX)
        .execute(),
      db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', u.id)
        .where('isRead', '=', 0)
        .executeTakeFirst(),
    ]);
    return ok({ total: Number(count?.n ?? 0), list: list.map(view(req.lang)) });
  });

  app.get(
    '/user/message/page',
    {
      schema: {
        tags: ['message'],
        querystring: Type.Object({ ...Paging, isRead: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })) }),
        response: okResponse(MessagePage),
      },
    },
    async (req) => {
      const u = requireUser(req);
      const q = req.query as { pageIndex?: number; pageSize?: number; isRead?: number };
      const pageIndex = q.pageIndex ?? 1;
      const pageSize = q.pageSize ?? 20;
      let base = db.selectFrom('messages').where('userId', '=', u.id);
      if (q.isRead !== undefined) base = base.where('isRead', '=', q.isRead);
      const [list, count] = await Promise.all([
        base
          .select(cols)
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageIndex - 1) * pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      return ok({ total: Number(count?.n ?? 0), list: list.map(view(req.lang)) });
    },
  );

  app.post(
    '/user/message/setRead',
    { schema: { tags: ['message'], body: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }), response: okNull } },
    async (req) => {
      const u = requireUser(req);
      const id = ids.decode((req.body as { id: string }).id, 'message');
      // Only the owner's message: someone else's id changes nothing and answers like a missing one.
      const r = await db.updateTable('messages').set({ isRead: 1 }).where('id', '=', id).where('userId', '=', u.id).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) {
        const mine = await db.selectFrom('messages').select('id').where('id', '=', id).where('userId', '=', u.id).executeTakeFirst();
        if (!mine) throw notFound('message');
      }
      return ok(null);
    },
  );

  app.post('/user/message/setReadAll', { schema: { tags: ['message'], response: okNull } }, async (req) => {
    const u = requireUser(req);
    await db.updateTable('messages').set({ isRead: 1 }).where('userId', '=', u.id).where('isRead', '=', 0).execute();
    return ok(null);
  });
}
