/**
 * Restoring a past version of a doc from its snapshot: the doc's fields and parameters are written back
 * (reviving a deleted doc), as a form change by the restoring user, so the restore is itself recorded.
 */
import { type DocDetail, type DocParam, ModifySource, ParamOwner, ParamStyle } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { inTx } from '../../db/database.js';
import { conflict } from '../../lib/errors.js';
import { emitDocChanges } from '../doc-events.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { storedExtrasText } from '../docs/doc-extras.js';
import { contentHash, dataId } from '../docs/doc-keys.js';
import { type ParamInput, replaceParams } from '../docs/doc-params.js';
import { withModuleLock } from '../push/push-lock.js';
import { pushedDocKey } from '../push/push-merge.js';

function toInputs(app: FastifyInstance, ps: DocParam[] | undefined): ParamInput[] {
  return (ps ?? []).map((p) => ({
    name: p.name,
    type: p.type,
    required: p.required,
    maxLength: p.maxLength,
    example: p.example,
    description: p.description,
    enumId: app.ctx.ids.tryDecode(p.enumId ?? '') ?? 0,
    orderIndex: p.orderIndex,
    children: toInputs(app, p.children),
  }));
}

/** Restores a doc to a snapshot's content; returns false when it already has that content. */
export async function restoreSnapshot(
  app: FastifyInstance,
  docId: number,
  content: DocDetail,
  user: { id: number; nickname: string },
): Promise<boolean> {
  const row = await app.ctx.db.selectFrom('docs').select(['moduleId']).where('id', '=', docId).executeTakeFirstOrThrow();
  return withModuleLock(row.moduleId, () =>
    inTx(app.ctx.db, async (tx) => {
      const cur = await tx.selectFrom('docs').selectAll().where('id', '=', docId).executeTakeFirstOrThrow();
      const before = cur.isDeleted ? null : ((await loadDocDetails(app.ctx, [docId], tx)).get(docId) ?? null);
      if (before && contentHash(before) === contentHash(content)) return false;
      // The identity key is the doc's, not content: a snapshot taken before it existed restores under it too.
      const key = pushedDocKey(cur.moduleId, {
        type: content.type,
        name: content.name,
        url: content.url,
        httpMethod: content.httpMethod,
        identityKey: cur.identityKey,
      });
      const did = dataId(key, content.version);
      const clash = await tx
        .selectFrom('docs')
        .select(['id', 'name', 'isDeleted'])
        .where('moduleId', '=', cur.moduleId)
        .where('dataId', '=', did)
        .executeTakeFirst();
      if (clash && clash.id !== docId) {
        if (!clash.isDeleted) throw conflict('error.doc_exists', { name: clash.name }, 'duplicate');
        await tx
          .updateTable('docs')
          .set({ dataId: `${clash.id}-restored-away` })
          .where('id', '=', clash.id)
          .execute();
      }
      const now = Date.now();
      await tx
        .updateTable('docs')
        .set({
          dataId: cur.isFolder ? cur.dataId : did,
          docKey: cur.isFolder ? cur.docKey : key,
          md5: contentHash(content),
          name: content.name,
          description: content.description,
          author: content.author,
          type: content.type,
          url: content.url,
          version: content.version,
          definition: content.definition ?? '',
          specExtras: storedExtrasText(content),
          webhook: content.webhook ?? '',
          httpMethod: content.httpMethod,
          contentType: content.contentType,
          deprecated: content.deprecated || '$false$',
          isUseGlobalHeaders: content.isUseGlobalHeaders,
          isUseGlobalParams: content.isUseGlobalParams,
          isUseGlobalReturns: content.isUseGlobalReturns,
          isRequestArray: content.isRequestArray,
          isResponseArray: content.isResponseArray,
          requestArrayType: content.requestArrayType,
          responseArrayType: content.responseArrayType,
          modifySource: ModifySource.FORM,
          modifierId: user.id,
          modifierName: user.nickname,
          updatedAt: now,
          isDeleted: 0,
        })
        .where('id', '=', docId)
        .execute();
      await replaceParams(tx, ParamOwner.DOC, [
        { ownerId: docId, style: ParamStyle.PATH, params: toInputs(app, content.pathParams) },
        { ownerId: docId, style: ParamStyle.HEADER, params: toInputs(app, content.headerParams) },
        { ownerId: docId, style: ParamStyle.QUERY, params: toInputs(app, content.queryParams) },
        { ownerId: docId, style: ParamStyle.REQUEST, params: toInputs(app, content.requestParams) },
        { ownerId: docId, style: ParamStyle.RESPONSE, params: toInputs(app, content.responseParams) },
        {
          ownerId: docId,
          style: ParamStyle.CODE,
          params: (content.errorCodeParams ?? []).map((c) => ({
            name: c.code,
            type: 'string',
            required: 0,
            maxLength: '-',
            example: c.solution,
            description: c.msg,
            enumId: 0,
            orderIndex: 0,
            children: [],
          })),
        },
      ]);
      const after = (await loadDocDetails(app.ctx, [docId], tx)).get(docId) ?? null;
      if (after)
        await tx
          .updateTable('docs')
          .set({ md5: contentHash(after) })
          .where('id', '=', docId)
          .execute();
      await emitDocChanges(app, tx, [
        {
          docId,
          moduleId: cur.moduleId,
          source: ModifySource.FORM,
          kind: before ? 'update' : 'add',
          userId: user.id,
          nickname: user.nickname,
          before,
          after,
        },
      ]);
      return true;
    }),
  );
}
