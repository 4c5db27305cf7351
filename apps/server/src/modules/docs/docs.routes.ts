/** Docs and folders: save (all parameters), detail, delete, folders, move, copy, lock, status, order, trees. */
import { DocStatus, docAuthOf, PropType, type RoleCode, roleAllows, type SecurityData } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { type Db, inTx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { badRequest, forbidden, notFound, validation } from '../../lib/errors.js';
import { Flag, flag, IdString, Name, OptionalId } from '../../lib/schemas.js';
import { authorizeDoc, authorizeModule, authorizeProject, projectRole } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { trashed } from '../trash/trash.schemas.js';
import { detailsFromRows } from './doc-detail.js';
import { extrasOfBody } from './doc-extras.js';
import { buildDocForest, loadDocsLite, loadTreeModules, projectTree, type SortType, spaceTree, type TreeModule } from './doc-tree.js';
import { addFolder, copyDoc, type DocSaveBody, deleteDoc, moveDoc, renameFolder, saveDoc } from './docs.service.js';
import { ParamList, registerParamSchema } from './param-input.js';
import { TreeAnswers } from './tree-answers.js';
import { readableSpaceTree } from './visible-projects.js';

/**
 * The doc row, what authorization needs (its project, and the reader's memberships of that project and its
 * space) and its application's security schemes, for doc/detail: one statement, compiled once (it runs on every doc read).
 */
const detailRow = prepared(2, (db: Db, id: number, userId: number) =>
  db
    .selectFrom('docs as d')
    .innerJoin('modules as m', 'm.id', 'd.moduleId')
    .innerJoin('projects as p', 'p.id', 'm.projectId')
    .leftJoin('projectMembers as pm', (j) => j.onRef('pm.projectId', '=', 'p.id').on('pm.userId', '=', userId))
    .leftJoin('spaceMembers as sm', (j) => j.onRef('sm.spaceId', '=', 'p.spaceId').on('sm.userId', '=', userId))
    .leftJoin('moduleSecurity as ms', 'ms.moduleId', 'd.moduleId')
    .selectAll('d')
    .select(['p.id as pId', 'p.spaceId as pSpaceId', 'p.isPrivate as pIsPrivate', 'pm.roleCode as pmRole', 'sm.roleCode as smRole'])
    .select('ms.body as securityBody')
    .where('d.id', '=', id)
    .where('d.isDeleted', '=', 0)
    .where('m.isDeleted', '=', 0)
    .where('p.isDeleted', '=', 0),
);

const IdBody = Type.Object({ id: IdString });
const Bool01 = Type.Optional(Flag);

const DocSaveSchema = Type.Object({
  id: OptionalId,
  docId: OptionalId,
  moduleId: IdString,
  parentId: OptionalId,
  name: Name(255),
  /** The doc's gmtModified when the editor loaded it: a save from a replaced version answers 409. Absent: no check. */
  baseModified: Type.Optional(Type.String({ pattern: '^[0-9]{1,16}$' })),
  description: Type.Optional(Type.String({ maxLength: 2_000_000 })),
  author: Type.Optional(Type.String({ maxLength: 128 })),
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
  url: Type.Optional(Type.String({ maxLength: 1024 })),
  version: Type.Optional(Type.String({ maxLength: 64 })),
  definition: Type.Optional(Type.String({ maxLength: 1024 })),
  httpMethod: Type.Optional(Type.String({ maxLength: 16 })),
  contentType: Type.Optional(Type.String({ maxLength: 255 })),
  isFolder: Bool01,
  isShow: Bool01,
  orderIndex: Type.Optional(Type.Integer({ minimum: -2_000_000_000, maximum: 2_000_000_000 })),
  status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(5), Type.Literal(10)])),
  deprecated: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Boolean()])),
  isUseGlobalHeaders: Bool01,
  isUseGlobalParams: Bool01,
  isUseGlobalReturns: Bool01,
  isRequestArray: Bool01,
  isResponseArray: Bool01,
  requestArrayType: Type.Optional(Type.String({ maxLength: 32 })),
  responseArrayType: Type.Optional(Type.String({ maxLength: 32 })),
  dubboInfo: Type.Optional(
    Type.Union([
      Type.Object({
        interfaceName: Type.Optional(Type.String({ maxLength: 1000 })),
        author: Type.Optional(Type.String({ maxLength: 1000 })),
        version: Type.Optional(Type.String({ maxLength: 1000 })),
        protocol: Type.Optional(Type.String({ maxLength: 1000 })),
        dependency: Type.Optional(Type.String({ maxLength: 16000 })),
      }),
      Type.Null(),
    ]),
  ),
  headerParams: ParamList(),
  pathParams: ParamList(),
  queryParams: ParamList(),
  requestParams: ParamList(),
  responseParams: ParamList(),
  errorCodeParams: Type.Optional(
    Type.Array(
      Type.Object({
        code: Type.String({ maxLength: 255 }),
        msg: Type.Optional(Type.String({ maxLength: 16000 })),
        solution: Type.Optional(Type.String({ maxLength: 16000 })),
      }),
      { maxItems: 5000 },
    ),
  ),
  remark: Type.Optional(Type.String({ maxLength: 1000 })),
  // What the spec said beyond the params, as doc/detail gives it (checked by doc-extras.ts extrasOfBody).
  requestExamples: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 100 })),
  responses: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 200 })),
  paramExamples: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 200 })),
  paramStyles: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 200 })),
  webhook: Type.Optional(Type.String({ maxLength: 255 })),
});

export async function docsRoutes(app: FastifyInstance): Promise<void> {
  const { db, ids, settings } = app.ctx;
  registerParamSchema(app);
  const sortType = () => (settings.get('folio.doc-sort-type') || 'by_order') as SortType;

  app.post(
    '/doc/save',
    { schema: { tags: ['doc'], body: DocSaveSchema, response: okResponse(Type.Object({ id: Type.String() })) } },
    async (req) => {
      const u = requireUser(req);
      const b = req.body as DocSaveBody;
      const { extras, errors } = extrasOfBody(req.body as Record<string, unknown>);
      if (errors.length) throw validation(errors);
      const moduleId = ids.decode(b.moduleId, 'module');
      const rawId = b.id || b.docId || '';
      const docId = rawId ? ids.decode(rawId, 'doc') : 0;
      if (docId) {
        const r = await authorizeDoc(req, docId, 'doc.update');
        if (r.moduleId !== moduleId) throw validation([{ field: 'moduleId', message: 'the doc belongs to another application' }]);
      } else await authorizeModule(req, moduleId, 'doc.create');
      const id = await saveDoc(app, u, moduleId, docId, b, { extras });
      return ok({ id: ids.encode(id) });
    },
  );

  app.get('/doc/detail', { schema: { tags: ['doc'], querystring: IdBody } }, async (req) => {
    const u = requireUser(req);
    const id = ids.decode((req.query as { id: string }).id, 'doc');
    // The doc row and what authorization needs in one query.
    const [row] = await detailRow(db, id, u.id);
    if (!row) throw notFound('doc');
    const { pId, pSpaceId, pIsPrivate, pmRole, smRole, securityBody, ...doc } = row;
    const memberships = {
      projects: new Map(pmRole ? [[pId, pmRole as RoleCode]] : []),
      spaces: new Map(smRole ? [[pSpaceId, smRole as RoleCode]] : []),
    };
    const role = projectRole(u, memberships, { id: pId, spaceId: pSpaceId, isPrivate: pIsPrivate });
    if (!role) throw notFound('doc');
    if (!roleAllows('doc.read', role)) throw forbidden();
    const d = (await detailsFromRows(app.ctx, [doc], db)).get(id);
    if (!d) throw notFound('doc');
    // Readers see what authorization the doc needs (the security schemes its import brought).
    const security: SecurityData | undefined = securityBody ? JSON.parse(securityBody) : undefined;
    return ok({ ...d, security: docAuthOf(security, d) });
  });

  app.post(
    '/doc/delete',
    { schema: { tags: ['doc'], body: Type.Object({ id: IdString, deleteChildren: Type.Optional(Flag) }), response: trashed } },
    async (req) => {
      const u = requireUser(req);
      const b = req.body as { id: string; deleteChildren?: number | boolean };
      const id = ids.decode(b.id, 'doc');
      await authorizeDoc(req, id, 'doc.delete');
      return ok({ trashId: ids.encode(await deleteDoc(app, u, id, flag(b.deleteChildren) === 1)) });
    },
  );

  app.post(
    '/doc/folder/add',
    {
      schema: {
        tags: ['doc'],
        body: Type.Object({ moduleId: IdString, parentId: OptionalId, name: Name(255) }),
        response: okResponse(Type.Object({ id: Type.String() })),
      },
    },
    async (req) => {
      const u = requireUser(req);
      const b = req.body as { moduleId: string; parentId?: string; name: string };
      const moduleId = ids.decode(b.moduleId, 'module');
      await authorizeModule(req, moduleId, 'doc.create');
      const name = b.name.trim();
      if (!name) throw validation([{ field: 'name', message: 'cannot be empty' }]);
      const id = await addFolder(app, u, moduleId, ids.decode(b.parentId ?? '', 'folder'), name);
      return ok({ id: ids.encode(id) });
    },
  );

  app.post(
    '/doc/folder/update',
    { schema: { tags: ['doc'], body: Type.Object({ id: IdString, name: Name(255) }), response: okNull } },
    async (req) => {
      const u = requireUser(req);
      const b = req.body as { id: string; name: string };
      const id = ids.decode(b.id, 'doc');
      await authorizeDoc(req, id, 'doc.update');
      const name = b.name.trim();
      if (!name) throw validation([{ field: 'name', message: 'cannot be empty' }]);
      await renameFolder(app, u, id, name);
      return ok(null);
    },
  );

  app.post(
    '/doc/move',
    {
      schema: {
        tags: ['doc'],
        body: Type.Object({
          id: IdString,
          parentId: OptionalId,
          orderIndex: Type.Optional(Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 })),
          position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'index among the new siblings' })),
        }),
        response: okNull,
      },
    },
    async (req) => {
      const u = requireUser(req);
      const b = req.body as { id: string; parentId?: string; orderIndex?: number; position?: number };
      const id = ids.decode(b.id, 'doc');
      await authorizeDoc(req, id, 'doc.update');
      const parentId = ids.tryDecode(b.parentId ?? '');
      if (parentId === null) throw validation([{ field: 'parentId', message: 'invalid value' }]);
      if (parentId === id) throw badRequest('error.move_into_self');
      await moveDoc(app, u, id, parentId, b.orderIndex, b.position);
      return ok(null);
    },
  );

  app.post(
    '/doc/copy',
    {
      schema: {
        tags: ['doc'],
        body: Type.Object({
          id: IdString,
          name: Type.Optional(Name(255)),
          url: Type.Optional(Type.String({ maxLength: 1024 })),
          version: Type.Optional(Type.String({ maxLength: 64 })),
          parentId: OptionalId,
        }),
        response: okResponse(Type.Object({ id: Type.String() })),
      },
    },
    async (req) => {
      const u = requireUser(req);
      const b = req.body as { id: string; name?: string; url?: string; version?: string; parentId?: string };
      const id = ids.decode(b.id, 'doc');
      await authorizeDoc(req, id, 'doc.create');
      const parentId = b.parentId !== undefined ? ids.decode(b.parentId, 'folder') : undefined;
      const newId = await copyDoc(app, u, id, { name: b.name?.trim(), url: b.url?.trim(), version: b.version, parentId });
      return ok({ id: ids.encode(newId) });
    },
  );

  for (const [path, locked] of [
    ['/doc/lock', 1],
    ['/doc/unlock', 0],
  ] as const) {
    app.post(path, { schema: { tags: ['doc'], body: IdBody, response: okNull } }, async (req) => {
      const id = ids.decode((req.body as { id: string }).id, 'doc');
      await authorizeDoc(req, id, 'doc.lock');
      await db.updateTable('docs').set({ isLocked: locked }).where('id', '=', id).execute();
      return ok(null);
    });
  }

  app.post(
    '/doc/status/update',
    {
      schema: {
        tags: ['doc'],
        body: Type.Object({
          id: IdString,
          status: Type.Union([Type.Literal(DocStatus.TODO), Type.Literal(DocStatus.DOING), Type.Literal(DocStatus.DONE)]),
        }),
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body as { id: string; status: number };
      const id = ids.decode(b.id, 'doc');
      await authorizeDoc(req, id, 'doc.update');
      await db.updateTable('docs').set({ status: b.status }).where('id', '=', id).execute();
      return ok(null);
    },
  );

  app.post(
    '/doc/order/update',
    {
      schema: {
        tags: ['doc'],
        body: Type.Object({
          items: Type.Array(Type.Object({ id: IdString, orderIndex: Type.Integer({ minimum: -2_000_000_000, maximum: 2_000_000_000 }) }), {
            minItems: 1,
            maxItems: 5000,
          }),
        }),
        response: okNull,
      },
    },
    async (req) => {
      const items = (req.body as { items: { id: string; orderIndex: number }[] }).items.map((x) => ({
        id: ids.decode(x.id, 'doc'),
        orderIndex: x.orderIndex,
      }));
      const r = await authorizeDoc(req, items[0].id, 'doc.update');
      const unique = [...new Set(items.map((x) => x.id))];
      const rows = await db
        .selectFrom('docs')
        .select(['id', 'moduleId', 'parentId'])
        .where('id', 'in', unique)
        .where('isDeleted', '=', 0)
        .execute();
      if (rows.length !== unique.length) throw notFound('doc');
      if (rows.some((x) => x.moduleId !== r.moduleId || x.parentId !== rows[0].parentId)) {
        throw validation([{ field: 'items', message: 'all items must be siblings' }]);
      }
      const cases = sql.join(
        items.map((x) => sql`when ${sql.lit(x.id)} then ${sql.lit(x.orderIndex)}`),
        sql` `,
      );
      await inTx(db, async (tx) => {
        await tx
          .updateTable('docs')
          .set({ orderIndex: sql<number>`case id ${cases} end` })
          .where('id', 'in', unique)
          .execute();
      });
      return ok(null);
    },
  );

  // ---- trees ----
  // Trees are answered from bytes validated against the database on every read (tree-answers.ts): the
  // validator lists what the answer is made of (visible projects, applications with their tree revisions,
  // the sort order and the id codec in force).
  const answers = new TreeAnswers(app.ctx);
  const treeValidator = (projects: { id: number; name: string }[], modules: TreeModule[]) =>
    JSON.stringify([
      sortType(),
      ids.encode(1),
      projects.map((p) => [p.id, p.name]),
      modules.map((m) => [m.id, m.name, m.projectId, m.rev]),
    ]);

  app.get('/doc/view/data', { schema: { tags: ['doc'], querystring: Type.Object({ spaceId: IdString }) } }, async (req, reply) => {
    const spaceId = ids.decode((req.query as { spaceId: string }).spaceId, 'space');
    const { visible, modules } = await readableSpaceTree(req, db, spaceId);
    const key = `space:${spaceId}:${visible.map((p) => p.id).join(',')}`;
    return answers.send(req, reply, key, treeValidator(visible, modules), () => spaceTree(app.ctx, visible, sortType(), db, modules));
  });

  app.get(
    '/doc/view/dataByProject',
    { schema: { tags: ['doc'], querystring: Type.Object({ projectId: IdString }) } },
    async (req, reply) => {
      const projectId = ids.decode((req.query as { projectId: string }).projectId, 'project');
      await authorizeProject(req, projectId, 'project.read');
      const modules = await loadTreeModules(db, [projectId]);
      return answers.send(req, reply, `project:${projectId}`, treeValidator([], modules), () =>
        projectTree(app.ctx, projectId, sortType(), db, modules),
      );
    },
  );

  app.get('/doc/tree', { schema: { tags: ['doc'], querystring: Type.Object({ moduleId: IdString }) } }, async (req, reply) => {
    const moduleId = ids.decode((req.query as { moduleId: string }).moduleId, 'module');
    await authorizeModule(req, moduleId, 'doc.read');
    const rev = await db.selectFrom('treeRevisions').select('rev').where('moduleId', '=', moduleId).executeTakeFirst();
    const validator = JSON.stringify([sortType(), ids.encode(1), moduleId, Number(rev?.rev ?? 0)]);
    return answers.send(req, reply, `module:${moduleId}`, validator, async () => {
      const docs = await loadDocsLite(db, [moduleId]);
      const forest = buildDocForest(app.ctx, docs, sortType(), () => '');
      return forest.get(moduleId) ?? [];
    });
  });

  app.get('/prop/getDocProps', { schema: { tags: ['doc'], querystring: IdBody } }, async (req) => {
    const id = ids.decode((req.query as { id: string }).id, 'doc');
    await authorizeDoc(req, id, 'doc.read');
    const rows = await db.selectFrom('props').select(['name', 'val']).where('refId', '=', id).where('type', '=', PropType.DOC).execute();
    return ok(Object.fromEntries(rows.map((r) => [r.name, r.val])));
  });
}
