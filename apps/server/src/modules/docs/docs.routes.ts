/**
 * Docs and folders: save (all parameters), detail, delete, folders, move, copy, lock, status, order, trees and
 * props. Contracts: packages/shared/src/schemas/docs.ts. Routes declare their action on the doc, application or
 * project they name; three checks stay in the handlers (docs/ARCHITECTURE.md): doc/save (an update acts on the
 * doc, a create on the application), doc/order/update (its docs are in a list) and the reads that authorise in
 * the statement that reads them (doc/detail, the space tree).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type Action,
  DocCopyInput,
  DocDeleteInput,
  DocDetailQuery,
  DocMoveInput,
  DocOrderInput,
  DocPropsSchema,
  DocReadSchema,
  DocSaveInput,
  type DocSaveRequest,
  DocStatusInput,
  FolderAddInput,
  FolderRenameInput,
  IdInput,
  ModuleTreeQuery,
  ProjectTreeQuery,
  REVISION_HEADER,
  SavedIdSchema,
  SpaceTreeQuery,
  TreeList,
} from '@folio/shared';
import type { FastifyRequest } from 'fastify';
import { validation } from '../../lib/errors.js';
import { flag, registerParamNodeSchema, registerTreeNodeSchema } from '../../lib/schemas.js';
import { authorizeDoc, authorizeModule, authorizeSpace } from '../../permissions/authorize.js';
import { accessOf } from '../../permissions/declared.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { viewRevision } from '../live/revision.js';
import { trashed } from '../trash/trash.schemas.js';
import { extrasOfBody } from './doc-extras.js';
import { copyDoc, saveDoc } from './doc-save.service.js';
import { buildDocForest, loadDocsLite, loadTreeModules, projectTree, type SortType, spaceTree, type TreeModule } from './doc-tree.js';
import * as repo from './docs.repo.js';
import * as docs from './docs.service.js';
import { registerParamSchema } from './param-input.js';
import { TreeAnswers } from './tree-answers.js';
import { readableSpaceTree, spaceTreeSession } from './visible-projects.js';

const tags = ['doc'];
const onDoc = (action: Action) => ({ action, resource: { kind: 'doc', from: 'body.id' } }) as const;

export const docsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const { db, ids, settings } = ctx;
  registerParamSchema(app);
  registerParamNodeSchema(app);
  registerTreeNodeSchema(app);
  const sortType = () => (settings.get('folio.doc-sort-type') || 'by_order') as SortType;

  /**
   * doc/save's authorisation, by hand because it depends on the body: an update (id or docId) is doc.update on
   * that doc, which must be in the application named; a create is doc.create on the application.
   */
  async function authorizeSave(req: FastifyRequest, b: DocSaveRequest): Promise<{ moduleId: number; docId: number }> {
    const moduleId = ids.decode(b.moduleId, 'module');
    const rawId = b.id || b.docId || '';
    const docId = rawId ? ids.decode(rawId, 'doc') : 0;
    if (docId) {
      const r = await authorizeDoc(req, docId, 'doc.update');
      if (r.moduleId !== moduleId) throw validation([{ field: 'moduleId', message: 'the doc belongs to another application' }]);
    } else await authorizeModule(req, moduleId, 'doc.create');
    return { moduleId, docId };
  }

  app.post(
    '/doc/save',
    {
      schema: {
        tags,
        summary: 'Create or update a doc or folder with all its parameters',
        body: DocSaveInput,
        response: okResponse(SavedIdSchema),
      },
    },
    async (req) => {
      const u = requireUser(req);
      const { extras, errors } = extrasOfBody(req.body);
      if (errors.length) throw validation(errors);
      const { moduleId, docId } = await authorizeSave(req, req.body);
      return ok({ id: ids.encode(await saveDoc(app, u, moduleId, docId, req.body, { extras, markWritten: true })) });
    },
  );

  app.get(
    '/doc/detail',
    {
      config: { action: 'doc.read' },
      schema: {
        tags,
        summary: 'One doc with its parameters, spec extras and the security it needs (with=app: and its application)',
        querystring: DocDetailQuery,
        response: okResponse(DocReadSchema),
      },
    },
    async (req, reply) => {
      const id = ids.decode(req.query.id, 'doc');
      // A reading page's first doc says which revision of the page's tree it was built from (read before it).
      if (req.query.live) {
        const at = await authorizeDoc(req, id, 'doc.read');
        const scope = req.query.live === 'space' ? { spaceId: at.spaceId } : { projectId: at.projectId };
        reply.header(REVISION_HEADER, await viewRevision(req, db, scope));
      }
      return ok(await docs.readDocDetail(ctx, requireUser(req), id, req.query.with === 'app'));
    },
  );

  app.post(
    '/doc/delete',
    {
      config: onDoc('doc.delete'),
      schema: { tags, summary: 'Move a doc, or a folder with its content, to the trash', body: DocDeleteInput, response: trashed },
    },
    async (req) => {
      const trashId = await docs.deleteDoc(app, requireUser(req), accessOf(req).id, flag(req.body.deleteChildren) === 1);
      return ok({ trashId: ids.encode(trashId) });
    },
  );

  app.post(
    '/doc/folder/add',
    {
      config: { action: 'doc.create', resource: { kind: 'module', from: 'body.moduleId' } },
      schema: { tags, summary: 'Add a folder to an application', body: FolderAddInput, response: okResponse(SavedIdSchema) },
    },
    async (req) => {
      const id = await docs.addFolder(app, requireUser(req), accessOf(req).id, req.body.parentId ?? '', req.body.name);
      return ok({ id: ids.encode(id) });
    },
  );

  app.post(
    '/doc/folder/update',
    { config: onDoc('doc.update'), schema: { tags, summary: 'Rename a folder', body: FolderRenameInput, response: okNull } },
    async (req) => {
      await docs.renameFolder(app, requireUser(req), accessOf(req).id, req.body.name);
      return ok(null);
    },
  );

  app.post(
    '/doc/move',
    {
      config: onDoc('doc.update'),
      schema: { tags, summary: 'Move a doc or folder within its application', body: DocMoveInput, response: okNull },
    },
    async (req) => {
      const parentId = ids.tryDecode(req.body.parentId ?? '');
      if (parentId === null) throw validation([{ field: 'parentId', message: 'invalid value' }]);
      await docs.moveDoc(app, requireUser(req), accessOf(req).id, parentId, req.body.orderIndex, req.body.position);
      return ok(null);
    },
  );

  app.post(
    '/doc/copy',
    {
      config: onDoc('doc.create'),
      schema: { tags, summary: 'Copy a doc with its parameters', body: DocCopyInput, response: okResponse(SavedIdSchema) },
    },
    async (req) => {
      const b = req.body;
      const parentId = b.parentId !== undefined ? ids.decode(b.parentId, 'folder') : undefined;
      const over = { name: b.name?.trim(), url: b.url?.trim(), version: b.version, parentId };
      return ok({ id: ids.encode(await copyDoc(app, requireUser(req), accessOf(req).id, over)) });
    },
  );

  for (const [path, locked] of [
    ['/doc/lock', true],
    ['/doc/unlock', false],
  ] as const) {
    app.post(
      path,
      { config: onDoc('doc.lock'), schema: { tags, summary: locked ? 'Lock a doc' : 'Unlock a doc', body: IdInput, response: okNull } },
      async (req) => {
        await docs.setLocked(ctx, accessOf(req).id, locked);
        return ok(null);
      },
    );
  }

  app.post(
    '/doc/status/update',
    { config: onDoc('doc.update'), schema: { tags, summary: "Set a doc's status", body: DocStatusInput, response: okNull } },
    async (req) => {
      await docs.setStatus(ctx, accessOf(req).id, req.body.status);
      return ok(null);
    },
  );

  app.post(
    '/doc/order/update',
    { config: { action: 'doc.update' }, schema: { tags, summary: 'Set the order of sibling docs', body: DocOrderInput, response: okNull } },
    async (req) => {
      const items = req.body.items.map((x) => ({ id: ids.decode(x.id, 'doc'), orderIndex: x.orderIndex }));
      // By hand: the docs are in a list; the first decides, and every other must be its sibling (docs.reorder).
      const { moduleId } = await authorizeDoc(req, items[0].id, 'doc.update');
      await docs.reorder(ctx, moduleId, items);
      return ok(null);
    },
  );

  // ---- trees ----
  // Trees are answered from bytes validated against the database on every read (tree-answers.ts): the
  // validator lists what the answer is made of (visible projects, applications with their tree revisions,
  // the sort order and the id codec in force).
  const answers = new TreeAnswers(ctx);
  // Tree answers are sent as bytes compressed once per answer (tree-answers.ts): the compress plugin's three
  // hooks would only find them already encoded, on every read.
  const ownCompression = { compress: false, decompress: false } as const;
  const treeValidator = (projects: { id: number; name: string }[], modules: TreeModule[]) =>
    JSON.stringify([
      sortType(),
      ids.encode(1),
      projects.map((p) => [p.id, p.name]),
      modules.map((m) => [m.id, m.name, m.projectId, m.rev]),
    ]);

  app.get(
    '/doc/view/data',
    {
      ...ownCompression,
      config: { action: 'space.read', sessionRead: spaceTreeSession },
      schema: {
        tags,
        summary: "A space's tree: the projects the reader may see, their applications, folders and docs",
        querystring: SpaceTreeQuery,
        response: okResponse(TreeList()),
      },
    },
    async (req, reply) => {
      const spaceId = ids.decode(req.query.spaceId, 'space');
      // A reading page's first tree says which live revision it was built from (read before it).
      if (req.query.live) {
        await authorizeSpace(req, spaceId, 'space.read');
        reply.header(REVISION_HEADER, await viewRevision(req, db, { spaceId }));
      }
      // Authorised by the statement that reads the space's projects and applications (visible-projects.ts).
      const { visible, modules } = await readableSpaceTree(req, db, spaceId);
      const key = `space:${spaceId}:${visible.map((p) => p.id).join(',')}`;
      return answers.send(req, reply, key, treeValidator(visible, modules), () => spaceTree(ctx, visible, sortType(), db, modules));
    },
  );

  app.get(
    '/doc/view/dataByProject',
    {
      ...ownCompression,
      config: { action: 'project.read', resource: { kind: 'project', from: 'query.projectId' } },
      schema: {
        tags,
        summary: "A project's tree: its applications, folders and docs",
        querystring: ProjectTreeQuery,
        response: okResponse(TreeList()),
      },
    },
    async (req, reply) => {
      const projectId = accessOf(req).id;
      if (req.query.live) reply.header(REVISION_HEADER, await viewRevision(req, db, { projectId }));
      const modules = await loadTreeModules(db, [projectId]);
      return answers.send(req, reply, `project:${projectId}`, treeValidator([], modules), () =>
        projectTree(ctx, projectId, sortType(), db, modules),
      );
    },
  );

  app.get(
    '/doc/tree',
    {
      ...ownCompression,
      config: { action: 'doc.read', resource: { kind: 'module', from: 'query.moduleId' } },
      schema: { tags, summary: "An application's folders and docs", querystring: ModuleTreeQuery, response: okResponse(TreeList()) },
    },
    async (req, reply) => {
      const moduleId = accessOf(req).id;
      const validator = JSON.stringify([sortType(), ids.encode(1), moduleId, await repo.treeRevision(db, moduleId)]);
      return answers.send(req, reply, `module:${moduleId}`, validator, async () => {
        const forest = buildDocForest(ctx, await loadDocsLite(db, [moduleId]), sortType(), () => '');
        return forest.get(moduleId) ?? [];
      });
    },
  );

  app.get(
    '/prop/getDocProps',
    {
      config: { action: 'doc.read', resource: { kind: 'doc', from: 'query.id' } },
      schema: { tags, summary: "A doc's props (name → value)", querystring: IdInput, response: okResponse(DocPropsSchema) },
    },
    async (req) => ok(await docs.docProps(ctx, accessOf(req).id)),
  );
};
