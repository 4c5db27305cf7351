/**
 * Debug feature: the proxy (debug-proxy.ts), what the console needs to start (environments with their
 * headers and params, the application's common headers and params, scripts, the proxy switch), debug
 * scripts (type pre 0 / after 1; scope doc 0 / module 1 / project 2) and the per-application debug props
 * (prop types 10 debug, 11 debug proxy).
 */
import { DebugScriptScope, ParamOwner, ParamStyle, PropType, roleAllows } from '@folio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { insertId } from '../../db/database.js';
import { notFound, validation } from '../../lib/errors.js';
import { Flag, flag, IdString } from '../../lib/schemas.js';
import { authorizeDoc, authorizeModule, authorizeProject } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull } from '../../plugins/envelope.js';
import { buildParamTrees, loadEnums, loadParamTreeRows } from '../docs/doc-params.js';
import { debugAccess } from './debug-access.js';
import { debugProxyRoutes } from './debug-proxy.js';

const ScriptBody = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 64 })),
  name: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  content: Type.String({ maxLength: 200_000 }),
  type: Type.Union([Type.Literal(0), Type.Literal(1)]),
  scope: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]),
  /** Doc id (scope 0), application id (scope 1) or project id (scope 2). */
  refId: IdString,
  enabled: Type.Optional(Flag),
});
type ScriptInput = {
  id?: string;
  name: string;
  description?: string;
  content: string;
  type: 0 | 1;
  scope: 0 | 1 | 2;
  refId: string;
  enabled?: number | boolean;
};

/** Debug values an application remembers (prop type 10); the proxy switch is type 11 'proxy'. */
const DEBUG_PROP_NAMES = new Set(['envId', 'followRedirects']);

export async function debugRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect, ids } = app.ctx;
  await debugProxyRoutes(app);

  const scriptView = (s: {
    id: number;
    name: string;
    description: string;
    content: string;
    type: number;
    scope: number;
    refId: number;
    enabled: number;
    creatorName: string;
    createdAt: number;
    updatedAt: number;
  }) => ({
    id: ids.encode(s.id),
    name: s.name,
    description: s.description,
    content: s.content,
    type: s.type,
    scope: s.scope,
    refId: ids.encode(s.refId),
    enabled: s.enabled,
    creatorName: s.creatorName,
    gmtCreate: Number(s.createdAt),
    gmtModified: Number(s.updatedAt),
  });

  /** Scripts of a doc's three scopes, doc first (one query). */
  async function scriptsFor(docId: number, moduleId: number, projectId: number, enabledOnly: boolean) {
    let q = db
      .selectFrom('debugScripts')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('scope', '=', DebugScriptScope.DOC), eb('refId', '=', docId)]),
          eb.and([eb('scope', '=', DebugScriptScope.MODULE), eb('refId', '=', moduleId)]),
          eb.and([eb('scope', '=', DebugScriptScope.PROJECT), eb('refId', '=', projectId)]),
        ]),
      );
    if (enabledOnly) q = q.where('enabled', '=', 1);
    const rows = await q.orderBy('scope').orderBy('id').execute();
    return rows.map(scriptView);
  }

  /** The project a script's scope and ref belong to, authorised for script.update. */
  async function authorizeScriptRef(req: FastifyRequest, scope: number, refId: number) {
    if (scope === DebugScriptScope.DOC) await authorizeDoc(req, refId, 'script.update');
    else if (scope === DebugScriptScope.MODULE) await authorizeModule(req, refId, 'script.update');
    else await authorizeProject(req, refId, 'script.update');
  }
  const refKind = (scope: number) => (scope === DebugScriptScope.DOC ? 'doc' : scope === DebugScriptScope.MODULE ? 'module' : 'project');

  app.get(
    '/doc/debugscript/list',
    { config: { auth: 'optional', action: 'doc.debug' }, schema: { tags: ['debug'], querystring: Type.Object({ docId: IdString }) } },
    async (req) => {
      const a = await debugAccess(req, (req.query as { docId: string }).docId);
      return ok(await scriptsFor(a.docId, a.moduleId, a.projectId, !a.asUser));
    },
  );

  app.post('/doc/debugscript/save', { config: { action: 'script.update' }, schema: { tags: ['debug'], body: ScriptBody } }, async (req) => {
    const u = requireUser(req);
    const b = req.body as ScriptInput;
    const refId = ids.decode(b.refId, refKind(b.scope));
    await authorizeScriptRef(req, b.scope, refId);
    const now = Date.now();
    const values = {
      name: b.name.trim(),
      description: b.description ?? '',
      content: b.content,
      type: b.type,
      scope: b.scope,
      refId,
      enabled: b.enabled === undefined ? 1 : flag(b.enabled),
      updatedAt: now,
    };
    if (b.id) {
      const id = ids.decode(b.id, 'script');
      const old = await db.selectFrom('debugScripts').select(['scope', 'refId']).where('id', '=', id).executeTakeFirst();
      if (!old) throw notFound('script');
      await authorizeScriptRef(req, old.scope, old.refId);
      await db.updateTable('debugScripts').set(values).where('id', '=', id).execute();
      return ok({ id: b.id });
    }
    const id = await insertId(db, dialect, 'debugScripts', { ...values, creatorName: u.nickname, createdAt: now });
    return ok({ id: ids.encode(id) });
  });

  for (const [path, enabled] of [
    ['/doc/debugscript/enable', 1],
    ['/doc/debugscript/disable', 0],
  ] as const) {
    app.post(
      path,
      { config: { action: 'script.update' }, schema: { tags: ['debug'], body: Type.Object({ id: IdString }) } },
      async (req) => {
        const id = ids.decode((req.body as { id: string }).id, 'script');
        const old = await db.selectFrom('debugScripts').select(['scope', 'refId']).where('id', '=', id).executeTakeFirst();
        if (!old) throw notFound('script');
        await authorizeScriptRef(req, old.scope, old.refId);
        await db.updateTable('debugScripts').set({ enabled, updatedAt: Date.now() }).where('id', '=', id).execute();
        return ok(null);
      },
    );
  }

  app.post(
    '/doc/debugscript/delete',
    { config: { action: 'script.update' }, schema: { tags: ['debug'], body: Type.Object({ id: IdString }), response: okNull } },
    async (req) => {
      const id = ids.decode((req.body as { id: string }).id, 'script');
      const old = await db.selectFrom('debugScripts').select(['scope', 'refId']).where('id', '=', id).executeTakeFirst();
      if (!old) throw notFound('script');
      await authorizeScriptRef(req, old.scope, old.refId);
      await db.deleteFrom('debugScripts').where('id', '=', id).execute();
      return ok(null);
    },
  );

  // ---- what the console needs, in one call (works for share/compose viewers with a grant) ----
  app.get(
    '/debug/context',
    { config: { auth: 'optional', action: 'doc.debug' }, schema: { tags: ['debug'], querystring: Type.Object({ docId: IdString }) } },
    async (req) => {
      const a = await debugAccess(req, (req.query as { docId: string }).docId);
      const envIds = a.environments.map((e) => e.id);
      const envRows = envIds.length ? await loadParamTreeRows(db, ParamOwner.ENVIRONMENT, envIds) : [];
      const modRows = await loadParamTreeRows(db, ParamOwner.MODULE, [a.moduleId]);
      const enums = await loadEnums(
        db,
        ids,
        [...envRows, ...modRows].map((r) => r.enumId),
      );
      const envTrees = buildParamTrees(envRows, ids, enums);
      const modTree = buildParamTrees(modRows, ids, enums).get(a.moduleId);
      const props = await db
        .selectFrom('props')
        .select(['type', 'name', 'val'])
        .where('refId', '=', a.moduleId)
        .where('type', 'in', [PropType.DEBUG, PropType.DEBUG_PROXY])
        .execute();
      const proxyProp = props.find((p) => p.type === PropType.DEBUG_PROXY && p.name === 'proxy');
      const debugProps = Object.fromEntries(props.filter((p) => p.type === PropType.DEBUG).map((p) => [p.name, p.val]));
      return ok({
        moduleId: ids.encode(a.moduleId),
        projectId: a.asUser ? ids.encode(a.projectId) : '',
        environments: a.environments.map((e) => ({
          id: ids.encode(e.id),
          name: e.name,
          url: e.url,
          isPublic: e.isPublic,
          orderIndex: e.orderIndex,
          headers: envTrees.get(e.id)?.get(ParamStyle.HEADER) ?? [],
          params: envTrees.get(e.id)?.get(ParamStyle.REQUEST) ?? [],
        })),
        gatewayUrl: a.extraTargets[0] ?? '',
        commonHeaders: modTree?.get(ParamStyle.HEADER) ?? [],
        commonParams: modTree?.get(ParamStyle.REQUEST) ?? [],
        scripts: await scriptsFor(a.docId, a.moduleId, a.projectId, !a.asUser),
        proxy: proxyProp ? proxyProp.val === 'true' : null,
        debugProps,
        asUser: a.asUser,
        canEditScripts: roleAllows('script.update', a.role),
        canEditMock: roleAllows('doc.mock', a.role),
      });
    },
  );

  // ---- per-application debug props: 11 = proxy switch, 10 = other remembered debug values ----
  app.post(
    '/debug/props/set',
    {
      config: { action: 'doc.debug' },
      schema: {
        tags: ['debug'],
        body: Type.Object({
          moduleId: IdString,
          proxy: Type.Optional(Type.Boolean()),
          props: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 2000 }), { maxProperties: 20 })),
        }),
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body as { moduleId: string; proxy?: boolean; props?: Record<string, string> };
      const moduleId = ids.decode(b.moduleId, 'module');
      await authorizeModule(req, moduleId, 'doc.debug');
      const entries: { type: number; name: string; val: string }[] = [];
      if (b.proxy !== undefined) entries.push({ type: PropType.DEBUG_PROXY, name: 'proxy', val: String(b.proxy) });
      for (const [name, val] of Object.entries(b.props ?? {})) {
        if (!DEBUG_PROP_NAMES.has(name)) throw validation([{ field: `props.${name}`, message: 'invalid value' }]);
        entries.push({ type: PropType.DEBUG, name, val });
      }
      for (const e of entries) {
        const r = await db
          .updateTable('props')
          .set({ val: e.val })
          .where('refId', '=', moduleId)
          .where('type', '=', e.type)
          .where('name', '=', e.name)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0)
          await db
            .insertInto('props')
            .values({ refId: moduleId, ...e })
            .execute();
      }
      return ok(null);
    },
  );
}
