/**
 * Parameter trees of docs, module common params, environments and compose projects: one `param_sets` row per
 * owner and style, holding the whole list (param-set-codec.ts). Bulk load in one query per chunk of owners,
 * bulk replace in one delete per group of owners and one multi-row insert per chunk of sets.
 */
import { type DocParam, type EnumInfo, ParamStyle } from '@folio/shared';
import type { Conn } from '../../db/database.js';
import { insertMany } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { IdCodec } from '../../lib/ids.js';
import { turnTaker } from '../../lib/turns.js';
import { decodeParamSet, encodeParamSet, PARAM_SET_MAX_LEVELS, type StoredParamRow } from './param-set-codec.js';

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
}

const CHUNK = 500;

/** A param as loaded (see StoredParamRow: its id is synthetic, unique within one owner type). */
export type ParamTreeRow = StoredParamRow;

/**
 * Loads the params of the given owners (one query per 500 owners) as rows: each (owner, style)'s in level
 * order, a parent before its children and siblings in their written order (which ties in orderIndex keep).
 */
/** The param lists of one owner (compiled once: a doc read runs it). */
const paramSetsOfOne = prepared(2, (db: Conn, ownerType: number, ownerId: number) =>
  db.selectFrom('paramSets').select(['ownerId', 'style', 'body']).where('ownerType', '=', ownerType).where('ownerId', '=', ownerId),
);

export async function loadParamTreeRows(conn: Conn, ownerType: number, ownerIds: number[]): Promise<ParamTreeRow[]> {
  const out: ParamTreeRow[] = [];
  const unique = [...new Set(ownerIds)];
  // An event-loop turn now and then: Stripe's 500 docs hold 266,000 params.
  const turn = turnTaker();
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK);
    const rows =
      part.length === 1
        ? await paramSetsOfOne(conn, ownerType, part[0])
        : await conn
            .selectFrom('paramSets')
            .select(['ownerId', 'style', 'body'])
            .where('ownerType', '=', ownerType)
            .where('ownerId', 'in', part)
            .execute();
    for (const r of rows) {
      decodeParamSet(r.ownerId, r.style, JSON.parse(r.body), out);
      await turn();
    }
  }
  return out;
}

/** Loaded rows of one owner and style (loadParamTreeRows) as params to write again: the same trees, in the same order. */
export function paramInputsOf(rows: ParamTreeRow[]): ParamInput[] {
  const roots: ParamInput[] = [];
  const byId = new Map<number, ParamInput>();
  for (const r of rows) {
    const p: ParamInput = {
      name: r.name,
      type: r.type,
      required: r.required,
      maxLength: r.maxLength,
      example: r.example,
      description: r.description,
      enumId: r.enumId,
      orderIndex: r.orderIndex,
      dataId: r.dataId,
      createMode: r.createMode,
      children: [],
    };
    byId.set(r.id, p);
    const parent = r.parentId ? byId.get(r.parentId) : undefined;
    if (parent) parent.children.push(p);
    else roots.push(p);
  }
  return roots;
}

/** Deletes every param of the given owners (one query per 500 owners). */
export async function deleteParams(conn: Conn, ownerType: number, ownerIds: number[]): Promise<void> {
  const unique = [...new Set(ownerIds)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    await conn
      .deleteFrom('paramSets')
      .where('ownerType', '=', ownerType)
      .where('ownerId', 'in', unique.slice(i, i + CHUNK))
      .execute();
  }
}

/** Turns rows into trees: ownerId → style → roots (children nested, ordered). */
export function buildParamTrees(
  rows: ParamTreeRow[],
  ids: IdCodec,
  enums: Map<number, EnumInfo> = new Map(),
  /** False leaves out the params' own ids (encoding costs about a microsecond each; exports and listeners need none). */
  withIds = true,
): Map<number, Map<number, DocParam[]>> {
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
  // Children and roots by orderIndex (stable: ties keep row order, the order written).
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
 * styles (one query per group of owners with the same styles), then inserts the sets. With `written`, the
 * rows of every set written are appended to it (what `loadParamTreeRows` would read).
 */
export async function replaceParams(conn: Conn, ownerType: number, sets: ParamSet[], written?: WrittenParams): Promise<void> {
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
    const g = groups.get(k);
    if (g) g.push(owner);
    else groups.set(k, [owner]);
  }
  for (const [k, owners] of groups) {
    const styles = k.split(',').map(Number);
    for (let i = 0; i < owners.length; i += CHUNK) {
      await conn
        .deleteFrom('paramSets')
        .where('ownerType', '=', ownerType)
        .where('ownerId', 'in', owners.slice(i, i + CHUNK))
        .where('style', 'in', styles)
        .execute();
    }
  }
  await insertParams(conn, ownerType, sets, written);
}

/** What `replaceParams` reports of the sets it wrote: their rows (of the given owners, or all), as `loadParamTreeRows` would read them. */
export interface WrittenParams {
  owners?: Set<number>;
  rows: ParamTreeRow[];
}

/** A non-empty set in the stored format: its owner, style and values (encodeParamSet). */
interface EncodedSet {
  ownerId: number;
  style: number;
  values: unknown[];
  /** `values` as stored. */
  body: string;
}

/** The sets in the stored format, empty ones left out. */
/** The sets encoded (an event-loop turn now and then: a 20,000-doc push encodes 100,000 lists). */
async function encodeSets(sets: ParamSet[]): Promise<EncodedSet[]> {
  const out: EncodedSet[] = [];
  const turn = turnTaker();
  for (const s of oneSetPerList(sets)) {
    const values = encodeParamSet(s.params, s.enumIdOf, s.createMode ?? 0);
    if (values) out.push({ ownerId: s.ownerId, style: s.style, values, body: JSON.stringify(values) });
    await turn();
  }
  return out;
}

/** The sets, those naming the same owner and style (not expected) joined into one list in the order given. */
function oneSetPerList(sets: ParamSet[]): ParamSet[] {
  const byKey = new Map<number, ParamSet>();
  for (const s of sets) byKey.set(s.ownerId * 8 + s.style, s);
  if (byKey.size === sets.length) return sets;
  const joined = new Map<number, ParamSet>();
  for (const s of sets) {
    const key = s.ownerId * 8 + s.style;
    const params = s.params.map((p) => ({ ...p, createMode: p.createMode ?? s.createMode ?? 0 }));
    const had = joined.get(key);
    if (had) had.params.push(...params);
    else joined.set(key, { ...s, params });
  }
  return [...joined.values()];
}

/** How many params the given trees hold (what insertParams will write of them). */
export function countParams(trees: readonly { children?: readonly unknown[] | null }[], depth = 0): number {
  if (depth >= PARAM_SET_MAX_LEVELS) return 0;
  let n = trees.length;
  for (const t of trees) if (t.children?.length) n += countParams(t.children as { children?: unknown[] }[], depth + 1);
  return n;
}

/**
 * Inserts param sets (no deletion: the owners must have no params of these styles): one row per non-empty
 * (owner, style), in multi-row inserts (insertMany).
 */
export async function insertParams(conn: Conn, ownerType: number, sets: ParamSet[], written?: WrittenParams): Promise<void> {
  const encoded = await encodeSets(sets);
  if (written) {
    const turn = turnTaker();
    for (const e of encoded) {
      if (!written.owners || written.owners.has(e.ownerId)) decodeParamSet(e.ownerId, e.style, e.values, written.rows);
      await turn();
    }
  }
  if (!encoded.length) return;
  const now = Date.now();
  await insertMany(
    conn,
    'paramSets',
    encoded.map((e) => ({ ownerType, ownerId: e.ownerId, style: e.style, body: e.body, createdAt: now, updatedAt: now })),
  );
}

/** Style ids of the doc detail's param lists. */
export const STYLE_OF_LIST = {
  headerParams: ParamStyle.HEADER,
  pathParams: ParamStyle.PATH,
  queryParams: ParamStyle.QUERY,
  requestParams: ParamStyle.REQUEST,
  responseParams: ParamStyle.RESPONSE,
} as const;
