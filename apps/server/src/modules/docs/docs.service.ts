/**
 * Doc writes from the form and text editors: save (create/update with all parameters), folders, move,
 * copy, delete. Every write runs in one transaction and emits doc change events inside it.
 */
import {
  type DocDetail,
  type DocSpecExtras,
  DocStatus,
  DocType,
  HTTP_METHODS,
  INITIAL_ORDER_INDEX,
  ModifySource,
  NOT_DEPRECATED,
  ORDER_STEP,
  ParamOwner,
  ParamStyle,
  PropType,
} from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { insertId, insertMany, inTx, type Tx } from '../../db/database.js';
import type { DocRow } from '../../db/types.js';
import { AppError, badRequest, conflict, docVersionConflict, type FieldError, notFound, validation } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import { upsertEnum } from '../dictionaries/dictionaries.service.js';
import { type DocChange, emitDocChanges } from '../doc-events.js';
import { emptyRemoved, liveMocks, softDelete } from '../lib-cascade.js';
import { indexModuleExtras } from '../search/search-index.js';
import { placeOf, recordTrash } from '../trash/trash.service.js';
import { loadDocDetails } from './doc-detail.js';
import { storedExtrasText } from './doc-extras.js';
import { contentHash, folderKey, dataId as makeDataId, docKey as makeDocKey, normalizeVersion } from './doc-keys.js';
import { deleteParams, type ParamInput, type ParamSet, replaceParams } from './doc-params.js';
import { type ParamBody, toParamInputs } from './param-input.js';

const DUBBO_KEYS = ['interfaceName', 'author', 'version', 'protocol', 'dependency'] as const;

/** The body of doc/save (push field names). */
export interface DocSaveBody {
  id?: string;
  docId?: string;
  moduleId: string;
  parentId?: string;
  name: string;
  /** The gmtModified the editor loaded; absent: no version check (older clients, Torna's doc/save). */
  baseModified?: string;
  description?: string;
  author?: string;
  type?: number;
  url?: string;
  version?: string;
  /** Kept from the doc being edited or copied (not a form field). */
  identityKey?: string;
  definition?: string;
  httpMethod?: string;
  contentType?: string;
  isFolder?: number | boolean;
  isShow?: number | boolean;
  orderIndex?: number;
  status?: number;
  deprecated?: string | boolean;
  isUseGlobalHeaders?: number | boolean;
  isUseGlobalParams?: number | boolean;
  isUseGlobalReturns?: number | boolean;
  isRequestArray?: number | boolean;
  isResponseArray?: number | boolean;
  requestArrayType?: string;
  responseArrayType?: string;
  dubboInfo?: Partial<Record<(typeof DUBBO_KEYS)[number], string>> | null;
  headerParams?: ParamBody[];
  pathParams?: ParamBody[];
  queryParams?: ParamBody[];
  requestParams?: ParamBody[];
  responseParams?: ParamBody[];
  errorCodeParams?: { code: string; msg?: string; solution?: string }[];
  /** Change remark for history and notices. */
  remark?: string;
}

/** What a save takes besides the body (never from a client's body fields). */
export interface SaveOptions {
  /** What the spec said beyond the params (checked by the caller); undefined: an edit keeps the stored ones. */
  extras?: DocSpecExtras;
  /** A copy keeps its source's param names as they are (an import's `+1`, `@type`): no format check. */
  keepNames?: boolean;
}

const LISTS = [
  ['headerParams', ParamStyle.HEADER],
  ['pathParams', ParamStyle.PATH],
  ['queryParams', ParamStyle.QUERY],
  ['requestParams', ParamStyle.REQUEST],
  ['responseParams', ParamStyle.RESPONSE],
] as const;

const f01 = (v: unknown, dflt: number): number => (v === undefined || v === null ? dflt : v === true || v === 1 || v === '1' ? 1 : 0);

/** Normalises the deprecated input: '$false$' or empty = not deprecated; true = deprecated. */
export function normalizeDeprecated(v: string | boolean | undefined, current = NOT_DEPRECATED): string {
  if (v === undefined) return current;
  if (v === false) return NOT_DEPRECATED;
  if (v === true) return 'deprecated';
  const s = v.trim();
  return s === '' || s === NOT_DEPRECATED || s === 'false' ? NOT_DEPRECATED : s;
}

/** The next order index among the children of a parent (max + 10, or the initial order). */
export async function nextOrderIndex(app: FastifyInstance, tx: Tx, moduleId: number, parentId: number): Promise<number> {
  const r = await tx
    .selectFrom('docs')
    .select((eb) => eb.fn.max('orderIndex').as('m'))
    .where('moduleId', '=', moduleId)
    .where('parentId', '=', parentId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (r?.m === null || r?.m === undefined) return app.ctx.settings.getInt('folio.init-order', INITIAL_ORDER_INDEX);
  return Number(r.m) + ORDER_STEP;
}

/** Checks that a parent id is root or a live folder of the module. */
export async function checkParent(tx: Tx, moduleId: number, parentId: number): Promise<void> {
  if (!parentId) return;
  const p = await tx.selectFrom('docs').select(['moduleId', 'isFolder', 'isDeleted']).where('id', '=', parentId).executeTakeFirst();
  if (!p || p.isDeleted || !p.isFolder || p.moduleId !== moduleId) {
    throw new AppError(422, 'validation_failed', 'error.parent_not_folder', {}, [
      { field: 'parentId', message: 'parent must be a folder' },
    ]);
  }
}

/**
 * Makes room for a row identity: a live row with the same data id is a conflict; a deleted one is
 * returned so the caller can revive it (create) or is renamed out of the way (update).
 */
async function claimDataId(tx: Tx, moduleId: number, did: string, selfId: number, revive: boolean): Promise<DocRow | null> {
  const clash = await tx.selectFrom('docs').selectAll().where('moduleId', '=', moduleId).where('dataId', '=', did).executeTakeFirst();
  if (!clash || clash.id === selfId) return null;
  if (!clash.isDeleted) {
    throw conflict(clash.isFolder ? 'error.folder_exists' : 'error.doc_exists', { name: clash.name }, 'duplicate');
  }
  if (revive) return clash;
  await tx
    .updateTable('docs')
    .set({ dataId: `del-${clash.id}-${Date.now()}`.slice(0, 64) })
    .where('id', '=', clash.id)
    .execute();
  return null;
}

/** Dictionary ids of a module (for enumId checks). */
async function moduleEnumIds(tx: Tx, moduleId: number): Promise<Set<number>> {
  const rows = await tx.selectFrom('enumInfos').select('id').where('moduleId', '=', moduleId).where('isDeleted', '=', 0).execute();
  return new Set(rows.map((r) => r.id));
}

/** Loads one doc's detail inside the transaction. */
async function detailOf(app: FastifyInstance, tx: Tx, id: number): Promise<DocDetail> {
  const d = (await loadDocDetails(app.ctx, [id], tx)).get(id);
  if (!d) throw notFound('doc');
  return d;
}

/** Writes the hash and emits the change; returns the after-detail. */
async function finishContentChange(
  app: FastifyInstance,
  tx: Tx,
  user: SessionUser,
  id: number,
  moduleId: number,
  before: DocDetail | null,
  source: number,
  remark?: string,
): Promise<DocDetail> {
  const after = await detailOf(app, tx, id);
  await tx
    .updateTable('docs')
    .set({ md5: contentHash(after) })
    .where('id', '=', id)
    .execute();
  const change: DocChange = {
    docId: id,
    moduleId,
    source,
    kind: before ? 'update' : 'add',
    userId: user.id,
    nickname: user.nickname,
    before,
    after,
    ...(remark ? { remark } : {}),
  };
  await emitDocChanges(app, tx, [change]);
  return after;
}

/** Creates or updates a doc with all its parameters (doc/save). Authorization is the caller's job. */
export async function saveDoc(
  app: FastifyInstance,
  user: SessionUser,
  moduleId: number,
  docId: number,
  b: DocSaveBody,
  { extras: given, keepNames = false }: SaveOptions = {},
): Promise<number> {
  const { ids, dialect, settings } = app.ctx;
  return inTx(app.ctx.db, async (tx) => {
    const errors: FieldError[] = [];
    // The doc row is locked first (before any other read of this transaction, so MariaDB's snapshot starts
    // after the lock): saves of one doc run one after the other, each reading what the previous one wrote,
    // so history keeps every version and the version check below cannot race.
    const existingQuery = tx.selectFrom('docs').selectAll().where('id', '=', docId).where('isDeleted', '=', 0);
    const existing = docId ? await (dialect === 'sqlite' ? existingQuery : existingQuery.forUpdate()).executeTakeFirst() : undefined;
    if (docId && !existing) throw notFound('doc');
    if (existing && existing.moduleId !== moduleId) throw notFound('doc');
    if (existing && b.baseModified !== undefined && b.baseModified !== String(existing.updatedAt))
      throw docVersionConflict({ gmtModified: String(existing.updatedAt), modifierName: existing.modifierName });
    const isFolder = existing ? existing.isFolder : f01(b.isFolder, 0);
    const parentId = b.parentId !== undefined ? ids.tryDecode(b.parentId) : (existing?.parentId ?? 0);
    if (parentId === null) throw validation([{ field: 'parentId', message: 'invalid value' }]);
    if (existing && parentId === existing.id) throw badRequest('error.move_into_self');
    await checkParent(tx, moduleId, parentId);

    const name = b.name.trim();
    if (!name) errors.push({ field: 'name', message: 'cannot be empty' });
    const type = b.type ?? existing?.type ?? DocType.HTTP;
    const url = (b.url ?? existing?.url ?? '').trim();
    const httpMethod = (b.httpMethod ?? existing?.httpMethod ?? 'GET').trim().toUpperCase();
    if (!isFolder && type === DocType.HTTP) {
      if (!url) errors.push({ field: 'url', message: 'cannot be empty' });
      if (!(HTTP_METHODS as readonly string[]).includes(httpMethod)) errors.push({ field: 'httpMethod', message: 'invalid value' });
    }
    const version = normalizeVersion(b.version ?? existing?.version ?? '');
    const identityKey = isFolder ? '' : (b.identityKey ?? existing?.identityKey ?? '');

    // Parameters (validated before anything is written; enumInfo links are created inside this transaction).
    const enumIds = await moduleEnumIds(tx, moduleId);
    const opts = {
      ids,
      checkName: !keepNames,
      initOrder: settings.getInt('folio.init-order', INITIAL_ORDER_INDEX),
      moduleEnumIds: enumIds,
      resolveEnum: async (info: { name: string }) => {
        const id = await upsertEnum(tx, app, moduleId, info);
        enumIds.add(id);
        return id;
      },
    };
    const sets: ParamSet[] = [];
    for (const [key, style] of LISTS) {
      if (existing && b[key] === undefined) continue;
      sets.push({ ownerId: 0, style, params: await toParamInputs(b[key], key, errors, opts) });
    }
    if (!existing || b.errorCodeParams !== undefined) {
      const codes: ParamInput[] = [];
      let order = 0;
      (b.errorCodeParams ?? []).forEach((c, i) => {
        const code = String(c.code ?? '').trim();
        if (!code) errors.push({ field: `errorCodeParams.${i}.code`, message: 'cannot be empty' });
        order += ORDER_STEP;
        codes.push({
          name: code,
          type: 'string',
          required: 0,
          maxLength: '',
          example: c.solution ?? '',
          description: c.msg ?? '',
          enumId: 0,
          orderIndex: order,
          children: [],
        });
      });
      sets.push({ ownerId: 0, style: ParamStyle.CODE, params: codes });
    }
    if (errors.length) throw validation(errors);

    const key = isFolder ? folderKey(moduleId, parentId, name) : makeDocKey(moduleId, type, name, url, httpMethod, identityKey);
    const did = makeDataId(key, isFolder ? '' : version);
    const revived = await claimDataId(tx, moduleId, did, docId, !existing);
    // gmtModified is the doc's version: it strictly increases with every save, even within one millisecond.
    const now = existing ? Math.max(Date.now(), Number(existing.updatedAt) + 1) : Date.now();
    const modifySource = type === DocType.MARKDOWN || type === DocType.CUSTOM ? ModifySource.TEXT : ModifySource.FORM;
    // A spec's extras are kept by an edit; a copy carries its source's; a new (or revived) doc has none of its own.
    const extras = given !== undefined || !existing ? { specExtras: storedExtrasText(given), webhook: given?.webhook ?? '' } : {};
    const fields = {
      ...extras,
      parentId,
      dataId: did,
      docKey: key,
      name,
      description: b.description ?? existing?.description ?? '',
      author: (b.author ?? existing?.author ?? '').trim(),
      type,
      url,
      version,
      identityKey,
      definition: b.definition ?? existing?.definition ?? '',
      httpMethod,
      contentType: (b.contentType ?? existing?.contentType ?? '').trim(),
      deprecated: normalizeDeprecated(b.deprecated, existing?.deprecated || NOT_DEPRECATED),
      isShow: f01(b.isShow, existing?.isShow ?? 1),
      isUseGlobalHeaders: f01(b.isUseGlobalHeaders, existing?.isUseGlobalHeaders ?? 1),
      isUseGlobalParams: f01(b.isUseGlobalParams, existing?.isUseGlobalParams ?? 1),
      isUseGlobalReturns: f01(b.isUseGlobalReturns, existing?.isUseGlobalReturns ?? 1),
      isRequestArray: f01(b.isRequestArray, existing?.isRequestArray ?? 0),
      isResponseArray: f01(b.isResponseArray, existing?.isResponseArray ?? 0),
      requestArrayType: (b.requestArrayType ?? existing?.requestArrayType ?? 'object').trim() || 'object',
      responseArrayType: (b.responseArrayType ?? existing?.responseArrayType ?? 'object').trim() || 'object',
      modifySource,
      modifierId: user.id,
      modifierName: user.nickname,
      updatedAt: now,
    };
    let id = docId;
    let before: DocDetail | null = null;
    if (existing) {
      before = await detailOf(app, tx, docId);
      const patch: Record<string, unknown> = { ...fields };
      if (b.orderIndex !== undefined) patch.orderIndex = b.orderIndex;
      if (b.status !== undefined) patch.status = b.status;
      await tx.updateTable('docs').set(patch).where('id', '=', docId).execute();
    } else {
      const orderIndex = b.orderIndex ?? (await nextOrderIndex(app, tx, moduleId, parentId));
      const row = {
        ...fields,
        moduleId,
        isFolder,
        orderIndex,
        status: b.status ?? DocStatus.DOING,
        isLocked: 0,
        createMode: 0,
        isDeleted: 0,
        creatorId: user.id,
        creatorName: user.nickname,
        createdAt: now,
      };
      if (revived) {
        id = revived.id;
        await tx.updateTable('docs').set(row).where('id', '=', id).execute();
        await deleteParams(tx, ParamOwner.DOC, [id]);
      } else {
        id = await insertId(tx, dialect, 'docs', row);
      }
    }
    await replaceParams(
      tx,
      ParamOwner.DOC,
      sets.map((s) => ({ ...s, ownerId: id })),
    );
    if (b.dubboInfo !== undefined) await writeDubbo(tx, id, b.dubboInfo);

    const after = await finishContentChange(app, tx, user, id, moduleId, before, modifySource, b.remark);
    // A human changed the description of a pushed doc: later pushes keep it.
    if (existing?.createMode === 1 && before && before.description !== after.description) {
      const has = await tx
        .selectFrom('pushIgnoreFields')
        .select('id')
        .where('moduleId', '=', moduleId)
        .where('dataId', '=', did)
        .where('fieldName', '=', 'description')
        .executeTakeFirst();
      if (!has) await tx.insertInto('pushIgnoreFields').values({ moduleId, dataId: did, fieldName: 'description' }).execute();
    }
    return id;
  });
}

/** Replaces the Dubbo info props of a doc or folder. */
async function writeDubbo(tx: Tx, refId: number, info: DocSaveBody['dubboInfo']): Promise<void> {
  await tx
    .deleteFrom('props')
    .where('refId', '=', refId)
    .where('type', '=', PropType.DOC)
    .where('name', 'in', [...DUBBO_KEYS])
    .execute();
  if (!info) return;
  const rows = DUBBO_KEYS.filter((k) => (info[k] ?? '') !== '').map((k) => ({ refId, type: PropType.DOC, name: k, val: String(info[k]) }));
  await insertMany(tx, 'props', rows);
}

/** Ids of every live descendant of the given folders (one query per level). */
export async function descendants(tx: Tx, moduleId: number, rootIds: number[]): Promise<number[]> {
  const out: number[] = [];
  let level = rootIds;
  for (let depth = 0; level.length && depth < 64; depth++) {
    const rows = await tx
      .selectFrom('docs')
      .select('id')
      .where('moduleId', '=', moduleId)
      .where('parentId', 'in', level)
      .where('isDeleted', '=', 0)
      .execute();
    level = rows.map((r) => r.id);
    for (const r of level) out.push(r);
  }
  return out;
}

/**
 * Soft-deletes a doc or a folder with its subtree (deleteChildren required when the folder has content) and
 * records the delete in the trash; returns the trash item's id.
 */
export async function deleteDoc(app: FastifyInstance, user: SessionUser, id: number, deleteChildren: boolean): Promise<number> {
  return inTx(app.ctx.db, async (tx) => {
    const d = await tx.selectFrom('docs').selectAll().where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
    if (!d) throw notFound('doc');
    const below = d.isFolder ? await descendants(tx, d.moduleId, [id]) : [];
    if (below.length && !deleteChildren) throw conflict('error.folder_not_empty', {}, 'folder_not_empty');
    const all = [id, ...below];
    const details = await loadDocDetails(app.ctx, all, tx);
    const mocks = await liveMocks(tx, all);
    const now = Date.now();
    for (let i = 0; i < all.length; i += 500) {
      const part = all.slice(i, i + 500);
      await tx
        .updateTable('docs')
        .set({ isDeleted: 1, updatedAt: now, modifierId: user.id, modifierName: user.nickname })
        .where('id', 'in', part)
        .execute();
    }
    await softDelete(tx, 'mockConfigs', mocks, now);
    const changes: DocChange[] = [];
    for (const docId of all) {
      const before = details.get(docId);
      if (!before || before.isFolder) continue;
      changes.push({
        docId,
        moduleId: d.moduleId,
        source: before.type === DocType.MARKDOWN || before.type === DocType.CUSTOM ? ModifySource.TEXT : ModifySource.FORM,
        kind: 'delete',
        userId: user.id,
        nickname: user.nickname,
        before,
        after: null,
      });
    }
    await emitDocChanges(app, tx, changes);
    // Folders are indexed with their application (the events above cover it when docs went too).
    if (!changes.length) await indexModuleExtras(app.ctx, tx, [d.moduleId]);
    const m = await tx
      .selectFrom('modules as m')
      .innerJoin('projects as p', 'p.id', 'm.projectId')
      .select(['m.projectId', 'p.spaceId'])
      .where('m.id', '=', d.moduleId)
      .executeTakeFirstOrThrow();
    return recordTrash(app, tx, user, {
      kind: d.isFolder ? 'folder' : 'doc',
      targetId: id,
      spaceId: m.spaceId,
      projectId: m.projectId,
      moduleId: d.moduleId,
      name: d.isFolder || !d.url ? d.name : `${d.name} (${d.httpMethod} ${d.url})`,
      path: await placeOf(tx, { projectId: m.projectId, moduleId: d.moduleId, parentId: d.parentId }),
      removed: { ...emptyRemoved(), docs: all, mocks },
    });
  });
}

/** Adds a folder; returns its id. */
export async function addFolder(
  app: FastifyInstance,
  user: SessionUser,
  moduleId: number,
  parentId: number,
  name: string,
): Promise<number> {
  return inTx(app.ctx.db, async (tx) => {
    await checkParent(tx, moduleId, parentId);
    const key = folderKey(moduleId, parentId, name);
    const did = makeDataId(key, '');
    const revived = await claimDataId(tx, moduleId, did, 0, true);
    const now = Date.now();
    const row = {
      moduleId,
      parentId,
      dataId: did,
      docKey: key,
      name,
      isFolder: 1,
      type: DocType.HTTP,
      orderIndex: await nextOrderIndex(app, tx, moduleId, parentId),
      isDeleted: 0,
      modifySource: ModifySource.FORM,
      createMode: 0,
      creatorId: user.id,
      creatorName: user.nickname,
      modifierId: user.id,
      modifierName: user.nickname,
      createdAt: now,
      updatedAt: now,
    };
    let id: number;
    if (revived) {
      await tx.updateTable('docs').set(row).where('id', '=', revived.id).execute();
      id = revived.id;
    } else id = await insertId(tx, app.ctx.dialect, 'docs', row);
    await indexModuleExtras(app.ctx, tx, [moduleId]);
    return id;
  });
}

/** Renames a folder (its identity key follows the name). */
export async function renameFolder(app: FastifyInstance, user: SessionUser, id: number, name: string): Promise<void> {
  await inTx(app.ctx.db, async (tx) => {
    const d = await tx.selectFrom('docs').selectAll().where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
    if (!d) throw notFound('doc');
    if (!d.isFolder) throw validation([{ field: 'id', message: 'not a folder' }]);
    const key = folderKey(d.moduleId, d.parentId, name);
    const did = makeDataId(key, '');
    await claimDataId(tx, d.moduleId, did, id, false);
    await tx
      .updateTable('docs')
      .set({ name, docKey: key, dataId: did, modifierId: user.id, modifierName: user.nickname, updatedAt: Date.now() })
      .where('id', '=', id)
      .execute();
    await indexModuleExtras(app.ctx, tx, [d.moduleId]);
  });
}

/** Moves a doc or folder under another folder (or root) of the same application; no cycles. */
/**
 * Moves a doc or folder under parentId (0: the application's top). `position` places it at that index among
 * its new siblings (in the tree's order) and renumbers them; `orderIndex` sets the index as given; neither
 * keeps its place in the same folder or puts it last in another.
 */
export async function moveDoc(
  app: FastifyInstance,
  user: SessionUser,
  id: number,
  parentId: number,
  orderIndex?: number,
  position?: number,
): Promise<void> {
  await inTx(app.ctx.db, async (tx) => {
    const d = await tx.selectFrom('docs').selectAll().where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
    if (!d) throw notFound('doc');
    if (parentId) {
      const p = await tx.selectFrom('docs').select(['moduleId', 'isFolder', 'isDeleted']).where('id', '=', parentId).executeTakeFirst();
      if (p && !p.isDeleted && p.moduleId !== d.moduleId) throw badRequest('error.move_cross_module');
      await checkParent(tx, d.moduleId, parentId);
      // Walk up from the new parent: meeting the moved node means a cycle.
      let cur = parentId;
      for (let i = 0; cur && i < 64; i++) {
        if (cur === id) throw badRequest('error.move_into_self');
        const up = await tx.selectFrom('docs').select('parentId').where('id', '=', cur).executeTakeFirst();
        cur = up?.parentId ?? 0;
      }
    }
    const patch: Record<string, unknown> = { parentId, modifierId: user.id, modifierName: user.nickname, updatedAt: Date.now() };
    patch.orderIndex =
      position !== undefined
        ? await placeAmongSiblings(tx, d, parentId, position)
        : (orderIndex ?? (parentId === d.parentId ? d.orderIndex : await nextOrderIndex(app, tx, d.moduleId, parentId)));
    if (d.isFolder) {
      const key = folderKey(d.moduleId, parentId, d.name);
      const did = makeDataId(key, '');
      await claimDataId(tx, d.moduleId, did, id, false);
      patch.docKey = key;
      patch.dataId = did;
    }
    await tx.updateTable('docs').set(patch).where('id', '=', id).execute();
  });
}

/**
 * Renumbers the new siblings of a moved node (tree order: orderIndex, then name) so that it sits at
 * `position`; returns the moved node's new orderIndex. One update statement per 200 changed rows.
 */
async function placeAmongSiblings(tx: Tx, d: DocRow, parentId: number, position: number): Promise<number> {
  const siblings = await tx
    .selectFrom('docs')
    .select(['id', 'orderIndex', 'name'])
    .where('moduleId', '=', d.moduleId)
    .where('parentId', '=', parentId)
    .where('isDeleted', '=', 0)
    .where('id', '!=', d.id)
    .execute();
  siblings.sort((a, b) => a.orderIndex - b.orderIndex || a.name.localeCompare(b.name));
  const at = Math.max(0, Math.min(position, siblings.length));
  const changed: { id: number; orderIndex: number }[] = [];
  siblings.forEach((s, i) => {
    const want = (i < at ? i + 1 : i + 2) * ORDER_STEP;
    if (s.orderIndex !== want) changed.push({ id: s.id, orderIndex: want });
  });
  for (let i = 0; i < changed.length; i += 200) {
    const part = changed.slice(i, i + 200);
    await tx
      .updateTable('docs')
      .set((eb) => {
        let c = eb.case().when('id', '=', part[0].id).then(part[0].orderIndex);
        for (const r of part.slice(1)) c = c.when('id', '=', r.id).then(r.orderIndex);
        return { orderIndex: c.else(eb.ref('orderIndex')).end() };
      })
      .where(
        'id',
        'in',
        part.map((r) => r.id),
      )
      .execute();
  }
  return (at + 1) * ORDER_STEP;
}

/** Copies a doc (not a folder) with its parameters; HTTP docs get a free URL. Returns the copy's id. */
export async function copyDoc(
  app: FastifyInstance,
  user: SessionUser,
  id: number,
  over: { name?: string; url?: string; version?: string; parentId?: number },
): Promise<number> {
  const src = (await loadDocDetails(app.ctx, [id])).get(id);
  if (!src) throw notFound('doc');
  if (src.isFolder) throw validation([{ field: 'id', message: 'a folder cannot be copied' }]);
  const moduleId = app.ctx.ids.decode(src.moduleId, 'module');
  let url = over.url ?? src.url;
  let name = over.name ?? src.name;
  const version = over.version ?? src.version;
  const isHttp = src.type === DocType.HTTP;
  if ((isHttp && over.url === undefined) || (!isHttp && over.name === undefined)) {
    // Find a free identity: HTTP docs are keyed by URL and method, the others by name.
    const taken = await app.ctx.db
      .selectFrom('docs')
      .select('dataId')
      .where('moduleId', '=', moduleId)
      .where('isDeleted', '=', 0)
      .execute();
    const used = new Set(taken.map((t) => t.dataId));
    for (let n = 1; n < 1000; n++) {
      if (isHttp) url = `${src.url}${n === 1 ? '_copy' : `_copy${n}`}`;
      else name = `${src.name} Copy${n === 1 ? '' : ` ${n}`}`;
      if (!used.has(makeDataId(makeDocKey(moduleId, src.type, name, url, src.httpMethod, src.identityKey), version))) break;
    }
  }
  const strip = (ps: DocDetail['requestParams']): ParamBody[] =>
    ps.map((p) => ({
      name: p.name,
      type: p.type,
      required: p.required,
      maxLength: p.maxLength,
      example: p.example,
      description: p.description,
      enumId: p.enumId || undefined,
      orderIndex: p.orderIndex,
      children: strip(p.children ?? []),
    }));
  const body: DocSaveBody = {
    ...src,
    id: undefined,
    docId: undefined,
    moduleId: src.moduleId,
    parentId: over.parentId !== undefined ? app.ctx.ids.encode(over.parentId) : src.parentId,
    name,
    url,
    version,
    status: DocStatus.DOING,
    orderIndex: undefined,
    headerParams: strip(src.headerParams),
    pathParams: strip(src.pathParams),
    queryParams: strip(src.queryParams),
    requestParams: strip(src.requestParams),
    responseParams: strip(src.responseParams),
    errorCodeParams: src.errorCodeParams,
  };
  const { requestExamples, responses, webhook, paramExamples, paramStyles } = src;
  const extras = { requestExamples, responses, webhook, paramExamples, paramStyles };
  return saveDoc(app, user, moduleId, 0, body, { extras, keepNames: true });
}
