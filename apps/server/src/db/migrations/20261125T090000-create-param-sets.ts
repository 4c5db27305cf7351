/**
 * Params move from one row per param (`params`) to one row per owner and style (`param_sets`, the whole list
 * as JSON, format 1 of modules/docs/param-set-codec.ts). A large import wrote ~74k param rows, the largest part of its
 * time after parsing; it now writes about 4k. Every list is carried over as the readers saw it: siblings in
 * the order of their rows (which ties in orderIndex keep), a param whose parent is missing at the top.
 * (The data moves through the CamelCase plugin: names are written in camelCase, as elsewhere.)
 * The codec of format 1 is frozen below, as it was when this migration was written: a later change of the
 * application's codec never changes what this migration writes or reads.
 */
import { CamelCasePlugin, type Kysely, sql } from 'kysely';
import type { Dialect } from '../../config.js';
import { createIndex, createTable } from '../schema-dsl.js';
import { tables } from './20261121T200000-create-schema.js';

/** Owners moved per query. */
const OWNERS = 500;
/** Characters of values per multi-row insert (MariaDB's default max_allowed_packet is 16 MB). */
const MAX_CHARS = 4_000_000;

interface OldParam extends EncodableParam {
  id: number;
  ownerId: number;
  parentId: number;
  style: number;
  enumId: number;
  children: OldParam[];
}

/** Inserts rows in chunks of at most 200 rows and about MAX_CHARS characters. */
async function insertChunked(db: Kysely<any>, table: string, rows: Record<string, unknown>[]): Promise<void> {
  let part: Record<string, unknown>[] = [];
  let chars = 0;
  for (const r of rows) {
    let c = 16;
    for (const v of Object.values(r)) c += typeof v === 'string' ? v.length : 8;
    if (part.length && (part.length >= 200 || chars + c > MAX_CHARS)) {
      await db.insertInto(table).values(part).execute();
      part = [];
      chars = 0;
    }
    part.push(r);
    chars += c;
  }
  if (part.length) await db.insertInto(table).values(part).execute();
}

/** The owners (type and id) that have params in `table`, in order. */
async function ownersOf(db: Kysely<any>, table: string): Promise<{ ownerType: number; ownerId: number }[]> {
  return db.selectFrom(table).select(['ownerType', 'ownerId']).distinct().orderBy('ownerType').orderBy('ownerId').execute();
}

/** Calls `fn` with each owner type and up to OWNERS of its owner ids. */
async function byOwnerChunks(db: Kysely<any>, table: string, fn: (ownerType: number, ids: number[]) => Promise<void>): Promise<void> {
  const owners = await ownersOf(db, table);
  for (let i = 0; i < owners.length; ) {
    const type = owners[i].ownerType;
    const ids: number[] = [];
    while (i < owners.length && owners[i].ownerType === type && ids.length < OWNERS) ids.push(owners[i++].ownerId);
    await fn(type, ids);
  }
}

/** Builds the migration for a dialect. */
export function createParamSetsMigration(dialect: Dialect) {
  return {
    async up(plain: Kysely<any>) {
      const db = plain.withPlugin(new CamelCasePlugin());
      await createTable(db, dialect, 'paramSets', {
        id: 'id',
        ownerType: 'flag',
        ownerId: 'int',
        style: 'flag',
        body: 'longtext',
        createdAt: 'bigint',
        updatedAt: 'bigint',
      });
      await createIndex(db, 'paramSets', ['ownerType', 'ownerId', 'style'], true);
      const now = Date.now();
      await byOwnerChunks(db, 'params', async (ownerType, ids) => {
        const rows = (await db
          .selectFrom('params')
          .select(['id', 'ownerId', 'parentId', 'style', 'name', 'type', 'required', 'maxLength', 'example', 'description'])
          .select(['enumId', 'orderIndex', 'dataId', 'createMode'])
          .where('ownerType', '=', ownerType)
          .where('ownerId', 'in', ids)
          .orderBy('id')
          .execute()) as OldParam[];
        const byId = new Map<number, OldParam>();
        for (const r of rows) {
          r.children = [];
          byId.set(r.id, r);
        }
        const lists = new Map<string, { ownerId: number; style: number; params: OldParam[] }>();
        for (const r of rows) {
          const parent = r.parentId ? byId.get(r.parentId) : undefined;
          if (parent && parent.ownerId === r.ownerId && parent.style === r.style && parent !== r) {
            parent.children.push(r);
            continue;
          }
          const key = `${r.ownerId}:${r.style}`;
          const list = lists.get(key) ?? { ownerId: r.ownerId, style: r.style, params: [] };
          list.params.push(r);
          lists.set(key, list);
        }
        const sets: Record<string, unknown>[] = [];
        for (const l of lists.values()) {
          const values = encodeParamSet(l.params);
          if (values)
            sets.push({ ownerType, ownerId: l.ownerId, style: l.style, body: JSON.stringify(values), createdAt: now, updatedAt: now });
        }
        await insertChunked(db, 'paramSets', sets);
      });
      await db.schema.dropTable('params').execute();
    },
    async down(plain: Kysely<any>) {
      const db = plain.withPlugin(new CamelCasePlugin());
      // The per-param table as the first migration created it (without the dictionary index a later one dropped).
      await createTable(db, dialect, 'params', tables.params);
      await createIndex(db, 'params', ['ownerType', 'ownerId']);
      // Rows get ids in level order (a parent before its children), counted here.
      let next = 1;
      const now = Date.now();
      await byOwnerChunks(db, 'paramSets', async (ownerType, ids) => {
        const sets = await db
          .selectFrom('paramSets')
          .select(['ownerId', 'style', 'body'])
          .where('ownerType', '=', ownerType)
          .where('ownerId', 'in', ids)
          .orderBy('id')
          .execute();
        const rows: Record<string, unknown>[] = [];
        for (const s of sets) {
          const decoded: StoredParamRow[] = [];
          decodeParamSet(s.ownerId, s.style, JSON.parse(s.body), decoded);
          const idOf = new Map<number, number>();
          for (const p of decoded) {
            const id = next++;
            idOf.set(p.id, id);
            const { id: _synthetic, parentId, ...rest } = p;
            rows.push({ ...rest, id, ownerType, parentId: parentId ? (idOf.get(parentId) ?? 0) : 0, createdAt: now, updatedAt: now });
          }
        }
        await insertChunked(db, 'params', rows);
      });
      if (dialect === 'postgres' && next > 1) {
        await sql`select setval(pg_get_serial_sequence('params', 'id'), ${next - 1})`.execute(db);
      }
      await db.schema.dropTable('param_sets').execute();
    },
  };
}

// ---- format 1 of the param-set codec, frozen (a copy; do not import the application's codec here) ----

const FORMAT = 1;
const WIDTH = 11;
const MAX_LEVELS = 64;

interface EncodableParam {
  name: string;
  type?: string;
  required?: number | boolean;
  maxLength?: string;
  example?: string;
  description?: string;
  enumId?: number;
  orderIndex?: number;
  dataId?: string;
  createMode?: number;
  children?: EncodableParam[] | null;
}

interface StoredParamRow {
  id: number;
  ownerId: number;
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

/** A list in format 1: the version, then per param in level order its parent's position and ten values. */
function encodeParamSet(params: readonly EncodableParam[]): unknown[] | null {
  if (!params.length) return null;
  const out: unknown[] = [FORMAT];
  let level: readonly EncodableParam[] = params;
  let parents: number[] | null = null;
  let index = 0;
  for (let depth = 0; level.length && depth < MAX_LEVELS; depth++) {
    const next: EncodableParam[] = [];
    const nextParents: number[] = [];
    for (let i = 0; i < level.length; i++) {
      const p = level[i];
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
        p.enumId || 0,
        p.orderIndex || 0,
        p.dataId ?? '',
        p.createMode ?? 0,
      );
      for (const c of p.children ?? []) {
        next.push(c);
        nextParents.push(index);
      }
      index++;
    }
    level = next;
    parents = nextParents;
  }
  if (index > (1 << 20) - 1) throw new RangeError(`a parameter list holds ${index} parameters, more than one list can hold`);
  return out;
}

/** The rows of a format-1 list, in level order, with the synthetic ids of format 1 (owner·2^23 + style·2^20 + position). */
function decodeParamSet(ownerId: number, style: number, values: unknown, out: StoredParamRow[]): void {
  if (!Array.isArray(values) || values[0] !== FORMAT || (values.length - 1) % WIDTH !== 0) {
    throw new Error(`the stored parameter list of owner ${ownerId}, style ${style} is not in format ${FORMAT}`);
  }
  const v = values as unknown[];
  const base = ownerId * 2 ** 23 + style * 2 ** 20;
  for (let k = 1, i = 1; k < v.length; k += WIDTH, i++) {
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
