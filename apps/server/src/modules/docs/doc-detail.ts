/**
 * Loads docs in the doc/detail shape (push field names, nested param trees) with a fixed number of
 * queries whatever the count: docs, params, dictionaries, props. Used by the doc view, shares,
 * exports, history snapshots, mocks and the open API read methods.
 */
import { type DocDetail, DocType, type DubboInfo, type ErrorCodeParam, ParamOwner, ParamStyle, PropType } from '@folio/shared';
import type { AppContext } from '../../context.js';
import type { Conn } from '../../db/database.js';
import type { DocRow } from '../../db/types.js';
import { turnTaker } from '../../lib/turns.js';
import { readExtras } from './doc-extras.js';
import { buildParamTrees, loadEnums, loadParamTreeRows, type ParamTreeRow } from './doc-params.js';
import { DOC_COLUMNS } from './docs.repo.js';

const DUBBO_KEYS = ['interfaceName', 'author', 'version', 'protocol', 'dependency'] as const;
const CHUNK = 500;

/** Loads doc rows by id (deleted ones excluded unless asked). */
export async function loadDocRows(conn: Conn, docIds: number[], includeDeleted = false): Promise<DocRow[]> {
  const out: DocRow[] = [];
  const unique = [...new Set(docIds)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    let q = conn
      .selectFrom('docs')
      .select(DOC_COLUMNS)
      .where('id', 'in', unique.slice(i, i + CHUNK));
    if (!includeDeleted) q = q.where('isDeleted', '=', 0);
    for (const r of await q.execute()) out.push(r);
  }
  return out;
}

/** Dubbo info per doc or folder id (from props rows). */
export async function loadDubboInfo(conn: Conn, refIds: number[]): Promise<Map<number, DubboInfo>> {
  const out = new Map<number, DubboInfo>();
  const unique = [...new Set(refIds.filter((x) => x > 0))];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await conn
      .selectFrom('props')
      .select(['refId', 'name', 'val'])
      .where('type', '=', PropType.DOC)
      .where('refId', 'in', unique.slice(i, i + CHUNK))
      .where('name', 'in', [...DUBBO_KEYS])
      .execute();
    for (const r of rows) {
      const d = out.get(r.refId) ?? { interfaceName: '', author: '', version: '', protocol: '', dependency: '' };
      (d as unknown as Record<string, string>)[r.name] = r.val;
      out.set(r.refId, d);
    }
  }
  return out;
}

/** Converts one doc row plus its loaded parts into the detail shape. */
export function toDetail(
  ctx: Pick<AppContext, 'ids'>,
  d: DocRow,
  byStyle: Map<number, DocDetail['requestParams']> | undefined,
  dubbo: DubboInfo | null,
): DocDetail {
  const { ids } = ctx;
  const list = (s: number) => byStyle?.get(s) ?? [];
  const codes: ErrorCodeParam[] = list(ParamStyle.CODE).map((p) => ({ code: p.name, msg: p.description, solution: p.example }));
  return {
    id: ids.encode(d.id),
    docId: ids.encode(d.id),
    moduleId: ids.encode(d.moduleId),
    parentId: ids.encode(d.parentId),
    name: d.name,
    description: d.description,
    author: d.author,
    type: d.type,
    url: d.url,
    version: d.version,
    identityKey: d.identityKey,
    definition: d.definition,
    httpMethod: d.httpMethod,
    contentType: d.contentType,
    isFolder: d.isFolder,
    isShow: d.isShow,
    orderIndex: d.orderIndex,
    status: d.status,
    deprecated: d.deprecated || '$false$',
    isUseGlobalHeaders: d.isUseGlobalHeaders,
    isUseGlobalParams: d.isUseGlobalParams,
    isUseGlobalReturns: d.isUseGlobalReturns,
    isRequestArray: d.isRequestArray,
    isResponseArray: d.isResponseArray,
    requestArrayType: d.requestArrayType,
    responseArrayType: d.responseArrayType,
    dubboInfo: dubbo,
    isLocked: d.isLocked,
    modifySource: d.modifySource,
    gmtCreate: String(d.createdAt),
    gmtModified: String(d.updatedAt),
    creatorName: d.creatorName,
    modifierName: d.modifierName,
    headerParams: list(ParamStyle.HEADER),
    pathParams: list(ParamStyle.PATH),
    queryParams: list(ParamStyle.QUERY),
    requestParams: list(ParamStyle.REQUEST),
    responseParams: list(ParamStyle.RESPONSE),
    errorCodeParams: codes,
    ...readExtras(d.specExtras),
    ...(d.webhook ? { webhook: d.webhook } : {}),
  };
}

/** Loads full details of docs by internal id; missing or deleted ids are absent from the map. */
export async function loadDocDetails(
  ctx: Pick<AppContext, 'db' | 'ids'>,
  docIds: number[],
  conn: Conn = ctx.db,
  opts: { includeDeleted?: boolean; paramRows?: ParamTreeRow[]; paramIds?: boolean } = {},
): Promise<Map<number, DocDetail>> {
  const rows = await loadDocRows(conn, docIds, opts.includeDeleted);
  return detailsFromRows(ctx, rows, conn, opts.paramRows, opts.paramIds ?? true);
}

/**
 * Details of doc rows already loaded (one query for params, one for dictionaries if any, one for Dubbo info
 * if any). A writer that has just written every param of these docs may pass those rows (`paramRows`, as
 * `replaceParams` reports them) instead of reading them back.
 */
export async function detailsFromRows(
  ctx: Pick<AppContext, 'ids'>,
  rows: DocRow[],
  conn: Conn,
  written?: ParamTreeRow[],
  paramIds = true,
): Promise<Map<number, DocDetail>> {
  if (!rows.length) return new Map();
  const paramRows =
    written ??
    (await loadParamTreeRows(
      conn,
      ParamOwner.DOC,
      rows.map((r) => r.id),
    ));
  const enums = await loadEnums(
    conn,
    ctx.ids,
    paramRows.map((p) => p.enumId),
  );
  // Dubbo info only concerns Dubbo docs (own props or their folder's) and folders.
  const dubboRows = rows.filter((r) => r.type === DocType.DUBBO || r.isFolder);
  const dubbo = dubboRows.length
    ? await loadDubboInfo(conn, [...dubboRows.map((r) => r.id), ...dubboRows.map((r) => r.parentId)])
    : new Map();
  // Each doc's trees built on their own, with an event-loop turn now and then between docs (all of Stripe's
  // 266,000 params at once held the loop for most of a second).
  const paramsOf = new Map<number, ParamTreeRow[]>();
  for (const p of paramRows) {
    const list = paramsOf.get(p.ownerId);
    if (list) list.push(p);
    else paramsOf.set(p.ownerId, [p]);
  }
  const out = new Map<number, DocDetail>();
  const turn = turnTaker();
  for (const r of rows) {
    const own = paramsOf.get(r.id);
    const trees = own ? buildParamTrees(own, ctx.ids, enums, paramIds).get(r.id) : undefined;
    out.set(r.id, toDetail(ctx, r, trees, dubbo.get(r.id) ?? dubbo.get(r.parentId) ?? null));
    await turn();
  }
  return out;
}
