/**
 * Torna 1.30's open-API read methods, in Torna's response shapes (server-api `open/result/*`, serialised by
 * fastjson with null strings as "" and dates as `yyyy-MM-dd HH:mm:ss`), so scripts and the community MCP
 * bridge written for Torna read Folio unchanged:
 * - doc.list → DocResult `{docList: DocInfoResult[]}` (folders included; `docIds` narrows it);
 * - doc.detail / doc.details → DocInfoDetailResult: parameters as flat lists linked by `parentId`,
 *   headers as DocHeaderResult, error codes as DocCodeResult `{id, name, description, example}`,
 *   `debugEnvs` as `{configKey, configValue}` (Folio fills them with the environment's name and URL);
 *   only shown docs (isShow = 1), like Torna's getDocDetailView.
 * - module.get → ModuleResult `{id, name}`.
 * Ids are Folio's Hashids strings, as everywhere outside the server.
 */
import type { DocDetail, DocParam } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { loadDocDetails } from '../docs/doc-detail.js';

const pad = (n: number) => String(n).padStart(2, '0');
/** fastjson's WriteDateUseDateFormat: `yyyy-MM-dd HH:mm:ss` in the server's time zone. */
export function tornaDate(ms: number | string): string {
  const d = new Date(Number(ms));
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

const s = (v: unknown) => (v == null ? '' : String(v));

/** doc.list: every live doc and folder of the application (or the given ids). */
export async function tornaDocList(app: FastifyInstance, moduleId: number, wanted: number[]) {
  const { db, ids } = app.ctx;
  let q = db
    .selectFrom('docs')
    .select(['id', 'name', 'description', 'version', 'url', 'httpMethod', 'contentType', 'type', 'isFolder', 'parentId', 'isShow'])
    .where('moduleId', '=', moduleId)
    .where('isDeleted', '=', 0);
  if (wanted.length) q = q.where('id', 'in', wanted);
  const rows = await q.orderBy('orderIndex').orderBy('id').execute();
  return {
    docList: rows.map((r) => ({
      id: ids.encode(r.id),
      name: s(r.name),
      description: s(r.description),
      version: s(r.version),
      url: s(r.url),
      httpMethod: s(r.httpMethod),
      contentType: s(r.contentType),
      type: r.type,
      isFolder: r.isFolder,
      parentId: r.parentId ? ids.encode(r.parentId) : '',
      isShow: r.isShow,
    })),
  };
}

type Stamp = { creatorName: string; modifierName: string; gmtCreate: string; gmtModified: string };

function flatParams(list: DocParam[], docId: string, stamp: Stamp, parentId = '', out: Record<string, unknown>[] = []) {
  for (const p of list) {
    out.push({
      id: s(p.id),
      name: s(p.name),
      type: s(p.type),
      required: p.required ? 1 : 0,
      maxLength: s(p.maxLength),
      example: s(p.example),
      description: s(p.description),
      enumId: p.enumId || '',
      docId,
      parentId,
      ...stamp,
    });
    if (p.children?.length) flatParams(p.children, docId, stamp, s(p.id), out);
  }
  return out;
}

function detailResult(d: DocDetail, envs: { configKey: string; configValue: string }[]) {
  const stamp: Stamp = {
    creatorName: s(d.creatorName),
    modifierName: s(d.modifierName),
    gmtCreate: tornaDate(d.gmtCreate),
    gmtModified: tornaDate(d.gmtModified),
  };
  return {
    id: d.id,
    name: s(d.name),
    description: s(d.description),
    url: s(d.url),
    version: s(d.version),
    httpMethod: s(d.httpMethod),
    contentType: s(d.contentType),
    isFolder: d.isFolder,
    parentId: d.parentId || '',
    isShow: d.isShow,
    ...stamp,
    debugEnvs: envs,
    headerParams: d.headerParams.map((h) => ({
      id: s(h.id),
      name: s(h.name),
      required: h.required ? 1 : 0,
      example: s(h.example),
      description: s(h.description),
      ...stamp,
    })),
    requestParams: flatParams(d.requestParams, d.id, stamp),
    responseParams: flatParams(d.responseParams, d.id, stamp),
    errorCodeParams: d.errorCodeParams.map((c) => ({ id: '', name: s(c.code), description: s(c.msg), example: s(c.solution) })),
  };
}

/** doc.detail / doc.details: shown docs of the application, in the order asked. */
export async function tornaDocDetails(app: FastifyInstance, moduleId: number, docIds: number[]) {
  if (!docIds.length) return [];
  const details = await loadDocDetails(app.ctx, docIds);
  const modId = app.ctx.ids.encode(moduleId);
  const envRows = await app.ctx.db
    .selectFrom('moduleEnvironments')
    .select(['name', 'url'])
    .where('moduleId', '=', moduleId)
    .orderBy('orderIndex')
    .orderBy('id')
    .execute();
  const envs = envRows.map((e) => ({ configKey: e.name, configValue: e.url }));
  return docIds
    .map((id) => details.get(id))
    .filter((d): d is DocDetail => !!d && d.moduleId === modId && !d.isFolder && d.isShow !== 0)
    .map((d) => detailResult(d, envs));
}
