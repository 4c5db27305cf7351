/**
 * The stored form of one owner's params of one style (a row of `param_sets`): a JSON array, the format's
 * version first, then WIDTH values per param, params in level order (every root, then every child of the
 * roots, and so on; children in their given order): parent (position of the parent param in the set, -1 at
 * the top), name, type, required, maxLength, example, description, enumId (internal dictionary id, 0 for
 * none), orderIndex, dataId, createMode.
 *
 * One row per list instead of one per param: a large import writes ~7k rows instead of ~74k, and JSON carries
 * every text exactly (a lone surrogate or U+0000 is written as an escape, which every database stores).
 * The migration that created `param_sets` keeps its own frozen copy of format 1: a new format needs a new version
 * number here (read both) or a migration, never an edit of format 1.
 */

/** Version of the format (the array's first value). */
export const PARAM_SET_FORMAT = 1;
/** Values per param. */
export const PARAM_SET_WIDTH = 11;
/** Deepest level written (deeper params are dropped, as the per-param writer did). */
export const PARAM_SET_MAX_LEVELS = 64;
/** Params one list can hold: synthetic param ids give each (owner, style) 2^20 positions (see paramIdBase). */
export const PARAM_SET_MAX_PARAMS = (1 << 20) - 1;

/** A param to encode (internal dictionary id already resolved, or resolved by `enumIdOf`). */
export interface EncodableParam {
  name: string;
  type?: string;
  required?: number | boolean;
  maxLength?: string;
  example?: string;
  description?: string;
  enumId?: number | string;
  orderIndex?: number;
  dataId?: string;
  createMode?: number;
  children?: EncodableParam[] | null;
}

/** A param as read from a set: a row of the per-param table it replaced, with a synthetic id (paramIdBase). */
export interface StoredParamRow {
  id: number;
  ownerId: number;
  /** The parent's synthetic id, 0 at the top. */
  parentId: number;
  style: number;
  name: string;
  type: string;
  required: number;
  maxLength: string;
  example: string;
  description: string;
  enumId: number;
  orderIndex: number;
  dataId: string;
  createMode: number;
}

/**
 * The values of a param list in the stored format (the version first), with the column limits of the
 * per-param table (name 255, type 64, maxLength 32 characters). Encoded dictionary ids go through
 * `enumIdOf` (unknown ones become 0); `createMode` fills params that do not say. Null for an empty list.
 */
export function encodeParamSet(params: readonly EncodableParam[], enumIdOf?: Map<string, number>, createMode = 0): unknown[] | null {
  if (!params.length) return null;
  const out: unknown[] = [PARAM_SET_FORMAT];
  let level: readonly EncodableParam[] = params;
  let parents: number[] | null = null;
  let index = 0;
  for (let depth = 0; level.length && depth < PARAM_SET_MAX_LEVELS; depth++) {
    // Refused before any of the level is encoded: a list too large costs no work.
    if (index + level.length > PARAM_SET_MAX_PARAMS) {
      throw new RangeError(
        `a parameter list holds at least ${index + level.length} parameters, more than the ${PARAM_SET_MAX_PARAMS} one list can hold`,
      );
    }
    const next: EncodableParam[] = [];
    const nextParents: number[] = [];
    for (let i = 0; i < level.length; i++) {
      const p = level[i];
      const e = p.enumId;
      const type = p.type || 'string';
      const maxLength = p.maxLength ?? '';
      out.push(
        parents ? parents[i] : -1,
        p.name.length > 255 ? p.name.slice(0, 255) : p.name,
        type.length > 64 ? type.slice(0, 64) : type,
        p.required ? 1 : 0,
        maxLength.length > 32 ? maxLength.slice(0, 32) : maxLength,
        p.example ?? '',
        p.description ?? '',
        typeof e === 'string' ? (e ? (enumIdOf?.get(e) ?? 0) : 0) : e || 0,
        p.orderIndex || 0,
        p.dataId ?? '',
        p.createMode ?? createMode,
      );
      const children = p.children;
      if (children?.length) {
        for (const c of children) {
          next.push(c);
          nextParents.push(index);
        }
      }
      index++;
    }
    level = next;
    parents = nextParents;
  }
  return out;
}

/**
 * Appends the params of an (owner, style)'s stored values (JSON.parse of its body, or encodeParamSet's
 * output) to `out` as rows, in level order: a parent before its children, siblings in their written order.
 */
export function decodeParamSet(ownerId: number, style: number, values: unknown, out: StoredParamRow[]): void {
  if (!Array.isArray(values) || values[0] !== PARAM_SET_FORMAT || (values.length - 1) % PARAM_SET_WIDTH !== 0) {
    throw new Error(`the stored parameter list of owner ${ownerId}, style ${style} is not in format ${PARAM_SET_FORMAT}`);
  }
  const v = values as unknown[];
  const base = paramIdBase(ownerId, style);
  for (let k = 1, i = 1; k < v.length; k += PARAM_SET_WIDTH, i++) {
    const parent = v[k] as number;
    out.push({
      id: base + i,
      ownerId,
      parentId: parent >= 0 ? base + parent + 1 : 0,
      style,
      name: v[k + 1] as string,
      type: v[k + 2] as string,
      required: v[k + 3] as number,
      maxLength: v[k + 4] as string,
      example: v[k + 5] as string,
      description: v[k + 6] as string,
      enumId: v[k + 7] as number,
      orderIndex: v[k + 8] as number,
      dataId: v[k + 9] as string,
      createMode: v[k + 10] as number,
    });
  }
}

/**
 * The first synthetic id of an (owner, style)'s params: param `i` of the set is `base + i + 1`. Params have
 * no rows of their own; these ids are unique within one owner type (owners below 2^30, styles below 8, lists
 * below 2^20 params) and stay the same while the list is unchanged.
 */
export function paramIdBase(ownerId: number, style: number): number {
  return ownerId * 2 ** 23 + style * 2 ** 20;
}
