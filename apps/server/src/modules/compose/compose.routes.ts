/**
 * Compose projects of composed spaces: management (projects, picked docs/folders with their own order and
 * folder names, common params, extra pages, enable/disable). The anonymous reads of /show/{publicId}
 * live in compose-public.ts.
 */
import { ComposeType, INITIAL_ORDER_INDEX, ParamOwner, ParamStyle } from '@folio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { Type } from 'typebox';
import { insertId, inTx } from '../../db/database.js';
import type { ComposeProjectsTable } from '../../db/types.js';
import { decrypt, encrypt, randomPassword, randomToken } from '../../lib/crypto.js';
import { badRequest, type FieldError, notFound, validation } from '../../lib/errors.js';
import { Flag, flag, IdString, Name, OptionalId } from '../../lib/schemas.js';
import { authorizeSpace, membershipsOf, projectRole } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull } from '../../plugins/envelope.js';
import { deleteParams, type ParamSet, replaceParams } from '../docs/doc-params.js';
import { type ParamBody, ParamList, registerParamSchema, toParamInputs } from '../docs/param-input.js';
import { loadCommonParams } from '../shares/view-doc.js';
import { composePublicRoutes } from './compose-public.js';
import { composeMenu, loadComposeScope } from './compose-view.js';

type ProjectRow = Selectable<ComposeProjectsTable>;

const ProjectBody = {
  name: Name(128),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  type: Type.Union([Type.Literal(1), Type.Literal(2)]),
  password: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(Flag),
  showDebug: Type.Optional(Flag),
  gatewayUrl: Type.Optional(Type.String({ maxLength: 1024 })),
  orderIndex: Type.Optional(Type.Integer()),
};
interface ProjectInput {
  name: string;
  description?: string;
  type: 1 | 2;
  password?: string;
  status?: number | boolean;
  showDebug?: number | boolean;
  gatewayUrl?: string;
  orderIndex?: number;
}

export async function composeRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect, ids, installKey } = app.ctx;
  registerParamSchema(app);

  /** A compose project the caller may act on (read or manage, decided on its space). */
  const projectFor = async (req: FastifyRequest, id: number, action: 'compose.read' | 'compose.manage') => {
    const p = await db.selectFrom('composeProjects').selectAll().where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
    if (!p) throw notFound('compose project');
    await authorizeSpace(req, p.spaceId, action);
    return p;
  };
  const passwordFor = (b: ProjectInput, current = '') => {
    if (b.type !== ComposeType.ENCRYPT) return '';
    const typed = b.password?.trim();
    if (typed) return encrypt(installKey, typed);
    return current || encrypt(installKey, randomPassword(8));
  };
  const view = (p: ProjectRow) => ({
    id: ids.encode(p.id),
    publicId: p.publicId,
    url: `/show/${p.publicId}`,
    spaceId: ids.encode(p.spaceId),
    name: p.name,
    description: p.description,
    type: p.type,
    isEncrypt: p.type === ComposeType.ENCRYPT ? 1 : 0,
    status: p.status,
    showDebug: p.showDebug,
    gatewayUrl: p.gatewayUrl,
    orderIndex: p.orderIndex,
    creatorName: p.creatorName,
    gmtCreate: p.createdAt,
    gmtModified: p.updatedAt,
  });

  // ---------- projects ----------
  app.get('/compose/project/list', { schema: { tags: ['compose'], querystring: Type.Object({ spaceId: IdString }) } }, async (req) => {
    const spaceId = ids.decode((req.query as { spaceId: string }).spaceId, 'space');
    await authorizeSpace(req, spaceId, 'compose.read');
    const rows = await db
      .selectFrom('composeProjects')
      .selectAll()
      .where('spaceId', '=', spaceId)
      .where('isDeleted', '=', 0)
      .orderBy('orderIndex')
      .orderBy('id')
      .execute();
    return ok(rows.map(view));
  });

  app.get('/compose/project/info', { schema: { tags: ['compose'], querystring: Type.Object({ id: IdString }) } }, async (req) => {
    return ok(view(await projectFor(req, ids.decode((req.query as { id: string }).id, 'compose project'), 'compose.read')));
  });

  app.post(
    '/compose/project/add',
    { schema: { tags: ['compose'], body: Type.Object({ spaceId: IdString, ...ProjectBody }) } },
    async (req) => {
      const u = requireUser(req);
      const b = req.body as ProjectInput & { spaceId: string };
      const spaceId = ids.decode(b.spaceId, 'space');
      await authorizeSpace(req, spaceId, 'compose.manage');
      const space = await db.selectFrom('spaces').select('isCompose').where('id', '=', spaceId).executeTakeFirstOrThrow();
      if (!space.isCompose) throw badRequest('error.not_compose_space');
      const now = Date.now();
      const publicId = randomToken(16);
      const id = await insertId(db, dialect, 'composeProjects', {
        publicId,
        spaceId,
        name: b.name.trim(),
        description: (b.description ?? '').trim(),
        type: b.type,
        passwordEnc: passwordFor(b),
        status: flag(b.status ?? 1),
        showDebug: flag(b.showDebug ?? 0),
        gatewayUrl: (b.gatewayUrl ?? '').trim().replace(/\/+$/, ''),
        orderIndex: b.orderIndex ?? 0,
        creatorId: u.id,
        creatorName: u.nickname,
        createdAt: now,
        updatedAt: now,
      });
      return ok({ id: ids.encode(id), publicId, url: `/show/${publicId}` });
    },
  );

  app.post(
    '/compose/project/update',
    { schema: { tags: ['compose'], body: Type.Object({ id: IdString, ...ProjectBody }), response: okNull } },
    async (req) => {
      const b = req.body as ProjectInput & { id: string };
      const p = await projectFor(req, ids.decode(b.id, 'compose project'), 'compose.manage');
      await db
        .updateTable('composeProjects')
        .set({
          name: b.name.trim(),
          description: (b.description ?? p.description).trim(),
          type: b.type,
          passwordEnc: passwordFor(b, p.type === ComposeType.ENCRYPT ? p.passwordEnc : ''),
          status: b.status === undefined ? p.status : flag(b.status),
          showDebug: b.showDebug === undefined ? p.showDebug : flag(b.showDebug),
          gatewayUrl: (b.gatewayUrl ?? p.gatewayUrl).trim().replace(/\/+$/, ''),
          orderIndex: b.orderIndex ?? p.orderIndex,
          updatedAt: Date.now(),
        })
        .where('id', '=', p.id)
        .execute();
      return ok(null);
    },
  );

  const simple = (path: string, fn: (p: ProjectRow) => Promise<unknown>) =>
    app.post(path, { schema: { tags: ['compose'], body: Type.Object({ id: IdString }), response: okNull } }, async (req) => {
      const p = await projectFor(req, ids.decode((req.body as { id: string }).id, 'compose project'), 'compose.manage');
      await fn(p);
      return ok(null);
    });
  simple('/compose/project/enable', (p) =>
    db.updateTable('composeProjects').set({ status: 1, updatedAt: Date.now() }).where('id', '=', p.id).execute(),
  );
  simple('/compose/project/disable', (p) =>
    db.updateTable('composeProjects').set({ status: 0, updatedAt: Date.now() }).where('id', '=', p.id).execute(),
  );
  simple('/compose/project/delete', (p) =>
    inTx(db, async (tx) => {
      await tx.updateTable('composeProjects').set({ isDeleted: 1, status: 0, updatedAt: Date.now() }).where('id', '=', p.id).execute();
      await tx.deleteFrom('composeDocs').where('projectId', '=', p.id).execute();
      await tx.deleteFrom('composeAdditionalPages').where('projectId', '=', p.id).execute();
      await deleteParams(tx, ParamOwner.COMPOSE, [p.id]);
    }),
  );

  app.get('/compose/project/password', { schema: { tags: ['compose'], querystring: Type.Object({ id: IdString }) } }, async (req) => {
    const p = await projectFor(req, ids.decode((req.query as { id: string }).id, 'compose project'), 'compose.manage');
    return ok({ password: p.type === ComposeType.ENCRYPT ? decrypt(installKey, p.passwordEnc) : '' });
  });

  // ---------- picked docs and folders ----------
  app.get('/compose/doc/list', { schema: { tags: ['compose'], querystring: Type.Object({ projectId: IdString }) } }, async (req) => {
    const p = await projectFor(req, ids.decode((req.query as { projectId: string }).projectId, 'compose project'), 'compose.read');
    const scope = await loadComposeScope(db, p.id);
    return ok({
      rows: scope.rows.map((r) => {
        const d = scope.docs.get(r.docId);
        return {
          id: ids.encode(r.id),
          parentId: r.parentId ? ids.encode(r.parentId) : '',
          docId: r.docId ? ids.encode(r.docId) : '',
          isFolder: r.isFolder,
          folderName: r.folderName,
          name: r.isFolder && !r.docId ? r.folderName : (d?.name ?? ''),
          url: d?.url ?? '',
          httpMethod: d?.httpMethod ?? '',
          origin: r.origin,
          orderIndex: r.orderIndex,
          missing: r.docId > 0 && !d,
        };
      }),
      tree: composeMenu(app.ctx, scope),
    });
  });

  app.post(
    '/compose/doc/add',
    {
      schema: {
        tags: ['compose'],
        body: Type.Object({ projectId: IdString, parentId: OptionalId, docIds: Type.Array(IdString, { minItems: 1, maxItems: 2000 }) }),
      },
    },
    async (req) => {
      const u = requireUser(req);
      const b = req.body as { projectId: string; parentId?: string; docIds: string[] };
      const p = await projectFor(req, ids.decode(b.projectId, 'compose project'), 'compose.manage');
      const parentId = b.parentId ? ids.decode(b.parentId, 'folder') : 0;
      if (parentId) {
        const parent = await db
          .selectFrom('composeDocs')
          .select(['id', 'isFolder', 'docId'])
          .where('id', '=', parentId)
          .where('projectId', '=', p.id)
          .executeTakeFirst();
        if (!parent || !parent.isFolder || parent.docId) throw notFound('folder');
      }
      const docIds = [...new Set(b.docIds.map((x) => ids.decode(x, 'doc')))];
      // The picker may only add docs its user can read.
      const m = await membershipsOf(req);
      const found = await db
        .selectFrom('docs as d')
        .innerJoin('modules as mo', 'mo.id', 'd.moduleId')
        .innerJoin('projects as pr', 'pr.id', 'mo.projectId')
        .innerJoin('spaces as s', 's.id', 'pr.spaceId')
        .select([
          'd.id',
          'd.isFolder',
          'pr.id as projectId',
          'pr.spaceId',
          'pr.isPrivate',
          'pr.name as projectName',
          'mo.name as moduleName',
          's.name as spaceName',
        ])
        .where('d.id', 'in', docIds)
        .where('d.isDeleted', '=', 0)
        .where('mo.isDeleted', '=', 0)
        .where('pr.isDeleted', '=', 0)
        .execute();
      const readable = found.filter((d) => projectRole(u, m, { id: d.projectId, spaceId: d.spaceId, isPrivate: d.isPrivate }));
      if (readable.length !== docIds.length) throw notFound('doc');
      const existing = await db.selectFrom('composeDocs').select(['docId', 'orderIndex']).where('projectId', '=', p.id).execute();
      const have = new Set(existing.map((e) => e.docId));
      const order = existing.reduce((mx, e) => Math.max(mx, e.orderIndex), 0);
      const now = Date.now();
      const rows = readable
        .filter((d) => !have.has(d.id))
        .map((d, i) => ({
          projectId: p.id,
          docId: d.id,
          isFolder: d.isFolder,
          folderName: '',
          parentId,
          origin: `${d.spaceName}/${d.projectName}/${d.moduleName}`.slice(0, 255),
          orderIndex: order + (i + 1) * 10,
          creatorName: u.nickname,
          createdAt: now,
        }));
      await inTx(db, async (tx) => {
        for (let i = 0; i < rows.length; i += 200)
          await tx
            .insertInto('composeDocs')
            .values(rows.slice(i, i + 200))
            .execute();
      });
      return ok({ added: rows.length });
    },
  );

  app.post(
    '/compose/doc/folder/add',
    { schema: { tags: ['compose'], body: Type.Object({ projectId: IdString, parentId: OptionalId, name: Name(255) }) } },
    async (req) => {
      const u = requireUser(req);
      const b = req.body as { projectId: string; parentId?: string; name: string };
      const p = await projectFor(req, ids.decode(b.projectId, 'compose project'), 'compose.manage');
      const parentId = b.parentId ? ids.decode(b.parentId, 'folder') : 0;
      const max = await db
        .selectFrom('composeDocs')
        .select(({ fn }) => fn.max('orderIndex').as('m'))
        .where('projectId', '=', p.id)
        .executeTakeFirst();
      const id = await insertId(db, dialect, 'composeDocs', {
        projectId: p.id,
        docId: 0,
        isFolder: 1,
        folderName: b.name.trim(),
        parentId,
        origin: '',
        orderIndex: Number(max?.m ?? 0) + 10,
        creatorName: u.nickname,
        createdAt: Date.now(),
      });
      return ok({ id: ids.encode(id) });
    },
  );

  app.post(
    '/compose/doc/update',
    {
      schema: {
        tags: ['compose'],
        body: Type.Object({
          id: IdString,
          folderName: Type.Optional(Type.String({ maxLength: 255 })),
          orderIndex: Type.Optional(Type.Integer()),
          parentId: OptionalId,
        }),
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body as { id: string; folderName?: string; orderIndex?: number; parentId?: string };
      const row = await db.selectFrom('composeDocs').selectAll().where('id', '=', ids.decode(b.id, 'compose doc')).executeTakeFirst();
      if (!row) throw notFound('compose doc');
      await projectFor(req, row.projectId, 'compose.manage');
      const patch: Record<string, unknown> = {};
      if (b.folderName !== undefined) patch.folderName = b.folderName.trim();
      if (b.orderIndex !== undefined) patch.orderIndex = b.orderIndex;
      if (b.parentId !== undefined) {
        const parentId = b.parentId ? ids.decode(b.parentId, 'folder') : 0;
        if (parentId === row.id) throw badRequest('error.move_into_self');
        patch.parentId = parentId;
      }
      if (Object.keys(patch).length) await db.updateTable('composeDocs').set(patch).where('id', '=', row.id).execute();
      return ok(null);
    },
  );

  app.post('/compose/doc/delete', { schema: { tags: ['compose'], body: Type.Object({ id: IdString }), response: okNull } }, async (req) => {
    const row = await db
      .selectFrom('composeDocs')
      .selectAll()
      .where('id', '=', ids.decode((req.body as { id: string }).id, 'compose doc'))
      .executeTakeFirst();
    if (!row) throw notFound('compose doc');
    await projectFor(req, row.projectId, 'compose.manage');
    const all = await db.selectFrom('composeDocs').select(['id', 'parentId']).where('projectId', '=', row.projectId).execute();
    const drop = new Set([row.id]);
    for (let changed = true; changed; ) {
      changed = false;
      for (const r of all) {
        if (!drop.has(r.id) && drop.has(r.parentId)) {
          drop.add(r.id);
          changed = true;
        }
      }
    }
    await db
      .deleteFrom('composeDocs')
      .where('id', 'in', [...drop])
      .execute();
    return ok(null);
  });

  // ---------- common params ----------
  app.get('/compose/project/params', { schema: { tags: ['compose'], querystring: Type.Object({ projectId: IdString }) } }, async (req) => {
    const p = await projectFor(req, ids.decode((req.query as { projectId: string }).projectId, 'compose project'), 'compose.read');
    return ok(await loadCommonParams(app.ctx, db, ParamOwner.COMPOSE, p.id));
  });

  app.post(
    '/compose/project/params/save',
    {
      schema: {
        tags: ['compose'],
        body: Type.Object({ projectId: IdString, globalHeaders: ParamList(), globalParams: ParamList(), globalReturns: ParamList() }),
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body as { projectId: string; globalHeaders?: ParamBody[]; globalParams?: ParamBody[]; globalReturns?: ParamBody[] };
      const p = await projectFor(req, ids.decode(b.projectId, 'compose project'), 'compose.manage');
      const errors: FieldError[] = [];
      const opts = { ids, initOrder: INITIAL_ORDER_INDEX, checkName: true };
      const sets: ParamSet[] = [];
      for (const [style, key] of [
        [ParamStyle.HEADER, 'globalHeaders'],
        [ParamStyle.REQUEST, 'globalParams'],
        [ParamStyle.RESPONSE, 'globalReturns'],
      ] as const) {
        if (b[key] === undefined) continue;
        sets.push({ ownerId: p.id, style, params: await toParamInputs(b[key], key, errors, opts) });
      }
      if (errors.length) throw validation(errors);
      await inTx(db, (tx) => replaceParams(tx, ParamOwner.COMPOSE, sets));
      return ok(null);
    },
  );

  // ---------- extra pages ----------
  const PageBody = {
    title: Name(255),
    content: Type.String({ maxLength: 1_000_000 }),
    orderIndex: Type.Optional(Type.Integer()),
    status: Type.Optional(Flag),
  };
  app.get('/compose/page/list', { schema: { tags: ['compose'], querystring: Type.Object({ projectId: IdString }) } }, async (req) => {
    const p = await projectFor(req, ids.decode((req.query as { projectId: string }).projectId, 'compose project'), 'compose.read');
    const rows = await db
      .selectFrom('composeAdditionalPages')
      .selectAll()
      .where('projectId', '=', p.id)
      .orderBy('orderIndex')
      .orderBy('id')
      .execute();
    return ok(rows.map((r) => ({ id: ids.encode(r.id), title: r.title, content: r.content, orderIndex: r.orderIndex, status: r.status })));
  });
  app.post('/compose/page/add', { schema: { tags: ['compose'], body: Type.Object({ projectId: IdString, ...PageBody }) } }, async (req) => {
    const b = req.body as { projectId: string; title: string; content: string; orderIndex?: number; status?: number };
    const p = await projectFor(req, ids.decode(b.projectId, 'compose project'), 'compose.manage');
    const now = Date.now();
    const id = await insertId(db, dialect, 'composeAdditionalPages', {
      projectId: p.id,
      title: b.title.trim(),
      content: b.content,
      orderIndex: b.orderIndex ?? 0,
      status: flag(b.status ?? 1),
      createdAt: now,
      updatedAt: now,
    });
    return ok({ id: ids.encode(id) });
  });
  app.post(
    '/compose/page/update',
    { schema: { tags: ['compose'], body: Type.Object({ id: IdString, ...PageBody }), response: okNull } },
    async (req) => {
      const b = req.body as { id: string; title: string; content: string; orderIndex?: number; status?: number };
      const row = await db.selectFrom('composeAdditionalPages').selectAll().where('id', '=', ids.decode(b.id, 'page')).executeTakeFirst();
      if (!row) throw notFound('page');
      await projectFor(req, row.projectId, 'compose.manage');
      await db
        .updateTable('composeAdditionalPages')
        .set({
          title: b.title.trim(),
          content: b.content,
          orderIndex: b.orderIndex ?? row.orderIndex,
          status: b.status === undefined ? row.status : flag(b.status),
          updatedAt: Date.now(),
        })
        .where('id', '=', row.id)
        .execute();
      return ok(null);
    },
  );
  app.post(
    '/compose/page/delete',
    { schema: { tags: ['compose'], body: Type.Object({ id: IdString }), response: okNull } },
    async (req) => {
      const row = await db
        .selectFrom('composeAdditionalPages')
        .selectAll()
        .where('id', '=', ids.decode((req.body as { id: string }).id, 'page'))
        .executeTakeFirst();
      if (!row) throw notFound('page');
      await projectFor(req, row.projectId, 'compose.manage');
      await db.deleteFrom('composeAdditionalPages').where('id', '=', row.id).execute();
      return ok(null);
    },
  );

  await composePublicRoutes(app);
}
