/**
 * Doc saves from the form and text editors (create or update with every parameter list) and copies. A save runs
 * in one transaction and emits the doc change event inside it.
 */
import {
  type DocDetail,
  type DocSaveRequest,
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
import { badRequest, docVersionConflict, type FieldError, notFound, validation } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import { upsertEnum } from '../dictionaries/dictionaries.service.js';
import { type DocChange, emitDocChanges } from '../doc-events.js';
import { loadDocDetails } from './doc-detail.js';
import { firstNamedAsExample, markWritten, readExtras, storedExtrasText, withoutDeletedStatuses } from './doc-extras.js';
import { contentHash, folderKey, dataId as makeDataId, docKey as makeDocKey, normalizeVersion } from './doc-keys.js';
import { deleteParams, type ParamInput, type ParamSet, replaceParams } from './doc-params.js';
import { checkParent, claimDataId, nextOrderIndex } from './doc-places.js';
import { type ParamBody, toParamInputs } from './param-input.js';

const DUBBO_KEYS = ['interfaceName', 'author', 'version', 'protocol', 'dependency'] as const;

/** The body of doc/save (its contract: DocSaveInput), and what a copy keeps from the doc it starts from. */
export type DocSaveBody = DocSaveRequest & {
  /** Kept from the doc being edited or copied (not a form field). */
  identityKey?: string;
};

/** What a save takes besides the body (never from a client's body fields). */
export interface SaveOptions {
  /** What the spec said beyond the params (checked by the caller); undefined: an edit keeps the stored ones. */
  extras?: DocSpecExtras;
  /** A copy keeps its source's param names as they are (an import's `+1`, `@type`): no format check. */
  keepNames?: boolean;
  /** A form save: each example is marked as the spec's (unchanged from the stored one) or written in Folio. */
  markWritten?: boolean;
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

type DocRow = NonNullable<Awaited<ReturnType<typeof lockCurrent>>>;

/** What a save writes, worked out (and validated) before anything is written. */
interface SavePlan {
  /** The body with each parameter's first named example as its example. */
  b: DocSaveBody;
  /** The extras to store (undefined: an edit keeps the stored ones). */
  given: DocSpecExtras | undefined;
  isFolder: number;
  parentId: number;
  name: string;
  type: number;
  url: string;
  httpMethod: string;
  version: string;
  identityKey: string;
  /** The parameter lists this save replaces (an edit replaces only the lists it sends). */
  sets: ParamSet[];
}

/** Creates or updates a doc with all its parameters (doc/save). Authorization is the caller's job. */
export async function saveDoc(
  app: FastifyInstance,
  user: SessionUser,
  moduleId: number,
  docId: number,
  body: DocSaveBody,
  options: SaveOptions = {},
): Promise<number> {
  return inTx(app.ctx.db, async (tx) => {
    const existing = await lockCurrent(app, tx, moduleId, docId, body);
    const before: DocDetail | null = existing ? await detailOf(app, tx, docId) : null;
    const plan = await planSave(app, tx, moduleId, existing, before, body, options);
    const { id, did, modifySource } = await writeDocRow(app, tx, user, moduleId, docId, existing, plan);
    await replaceParams(
      tx,
      ParamOwner.DOC,
      plan.sets.map((s) => ({ ...s, ownerId: id })),
    );
    if (plan.b.dubboInfo !== undefined) await writeDubbo(tx, id, plan.b.dubboInfo);
    const after = await finishContentChange(app, tx, user, id, moduleId, before, modifySource, plan.b.remark);
    await keepEditedDescription(tx, moduleId, did, existing, before, after);
    return id;
  });
}

/** Reads and locks the doc being edited (none for a new doc) and checks the version the client edited. */
async function lockCurrent(app: FastifyInstance, tx: Tx, moduleId: number, docId: number, body: DocSaveBody) {
  // The doc row is locked first (before any other read of this transaction, so MariaDB's snapshot starts
  // after the lock): saves of one doc run one after the other, each reading what the previous one wrote,
  // so history keeps every version and the version check below cannot race.
  const existingQuery = tx.selectFrom('docs').selectAll().where('id', '=', docId).where('isDeleted', '=', 0);
  const existing = docId ? await (app.ctx.dialect === 'sqlite' ? existingQuery : existingQuery.forUpdate()).executeTakeFirst() : undefined;
  if (docId && !existing) throw notFound('doc');
  if (existing && existing.moduleId !== moduleId) throw notFound('doc');
  if (existing && body.baseModified !== undefined && body.baseModified !== String(existing.updatedAt))
    throw docVersionConflict({ gmtModified: String(existing.updatedAt), modifierName: existing.modifierName });
  return existing;
}

/**
 * Works out the doc's fields and parameter lists from the body and the doc before the save (null for a new doc);
 * every field error is reported at once, before any write.
 */
async function planSave(
  app: FastifyInstance,
  tx: Tx,
  moduleId: number,
  existing: DocRow | undefined,
  before: DocDetail | null,
  body: DocSaveBody,
  { extras: sent, keepNames = false, markWritten: mark = false }: SaveOptions,
): Promise<SavePlan> {
  const errors: FieldError[] = [];
  const stored = readExtras(existing?.specExtras);
  const marked = sent && mark ? markWritten(sent, stored) : sent;
  // A status whose code this save deletes goes with it (also from extras this save does not send).
  const pruned =
    before && body.errorCodeParams !== undefined
      ? withoutDeletedStatuses(
          marked ?? { ...stored, webhook: existing?.webhook ?? '' },
          before.errorCodeParams.map((c) => String(c.code)),
          body.errorCodeParams.map((c) => String(c.code ?? '')),
        )
      : null;
  const given = pruned ?? marked;
  // A parameter's first named example edited by this save is its example.
  const b = firstNamedAsExample(body, given, stored);
  const isFolder = existing ? existing.isFolder : f01(b.isFolder, 0);
  const parentId = b.parentId !== undefined ? app.ctx.ids.tryDecode(b.parentId) : (existing?.parentId ?? 0);
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
  const sets = await paramSets(app, tx, moduleId, existing, b, keepNames, errors);
  if (errors.length) throw validation(errors);
  return { b, given, isFolder, parentId, name, type, url, httpMethod, version, identityKey, sets };
}

/**
 * The parameter lists of a save, validated into `errors` (enumInfo links are created inside this transaction).
 * A new doc gets every list; an edit replaces only the lists it sends.
 */
async function paramSets(
  app: FastifyInstance,
  tx: Tx,
  moduleId: number,
  existing: DocRow | undefined,
  b: DocSaveBody,
  keepNames: boolean,
  errors: FieldError[],
): Promise<ParamSet[]> {
  const enumIds = await moduleEnumIds(tx, moduleId);
  const opts = {
    ids: app.ctx.ids,
    checkName: !keepNames,
    initOrder: app.ctx.settings.getInt('folio.init-order', INITIAL_ORDER_INDEX),
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
  return sets;
}

/**
 * Writes the doc row: updates the edited doc, revives a deleted doc with the same identity, or inserts a new one.
 * Returns the doc's id, its data id and the modify source.
 */
async function writeDocRow(
  app: FastifyInstance,
  tx: Tx,
  user: SessionUser,
  moduleId: number,
  docId: number,
  existing: DocRow | undefined,
  plan: SavePlan,
): Promise<{ id: number; did: string; modifySource: number }> {
  const { b, given, isFolder, parentId, name, type, url, httpMethod, version, identityKey } = plan;
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
  if (existing) {
    const patch: Record<string, unknown> = { ...fields };
    if (b.orderIndex !== undefined) patch.orderIndex = b.orderIndex;
    if (b.status !== undefined) patch.status = b.status;
    await tx.updateTable('docs').set(patch).where('id', '=', docId).execute();
    return { id: docId, did, modifySource };
  }
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
  if (!revived) return { id: await insertId(tx, app.ctx.dialect, 'docs', row), did, modifySource };
  await tx.updateTable('docs').set(row).where('id', '=', revived.id).execute();
  await deleteParams(tx, ParamOwner.DOC, [revived.id]);
  return { id: revived.id, did, modifySource };
}

/** A human changed the description of a pushed doc: later pushes keep it. */
async function keepEditedDescription(
  tx: Tx,
  moduleId: number,
  did: string,
  existing: DocRow | undefined,
  before: DocDetail | null,
  after: DocDetail,
): Promise<void> {
  if (!(existing?.createMode === 1 && before && before.description !== after.description)) return;
  const has = await tx
    .selectFrom('pushIgnoreFields')
    .select('id')
    .where('moduleId', '=', moduleId)
    .where('dataId', '=', did)
    .where('fieldName', '=', 'description')
    .executeTakeFirst();
  if (!has) await tx.insertInto('pushIgnoreFields').values({ moduleId, dataId: did, fieldName: 'description' }).execute();
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
