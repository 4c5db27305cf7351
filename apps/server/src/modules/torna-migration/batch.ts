/** A space's rows as the migration reads, converts and counts them (space-batch.ts, module-settings.ts). */
import type { ParamSet } from '../docs/doc-params.js';
import * as c from './convert.js';
import type { Row, TornaSource } from './source.js';

/** Rows for one Folio table, converted from one Torna table. */
export interface TableRows {
  table: string;
  source: string;
  rows: c.Out[];
}

export interface ParamBatch {
  ownerType: number;
  source: string;
  owners: number[];
  sets: ParamSet[];
  /** Torna rows these params came from, per table (default: one per param written, credited to `source`). */
  credit?: Record<string, number>;
}

export interface Batch {
  tables: TableRows[];
  params: ParamBatch[];
  /** Torna rows read per Torna table. */
  read: Map<string, number>;
  /** Rows left out, with why: Torna table → reason → count. */
  skipped: Map<string, Map<string, number>>;
  /** Things the report should mention. */
  notes: string[];
}

export const ids = (rows: Row[], col = 'id') => rows.map((r) => c.num(r[col]));
/** An IN list that is never empty (mysql2 renders [] as nothing). */
export const list = (xs: number[]) => (xs.length ? xs : [-1]);

export function newBatch(): Batch {
  return { tables: [], params: [], read: new Map(), skipped: new Map(), notes: [] };
}

export function skip(b: Batch, table: string, reason: string, n = 1): void {
  if (!n) return;
  const m = b.skipped.get(table) ?? new Map<string, number>();
  m.set(reason, (m.get(reason) ?? 0) + n);
  b.skipped.set(table, m);
}

/** Reads rows and counts them as read. */
export async function read(
  src: TornaSource,
  b: Batch,
  table: string,
  cols: string[],
  where: string,
  params: unknown[],
  defaults?: Row,
): Promise<Row[]> {
  const notDeleted = src.has(table, 'is_deleted') ? ' and is_deleted = 0' : '';
  const rows = await src.rows(table, cols, defaults, `(${where})${notDeleted}`, params);
  b.read.set(table, (b.read.get(table) ?? 0) + rows.length);
  return rows;
}
/** Reads rows, deleted ones included (Folio keeps them soft-deleted too). */
export async function readAll(
  src: TornaSource,
  b: Batch,
  table: string,
  cols: string[],
  where: string,
  params: unknown[],
  defaults?: Row,
): Promise<Row[]> {
  const rows = await src.rows(table, cols, defaults, where, params);
  b.read.set(table, (b.read.get(table) ?? 0) + rows.length);
  return rows;
}

export const TIMES = ['gmt_create', 'gmt_modified'];
export const WHO = ['creator_id', 'creator_name', 'modifier_id', 'modifier_name'];
export const PARAM_COLS = [
  'id',
  'data_id',
  'name',
  'type',
  'required',
  'max_length',
  'example',
  'description',
  'enum_id',
  'parent_id',
  'style',
];
export const PARAM_MORE = ['create_mode', 'order_index', ...TIMES];

export function addParams(
  b: Batch,
  ownerType: number,
  source: string,
  owners: number[],
  lists: ReturnType<typeof c.paramLists>,
  credit?: Record<string, number>,
): void {
  const sets: ParamSet[] = [...lists.values()].map((l) => ({ ownerId: l.ownerId, style: l.style, params: l.params }));
  b.params.push({ ownerType, source, owners, sets, credit });
}

export type Put = (table: string, source: string, rows: c.Out[]) => void;
