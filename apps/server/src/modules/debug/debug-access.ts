/**
 * Who may debug a doc and towards which environments: a logged-in user who may read the doc (every
 * environment of its application), or an anonymous viewer holding the grant of a share (the environments
 * the share exposes) or a compose view (the application's public environments and the gateway URL) that
 * allows debugging.
 */
import type { RoleCode } from '@folio/shared';
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { ModuleEnvironmentsTable } from '../../db/types.js';
import { AppError, notFound, unauthorized } from '../../lib/errors.js';
import { authorizeDoc, authorizeModule, authorizeProject } from '../../permissions/authorize.js';
import { grantOf, type ShareGrantInfo, verifyShareGrant } from '../shares/share-grant.js';

export type EnvRow = Selectable<ModuleEnvironmentsTable>;

export interface DebugAccess {
  docId: number;
  moduleId: number;
  projectId: number;
  /** Environments the caller may use, in display order. */
  environments: EnvRow[];
  /** Extra base URLs the caller may reach (a compose view's gateway). */
  extraTargets: string[];
  /** The grant used by an anonymous (or not-a-member) viewer, else null. */
  grant: ShareGrantInfo | null;
  /** True for a logged-in user who reads the doc through their own role. */
  asUser: boolean;
  /** The user's project role (null for grant viewers). */
  role: RoleCode | null;
}

export const debugNotAllowed = () => new AppError(403, 'forbidden', 'error.debug_not_allowed');

/** Resolves debug access for an external doc id; throws 401/403/404 as the product does. */
export async function debugAccess(req: FastifyRequest, docIdExt: string): Promise<DebugAccess> {
  const { db, ids } = req.server.ctx;
  const docId = ids.decode(docIdExt, 'doc');
  const grantRaw = grantOf(req);
  if (req.user) {
    try {
      const a = await authorizeDoc(req, docId, 'doc.debug');
      const environments = await db
        .selectFrom('moduleEnvironments')
        .selectAll()
        .where('moduleId', '=', a.moduleId)
        .orderBy('orderIndex')
        .orderBy('id')
        .execute();
      return {
        docId,
        moduleId: a.moduleId,
        projectId: a.projectId,
        environments,
        extraTargets: [],
        grant: null,
        asUser: true,
        role: a.role,
      };
    } catch (e) {
      // A logged-in viewer of a share they are not a member of falls back to the share's grant.
      if (!grantRaw || !(e instanceof AppError) || (e.status !== 404 && e.status !== 403)) throw e;
    }
  }
  if (!grantRaw) throw unauthorized();
  const grant = await verifyShareGrant(req.server, grantRaw, { docId });
  if (!grant) throw notFound('doc');
  if (!grant.allowDebug) throw debugNotAllowed();
  const doc = await db
    .selectFrom('docs as d')
    .innerJoin('modules as m', 'm.id', 'd.moduleId')
    .select(['d.moduleId', 'm.projectId'])
    .where('d.id', '=', docId)
    .where('d.isDeleted', '=', 0)
    .executeTakeFirst();
  if (!doc) throw notFound('doc');
  let q = db.selectFrom('moduleEnvironments').selectAll().where('moduleId', '=', doc.moduleId);
  if (grant.kind === 'share') {
    if (!grant.environmentIds.length) q = q.where('id', '=', -1);
    else q = q.where('id', 'in', grant.environmentIds);
  } else {
    q = q.where('isPublic', '=', 1);
  }
  const environments = await q.orderBy('orderIndex').orderBy('id').execute();
  return {
    docId,
    moduleId: doc.moduleId,
    projectId: doc.projectId,
    environments,
    extraTargets: grant.gatewayUrl ? [grant.gatewayUrl] : [],
    grant,
    asUser: false,
    role: null,
  };
}

/**
 * Authorises script.update on where a script of a scope lives (doc 0, application 1, project 2). A dynamic
 * case (docs/ARCHITECTURE.md): the resource kind of POST /api/doc/debugscript/save depends on body.scope.
 */
export async function authorizeScriptRef(req: FastifyRequest, scope: number, refId: number): Promise<void> {
  if (scope === 0) await authorizeDoc(req, refId, 'script.update');
  else if (scope === 1) await authorizeModule(req, refId, 'script.update');
  else await authorizeProject(req, refId, 'script.update');
}
