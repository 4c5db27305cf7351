/**
 * Anonymous reads of compose views (/show/{publicId}): project, password check, menu, docs and extra pages.
 * Every call re-checks the project's state and, for encrypted projects, the grant.
 */

import type { PublicSearchQuery } from '@folio/shared';
import { ComposeType, ParamOwner } from '@folio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { Type } from 'typebox';
import type { ComposeProjectsTable } from '../../db/types.js';
import { decrypt, md5, safeEqual } from '../../lib/crypto.js';
import { notFound } from '../../lib/errors.js';
import { RateLimiter } from '../../lib/rate-limit.js';
import { IdString } from '../../lib/schemas.js';
import { ok } from '../../plugins/envelope.js';
import { modulesRevision, sendRevision } from '../live/revision.js';
import { publicSearchSchema, searchExposed } from '../search/search.routes.js';
import { grantOf, passwordFingerprint, readGrant, signGrant } from '../shares/share-grant.js';
import { passwordRequired, passwordWrong } from '../shares/shares.routes.js';
import { loadViewDoc } from '../shares/view-doc.js';
import { composeMenu, loadComposeScope } from './compose-view.js';

type ProjectRow = Selectable<ComposeProjectsTable>;

/** Wrong passwords per share/compose project and address: 10 in 5 minutes, counted in the database. */
const passwordLimiter = new RateLimiter('compose-password', 10, 5 * 60_000);
const PublicId = Type.String({ minLength: 1, maxLength: 64 });

/** Registers the public compose-view routes. */
export async function composePublicRoutes(app: FastifyInstance): Promise<void> {
  const { db, ids, installKey, grantKey } = app.ctx;

  // ---------- anonymous reads (/show) ----------
  /** An enabled, live compose project; disabled ones answer as missing ('Document not found'). */
  const activeProject = async (publicId: string) => {
    const p = await db
      .selectFrom('composeProjects')
      .selectAll()
      .where('publicId', '=', publicId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!p || p.status !== 1) throw notFound('compose project');
    return p;
  };
  const requireAccess = (req: FastifyRequest, p: ProjectRow) => {
    if (p.type !== ComposeType.ENCRYPT) return;
    const g = readGrant(grantKey, grantOf(req));
    if (!g || g.kind !== 'compose' || g.id !== p.id || !safeEqual(g.fp, passwordFingerprint(p.type, p.passwordEnc)))
      throw passwordRequired();
  };

  app.get(
    '/compose/project/get',
    { config: { auth: 'public' }, schema: { tags: ['compose'], querystring: Type.Object({ id: PublicId }) } },
    async (req) => {
      const p = await activeProject((req.query as { id: string }).id);
      const encrypted = p.type === ComposeType.ENCRYPT;
      let pages: { id: string; title: string }[] = [];
      if (!encrypted || grantOf(req)) {
        try {
          requireAccess(req, p);
          const rows = await db
            .selectFrom('composeAdditionalPages')
            .select(['id', 'title'])
            .where('projectId', '=', p.id)
            .where('status', '=', 1)
            .orderBy('orderIndex')
            .orderBy('id')
            .execute();
          pages = rows.map((r) => ({ id: ids.encode(r.id), title: r.title }));
        } catch {
          pages = [];
        }
      }
      return ok({
        id: p.publicId,
        name: p.name,
        description: encrypted ? '' : p.description,
        type: p.type,
        isEncrypt: encrypted ? 1 : 0,
        needPassword: encrypted,
        showDebug: p.showDebug,
        gatewayUrl: p.gatewayUrl,
        pages,
        grant: encrypted ? '' : signGrant(grantKey, 'compose', p.id, passwordFingerprint(p.type, p.passwordEnc)),
      });
    },
  );

  app.post(
    '/compose/project/checkPassword',
    {
      config: { auth: 'public' },
      schema: { tags: ['compose'], body: Type.Object({ id: PublicId, password: Type.String({ minLength: 1, maxLength: 128 }) }) },
    },
    async (req) => {
      const b = req.body as { id: string; password: string };
      const p = await activeProject(b.id);
      const fp = passwordFingerprint(p.type, p.passwordEnc);
      if (p.type === ComposeType.ENCRYPT) {
        await passwordLimiter.hit(app.ctx.db, app.ctx.dialect, `compose:${p.id}|${req.ip}`);
        if (!safeEqual(md5(decrypt(installKey, p.passwordEnc)), b.password.trim().toLowerCase())) throw passwordWrong();
        await passwordLimiter.reset(app.ctx.db, `compose:${p.id}|${req.ip}`);
      }
      return ok({ grant: signGrant(grantKey, 'compose', p.id, fp) });
    },
  );

  app.get(
    '/compose/doc/menu',
    { config: { auth: 'public' }, schema: { tags: ['compose'], querystring: Type.Object({ projectId: PublicId }) } },
    async (req) => {
      const p = await activeProject((req.query as { projectId: string }).projectId);
      requireAccess(req, p);
      return ok(composeMenu(app.ctx, await loadComposeScope(db, p.id)));
    },
  );

  // Live docs: the compose view's revision (its rows, the docs of the applications they reach), polled by open pages.
  app.get(
    '/compose/doc/revision',
    { config: { auth: 'public' }, schema: { tags: ['compose'], querystring: Type.Object({ projectId: PublicId }) } },
    async (req, reply) => {
      const p = await activeProject((req.query as { projectId: string }).projectId);
      requireAccess(req, p);
      const rows = await db
        .selectFrom('composeDocs as c')
        .leftJoin('docs as d', 'd.id', 'c.docId')
        .select(['c.id', 'c.parentId', 'c.orderIndex', 'c.folderName', 'd.moduleId'])
        .where('c.projectId', '=', p.id)
        .orderBy('c.id')
        .execute();
      const moduleIds = [...new Set(rows.flatMap((r) => (r.moduleId ? [r.moduleId] : [])))].sort((a, b) => a - b);
      const owner = `c${p.id}:${p.updatedAt}:${JSON.stringify(rows)}`;
      return sendRevision(req, reply, await modulesRevision(db, moduleIds, owner));
    },
  );

  app.get('/compose/doc/search', { config: { auth: 'public' }, schema: publicSearchSchema('compose', 'projectId') }, async (req) => {
    const q = req.query as PublicSearchQuery;
    const p = await activeProject(q.projectId ?? '');
    requireAccess(req, p);
    return ok(await searchExposed(app, [...(await loadComposeScope(db, p.id)).docIds], q));
  });

  app.get(
    '/compose/doc/get',
    { config: { auth: 'public' }, schema: { tags: ['compose'], querystring: Type.Object({ projectId: PublicId, docId: IdString }) } },
    async (req) => {
      const q = req.query as { projectId: string; docId: string };
      const p = await activeProject(q.projectId);
      requireAccess(req, p);
      const docId = ids.decode(q.docId, 'doc');
      const scope = await loadComposeScope(db, p.id);
      if (!scope.docIds.has(docId)) throw notFound('doc');
      return ok(await loadViewDoc(app.ctx, docId, { ownerType: ParamOwner.COMPOSE, ownerId: p.id }));
    },
  );

  app.get(
    '/compose/page/get',
    { config: { auth: 'public' }, schema: { tags: ['compose'], querystring: Type.Object({ projectId: PublicId, id: IdString }) } },
    async (req) => {
      const q = req.query as { projectId: string; id: string };
      const p = await activeProject(q.projectId);
      requireAccess(req, p);
      const row = await db
        .selectFrom('composeAdditionalPages')
        .select(['id', 'title', 'content'])
        .where('id', '=', ids.decode(q.id, 'page'))
        .where('projectId', '=', p.id)
        .where('status', '=', 1)
        .executeTakeFirst();
      if (!row) throw notFound('page');
      return ok({ id: ids.encode(row.id), title: row.title, content: row.content });
    },
  );
}
