/**
 * Test fixtures shared by the debug and mock tests: a doc written straight into the tables (with the
 * doc-change event the docs feature emits), so these tests do not depend on the doc editor's API.
 */
import { DocType, ParamOwner, ParamStyle } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { insertId, inTx } from '../../db/database.js';
import { emitDocChanges } from '../doc-events.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { type ParamInput, replaceParams } from '../docs/doc-params.js';

/** A compact param description: name, type, example, children. */
export interface P {
  name: string;
  type?: string;
  example?: string;
  children?: P[];
}

const toInput = (p: P, i: number): ParamInput => ({
  name: p.name,
  type: p.type ?? 'string',
  required: 1,
  maxLength: '64',
  example: p.example ?? '',
  description: '',
  enumId: 0,
  orderIndex: (i + 1) * 10,
  children: (p.children ?? []).map(toInput),
});

export interface DocSpec {
  moduleId: number;
  name?: string;
  url?: string;
  httpMethod?: string;
  contentType?: string;
  isResponseArray?: number;
  headers?: P[];
  query?: P[];
  path?: P[];
  request?: P[];
  response?: P[];
}

/** Writes or rewrites a doc with its params and emits the change event; returns the internal id. */
export async function writeDoc(app: FastifyInstance, spec: DocSpec, existingId = 0): Promise<number> {
  const { db, dialect } = app.ctx;
  const now = Date.now();
  return inTx(db, async (tx) => {
    const before = existingId ? ((await loadDocDetails(app.ctx, [existingId], tx)).get(existingId) ?? null) : null;
    const fields = {
      name: spec.name ?? 'get user',
      url: spec.url ?? '/api/user/get',
      httpMethod: spec.httpMethod ?? 'GET',
      contentType: spec.contentType ?? 'application/json',
      isResponseArray: spec.isResponseArray ?? 0,
      updatedAt: now,
    };
    let id = existingId;
    if (id) await tx.updateTable('docs').set(fields).where('id', '=', id).execute();
    else
      id = await insertId(tx, dialect, 'docs', {
        ...fields,
        moduleId: spec.moduleId,
        parentId: 0,
        dataId: `d-${now}-${Math.random()}`,
        docKey: `k-${now}-${Math.random()}`,
        type: DocType.HTTP,
        creatorId: 1,
        creatorName: 'admin',
        modifierId: 1,
        modifierName: 'admin',
        createdAt: now,
      });
    const sets = [
      { ownerId: id, style: ParamStyle.HEADER, params: (spec.headers ?? []).map(toInput) },
      { ownerId: id, style: ParamStyle.QUERY, params: (spec.query ?? []).map(toInput) },
      { ownerId: id, style: ParamStyle.PATH, params: (spec.path ?? []).map(toInput) },
      { ownerId: id, style: ParamStyle.REQUEST, params: (spec.request ?? []).map(toInput) },
      { ownerId: id, style: ParamStyle.RESPONSE, params: (spec.response ?? []).map(toInput) },
    ];
    await replaceParams(tx, ParamOwner.DOC, sets);
    const after = (await loadDocDetails(app.ctx, [id], tx)).get(id) ?? null;
    await emitDocChanges(app, tx, [
      { docId: id, moduleId: spec.moduleId, source: 1, kind: existingId ? 'update' : 'add', userId: 1, nickname: 'admin', before, after },
    ]);
    return id;
  });
}
