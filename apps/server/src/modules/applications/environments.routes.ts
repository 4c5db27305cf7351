/** Debug environments (with their own headers and params) and an application's common headers/params/returns. */
import { INITIAL_ORDER_INDEX, ParamOwner, ParamStyle } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { insertId, inTx, type Tx } from '../../db/database.js';
import { conflict, type FieldError, notFound, validation } from '../../lib/errors.js';
import { Flag, flag, IdString, Name } from '../../lib/schemas.js';
import { authorizeModule } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { buildParamTrees, deleteParams, loadEnums, loadParamTreeRows, replaceParams } from '../docs/doc-params.js';
import { type ParamBody, ParamList, toParamInputs } from '../docs/param-input.js';
import { refreshDefaultMocks } from '../mock/mock.service.js';

/** Trims a host address and removes trailing slashes (spec §5); null when it is not a URL. */
export function normalizeHostUrl(raw: string): string | null {
  const s = raw.trim().replace(/\/+$/, '');
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^\s/]+/i.test(s) && !/^\{\{[^}]+\}\}/.test(s)) return null;
  return s;
}

/** Common headers, request params, response params, and the application's error codes (name=code, description=msg, example=solution). */
const COMMON_STYLES = [ParamStyle.HEADER, ParamStyle.REQUEST, ParamStyle.RESPONSE, ParamStyle.CODE] as const;

export async function environmentsRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect, ids, settings } = app.ctx;
  const initOrder = () => settings.getInt('folio.init-order', INITIAL_ORDER_INDEX);

  async function paramTrees(ownerType: number, ownerIds: number[]) {
    const rows = await loadParamTreeRows(db, ownerType, ownerIds);
    const enums = await loadEnums(
      db,
      ids,
      rows.map((r) => r.enumId),
    );
    return buildParamTrees(rows, ids, enums);
  }

  async function moduleEnumIds(tx: Tx, moduleId: number) {
    const rows = await tx.selectFrom('enumInfos').select('id').where('moduleId', '=', moduleId).where('isDeleted', '=', 0).execute();
    return new Set(rows.map((r) => r.id));
  }

  // ---- environments ----
  app.get('/module/environment/list', { schema: { tags: ['module'], querystring: Type.Object({ moduleId: IdString }) } }, async (req) => {
    const moduleId = ids.decode((req.query as { moduleId: string }).moduleId, 'module');
    await authorizeModule(req, moduleId, 'doc.read');
    const envs = await db
      .selectFrom('moduleEnvironments')
      .selectAll()
      .where('moduleId', '=', moduleId)
      .orderBy('orderIndex')
      .orderBy('id')
      .execute();
    const trees = await paramTrees(
      ParamOwner.ENVIRONMENT,
      envs.map((e) => e.id),
    );
    return ok(
      envs.map((e) => ({
        id: ids.encode(e.id),
        moduleId: ids.encode(e.moduleId),
        name: e.name,
        url: e.url,
        isPublic: e.isPublic,
        orderIndex: e.orderIndex,
        headers: trees.get(e.id)?.get(ParamStyle.HEADER) ?? [],
        params: trees.get(e.id)?.get(ParamStyle.REQUEST) ?? [],
      })),
    );
  });

  const EnvBody = {
    name: Name(64),
    url: Type.String({ minLength: 1, maxLength: 1024 }),
    isPublic: Type.Optional(Flag),
    orderIndex: Type.Optional(Type.Integer()),
    headers: ParamList(),
    params: ParamList(),
  };

  /** Validates and writes one environment (insert when id is 0); returns its id. */
  async function saveEnv(
    tx: Tx,
    moduleId: number,
    id: number,
    b: { name: string; url: string; isPublic?: number | boolean; orderIndex?: number; headers?: ParamBody[]; params?: ParamBody[] },
  ) {
    const errors: FieldError[] = [];
    const url = normalizeHostUrl(b.url);
    if (!url) errors.push({ field: 'url', message: 'URL format incorrect' });
    const name = b.name.trim();
    if (!name) errors.push({ field: 'name', message: 'cannot be empty' });
    const enumIds = await moduleEnumIds(tx, moduleId);
    const opts = { ids, initOrder: initOrder(), moduleEnumIds: enumIds };
    const headers = await toParamInputs(b.headers, 'headers', errors, opts);
    const params = await toParamInputs(b.params, 'params', errors, opts);
    if (errors.length) throw validation(errors);
    const clash = await tx
      .selectFrom('moduleEnvironments')
      .select('id')
      .where('moduleId', '=', moduleId)
      .where('name', '=', name)
      .where('id', '!=', id)
      .executeTakeFirst();
    if (clash) throw conflict('error.env_name_exists', { name }, 'duplicate');
    const now = Date.now();
    let envId = id;
    if (id) {
      const patch: Record<string, unknown> = { name, url, updatedAt: now };
      if (b.isPublic !== undefined) patch.isPublic = flag(b.isPublic);
      if (b.orderIndex !== undefined) patch.orderIndex = b.orderIndex;
      await tx.updateTable('moduleEnvironments').set(patch).where('id', '=', id).execute();
    } else {
      const max = await tx
        .selectFrom('moduleEnvironments')
        .select((eb) => eb.fn.max('orderIndex').as('m'))
        .where('moduleId', '=', moduleId)
        .executeTakeFirst();
      envId = await insertId(tx, dialect, 'moduleEnvironments', {
        moduleId,
        name,
        url: url as string,
        isPublic: flag(b.isPublic),
        orderIndex: b.orderIndex ?? Number(max?.m ?? 0) + 10,
        createdAt: now,
        updatedAt: now,
      });
    }
    const sets = [];
    if (!id || b.headers !== undefined) sets.push({ ownerId: envId, style: ParamStyle.HEADER, params: headers });
    if (!id || b.params !== undefined) sets.push({ ownerId: envId, style: ParamStyle.REQUEST, params });
    await replaceParams(tx, ParamOwner.ENVIRONMENT, sets);
    return envId;
  }

  app.post(
    '/module/environment/add',
    {
      schema: {
        tags: ['module'],
        body: Type.Object({ moduleId: IdString, ...EnvBody }),
        response: okResponse(Type.Object({ id: Type.String() })),
      },
    },
    async (req) => {
      const b = req.body as Parameters<typeof saveEnv>[3] & { moduleId: string };
      const moduleId = ids.decode(b.moduleId, 'module');
      await authorizeModule(req, moduleId, 'environment.update');
      const id = await inTx(db, (tx) => saveEnv(tx, moduleId, 0, b));
      return ok({ id: ids.encode(id) });
    },
  );

  /** Loads an environment's module or throws not_found. */
  async function envModule(envId: number): Promise<number> {
    const e = await db.selectFrom('moduleEnvironments').select(['moduleId']).where('id', '=', envId).executeTakeFirst();
    if (!e) throw notFound('environment');
    return e.moduleId;
  }

  app.post(
    '/module/environment/update',
    {
      schema: {
        tags: ['module'],
        body: Type.Object({ id: IdString, ...EnvBody }),
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body as Parameters<typeof saveEnv>[3] & { id: string };
      const id = ids.decode(b.id, 'environment');
      const moduleId = await envModule(id);
      await authorizeModule(req, moduleId, 'environment.update');
      await inTx(db, (tx) => saveEnv(tx, moduleId, id, b));
      return ok(null);
    },
  );

  app.post(
    '/module/environment/delete',
    { schema: { tags: ['module'], body: Type.Object({ id: IdString }), response: okNull } },
    async (req) => {
      const id = ids.decode((req.body as { id: string }).id, 'environment');
      const moduleId = await envModule(id);
      await authorizeModule(req, moduleId, 'environment.update');
      await inTx(db, async (tx) => {
        await deleteParams(tx, ParamOwner.ENVIRONMENT, [id]);
        await tx.deleteFrom('shareEnvironments').where('environmentId', '=', id).execute();
        await tx.deleteFrom('moduleEnvironments').where('id', '=', id).execute();
      });
      return ok(null);
    },
  );

  // ---- common headers / request params / response params ----
  const StyleQ = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]);

  app.get(
    '/module/commonParam/list',
    { schema: { tags: ['module'], querystring: Type.Object({ moduleId: IdString, style: Type.Optional(StyleQ) }) } },
    async (req) => {
      const q = req.query as { moduleId: string; style?: number };
      const moduleId = ids.decode(q.moduleId, 'module');
      await authorizeModule(req, moduleId, 'doc.read');
      const trees = (await paramTrees(ParamOwner.MODULE, [moduleId])).get(moduleId);
      if (q.style !== undefined) return ok(trees?.get(q.style) ?? []);
      return ok({
        headers: trees?.get(ParamStyle.HEADER) ?? [],
        params: trees?.get(ParamStyle.REQUEST) ?? [],
        returns: trees?.get(ParamStyle.RESPONSE) ?? [],
        errorCodes: trees?.get(ParamStyle.CODE) ?? [],
      });
    },
  );

  app.post(
    '/module/commonParam/save',
    {
      schema: {
        tags: ['module'],
        body: Type.Object({ moduleId: IdString, style: StyleQ, params: Type.Array(Type.Ref('FolioParam'), { maxItems: 5000 }) }),
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body as { moduleId: string; style: number; params: ParamBody[] };
      const moduleId = ids.decode(b.moduleId, 'module');
      await authorizeModule(req, moduleId, 'module.update');
      if (!(COMMON_STYLES as readonly number[]).includes(b.style)) throw validation([{ field: 'style', message: 'invalid value' }]);
      await inTx(db, async (tx) => {
        const errors: FieldError[] = [];
        const params = await toParamInputs(b.params, 'params', errors, {
          ids,
          initOrder: initOrder(),
          moduleEnumIds: await moduleEnumIds(tx, moduleId),
          // Error codes are not parameter names: '10001', 'E.AUTH' are fine.
          checkName: b.style !== ParamStyle.CODE,
        });
        if (errors.length) throw validation(errors);
        await replaceParams(tx, ParamOwner.MODULE, [{ ownerId: moduleId, style: b.style, params }]);
        if (b.style === ParamStyle.RESPONSE) {
          // Default mocks wrap each doc's response in the common one: regenerate them (person-edited values kept).
          const docs = await tx
            .selectFrom('docs')
            .select('id')
            .where('moduleId', '=', moduleId)
            .where('isFolder', '=', 0)
            .where('isDeleted', '=', 0)
            .where('isUseGlobalReturns', '=', 1)
            .execute();
          const details = await loadDocDetails(
            app.ctx,
            docs.map((d) => d.id),
            tx,
          );
          await refreshDefaultMocks(
            tx,
            app.ctx,
            [...details.entries()].map(([id, detail]) => ({ id, moduleId, detail })),
            requireUser(req).nickname,
          );
        }
      });
      return ok(null);
    },
  );
}
