/** A doc as anonymous viewers read it: the detail plus the common headers/params/returns of its owner. */
import {
  type Covers,
  type DocAuth,
  type DocDetail,
  type DocParam,
  docAuthOf,
  ParamOwner,
  ParamStyle,
  type ViewDocSchema,
} from '@folio/shared';
import type { AppContext } from '../../context.js';
import type { Conn } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { buildParamTrees, loadEnums, loadParamTreeRows } from '../docs/doc-params.js';
import { loadSecurity } from '../imports/security-store.js';

/** Doc detail with the common params that views merge in (Torna's DocInfoDTO names). */
export type ViewDoc = DocDetail & {
  globalHeaders: DocParam[];
  globalParams: DocParam[];
  globalReturns: DocParam[];
  /** The application's error codes (style 4: name=code, description=msg, example=solution). */
  globalErrorCodes: DocParam[];
  /** The security the doc needs (its application's schemes and requirements), null when the source said nothing. */
  security?: DocAuth | null;
};

// The viewers' answer schema (ViewDocSchema) lists every field of ViewDoc: it filters what /api/share/doc and
// /api/compose/doc/get send, so a field added here alone would fail the type check rather than vanish.
const viewDocComplete: Covers<ViewDoc, typeof ViewDocSchema> = true;
void viewDocComplete;

/** The security a doc needs, resolved against its application's schemes (one query). */
export async function docAuth(db: Conn, moduleId: number, d: Pick<DocDetail, 'httpMethod' | 'url' | 'version' | 'identityKey'>) {
  const sec = (await loadSecurity(db, [moduleId])).get(moduleId);
  return docAuthOf(sec, d);
}

/** Common params of an owner (an application: MODULE, a compose project: COMPOSE) by style. */
export async function loadCommonParams(ctx: Pick<AppContext, 'ids'>, conn: Conn, ownerType: number, ownerId: number) {
  const rows = await loadParamTreeRows(conn, ownerType, [ownerId]);
  const enums = await loadEnums(
    conn,
    ctx.ids,
    rows.map((r) => r.enumId),
  );
  const byStyle = buildParamTrees(rows, ctx.ids, enums).get(ownerId);
  return {
    globalHeaders: byStyle?.get(ParamStyle.HEADER) ?? [],
    globalParams: byStyle?.get(ParamStyle.REQUEST) ?? [],
    globalReturns: byStyle?.get(ParamStyle.RESPONSE) ?? [],
    globalErrorCodes: byStyle?.get(ParamStyle.CODE) ?? [],
  };
}

/** Loads one doc for a viewer; common params come from `common` (default: the doc's application). */
export async function loadViewDoc(
  ctx: Pick<AppContext, 'ids' | 'db'>,
  docId: number,
  common?: { ownerType: number; ownerId: number },
): Promise<ViewDoc> {
  const d = (await loadDocDetails(ctx, [docId])).get(docId);
  if (!d || d.isFolder) throw new AppError(404, 'not_found', 'error.not_found', { what: 'doc' });
  const moduleId = ctx.ids.decode(d.moduleId, 'module');
  const owner = common ?? { ownerType: ParamOwner.MODULE, ownerId: moduleId };
  const params = await loadCommonParams(ctx, ctx.db, owner.ownerType, owner.ownerId);
  // Error codes belong to the doc's application, also when a compose project supplies the other common params.
  if (owner.ownerType !== ParamOwner.MODULE) {
    params.globalErrorCodes = (await loadCommonParams(ctx, ctx.db, ParamOwner.MODULE, moduleId)).globalErrorCodes;
  }
  return { ...d, ...params, security: await docAuth(ctx.db, moduleId, d) };
}
