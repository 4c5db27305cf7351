/**
 * Routes of the history feature: the change log of a doc (with field-level details), its snapshots,
 * a comparison of two versions, and restoring a past version (itself recorded as a change).
 * Snapshots of a deleted doc stay readable to whoever may read its application.
 */
import type { ChangeDetail, ChangeRecord, DocDetail } from '@folio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { badRequest, notFound } from '../../lib/errors.js';
import { IdString } from '../../lib/schemas.js';
import { authorizeModule } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { contentHash } from '../docs/doc-keys.js';
import { diffDocs } from './history-diff.js';
import { LIVE_SNAPSHOT } from './history-recorder.js';
import { restoreSnapshot } from './history-restore.js';

/** Authorizes an action on a doc that may be deleted (its application decides). */
async function authorizeDocAny(req: FastifyRequest, rawId: string, action: 'doc.read' | 'doc.restore') {
  const { ctx } = req.server;
  const docId = ctx.ids.decode(rawId, 'doc');
  const d = await ctx.db.selectFrom('docs').select(['id', 'moduleId', 'isFolder']).where('id', '=', docId).executeTakeFirst();
  if (!d || d.isFolder) throw notFound('doc');
  await authorizeModule(req, d.moduleId, action);
  return d;
}

function parseDetail(content: string): ChangeDetail | null {
  try {
    const j = JSON.parse(content) as { value?: { old?: unknown; new?: unknown }; paramPosition?: number };
    return {
      positionType: 0,
      targetName: '',
      modifyType: 0,
      old: j.value?.old ?? null,
      new: j.value?.new ?? null,
      paramPosition: j.paramPosition,
    };
  } catch {
    return null;
  }
}

const LIMIT = 200;

export async function historyRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;

  api.get(
    '/doc/changelog/list',
    { config: { action: 'doc.read' }, schema: { querystring: Type.Object({ docId: IdString }) } },
    async (req) => {
      const { docId } = req.query as { docId: string };
      const d = await authorizeDocAny(req, docId, 'doc.read');
      const records = await ctx.db
        .selectFrom('docChangeRecords')
        .selectAll()
        .where('docId', '=', d.id)
        .orderBy('id', 'desc')
        .limit(LIMIT)
        .execute();
      const details = records.length
        ? await ctx.db
            .selectFrom('docChangeDetails')
            .selectAll()
            .where(
              'recordId',
              'in',
              records.map((r) => r.id),
            )
            .orderBy('id')
            .execute()
        : [];
      const byRecord = new Map<number, ChangeDetail[]>();
      for (const x of details) {
        const p = parseDetail(x.content);
        if (!p) continue;
        byRecord.set(x.recordId, [
          ...(byRecord.get(x.recordId) ?? []),
          { ...p, positionType: x.positionType, targetName: x.targetName, modifyType: x.modifyType },
        ]);
      }
      const out: ChangeRecord[] = records.map((r) => ({
        id: ctx.ids.encode(r.id),
        docId: ctx.ids.encode(r.docId),
        md5Old: r.md5Old,
        md5New: r.md5New,
        modifySource: r.modifySource,
        modifyNickname: r.modifyNickname,
        modifyType: r.modifyType,
        modifyTime: r.modifiedAt,
        details: byRecord.get(r.id) ?? [],
      }));
      return ok(out);
    },
  );

  api.get(
    '/doc/snapshot/list',
    { config: { action: 'doc.read' }, schema: { querystring: Type.Object({ docId: IdString }) } },
    async (req) => {
      const { docId } = req.query as { docId: string };
      const d = await authorizeDocAny(req, docId, 'doc.read');
      const rows = await ctx.db
        .selectFrom('docSnapshots')
        .select(['id', 'md5', 'modifierName', 'modifiedAt'])
        .where('docId', '=', d.id)
        .orderBy('modifiedAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
      // The caller's ability, so the web app shows restore only to those who may.
      const canRestore = await authorizeModule(req, d.moduleId, 'doc.restore').then(
        () => true,
        () => false,
      );
      return ok(
        rows.map((r) => ({ id: ctx.ids.encode(r.id), md5: r.md5, modifierName: r.modifierName, modifiedAt: r.modifiedAt, canRestore })),
      );
    },
  );

  /** Loads a snapshot of a doc by id or md5. */
  async function snapshotOf(docId: number, sel: { id?: string; md5?: string }) {
    let q = ctx.db.selectFrom('docSnapshots').selectAll().where('docId', '=', docId);
    if (sel.id) q = q.where('id', '=', ctx.ids.decode(sel.id, 'snapshot'));
    else if (sel.md5) q = q.where('md5', '=', sel.md5);
    else return null;
    const s = await q.orderBy('id', 'desc').executeTakeFirst();
    if (!s) throw notFound('snapshot');
    let content: DocDetail | undefined;
    if (s.content === LIVE_SNAPSHOT) {
      // The doc's live version: its content is the doc itself (checked, so a snapshot never shows other content).
      // (A push records the hash of what it was sent, which the stored text can differ from.)
      const doc = await ctx.db.selectFrom('docs').select('md5').where('id', '=', docId).executeTakeFirst();
      content = (await loadDocDetails(ctx, [docId], ctx.db, { includeDeleted: true })).get(docId);
      if (!content || (doc?.md5 !== s.md5 && contentHash(content) !== s.md5)) throw notFound('snapshot');
    } else content = JSON.parse(s.content) as DocDetail;
    return {
      id: ctx.ids.encode(s.id),
      md5: s.md5,
      modifierName: s.modifierName,
      modifiedAt: s.modifiedAt,
      content: content as DocDetail,
    };
  }

  api.get(
    '/doc/snapshot/get',
    {
      config: { action: 'doc.read' },
      schema: {
        querystring: Type.Object({
          docId: IdString,
          id: Type.Optional(Type.String({ maxLength: 64 })),
          md5: Type.Optional(Type.String({ maxLength: 64 })),
        }),
      },
    },
    async (req) => {
      const q = req.query as { docId: string; id?: string; md5?: string };
      const d = await authorizeDocAny(req, q.docId, 'doc.read');
      const s = await snapshotOf(d.id, q);
      if (!s) throw badRequest('error.validation_failed', { detail: 'id or md5' });
      return ok(s);
    },
  );

  api.get(
    '/doc/snapshot/compare',
    {
      config: { action: 'doc.read' },
      schema: {
        querystring: Type.Object({
          docId: IdString,
          idOld: Type.Optional(Type.String({ maxLength: 64 })),
          idNew: Type.Optional(Type.String({ maxLength: 64 })),
          md5Old: Type.Optional(Type.String({ maxLength: 64 })),
          md5New: Type.Optional(Type.String({ maxLength: 64 })),
        }),
      },
    },
    async (req) => {
      const q = req.query as { docId: string; idOld?: string; idNew?: string; md5Old?: string; md5New?: string };
      const d = await authorizeDocAny(req, q.docId, 'doc.read');
      const a = await snapshotOf(d.id, { id: q.idOld, md5: q.md5Old });
      const b = await snapshotOf(d.id, { id: q.idNew, md5: q.md5New });
      if (!a && !b) throw badRequest('error.validation_failed', { detail: 'idOld/idNew or md5Old/md5New' });
      const details = a && b ? diffDocs(a.content, b.content) : [];
      return ok({ old: a, new: b, details });
    },
  );

  api.post(
    '/doc/changelog/restore',
    {
      config: { action: 'doc.restore' },
      schema: {
        body: Type.Object({
          docId: IdString,
          snapshotId: Type.Optional(Type.String({ maxLength: 64 })),
          recordId: Type.Optional(Type.String({ maxLength: 64 })),
        }),
      },
    },
    async (req) => {
      const user = requireUser(req);
      const b = req.body as { docId: string; snapshotId?: string; recordId?: string };
      const d = await authorizeDocAny(req, b.docId, 'doc.restore');
      let md5 = '';
      if (b.recordId) {
        const r = await ctx.db
          .selectFrom('docChangeRecords')
          .select(['md5Old', 'md5New', 'modifyType'])
          .where('id', '=', ctx.ids.decode(b.recordId, 'record'))
          .where('docId', '=', d.id)
          .executeTakeFirst();
        if (!r) throw notFound('record');
        // A record restores the version it produced; a deletion restores what was deleted.
        md5 = r.md5New || r.md5Old;
      }
      const s = await snapshotOf(d.id, { id: b.snapshotId, md5: md5 || undefined });
      if (!s) throw badRequest('error.validation_failed', { detail: 'snapshotId or recordId' });
      const changed = await restoreSnapshot(api, d.id, s.content, { id: user.id, nickname: user.nickname });
      return ok({ restored: changed, md5: s.md5 });
    },
  );
}
