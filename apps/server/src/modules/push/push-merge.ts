/**
 * The push merge (torna-compat §1b, done better): one transaction per push, identity keys so ids stay
 * stable, locked docs and their subtrees untouched, hand-edited descriptions kept, versioned docs
 * coexisting, unchanged content costing reads only, bulk writes (one upsert per chunk of docs, params
 * replaced level by level), and doc-change events (with the push's batchId) for history and notices.
 * Used by the open API (`doc.push`, `swagger-json.push`, `POST /api/push/openapi`) and by importers.
 */
import { randomUUID } from 'node:crypto';
import {
  type DocDetail,
  type DocParam,
  DocType,
  type DubboInfo,
  ModifySource,
  ParamOwner,
  ParamStyle,
  type PushOutcome,
  type PushPayload,
} from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { insertMany, insertManyReturningIds, inTx, pgReserveIds, type Tx } from '../../db/database.js';
import type { DocRow } from '../../db/types.js';
import { md5 } from '../../lib/crypto.js';
import { type DocChange, emitDocChanges } from '../doc-events.js';
import { loadDocDetails, loadDubboInfo, toDetail } from '../docs/doc-detail.js';
import { contentHash, dataId, docKey, folderKey } from '../docs/doc-keys.js';
import {
  copyParamSets,
  countParams,
  enumContent,
  loadEnums,
  openParamCopy,
  type ParamInput,
  type ParamSet,
  replaceParams,
  type WrittenParams,
} from '../docs/doc-params.js';
import { upsertEnums } from './push-enums.js';
import {
  docParams,
  type NDoc,
  type NEnum,
  type NFolder,
  type NItem,
  type NParam,
  type NPayload,
  normalizePayload,
} from './push-normalize.js';
import { continuingRun, recordRun, runSignature, topKeys } from './push-runs.js';
import {
  fullDubbo,
  overrideSwitch,
  sameDubbo,
  upsertDebugEnvs,
  upsertDocRows,
  writeDubboProps,
  writeErrorCodePage,
} from './push-writes.js';

export interface MergeInput {
  moduleId: number;
  payload: PushPayload;
  source: 'push' | 'import';
  user: { id: number; nickname: string };
  isReplace?: boolean;
  isOverride?: boolean;
  batchId?: string;
  /**
   * Called with 0..100 inside the merge transaction. On SQLite (one connection) it must not await a
   * write outside that transaction (it would wait for the transaction forever): fire and forget.
   */
  onProgress?: (pct: number) => Promise<void>;
  /** Extra run-signature input (the envelope's app_key), so two pipelines do not share a run. */
  runHint?: string;
}

/** Outcome plus what the caller needs for notices. */
export interface MergeResult extends PushOutcome {
  batchId: string;
  /** Names of changed docs (for the digest), capped. */
  changedNames: string[];
  /** Deleted doc ids whose history is recorded when the run settles (push.settle job). */
  pendingDeleteIds: number[];
  runId: string;
}

const KIND_ADD = 'add' as const;
const KIND_UPDATE = 'update' as const;

/** What the merge needs of every row of the application (read for all rows, so kept narrow). */
const CORE_COLUMNS = [
  'id',
  'parentId',
  'dataId',
  'md5',
  'isFolder',
  'isShow',
  'orderIndex',
  'isLocked',
  'isDeleted',
  'version',
  'createMode',
] as const;
/** What it needs of the rows it compares or writes (folders, changed, moved and deleted docs), read for those only. */
const WIDE_COLUMNS = [
  'id',
  'name',
  'description',
  'author',
  'type',
  'modifySource',
  'modifierId',
  'modifierName',
  'updatedAt',
  'isUseGlobalHeaders',
  'isUseGlobalParams',
  'isUseGlobalReturns',
] as const;

type DocRowLite = {
  id: number;
  parentId: number;
  dataId: string;
  md5: string;
  isFolder: number;
  isShow: number;
  orderIndex: number;
  isLocked: number;
  isDeleted: number;
  version: string;
  createMode: number;
  /** The wide columns, once read (`readWide`). */
  wide?: {
    name: string;
    description: string;
    author: string;
    type: number;
    modifySource: number;
    modifierId: number;
    modifierName: string;
    updatedAt: number;
    isUseGlobalHeaders: number;
    isUseGlobalParams: number;
    isUseGlobalReturns: number;
  };
};

/** Reads the wide columns of the given rows that do not have them yet (chunks of 500 ids). */
async function readWide(tx: Tx, rows: (DocRowLite | undefined)[]): Promise<void> {
  const missing = new Map<number, DocRowLite>();
  for (const r of rows) if (r && !r.wide) missing.set(r.id, r);
  const ids = [...missing.keys()];
  for (let i = 0; i < ids.length; i += 500) {
    const got = await tx
      .selectFrom('docs')
      .select([...WIDE_COLUMNS])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const { id, ...wide } of got) {
      const r = missing.get(id);
      if (r) r.wide = wide;
    }
  }
}

/** The wide columns of a row read by `readWide`. */
function wideOf(r: DocRowLite): NonNullable<DocRowLite['wide']> {
  if (!r.wide) throw new Error(`doc ${r.id}: wide columns not read`);
  return r.wide;
}

/** doc_key of a pushed doc: HTTP by url+method; Dubbo by its definition when present (two services may share a method name); others by name. */
export function pushedDocKey(moduleId: number, d: Pick<NDoc, 'type' | 'name' | 'url' | 'httpMethod'>): string {
  if (d.type === DocType.DUBBO && d.url) return docKey(moduleId, DocType.HTTP, d.name, d.url, '');
  return docKey(moduleId, d.type, d.name, d.url, d.httpMethod);
}

/** One level of params in display order (by orderIndex, ties in sent order); children are sorted where they are used. */
const sortParams = (ps: NParam[]): NParam[] => {
  for (let i = 1; i < ps.length; i++)
    if (ps[i].orderIndex < ps[i - 1].orderIndex) return [...ps].sort((a, b) => a.orderIndex - b.orderIndex);
  return ps;
};

/**
 * A doc detail's param list from normalised params, turned in place (the merge's params are its own: no
 * second object per param). The dictionary becomes its encoded id; the dictionary itself is filled in
 * where one is needed (afterDetails). Lists come sorted for display (see sortParams).
 */
function toDocParams(ps: NParam[], enumIds: Map<string, number>, encode: (n: number) => string, withEnum: DocParam[]): DocParam[] {
  const list = sortParams(ps);
  for (const p of list) {
    if (p.enumInfo) {
      const eid = enumIds.get(p.enumInfo.name) ?? 0;
      p.enumInfo = null;
      if (eid) {
        p.enumId = encode(eid);
        withEnum.push(p as DocParam);
      }
    }
    if (p.children.length) p.children = toDocParams(p.children, enumIds, encode, withEnum) as NParam[];
  }
  return list as DocParam[];
}

function toParamInputs(ps: NParam[], enumIds: Map<string, number>): ParamInput[] {
  return ps.map((p) => ({
    name: p.name,
    type: p.type,
    required: p.required,
    maxLength: p.maxLength,
    example: p.example,
    description: p.description,
    enumId: p.enumInfo ? (enumIds.get(p.enumInfo.name) ?? 0) : 0,
    orderIndex: p.orderIndex,
    createMode: 1,
    children: toParamInputs(p.children, enumIds),
  }));
}

function collectEnums(items: NItem[], out: NEnum[] = []): NEnum[] {
  const walk = (ps: NParam[]) => {
    for (const p of ps) {
      if (p.enumInfo) out.push(p.enumInfo);
      walk(p.children);
    }
  };
  for (const it of items) {
    if (it.kind === 'folder') collectEnums(it.children, out);
    else if (it.enums) out.push(...it.enums);
    else for (const list of Object.values(docParams(it))) walk(list as NParam[]);
  }
  return out;
}

/** Signature of what a doc's hash depends on besides its raw item: its dictionaries' ids and the Dubbo info it inherits. */
function contextSignature(enums: NEnum[], enumIds: Map<string, number>, dubbo: DubboInfo | null): string {
  if (!enums.length && !dubbo) return '-';
  return md5(JSON.stringify([enums.map((e) => enumIds.get(e.name) ?? 0), dubbo]));
}

function countItems(items: NItem[]): number {
  let n = 0;
  for (const it of items) n += 1 + (it.kind === 'folder' ? countItems(it.children) : 0);
  return n;
}

/** Bounds of the raw-item cache: entries, and approximate bytes of the docs it holds. */
const RAW_CACHE_MAX = 100_000;
const RAW_CACHE_MAX_BYTES = 64 * 1024 * 1024;
let rawCacheBytes = 0;

/** Approximate heap bytes of a cached doc (its texts twice over, plus the object). */
const docBytes = (d: NDoc) =>
  400 + 2 * (d.name.length + d.description.length + d.url.length + d.author.length + d.definition.length + d.contentType.length);
/**
 * `${moduleId}:${rawFp}` → the doc a push stored from that raw item, its hash and context, and the
 * item as normalised (without params) for the leaves of scanned pushes (process-local, bounded).
 */
const rawCache = new Map<string, { docId: number; md5: string; ctxSig: string; doc: NDoc }>();

/** True when a push to the application already stored a doc from this raw item (see normalizePayload's `known`). */
export function knownRawItem(moduleId: number, rawFp: string): boolean {
  return rawCache.has(`${moduleId}:${rawFp}`);
}

/** Forgets every raw-item fingerprint (as after a restart; benchmarks measure the cold path with it). */
export function clearRawCache(): void {
  rawCache.clear();
  rawCacheBytes = 0;
}

/** The normalised doc (without params) a push to the application stored from this raw item, if cached. */
export function cachedRawDoc(moduleId: number, rawFp: string): NDoc | undefined {
  return rawCache.get(`${moduleId}:${rawFp}`)?.doc;
}

interface PlannedDoc {
  item: NDoc;
  parentId: number;
  parentDubbo: DubboInfo | null;
  dataId: string;
  docKey: string;
  existing: DocRowLite | undefined;
  hash: string;
  /** Signature of the context the hash depends on besides the raw item (dictionary ids, parent Dubbo info). */
  ctxSig: string;
  detail: DocDetail | null;
  /** The params of `detail` that link a dictionary. */
  enumParams: DocParam[];
  /** PostgreSQL: the id reserved for a doc the application never had, whose params were streamed (see streamFreshParams). */
  freshId?: number;
  /** The dictionaries the item's params named, taken before its detail was built (for the raw-item cache). */
  docEnums?: NEnum[] | null;
}

/** The param sets a written doc replaces: the trees built for its hash (sorted; ties keep their sent order), and its error codes. */
function docParamSets(p: PlannedDoc, id: number, enumIds: Map<string, number>, enumIdOf: Map<string, number>): ParamSet[] {
  const d = p.detail as DocDetail;
  const sets: ParamSet[] = [];
  for (const [style, params] of [
    [ParamStyle.PATH, d.pathParams],
    [ParamStyle.HEADER, d.headerParams],
    [ParamStyle.REQUEST, d.requestParams],
    [ParamStyle.RESPONSE, d.responseParams],
    [ParamStyle.QUERY, d.queryParams],
  ] as const) {
    sets.push({ ownerId: id, style, params, enumIdOf, createMode: 1 });
  }
  sets.push({ ownerId: id, style: ParamStyle.CODE, params: toParamInputs(docParams(p.item)[ParamStyle.CODE] ?? [], enumIds) });
  return sets;
}

/** Params below which the docs an application never had take the usual path (one COPY after the loop). */
const STREAM_MIN_PARAMS = 500;

/**
 * PostgreSQL: the params of the docs the application never had go to the server while the merge builds
 * their details and hashes (the server inserts them on its own core meanwhile), instead of in one COPY
 * afterwards. Ids are reserved first for those docs; `add` streams a doc's params as soon as its detail is
 * built. Between opening and `end()`/`abort()`, nothing else may use the transaction (the loop it serves
 * runs without awaiting).
 */
async function streamFreshParams(tx: Tx, docs: PlannedDoc[], enumIds: Map<string, number>, enumIdOf: Map<string, number>) {
  const fresh = docs.filter((p) => !p.existing);
  let params = 0;
  for (const p of fresh) {
    const byStyle = docParams(p.item);
    for (const style of Object.values(ParamStyle)) params += countParams(byStyle[style] ?? []);
  }
  if (params < STREAM_MIN_PARAMS) return null;
  const docIds = await pgReserveIds(tx, 'docs', fresh.length);
  fresh.forEach((p, i) => {
    p.freshId = docIds[i];
  });
  const copy = await openParamCopy(tx, ParamOwner.DOC);
  return {
    add(p: PlannedDoc) {
      if (p.freshId) copyParamSets(copy, docParamSets(p, p.freshId, enumIds, enumIdOf));
    },
    end: () => copy.end(),
    abort: (err: Error) => copy.abort(err),
  };
}

/** Columns a new doc row takes from the schema's defaults (the merge does not set them). */
const NEW_DOC_DEFAULTS = { status: 5, isLocked: 0, remark: '' } as const;

/**
 * The content after the merge of the docs it wrote, for the doc-change listeners (without param ids:
 * history keys params by name, mocks and notices read values). A brand-new doc's detail is built from
 * what was written (its row and the param trees already built for its hash, with their dictionaries),
 * so a large import does not read back every param; updated and revived docs are read back, since their
 * rows keep columns the merge does not write.
 */
async function afterDetails(
  app: FastifyInstance,
  tx: Tx,
  writes: PlannedDoc[],
  idOf: Map<string, number>,
  written: WrittenParams,
  enumIds: Map<string, number>,
  rowOf: (p: PlannedDoc, content: boolean) => Record<string, unknown>,
): Promise<Map<number, DocDetail>> {
  const fresh = writes.filter((p) => !p.existing && p.detail && idOf.get(p.dataId));
  const freshIds = new Set(fresh.map((p) => idOf.get(p.dataId) as number));
  const readIds = writes.map((p) => idOf.get(p.dataId)).filter((id): id is number => !!id && !freshIds.has(id));
  // The rows written for the docs read back are what a reload would read (all of them: `written.owners`).
  const out = await loadDocDetails(app.ctx, readIds, tx, { paramRows: written.rows, paramIds: false });
  if (!fresh.length) return out;
  const enums = await loadEnums(tx, app.ctx.ids, [...enumIds.values()]);
  const byCode = new Map([...enums.values()].map((e) => [e.id as string, { info: e, content: enumContent(e) }]));
  for (const p of fresh) {
    const id = idOf.get(p.dataId) as number;
    const d = p.detail as DocDetail;
    const byStyle = new Map<number, DocParam[]>([
      [ParamStyle.HEADER, d.headerParams],
      [ParamStyle.PATH, d.pathParams],
      [ParamStyle.QUERY, d.queryParams],
      [ParamStyle.REQUEST, d.requestParams],
      [ParamStyle.RESPONSE, d.responseParams],
    ]);
    for (const x of p.enumParams) {
      const e = byCode.get(x.enumId ?? '');
      if (e) {
        x.enumInfo = e.info;
        x.enumContent = e.content;
      }
    }
    // (Object.assign onto the fresh row: a spread of this 30-column object costs about 0.1 ms.)
    const row = Object.assign(rowOf(p, true), NEW_DOC_DEFAULTS, {
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

/**
 * Merges a push payload into an application. One transaction (the given one, or a new one). Callers
 * outside the open API that may race with pushes should wrap the call in `withModuleLock(moduleId, …)`
 * (push-lock.ts) when they do not pass their own transaction.
 */
export async function mergePush(app: FastifyInstance, input: MergeInput, tx?: Tx): Promise<MergeResult> {
  const norm = normalizePayload(input.payload);
  return inTx(tx ?? app.ctx.db, (t) => mergeNormalized(app, t, input, norm));
}

/** The merge of an already normalised payload (inside a transaction). */
export async function mergeNormalized(app: FastifyInstance, tx: Tx, input: MergeInput, norm: NPayload): Promise<MergeResult> {
  const { ids } = app.ctx;
  const moduleId = input.moduleId;
  const now = Date.now();
  const batchId = input.batchId ?? randomUUID();
  const progress = input.onProgress ?? (async () => {});
  const nickname = norm.author || input.user.nickname || 'OpenAPI';
  const userId = input.user.id;
  const outcome: MergeResult = {
    added: 0,
    updated: 0,
    unchanged: 0,
    deleted: 0,
    skippedLocked: 0,
    folders: 0,
    errors: [],
    batchId,
    changedNames: [],
    pendingDeleteIds: [],
    runId: '',
  };
  // The application's row is locked for the transaction: merges into one application from several
  // server processes on one PostgreSQL/MariaDB database run one after another (SQLite has one writer).
  const modQuery = tx.selectFrom('modules').select(['id', 'projectId']).where('id', '=', moduleId).where('isDeleted', '=', 0);
  const mod = await (app.ctx.dialect === 'sqlite' ? modQuery : modQuery.forUpdate()).executeTakeFirst();
  if (!mod) throw new Error(`application ${moduleId} not found`);

  const isOverride = input.isOverride ?? (norm.isOverride === 1 || (await overrideSwitch(app, tx, moduleId)));
  const isReplace = input.isReplace ?? (norm.isReplace ?? 1) === 1;
  const doDelete = isReplace && !isOverride;

  // Dictionaries first: params link to them and their ids are part of the content hash.
  const enumIds = await upsertEnums(tx, app.ctx.dialect, moduleId, collectEnums(norm.items));
  await upsertDebugEnvs(app, tx, moduleId, norm.debugEnvs);
  await progress(5);

  const existingRows: DocRowLite[] = await tx
    .selectFrom('docs')
    .select([...CORE_COLUMNS])
    .where('moduleId', '=', moduleId)
    .execute();
  await readWide(
    tx,
    existingRows.filter((r) => r.isFolder),
  );
  const byDataId = new Map(existingRows.map((r) => [r.dataId, r]));
  const byId = new Map(existingRows.map((r) => [r.id, r]));
  // Locked: locked live rows and every live row below a locked folder.
  const locked = new Set<number>();
  const isUnderLock = (r: DocRowLite): boolean => {
    const seen = new Set<number>();
    let cur: DocRowLite | undefined = r;
    while (cur && !seen.has(cur.id)) {
      if (cur.isLocked && !cur.isDeleted) return true;
      seen.add(cur.id);
      cur = cur.parentId ? byId.get(cur.parentId) : undefined;
    }
    return false;
  };
  for (const r of existingRows) if (!r.isDeleted && isUnderLock(r)) locked.add(r.id);
  const ignoreDescription = new Set(
    (
      await tx
        .selectFrom('pushIgnoreFields')
        .select(['dataId'])
        .where('moduleId', '=', moduleId)
        .where('fieldName', '=', 'description')
        .execute()
    ).map((r) => r.dataId),
  );
  const existingDubbo = await loadDubboInfo(
    tx,
    existingRows.filter((r) => r.isFolder && !r.isDeleted).map((r) => r.id),
  );

  // Folders, level by level (a folder's identity includes its parent's id).
  const touched = new Set<number>();
  const parentOf = new Map<number, number>(existingRows.map((r) => [r.id, r.parentId]));
  const planned = new Map<string, PlannedDoc>();
  const dubboWrites: { refId: number; info: DubboInfo }[] = [];
  let level: { item: NItem; parentId: number; parentDubbo: DubboInfo | null }[] = norm.items.map((item) => ({
    item,
    parentId: 0,
    parentDubbo: null,
  }));
  const encode = (n: number) => ids.encode(n);
  while (level.length) {
    const next: typeof level = [];
    const newFolders: { f: NFolder; row: Record<string, unknown>; parentDubbo: DubboInfo | null }[] = [];
    for (const { item, parentId, parentDubbo } of level) {
      if (item.kind === 'doc') {
        const key = pushedDocKey(moduleId, item);
        const did = dataId(key, item.version);
        if (planned.has(did))
          outcome.errors.push({ path: item.path, message: `duplicate of ${planned.get(did)?.item.path}; the later one is kept` });
        planned.set(did, {
          item,
          parentId,
          parentDubbo,
          dataId: did,
          docKey: key,
          existing: byDataId.get(did),
          hash: '',
          ctxSig: '',
          detail: null,
          enumParams: [],
        });
        continue;
      }
      const key = folderKey(moduleId, parentId, item.name);
      const did = dataId(key, '');
      const ex = byDataId.get(did);
      if (ex && !ex.isDeleted && locked.has(ex.id)) {
        outcome.skippedLocked += 1 + countItems(item.children);
        touched.add(ex.id);
        continue;
      }
      outcome.folders++;
      const row = {
        moduleId,
        parentId,
        dataId: did,
        docKey: key,
        md5: '',
        name: item.name,
        description: item.description,
        author: item.author,
        type: item.type,
        isFolder: 1,
        isShow: item.isShow,
        orderIndex: item.orderIndex,
        createMode: 1,
        modifySource: ModifySource.PUSH,
        creatorId: userId,
        creatorName: nickname,
        modifierId: userId,
        modifierName: nickname,
        createdAt: now,
        updatedAt: now,
        isDeleted: 0,
      };
      if (!ex) {
        newFolders.push({ f: item, row, parentDubbo });
        continue;
      }
      touched.add(ex.id);
      await readWide(tx, [ex]);
      const w = wideOf(ex);
      const changed =
        ex.isDeleted ||
        ex.parentId !== parentId ||
        w.name !== item.name ||
        w.description !== item.description ||
        w.author !== item.author ||
        w.type !== item.type ||
        ex.isShow !== item.isShow ||
        ex.orderIndex !== item.orderIndex ||
        !ex.isFolder;
      if (changed) {
        await tx
          .updateTable('docs')
          .set({
            parentId,
            name: item.name,
            description: item.description,
            author: item.author,
            type: item.type,
            isShow: item.isShow,
            orderIndex: item.orderIndex,
            isFolder: 1,
            isDeleted: 0,
            modifierId: userId,
            modifierName: nickname,
            updatedAt: now,
          })
          .where('id', '=', ex.id)
          .execute();
        parentOf.set(ex.id, parentId);
      }
      const have = existingDubbo.get(ex.id) ?? null;
      if (item.dubboInfo && !sameDubbo(have, item.dubboInfo)) dubboWrites.push({ refId: ex.id, info: fullDubbo(item.dubboInfo) });
      const dubbo = item.dubboInfo ? fullDubbo(item.dubboInfo) : have;
      for (const c of item.children) next.push({ item: c, parentId: ex.id, parentDubbo: dubbo });
    }
    if (newFolders.length) {
      const newIds = await insertManyReturningIds(
        tx,
        app.ctx.dialect,
        'docs',
        newFolders.map((n) => n.row),
      );
      newFolders.forEach(({ f }, i) => {
        const id = newIds[i];
        touched.add(id);
        parentOf.set(id, newFolders[i].row.parentId as number);
        if (f.dubboInfo) dubboWrites.push({ refId: id, info: fullDubbo(f.dubboInfo) });
        const dubbo = f.dubboInfo ? fullDubbo(f.dubboInfo) : null;
        for (const c of f.children) next.push({ item: c, parentId: id, parentDubbo: dubbo });
      });
    }
    level = next;
  }
  await progress(20);

  // Docs: content hash of what the push would store; unchanged docs cost nothing more.
  const updateCandidates: PlannedDoc[] = [];
  const writes: PlannedDoc[] = [];
  const structural: PlannedDoc[] = [];
  const toBuild: PlannedDoc[] = [];
  for (const p of planned.values()) {
    const ex = p.existing;
    if (ex && !ex.isDeleted && locked.has(ex.id)) {
      outcome.skippedLocked++;
      touched.add(ex.id);
      continue;
    }
    const it = p.item;
    const dubbo = it.dubboInfo ? fullDubbo(it.dubboInfo) : p.parentDubbo;
    // A doc sent exactly as in an earlier push that stored it (same raw item, same dictionaries and
    // parent Dubbo info, and the stored hash still the one written then) is known unchanged: its params
    // are not even built.
    const known = it.rawFp ? rawCache.get(`${moduleId}:${it.rawFp}`) : undefined;
    if (known && ex && !ex.isDeleted && known.docId === ex.id && known.md5 === ex.md5) {
      const ctxSig = contextSignature(it.enums ?? [], enumIds, dubbo);
      if (known.ctxSig === ctxSig) {
        p.hash = ex.md5;
        p.ctxSig = ctxSig;
        touched.add(ex.id);
        const sameShape = ex.parentId === p.parentId && ex.orderIndex === it.orderIndex && ex.isShow === it.isShow && ex.createMode === 1;
        if (sameShape) outcome.unchanged++;
        else structural.push(p);
        continue;
      }
    }
    toBuild.push(p);
  }
  await readWide(
    tx,
    toBuild.map((p) => p.existing),
  );
  const enumIdOf = new Map([...enumIds.values()].map((n) => [encode(n), n]));
  const stream = app.ctx.dialect === 'postgres' ? await streamFreshParams(tx, toBuild, enumIds, enumIdOf) : null;
  try {
    for (const p of toBuild) {
      const ex = p.existing;
      const w = ex?.wide;
      const it = p.item;
      const keepDescription = ex && ignoreDescription.has(p.dataId);
      const dubbo = it.dubboInfo ? fullDubbo(it.dubboInfo) : p.parentDubbo;
      const params = docParams(it);
      const list = (s: number) => toDocParams(params[s] ?? [], enumIds, encode, p.enumParams);
      // (Before the lists are built: building them turns the params' dictionaries into ids.)
      p.docEnums = it.rawFp ? collectEnums([it]) : null;
      p.ctxSig = p.docEnums ? contextSignature(p.docEnums, enumIds, dubbo) : '';
      p.detail = {
        name: it.name,
        description: keepDescription ? (w?.description ?? '') : it.description,
        author: it.author,
        url: it.url,
        httpMethod: it.httpMethod,
        contentType: it.contentType,
        deprecated: it.deprecated,
        version: it.version,
        definition: it.definition,
        type: it.type,
        isUseGlobalHeaders: w?.isUseGlobalHeaders ?? 1,
        isUseGlobalParams: w?.isUseGlobalParams ?? 1,
        isUseGlobalReturns: w?.isUseGlobalReturns ?? 1,
        isRequestArray: it.isRequestArray,
        isResponseArray: it.isResponseArray,
        requestArrayType: it.requestArrayType,
        responseArrayType: it.responseArrayType,
        dubboInfo: dubbo,
        headerParams: list(ParamStyle.HEADER),
        pathParams: list(ParamStyle.PATH),
        queryParams: list(ParamStyle.QUERY),
        requestParams: list(ParamStyle.REQUEST),
        responseParams: list(ParamStyle.RESPONSE),
        errorCodeParams: sortParams(params[ParamStyle.CODE] ?? []).map((c) => ({ code: c.name, msg: c.description, solution: c.example })),
      } as unknown as DocDetail;
      p.hash = contentHash(p.detail);
      if (ex && !ex.isDeleted) {
        touched.add(ex.id);
        const sameShape =
          ex.parentId === p.parentId && ex.orderIndex === it.orderIndex && ex.isShow === it.isShow && !ex.isFolder && ex.createMode === 1;
        if (ex.md5 === p.hash) {
          if (sameShape) outcome.unchanged++;
          else structural.push(p);
          continue;
        }
        updateCandidates.push(p);
      } else {
        writes.push(p);
        stream?.add(p);
      }
    }
  } catch (err) {
    await stream?.abort(err as Error);
    throw err;
  }
  await stream?.end();
  // A stale md5 column (e.g. written by an older version) must not fake a change: compare real content.
  const before = await loadDocDetails(
    app.ctx,
    updateCandidates.map((p) => (p.existing as DocRowLite).id),
    tx,
  );
  for (const p of updateCandidates) {
    const b = before.get((p.existing as DocRowLite).id);
    if (b && contentHash(b) === p.hash) structural.push(p);
    else writes.push(p);
  }
  await progress(40);

  // Row writes: content changes and structural moves in one bulk upsert.
  await readWide(
    tx,
    structural.map((p) => p.existing),
  );
  const rowOf = (p: PlannedDoc, content: boolean): Record<string, unknown> => {
    const it = p.item;
    const ex = p.existing;
    return {
      moduleId,
      parentId: p.parentId,
      dataId: p.dataId,
      docKey: p.docKey,
      md5: p.hash,
      name: it.name,
      description: p.detail ? p.detail.description : (ex?.wide?.description ?? ''),
      author: it.author,
      type: it.type,
      url: it.url,
      version: it.version,
      definition: it.definition,
      httpMethod: it.httpMethod,
      contentType: it.contentType,
      deprecated: it.deprecated,
      isFolder: 0,
      isShow: it.isShow,
      orderIndex: it.orderIndex,
      isRequestArray: it.isRequestArray,
      isResponseArray: it.isResponseArray,
      requestArrayType: it.requestArrayType,
      responseArrayType: it.responseArrayType,
      createMode: 1,
      modifySource: content || !ex ? ModifySource.PUSH : wideOf(ex).modifySource,
      creatorId: userId,
      creatorName: nickname,
      modifierId: content || !ex ? userId : wideOf(ex).modifierId,
      modifierName: content || !ex ? nickname : wideOf(ex).modifierName,
      createdAt: now,
      updatedAt: content || !ex ? now : wideOf(ex).updatedAt,
      isDeleted: 0,
    };
  };
  // Rows the application never had are plain inserts (the application's row is locked, so no other
  // merge can add them meanwhile); the others are upserted.
  const rows = [...writes.filter((p) => p.existing).map((p) => rowOf(p, true)), ...structural.map((p) => rowOf(p, false))];
  const idOf = rows.length ? await upsertDocRows(app, tx, moduleId, rows) : new Map<string, number>();
  const fresh = writes.filter((p) => !p.existing);
  if (fresh.length && stream) {
    // Their ids were reserved when their params were streamed.
    await insertMany(
      tx,
      'docs',
      fresh.map((p) => Object.assign({ id: p.freshId as number }, rowOf(p, true))),
    );
    for (const p of fresh) idOf.set(p.dataId, p.freshId as number);
  } else if (fresh.length) {
    const freshIds = await insertManyReturningIds(
      tx,
      app.ctx.dialect,
      'docs',
      fresh.map((p) => rowOf(p, true)),
    );
    fresh.forEach((p, i) => {
      idOf.set(p.dataId, freshIds[i]);
    });
  }
  outcome.unchanged += structural.length;
  const changedIds: number[] = [];
  const kinds = new Map<number, 'add' | 'update'>();
  const beforeMd5 = new Map<number, string>();
  const writtenRow = new Map<number, { docKey: string; md5: string; created: boolean }>();
  const sets: ParamSet[] = [];
  for (const p of writes) {
    const id = idOf.get(p.dataId);
    if (!id) continue;
    touched.add(id);
    parentOf.set(id, p.parentId);
    changedIds.push(id);
    const isUpdate = !!p.existing && !p.existing.isDeleted;
    kinds.set(id, isUpdate ? KIND_UPDATE : KIND_ADD);
    if (p.existing) beforeMd5.set(id, p.existing.md5);
    writtenRow.set(id, { docKey: p.docKey, md5: p.hash, created: !p.existing });
    if (isUpdate) outcome.updated++;
    else outcome.added++;
    if (outcome.changedNames.length < 50) outcome.changedNames.push(p.item.name);
    // The param trees built for the hash are written as they are (streamed already for a fresh doc).
    if (!p.freshId) sets.push(...docParamSets(p, id, enumIds, enumIdOf));
    if (p.item.dubboInfo) dubboWrites.push({ refId: id, info: fullDubbo(p.item.dubboInfo) });
  }
  for (const p of structural) {
    const id = idOf.get(p.dataId);
    if (id) parentOf.set(id, p.parentId);
  }
  if (rawCache.size > RAW_CACHE_MAX || rawCacheBytes > RAW_CACHE_MAX_BYTES) clearRawCache();
  for (const p of planned.values()) {
    const id = idOf.get(p.dataId) ?? p.existing?.id;
    if (!id || !p.hash || !p.item.rawFp) continue;
    const key = `${moduleId}:${p.item.rawFp}`;
    const had = rawCache.get(key);
    if (had && had.docId === id && had.md5 === p.hash && had.ctxSig === p.ctxSig) continue;
    const doc: NDoc = { ...p.item, params: null, raw: null, rawText: null, enums: p.docEnums ?? collectEnums([p.item]) };
    rawCache.set(key, { docId: id, md5: p.hash, ctxSig: p.ctxSig, doc });
    rawCacheBytes += docBytes(doc) - (had ? docBytes(had.doc) : 0);
  }
  // Every param of the written docs is (re)inserted here: the rows written are what a reload would read
  // (kept for the docs whose details are read back, see afterDetails).
  const written: WrittenParams = {
    owners: new Set(writes.filter((p) => p.existing).map((p) => idOf.get(p.dataId) ?? 0)),
    rows: [],
  };
  await replaceParams(tx, ParamOwner.DOC, sets, written);
  await writeDubboProps(tx, dubboWrites);
  await progress(70);

  // Replace: delete pushed docs this push (or an earlier chunk of the same run) did not send.
  let runTouched = new Set<number>();
  let runId = batchId;
  if (input.source === 'push' && doDelete) {
    const sig = runSignature(norm, input.runHint ?? '');
    const keys = topKeys(norm);
    const prev = continuingRun(app, moduleId, sig, keys);
    if (prev) {
      runTouched = prev.touched;
      runId = prev.runId;
    }
    recordRun(moduleId, prev, { runId, signature: sig, keys, touched });
  }
  outcome.runId = runId;
  if (doDelete) {
    const keep = (r: DocRowLite) => touched.has(r.id) || runTouched.has(r.id) || locked.has(r.id);
    const deleteDocs = existingRows.filter((r) => !r.isDeleted && !r.isFolder && r.createMode === 1 && r.version === '' && !keep(r));
    const deleted = new Set(deleteDocs.map((r) => r.id));
    // Folders survive while anything live remains below them.
    const needed = new Set<number>();
    const mark = (id: number) => {
      let cur = parentOf.get(id) ?? 0;
      const seen = new Set<number>();
      while (cur && !seen.has(cur)) {
        seen.add(cur);
        needed.add(cur);
        cur = parentOf.get(cur) ?? 0;
      }
    };
    for (const r of existingRows) {
      if (r.isDeleted || deleted.has(r.id)) continue;
      if (!r.isFolder || r.createMode !== 1 || keep(r)) mark(r.id);
    }
    for (const id of touched) mark(id);
    const deleteFolders = existingRows.filter((r) => !r.isDeleted && r.isFolder && r.createMode === 1 && !keep(r) && !needed.has(r.id));
    const all = [...deleteDocs.map((r) => r.id), ...deleteFolders.map((r) => r.id)];
    for (let i = 0; i < all.length; i += 500) {
      await tx
        .updateTable('docs')
        .set({ isDeleted: 1, modifierId: userId, modifierName: nickname, updatedAt: now })
        .where('id', 'in', all.slice(i, i + 500))
        .execute();
    }
    outcome.deleted = deleteDocs.length;
    outcome.pendingDeleteIds = deleteDocs.map((r) => r.id);
    const named = deleteDocs.slice(0, Math.max(0, 50 - outcome.changedNames.length));
    await readWide(tx, named);
    for (const r of named) outcome.changedNames.push(wideOf(r).name);
  }
  await writeErrorCodePage(tx, app, moduleId, norm.commonErrorCodes);
  await progress(85);

  // Events: history, notices, mocks. Deletions of a push are emitted when its run settles.
  const after = await afterDetails(app, tx, writes, idOf, written, enumIds, rowOf);
  const changes: DocChange[] = [];
  for (const id of changedIds) {
    const a = after.get(id);
    if (!a) continue;
    const kind = kinds.get(id) ?? KIND_ADD;
    const w = writtenRow.get(id);
    changes.push({
      docId: id,
      moduleId,
      source: ModifySource.PUSH,
      kind,
      userId,
      nickname,
      before: kind === KIND_UPDATE ? (before.get(id) ?? null) : null,
      beforeMd5: kind === KIND_UPDATE ? beforeMd5.get(id) : undefined,
      after: a,
      row: w && { docKey: w.docKey, md5: w.md5 },
      created: w?.created,
      batchId,
    });
  }
  if (input.source === 'import' && outcome.pendingDeleteIds.length) {
    const gone = await loadDocDetails(app.ctx, outcome.pendingDeleteIds, tx, { includeDeleted: true });
    for (const id of outcome.pendingDeleteIds) {
      const b = gone.get(id);
      if (b)
        changes.push({ docId: id, moduleId, source: ModifySource.PUSH, kind: 'delete', userId, nickname, before: b, after: null, batchId });
    }
    outcome.pendingDeleteIds = [];
  }
  await emitDocChanges(app, tx, changes);
  await progress(100);
  return outcome;
}
