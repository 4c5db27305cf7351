/**
 * Debug environments (with their own headers and params) and an application's common headers/params/returns/error
 * codes: validation, one transaction per write. No HTTP types: routes decode and authorise, then call these.
 */
import {
  type Action,
  type CommonParams,
  type DocParam,
  type EnvironmentInfo,
  type EnvironmentInput,
  INITIAL_ORDER_INDEX,
  type ParamBodyInput,
  ParamOwner,
  ParamStyle,
} from '@folio/shared';
import type { AppContext } from '../../context.js';
import { inTx, type Tx } from '../../db/database.js';
import { conflict, type FieldError, validation } from '../../lib/errors.js';
import { flag } from '../../lib/schemas.js';
import { defineResource } from '../../permissions/declared.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { buildParamTrees, deleteParams, loadEnums, loadParamTreeRows, replaceParams } from '../docs/doc-params.js';
import { toParamInputs } from '../docs/param-input.js';
import { refreshDefaultMocks } from '../mock/mock.service.js';
import * as repo from './applications.repo.js';

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'ids' | 'settings'>;
type ReadCtx = Pick<AppContext, 'db' | 'ids'>;

/** Who may list an application's debug environments (module/environment/list; doc/detail's `with=app` too). */
export const ENVIRONMENT_READ: Action = 'doc.read';

// An environment is read and edited with the role of its application.
defineResource('environment', async (ctx, id) => {
  const moduleId = await repo.moduleOfEnvironment(ctx.db, id);
  return moduleId ? { kind: 'module', id: moduleId } : null;
});

/** Trims a host address and removes trailing slashes (spec §5); null when it is not a URL. */
export function normalizeHostUrl(raw: string): string | null {
  const s = raw.trim().replace(/\/+$/, '');
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^\s/]+/i.test(s) && !/^\{\{[^}]+\}\}/.test(s)) return null;
  return s;
}

/** Common headers, request params, response params, and the application's error codes (name=code, description=msg, example=solution). */
const COMMON_STYLES: readonly number[] = [ParamStyle.HEADER, ParamStyle.REQUEST, ParamStyle.RESPONSE, ParamStyle.CODE];

const initOrder = (ctx: Ctx) => ctx.settings.getInt('folio.init-order', INITIAL_ORDER_INDEX);

/** Parameter trees of some owners: ownerId → style → roots. */
async function paramTrees(ctx: ReadCtx, ownerType: number, ownerIds: number[]) {
  const rows = await loadParamTreeRows(ctx.db, ownerType, ownerIds);
  const enums = await loadEnums(
    ctx.db,
    ctx.ids,
    rows.map((r) => r.enumId),
  );
  return buildParamTrees(rows, ctx.ids, enums);
}

/** The environments of an application, each with its headers and params. */
export async function listEnvironments(ctx: ReadCtx, moduleId: number): Promise<EnvironmentInfo[]> {
  const envs = await repo.listEnvironments(ctx.db, moduleId);
  const trees = await paramTrees(
    ctx,
    ParamOwner.ENVIRONMENT,
    envs.map((e) => e.id),
  );
  return envs.map((e) => ({
    id: ctx.ids.encode(e.id),
    moduleId: ctx.ids.encode(e.moduleId),
    name: e.name,
    url: e.url,
    isPublic: e.isPublic,
    orderIndex: e.orderIndex,
    headers: trees.get(e.id)?.get(ParamStyle.HEADER) ?? [],
    params: trees.get(e.id)?.get(ParamStyle.REQUEST) ?? [],
  }));
}

/** Validates and writes one environment (insert when id is 0; headers/params absent on an update are kept); returns its id. */
export async function saveEnvironment(ctx: Ctx, moduleId: number, id: number, b: EnvironmentInput): Promise<number> {
  return inTx(ctx.db, async (tx) => {
    const errors: FieldError[] = [];
    const url = normalizeHostUrl(b.url);
    if (!url) errors.push({ field: 'url', message: 'URL format incorrect' });
    const name = b.name.trim();
    if (!name) errors.push({ field: 'name', message: 'cannot be empty' });
    const opts = { ids: ctx.ids, initOrder: initOrder(ctx), moduleEnumIds: await repo.moduleEnumIds(tx, moduleId) };
    const headers = await toParamInputs(b.headers, 'headers', errors, opts);
    const params = await toParamInputs(b.params, 'params', errors, opts);
    if (errors.length || !url) throw validation(errors);
    if (await repo.findEnvironmentByName(tx, moduleId, name, id)) throw conflict('error.env_name_exists', { name }, 'duplicate');
    const now = Date.now();
    let envId = id;
    if (id) {
      await repo.updateEnvironment(tx, id, {
        name,
        url,
        updatedAt: now,
        ...(b.isPublic !== undefined ? { isPublic: flag(b.isPublic) } : {}),
        ...(b.orderIndex !== undefined ? { orderIndex: b.orderIndex } : {}),
      });
    } else {
      envId = await repo.insertEnvironment(tx, ctx.dialect, {
        moduleId,
        name,
        url,
        isPublic: flag(b.isPublic),
        orderIndex: b.orderIndex ?? (await repo.maxEnvironmentOrder(tx, moduleId)) + 10,
        createdAt: now,
        updatedAt: now,
      });
    }
    const sets = [];
    if (!id || b.headers !== undefined) sets.push({ ownerId: envId, style: ParamStyle.HEADER, params: headers });
    if (!id || b.params !== undefined) sets.push({ ownerId: envId, style: ParamStyle.REQUEST, params });
    await replaceParams(tx, ParamOwner.ENVIRONMENT, sets);
    return envId;
  });
}

/** Deletes an environment, its params and the shares' links to it. */
export async function deleteEnvironment(ctx: Ctx, id: number): Promise<void> {
  await inTx(ctx.db, async (tx) => {
    await deleteParams(tx, ParamOwner.ENVIRONMENT, [id]);
    await repo.deleteEnvironment(tx, id);
  });
}

/** One common list of an application (by style), or all four. */
export async function commonParams(ctx: Ctx, moduleId: number, style?: number): Promise<DocParam[] | CommonParams> {
  const trees = (await paramTrees(ctx, ParamOwner.MODULE, [moduleId])).get(moduleId);
  if (style !== undefined) return trees?.get(style) ?? [];
  return {
    headers: trees?.get(ParamStyle.HEADER) ?? [],
    params: trees?.get(ParamStyle.REQUEST) ?? [],
    returns: trees?.get(ParamStyle.RESPONSE) ?? [],
    errorCodes: trees?.get(ParamStyle.CODE) ?? [],
  };
}

/**
 * Replaces one common list of an application. After the common response changes, the default mocks of the
 * docs that wrap their response in it are regenerated (person-edited values kept).
 */
export async function saveCommonParams(ctx: Ctx, moduleId: number, style: number, list: ParamBodyInput[], nickname: string): Promise<void> {
  if (!COMMON_STYLES.includes(style)) throw validation([{ field: 'style', message: 'invalid value' }]);
  await inTx(ctx.db, async (tx: Tx) => {
    const errors: FieldError[] = [];
    const params = await toParamInputs(list, 'params', errors, {
      ids: ctx.ids,
      initOrder: initOrder(ctx),
      moduleEnumIds: await repo.moduleEnumIds(tx, moduleId),
      // Error codes are not parameter names: '10001', 'E.AUTH' are fine.
      checkName: style !== ParamStyle.CODE,
    });
    if (errors.length) throw validation(errors);
    await replaceParams(tx, ParamOwner.MODULE, [{ ownerId: moduleId, style, params }]);
    if (style === ParamStyle.RESPONSE) {
      const details = await loadDocDetails(ctx, await repo.docsUsingCommonReturns(tx, moduleId), tx);
      await refreshDefaultMocks(
        tx,
        ctx,
        [...details.entries()].map(([id, detail]) => ({ id, moduleId, detail })),
        nickname,
      );
    }
  });
}
