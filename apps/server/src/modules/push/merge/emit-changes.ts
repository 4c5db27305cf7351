/**
 * Phase 6: the doc-change events of the merge (history, notices, mocks), inside its transaction. A push's
 * deletions are emitted when its run settles (push-service.ts); an import's at once.
 */
import { type DocDetail, type DocParam, ModifySource, ParamStyle } from '@folio/shared';
import type { DocRow } from '../../../db/types.js';
import { turnTaker } from '../../../lib/turns.js';
import { type DocChange, emitDocChanges } from '../../doc-events.js';
import { loadDocDetails, toDetail } from '../../docs/doc-detail.js';
import { enumContent, loadEnums } from '../../docs/doc-params.js';
import { docRow } from './doc-content.js';
import type { MergeState } from './state.js';
import { isUpdate } from './write-docs.js';

export async function emitChanges(s: MergeState): Promise<void> {
  const { moduleId, userId, nickname, outcome } = s;
  const batchId = outcome.batchId;
  const after = await afterDetails(s);
  const changes: DocChange[] = [];
  for (const p of s.writes) {
    const id = s.idOf.get(p.dataId);
    const a = id ? after.get(id) : undefined;
    if (!id || !a) continue;
    const update = isUpdate(s, p);
    changes.push({
      docId: id,
      moduleId,
      source: ModifySource.PUSH,
      kind: update ? 'update' : 'add',
      userId,
      nickname,
      before: update ? (s.before.get(id) ?? null) : null,
      beforeMd5: update ? p.existing?.md5 : undefined,
      after: a,
      row: { docKey: p.docKey, md5: p.hash },
      created: !p.existing,
      batchId,
    });
  }
  if (s.input.source === 'import' && outcome.pendingDeleteIds.length) {
    const gone = await loadDocDetails(s.app.ctx, outcome.pendingDeleteIds, s.tx, { includeDeleted: true });
    for (const id of outcome.pendingDeleteIds) {
      const b = gone.get(id);
      if (b)
        changes.push({ docId: id, moduleId, source: ModifySource.PUSH, kind: 'delete', userId, nickname, before: b, after: null, batchId });
    }
    outcome.pendingDeleteIds = [];
  }
  await emitDocChanges(s.app, s.tx, changes);
  await s.progress(100);
}

/** Columns a new doc row takes from the schema's defaults (the merge does not set them). */
const NEW_DOC_DEFAULTS = { status: 5, isLocked: 0, remark: '' } as const;

/**
 * The content after the merge of the docs it wrote (without param ids: history keys params by name, mocks
 * and notices read values). A new doc's detail is built from what was written (its row and the param
 * trees built for its hash, with their dictionaries), so a large import does not read back every param;
 * updated and revived docs are read back, since their rows keep columns the merge does not write.
 */
async function afterDetails(s: MergeState): Promise<Map<number, DocDetail>> {
  const { app, tx, idOf } = s;
  const fresh = s.writes.filter((p) => !p.existing && p.detail && idOf.get(p.dataId));
  const freshIds = new Set(fresh.map((p) => idOf.get(p.dataId) as number));
  const readIds = s.writes.map((p) => idOf.get(p.dataId)).filter((id): id is number => !!id && !freshIds.has(id));
  const out = await loadDocDetails(app.ctx, readIds, tx, { paramRows: s.written.rows, paramIds: false });
  if (!fresh.length) return out;
  const enums = await loadEnums(tx, app.ctx.ids, [...s.enumIds.values()]);
  const byCode = new Map([...enums.values()].map((e) => [e.id as string, { info: e, content: enumContent(e) }]));
  const turn = turnTaker();
  for (const p of fresh) {
    await turn();
    const id = idOf.get(p.dataId) as number;
    const d = p.detail as DocDetail;
    for (const x of p.enumParams) {
      const e = byCode.get(x.enumId ?? '');
      if (e) {
        x.enumInfo = e.info;
        x.enumContent = e.content;
      }
    }
    const byStyle = new Map<number, DocParam[]>([
      [ParamStyle.HEADER, d.headerParams],
      [ParamStyle.PATH, d.pathParams],
      [ParamStyle.QUERY, d.queryParams],
      [ParamStyle.REQUEST, d.requestParams],
      [ParamStyle.RESPONSE, d.responseParams],
    ]);
    const row = Object.assign(docRow(s, p, true), NEW_DOC_DEFAULTS, {
      id,
      isUseGlobalHeaders: d.isUseGlobalHeaders,
      isUseGlobalParams: d.isUseGlobalParams,
      isUseGlobalReturns: d.isUseGlobalReturns,
    }) as unknown as DocRow;
    const detail = toDetail(app.ctx, row, byStyle, d.dubboInfo);
    detail.errorCodeParams = d.errorCodeParams;
    out.set(id, detail);
  }
  return out;
}
