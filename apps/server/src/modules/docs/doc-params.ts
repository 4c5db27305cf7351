/**
 * Parameter trees in the one `params` table (docs, module common params, environments, compose
 * projects): bulk load in one query per chunk of owners, bulk replace level by level.
 */
import { type DocParam, type EnumInfo, ParamStyle } from '@folio/shared';
import type { Dialect } from '../../config.js';
import type { Conn } from '../../db/database.js';
import { insertManyReturningIds, type PgCopy, pgCopyInsert, pgOpenCopy, pgReserveIds, sqliteBulkInsert } from '../../db/database.js';
import type { ParamRow } from '../../db/types.js';
import type { IdCodec } from '../../lib/ids.js';

/** A parameter to write (internal ids). */
export interface ParamInput {
  name: string;
  type: string;
  required: number;
  maxLength: string;
  example: string;
  description: string;
  /** A dictionary id, or (a doc detail's param as is) its encoded form, resolved through the set's `enumIdOf`. */
  enumId?: number | string;
  orderIndex: number;
  dataId?: string;
  createMode?: number;
  children: ParamInput[];
}

/** One owner's params of one style to replace. */
export interface ParamSet {
  ownerId: number;
  style: number;
  params: ParamInput[];
  /** Encoded dictionary id → id, for params given with encoded ids. */
  enumIdOf?: Map<string, number>;
  /** createMode of params that do not say. */
  createMode?: number;
  /** True when no text of these params holds a surrogate (checked by the caller): the rows read back exactly. */
  plainTexts?: boolean;
}

const CHUNK = 500;

/** Loads every param row of the given owners (one query per 500 owners). */
export async function loadParamRows(conn: Conn, ownerType: number, ownerIds: number[]): Promise<ParamRow[]> {
  const out: ParamRow[] = [];
  const unique = [...new Set(ownerIds)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK);
    const rows = await conn
      .selectFrom('params')
      .selectAll()
      .where('ownerType', '=', ownerType)
      .where('ownerId', 'in', part)
      .orderBy('orderIndex')
      .orderBy('id')
      .execute();
    for (const r of rows) out.push(r);
  }
  return out;
}

/** The columns a param tree needs. */
export type ParamTreeRow = Pick<
  ParamRow,
  'id' | 'ownerId' | 'parentId' | 'style' | 'name' | 'type' | 'required' | 'maxLength' | 'example' | 'description' | 'enumId' | 'orderIndex'
>;

const TREE_COLS = [
  'id',
  'ownerId',
  'parentId',
  'style',
  'name',
  'type',
  'required',
  'maxLength',
  'example',
  'description',
  'enumId',
  'orderIndex',
] as const;

/**
 * Loads only the tree columns of the given owners' params (in no promised order: the tree builder orders
 * them by id, then by orderIndex, stably): the hot path of doc views.
 */
export async function loadParamTreeRows(conn: Conn, ownerType: number, ownerIds: number[]): Promise<ParamTreeRow[]> {
  const out: ParamTreeRow[] = [];
  const unique = [...new Set(ownerIds)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK);
    const q = conn.selectFrom('params').select(TREE_COLS).where('ownerType', '=', ownerType);
    const rows = await (part.length === 1 ? q.where('ownerId', '=', part[0]) : q.where('ownerId', 'in', part)).execute();
    for (const r of rows) out.push(r);
  }
  return out;
}

/**
 * The rows with each owner's in id order (the order they were written, which ties in orderIndex keep). SQLite
 * and MySQL read an owner's rows through its index, in id order already; PostgreSQL reads them in the order
 * they lie in the table, where space freed by deleted rows can put newer ones first.
 */
function inIdOrder(rows: ParamTreeRow[]): ParamTreeRow[] {
  const last = new Map<number, number>();
  for (const r of rows) {
    if ((last.get(r.ownerId) ?? 0) > r.id) return [...rows].sort((a, b) => a.id - b.id);
    last.set(r.ownerId, r.id);
  }
  return rows;
}

/** Turns rows into trees: ownerId → style → roots (children nested, ordered). */
export function buildParamTrees(
  rows: ParamTreeRow[],
  ids: IdCodec,
  enums: Map<number, EnumInfo> = new Map(),
  /** False leaves out the params' own ids (encoding costs about a microsecond each; exports and listeners need none). */
  withIds = true,
): Map<number, Map<number, DocParam[]>> {
  rows = inIdOrder(rows);
  const nodes = new Map<number, DocParam>();
  const contents = new Map<number, string>();
  const made: DocParam[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const info = r.enumId ? enums.get(r.enumId) : undefined;
    let content = '';
    if (info) {
      content = contents.get(r.enumId) ?? enumContent(info);
      contents.set(r.enumId, content);
    }
    const n: DocParam = {
      id: withIds ? ids.encode(r.id) : undefined,
      name: r.name,
      type: r.type,
      required: r.required,
      maxLength: r.maxLength,
      example: r.example,
      description: r.description,
      enumId: r.enumId ? ids.encode(r.enumId) : '',
      enumInfo: r.enumId ? (info ?? null) : null,
      enumContent: content,
      orderIndex: r.orderIndex,
      children: [],
    };
    made[i] = n;
    nodes.set(r.id, n);
  }
  const out = new Map<number, Map<number, DocParam[]>>();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const n = made[i];
    // A row whose id repeats (not expected) keeps only its last node, as a map by id would.
    if (nodes.get(r.id) !== n) continue;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent) parent.children.push(n);
    else {
      let byStyle = out.get(r.ownerId);
      if (!byStyle) {
        byStyle = new Map();
        out.set(r.ownerId, byStyle);
      }
      const list = byStyle.get(r.style) ?? [];
      list.push(n);
      byStyle.set(r.style, list);
    }
  }
  // Children and roots by orderIndex (stable: ties keep row order, which is id order: the order written).
  const sort = (ps: DocParam[]): DocParam[] => {
    ps.sort((a, b) => a.orderIndex - b.orderIndex);
    for (const p of ps) if (p.children.length) sort(p.children);
    return ps;
  };
  for (const byStyle of out.values()) for (const list of byStyle.values()) sort(list);
  return out;
}

/** Human text of an enum's items ("A=1 phone, B=2 ..."). */
export function enumContent(e: EnumInfo): string {
  return e.items
    .map((i) => `${i.name}${i.value !== '' && i.value !== i.name ? `=${i.value}` : ''}${i.description ? ` ${i.description}` : ''}`)
    .join(', ');
}

/** Loads dictionaries (with items) by id. */
export async function loadEnums(conn: Conn, ids: IdCodec, enumIds: number[]): Promise<Map<number, EnumInfo>> {
  const unique = [...new Set(enumIds.filter((x) => x > 0))];
  const out = new Map<number, EnumInfo>();
  if (!unique.length) return out;
  const infos = await conn.selectFrom('enumInfos').selectAll().where('id', 'in', unique).where('isDeleted', '=', 0).execute();
  const items = await conn.selectFrom('enumItems').selectAll().where('enumId', 'in', unique).orderBy('orderIndex').orderBy('id').execute();
  for (const i of infos) out.set(i.id, { id: ids.encode(i.id), name: i.name, description: i.description, items: [] });
  for (const it of items) {
    out.get(it.enumId)?.items.push({ id: ids.encode(it.id), name: it.name, type: it.type, value: it.value, description: it.description });
  }
  return out;
}

/**
 * Replaces the params of the given (owner, style) sets: deletes what was there for those owners and
 * styles, then inserts level by level (one multi-row insert per level and chunk). With `written`, the
 * tree columns of every inserted row are appended to it, in id order (what `loadParamTreeRows` would read).
 */
export async function replaceParams(
  conn: Conn,
  dialect: Dialect,
  ownerType: number,
  sets: ParamSet[],
  written?: WrittenParams,
): Promise<void> {
  if (!sets.length) return;
  const byOwner = new Map<number, Set<number>>();
  for (const s of sets) {
    const st = byOwner.get(s.ownerId) ?? new Set<number>();
    st.add(s.style);
    byOwner.set(s.ownerId, st);
  }
  // Group owners by identical style sets to delete in few queries.
  const groups = new Map<string, number[]>();
  for (const [owner, styles] of byOwner) {
    const k = [...styles].sort().join(',');
    groups.set(k, [...(groups.get(k) ?? []), owner]);
  }
  for (const [k, owners] of groups) {
    const styles = k.split(',').map(Number);
    for (let i = 0; i < owners.length; i += CHUNK) {
      await conn
        .deleteFrom('params')
        .where('ownerType', '=', ownerType)
        .where('ownerId', 'in', owners.slice(i, i + CHUNK))
        .where('style', 'in', styles)
        .execute();
    }
  }
  await insertParams(conn, dialect, ownerType, sets, written);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const SURROGATE = /[\uD800-\uDFFF]/;
const readsBack = (s: string) => !SURROGATE.test(s) || !LONE_SURROGATE.test(s);

/**
 * What `replaceParams` reports of the rows it wrote: their tree columns (of the given owners, or all), in
 * id order (what `loadParamTreeRows` would read), and whether every text reads back exactly: text with a
 * lone surrogate (not valid UTF-16) does not (each driver replaces it its own way), so such a writer must
 * read back.
 */
export interface WrittenParams {
  owners?: Set<number>;
  rows: ParamTreeRow[];
  exact: boolean;
}

/** The columns insertParams writes (besides ownerType and the times, the same for every row). */
const PARAM_COLUMNS = [...TREE_COLS.slice(1), 'dataId', 'createMode'];

/**
 * One level of the params to insert, as columns (no object per param: 74k of them for a large import):
 * each param, its set, the position of its parent in the level above (-1 at the top) and, once known, its id.
 */
interface ParamLevel {
  ps: ParamInput[];
  sets: ParamSet[];
  parents: number[];
  ids: number[];
  /** The level above (null at the top). */
  up: ParamLevel | null;
}

/** The params of some sets, level by level (at most 64 levels): the order their ids ascend in. */
function paramLevels(sets: ParamSet[]): ParamLevel[] {
  const levels: ParamLevel[] = [];
  let level: ParamLevel = { ps: [], sets: [], parents: [], ids: [], up: null };
  for (const s of sets)
    for (const p of s.params) {
      level.ps.push(p);
      level.sets.push(s);
      level.parents.push(-1);
    }
  while (level.ps.length && levels.length < 64) {
    levels.push(level);
    const next: ParamLevel = { ps: [], sets: [], parents: [], ids: [], up: level };
    for (let i = 0; i < level.ps.length; i++) {
      const children = level.ps[i].children;
      if (!children?.length) continue;
      const set = level.sets[i];
      for (const c of children) {
        next.ps.push(c);
        next.sets.push(set);
        next.parents.push(i);
      }
    }
    level = next;
  }
  return levels;
}

/**
 * Param `i` of a level as a row's values in PARAM_COLUMNS order: written straight into the statements on
 * SQLite and into COPY's text on PostgreSQL, row objects elsewhere.
 */
function fillParam(lv: ParamLevel, i: number, out: unknown[], at: number): void {
  const p = lv.ps[i];
  const set = lv.sets[i];
  const parent = lv.parents[i];
  const e = p.enumId;
  out[at] = set.ownerId;
  out[at + 1] = parent >= 0 && lv.up ? lv.up.ids[parent] : 0;
  out[at + 2] = set.style;
  out[at + 3] = p.name.slice(0, 255);
  out[at + 4] = (p.type || 'string').slice(0, 64);
  out[at + 5] = p.required ? 1 : 0;
  out[at + 6] = (p.maxLength ?? '').slice(0, 32);
  out[at + 7] = p.example ?? '';
  out[at + 8] = p.description ?? '';
  out[at + 9] = typeof e === 'string' ? (e ? (set.enumIdOf?.get(e) ?? 0) : 0) : e || 0;
  out[at + 10] = p.orderIndex || 0;
  out[at + 11] = p.dataId ?? '';
  out[at + 12] = p.createMode ?? set.createMode ?? 0;
}

/** How many params the given trees hold (what insertParams or copyParamSets will write of them). */
export function countParams(trees: readonly { children?: readonly unknown[] | null }[], depth = 0): number {
  if (depth >= 64) return 0;
  let n = trees.length;
  for (const t of trees) if (t.children?.length) n += countParams(t.children as { children?: unknown[] }[], depth + 1);
  return n;
}

/** PostgreSQL: an open COPY into `params` for copyParamSets (ids given by the caller). */
export function openParamCopy(conn: Conn, ownerType: number): Promise<PgCopy> {
  const now = Date.now();
  return pgOpenCopy(conn, 'params', ['id', ...PARAM_COLUMNS], { ownerType, createdAt: now, updatedAt: now });
}

/**
 * PostgreSQL: adds the param trees of some sets to an open COPY (openParamCopy), level by level, each param
 * taking its id from `takeId` (ids reserved beforehand with pgReserveIds). For owners the COPY's table never
 * had params of (nothing is deleted). Synchronous: the rows go out while the caller goes on. Returns whether
 * every text reads back exactly (see WrittenParams).
 */
export function copyParamSets(copy: PgCopy, sets: ParamSet[], takeId: () => number): boolean {
  let exact = true;
  for (const lv of paramLevels(sets)) {
    for (let i = 0; i < lv.ps.length; i++) {
      const id = takeId();
      lv.ids.push(id);
      copy.row((out, at) => {
        out[at] = id;
        fillParam(lv, i, out, at + 1);
        if (exact && !lv.sets[i].plainTexts && !textsReadBack(out, at + 1)) exact = false;
      });
    }
  }
  return exact;
}

/** Whether the texts of a param row (name, type, maxLength, example, description) read back exactly. */
function textsReadBack(out: unknown[], at: number): boolean {
  return (
    readsBack(out[at + 3] as string) &&
    readsBack(out[at + 4] as string) &&
    readsBack(out[at + 6] as string) &&
    readsBack(out[at + 7] as string) &&
    readsBack(out[at + 8] as string)
  );
}

/**
 * Inserts param trees (no deletion), level by level: the ids ascend by level, which is the order
 * `loadParamTreeRows` reads them back in. SQLite and MySQL insert each level and take its ids before its
 * children; PostgreSQL takes every id from the sequence first and writes all levels with one COPY.
 */
export async function insertParams(
  conn: Conn,
  dialect: Dialect,
  ownerType: number,
  sets: ParamSet[],
  written?: WrittenParams,
): Promise<void> {
  const now = Date.now();
  const levels = paramLevels(sets);
  // Whether every text reads back exactly (see WrittenParams): checked as the values are written.
  const checked = (lv: ParamLevel, i: number, out: unknown[], at: number) => {
    fillParam(lv, i, out, at);
    if (written?.exact && !lv.sets[i].plainTexts && !textsReadBack(out, at)) written.exact = false;
  };
  const v: unknown[] = new Array(PARAM_COLUMNS.length);
  const consts = { ownerType, createdAt: now, updatedAt: now };
  if (dialect === 'postgres') {
    let total = 0;
    for (const lv of levels) total += lv.ps.length;
    const ids = await pgReserveIds(conn, 'params', total);
    // Rows in level order, the ids taken in the same order; pgCopyInsert asks for the rows in turn, so a
    // cursor (level, position) follows it.
    let k = 0;
    for (const lv of levels) for (let i = 0; i < lv.ps.length; i++) lv.ids.push(ids[k++]);
    let li = 0;
    let i = -1;
    await pgCopyInsert(conn, 'params', ['id', ...PARAM_COLUMNS], consts, total, (_n, out, o) => {
      if (++i === levels[li].ps.length) {
        li++;
        i = 0;
      }
      out[o] = levels[li].ids[i];
      checked(levels[li], i, out, o + 1);
    });
  } else {
    for (const lv of levels) {
      let newIds = sqliteBulkInsert(conn, 'params', PARAM_COLUMNS, consts, lv.ps.length, (i, out, at) => checked(lv, i, out, at));
      if (!newIds) {
        const rows = lv.ps.map((_, i) => {
          checked(lv, i, v, 0);
          return Object.fromEntries(PARAM_COLUMNS.map((c, j) => [c, v[j]]));
        });
        newIds = await insertManyReturningIds(conn, dialect, 'params', rows, 200, consts);
      }
      lv.ids = newIds;
    }
  }
  if (!written) return;
  for (const lv of levels) {
    for (let i = 0; i < lv.ps.length; i++) {
      if (written.owners && !written.owners.has(lv.sets[i].ownerId)) continue;
      fillParam(lv, i, v, 0);
      written.rows.push({
        id: lv.ids[i],
        ownerId: v[0] as number,
        parentId: v[1] as number,
        style: v[2] as number,
        name: v[3] as string,
        type: v[4] as string,
        required: v[5] as number,
        maxLength: v[6] as string,
        example: v[7] as string,
        description: v[8] as string,
        enumId: v[9] as number,
        orderIndex: v[10] as number,
      });
    }
  }
}

/** Style ids of the doc detail's param lists. */
export const STYLE_OF_LIST = {
  headerParams: ParamStyle.HEADER,
  pathParams: ParamStyle.PATH,
  queryParams: ParamStyle.QUERY,
  requestParams: ParamStyle.REQUEST,
  responseParams: ParamStyle.RESPONSE,
} as const;
