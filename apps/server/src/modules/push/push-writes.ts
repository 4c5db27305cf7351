/**
 * The writes of a push besides docs' content: debug environments, the error-code page, Dubbo props,
 * the override switch, and the bulk doc-row upsert by (moduleId, dataId) on every dialect.
 */
import { type DubboInfo, ModuleConfigType, PropType } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { type Conn, chunkRows, insertId, type Tx } from '../../db/database.js';
import type { NDubbo, NPayload } from './push-normalize.js';

const CHUNK = 200;

/** Dubbo info with every key present (as the detail loader returns it). */
export const fullDubbo = (d: NDubbo | DubboInfo): DubboInfo => ({
  interfaceName: d.interfaceName ?? '',
  author: d.author ?? '',
  version: d.version ?? '',
  protocol: d.protocol ?? '',
  dependency: d.dependency ?? '',
});

export const sameDubbo = (a: DubboInfo | null | undefined, b: DubboInfo | null | undefined) =>
  JSON.stringify(a ? fullDubbo(a) : null) === JSON.stringify(b ? fullDubbo(b) : null);

/** Renders commonErrorCodes as the application's error-code page (HTML table, Torna's headers). */
export function errorCodesHtml(codes: { code: string; msg: string; solution: string }[]): string {
  const esc = (s: string) =>
    s
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/&lt;br\s*\/?&gt;/gi, '<br>');
  const rows = codes.map((c) => `<tr><td>${esc(c.code)}</td><td>${esc(c.msg)}</td><td>${esc(c.solution)}</td></tr>`).join('');
  return `<table><thead><tr><th>错误码</th><th>错误描述</th><th>解决方案</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Whether an application (or the whole install) has the "push overrides, never deletes" switch on. */
export async function overrideSwitch(app: FastifyInstance, conn: Conn, moduleId: number): Promise<boolean> {
  if (app.ctx.settings.getBool('folio.push.override')) return true;
  const rows = await conn
    .selectFrom('moduleConfigs')
    .select(['configKey', 'configValue'])
    .where('moduleId', '=', moduleId)
    .where('type', '=', ModuleConfigType.COMMON)
    .where('configKey', 'in', ['override', 'push.override', 'torna.push.override'])
    .execute();
  return rows.some((r) => ['true', '1'].includes(r.configValue.trim().toLowerCase()));
}

export async function upsertDebugEnvs(
  app: FastifyInstance,
  tx: Tx,
  moduleId: number,
  envs: { name: string; url: string }[],
): Promise<void> {
  if (!envs.length) return;
  const existing = await tx
    .selectFrom('moduleEnvironments')
    .select(['id', 'name', 'url', 'orderIndex'])
    .where('moduleId', '=', moduleId)
    .execute();
  const byName = new Map(existing.map((e) => [e.name, e]));
  let order = existing.reduce((m, e) => Math.max(m, e.orderIndex), 0);
  const now = Date.now();
  for (const e of envs) {
    const ex = byName.get(e.name);
    if (ex) {
      if (ex.url !== e.url)
        await tx.updateTable('moduleEnvironments').set({ url: e.url, updatedAt: now }).where('id', '=', ex.id).execute();
      continue;
    }
    order += 10;
    const id = await insertId(tx, app.ctx.dialect, 'moduleEnvironments', {
      moduleId,
      name: e.name,
      url: e.url,
      isPublic: 0,
      orderIndex: order,
      createdAt: now,
      updatedAt: now,
    });
    byName.set(e.name, { id, name: e.name, url: e.url, orderIndex: order });
  }
}

export async function writeErrorCodePage(
  tx: Tx,
  app: FastifyInstance,
  moduleId: number,
  codes: NPayload['commonErrorCodes'],
): Promise<void> {
  if (!codes.length) return;
  const content = errorCodesHtml(codes);
  const row = await tx
    .selectFrom('constantInfos')
    .select(['id', 'content'])
    .where('projectId', '=', 0)
    .where('moduleId', '=', moduleId)
    .where('docId', '=', 0)
    .orderBy('id')
    .executeTakeFirst();
  const now = Date.now();
  if (!row) {
    await insertId(tx, app.ctx.dialect, 'constantInfos', { projectId: 0, moduleId, docId: 0, content, createdAt: now, updatedAt: now });
  } else if (row.content !== content) {
    await tx.updateTable('constantInfos').set({ content, updatedAt: now }).where('id', '=', row.id).execute();
  }
}

export async function writeDubboProps(tx: Tx, rows: { refId: number; info: DubboInfo }[]): Promise<void> {
  if (!rows.length) return;
  const ids = rows.map((r) => r.refId);
  for (let i = 0; i < ids.length; i += 500) {
    await tx
      .deleteFrom('props')
      .where('type', '=', PropType.DOC)
      .where('refId', 'in', ids.slice(i, i + 500))
      .where('name', 'in', ['interfaceName', 'author', 'version', 'protocol', 'dependency'])
      .execute();
  }
  const values: Record<string, unknown>[] = [];
  for (const r of rows) {
    const d = fullDubbo(r.info);
    for (const [name, val] of Object.entries(d)) values.push({ refId: r.refId, type: PropType.DOC, name, val });
  }
  for (let i = 0; i < values.length; i += 500) {
    await tx
      .insertInto('props')
      .values(values.slice(i, i + 500) as never)
      .execute();
  }
}

/** Columns a push writes on a doc row (insert and update alike). */
const UPSERT_COLUMNS = [
  'parentId',
  'docKey',
  'md5',
  'name',
  'description',
  'author',
  'type',
  'url',
  'version',
  'identityKey',
  'specExtras',
  'webhook',
  'definition',
  'httpMethod',
  'contentType',
  'deprecated',
  'isFolder',
  'isShow',
  'orderIndex',
  'isRequestArray',
  'isResponseArray',
  'requestArrayType',
  'responseArrayType',
  'createMode',
  'modifySource',
  'modifierId',
  'modifierName',
  'updatedAt',
  'isDeleted',
] as const;

/** Inserts or updates doc rows by (moduleId, dataId) in chunks; returns dataId → id. */
export async function upsertDocRows(
  app: FastifyInstance,
  tx: Tx,
  moduleId: number,
  rows: Record<string, unknown>[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunkRows(rows, CHUNK)) {
    const q = tx.insertInto('docs').values(part as never);
    if (app.ctx.dialect === 'mysql') {
      await q
        .onDuplicateKeyUpdate((eb) => {
          const set: Record<string, unknown> = {};
          for (const c of UPSERT_COLUMNS) set[c] = eb.fn('values', [eb.ref(c)]);
          return set as never;
        })
        .execute();
    } else {
      await q
        .onConflict((oc) =>
          oc.columns(['moduleId', 'dataId']).doUpdateSet((eb) => {
            const set: Record<string, unknown> = {};
            for (const c of UPSERT_COLUMNS) set[c] = eb.ref(`excluded.${c}` as never);
            return set as never;
          }),
        )
        .execute();
    }
    const got = await tx
      .selectFrom('docs')
      .select(['id', 'dataId'])
      .where('moduleId', '=', moduleId)
      .where(
        'dataId',
        'in',
        part.map((r) => r.dataId as string),
      )
      .execute();
    for (const g of got) ids.set(g.dataId, g.id);
  }
  return ids;
}
