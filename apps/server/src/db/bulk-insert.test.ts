/**
 * Bulk writes against a real database (one path on every database: multi-row inserts in chunks): text
 * comes back exactly, ids come back in row order across chunks, parent links hold across levels, and a
 * failure inside the transaction leaves nothing behind.
 */
import { ParamOwner, ParamStyle } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildParamTrees, insertParams, loadParamTreeRows, type ParamInput } from '../modules/docs/doc-params.js';
import { chunkRows, insertMany, insertManyReturningIds, inTx } from './database.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Texts that SQL escaping must carry through unchanged. */
const AWKWARD = [
  'C:\\new\\table',
  '\\N',
  'tab\there',
  'line one\nline two',
  'carriage\rreturn',
  'crlf\r\nend',
  'quote \' and " and `',
  '中文说明 🚀',
  '',
  '\\\\\\',
  '\t\n\r\\',
];

const param = (name: string, i: number, children: ParamInput[] = []): ParamInput => ({
  name,
  type: children.length ? 'object' : 'string',
  required: i % 2,
  maxLength: String(i),
  example: AWKWARD[i % AWKWARD.length],
  description: AWKWARD[(i + 3) % AWKWARD.length],
  orderIndex: i,
  children,
});

describe('bulk inserts', () => {
  it('writes param trees of several levels exactly as given, children under their parents', async () => {
    const ownerId = 900_001;
    // 3 levels, 4 × (1 + 5 × (1 + 3)) = 84 params: more than any dialect's single statement takes.
    const roots = Array.from({ length: 4 }, (_, r) =>
      param(
        `root${r}`,
        r,
        Array.from({ length: 5 }, (_, c) =>
          param(
            `child${r}.${c}`,
            c,
            [0, 1, 2].map((g) => param(`leaf${r}.${c}.${g}`, g + 7)),
          ),
        ),
      ),
    );
    await inTx(t.app.ctx.db, (tx) => insertParams(tx, ParamOwner.DOC, [{ ownerId, style: ParamStyle.REQUEST, params: roots }]));
    const rows = await loadParamTreeRows(t.app.ctx.db, ParamOwner.DOC, [ownerId]);
    expect(rows).toHaveLength(84);
    // Ids ascend level by level: every parent was written before its children.
    const idOf = new Map(rows.map((r) => [r.id, r]));
    for (const r of rows) if (r.parentId) expect(idOf.get(r.parentId)?.id).toBeLessThan(r.id);
    const tree = buildParamTrees(rows, t.app.ctx.ids, new Map(), false).get(ownerId)?.get(ParamStyle.REQUEST) ?? [];
    // orderIndex ascends at every level as built, so the trees come back in the order given: every field,
    // nested, as written.
    expect(tree).toMatchObject(roots);
  });

  it('keeps param texts that no database column stores as they are: NUL, lone surrogates, U+2028', async () => {
    const ownerId = 900_003;
    const odd = ['nul\u0000here', 'half \ud83d pair', '\udc00 low first', 'sep\u2028line', '\u0000'];
    const params = odd.map((text, i) => ({ ...param(`p${i}`, i), example: text, description: text.repeat(2) }));
    await inTx(t.app.ctx.db, (tx) => insertParams(tx, ParamOwner.DOC, [{ ownerId, style: ParamStyle.QUERY, params }]));
    const rows = await loadParamTreeRows(t.app.ctx.db, ParamOwner.DOC, [ownerId]);
    expect(rows.map((r) => [r.example, r.description])).toEqual(odd.map((text) => [text, text.repeat(2)]));
  });

  it('returns the ids of many rows in row order and stores their text exactly', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({
      enumId: 700_000 + i,
      name: `item ${i}`,
      type: 'string',
      value: AWKWARD[i % AWKWARD.length],
      description: AWKWARD[(i + 5) % AWKWARD.length],
      orderIndex: i,
    }));
    // 50 rows a statement: three statements, the ids still in row order.
    const ids = await inTx(t.app.ctx.db, (tx) => insertManyReturningIds(tx, t.app.ctx.dialect, 'enumItems', rows, 50));
    expect(ids).toHaveLength(120);
    expect(new Set(ids).size).toBe(120);
    const back = await t.app.ctx.db.selectFrom('enumItems').selectAll().where('id', 'in', ids).execute();
    const byId = new Map(back.map((r) => [r.id, r]));
    rows.forEach((r, i) => {
      expect(byId.get(ids[i])).toMatchObject(r);
    });
  });

  it('leaves nothing behind when a bulk write fails inside the transaction', async () => {
    const base = 800_000;
    const good = Array.from({ length: 80 }, (_, i) => ({
      id: base + i,
      enumId: 1,
      name: `n${i}`,
      type: 'string',
      value: 'v\tw',
      description: '',
      orderIndex: i,
    }));
    // The last row repeats the first one's id: the database refuses the write.
    const rows = [...good, { ...good[0], name: 'again' }];
    await expect(
      inTx(t.app.ctx.db, async (tx) => {
        await insertParams(tx, ParamOwner.DOC, [{ ownerId: 900_002, style: ParamStyle.QUERY, params: [param('q', 1, [param('r', 2)])] }]);
        await insertMany(tx, 'enumItems', rows);
      }),
    ).rejects.toThrow();
    const left = await t.app.ctx.db
      .selectFrom('enumItems')
      .select('id')
      .where('id', '>=', base)
      .where('id', '<', base + 100)
      .execute();
    expect(left).toEqual([]);
    expect(await loadParamTreeRows(t.app.ctx.db, ParamOwner.DOC, [900_002])).toEqual([]);
    // The connection is healthy afterwards: the same rows without the clash go in.
    await inTx(t.app.ctx.db, (tx) => insertMany(tx, 'enumItems', good));
    const now = await t.app.ctx.db
      .selectFrom('enumItems')
      .select(['id', 'value'])
      .where('id', '>=', base)
      .where('id', '<', base + 100)
      .execute();
    expect(now).toHaveLength(80);
    expect(now.every((r) => r.value === 'v\tw')).toBe(true);
  });

  it('keeps a statement under the bound-value and packet limits (wide rows, long texts)', () => {
    const wide = Array.from({ length: 3000 }, (_, i) => Object.fromEntries(Array.from({ length: 31 }, (_, c) => [`c${c}`, i])));
    const parts = chunkRows(wide, 10_000);
    expect(parts.every((p) => p.length * 31 <= 30_000)).toBe(true);
    expect(parts.flat()).toHaveLength(3000);
    const long = Array.from({ length: 10 }, (_, i) => ({ id: i, body: 'x'.repeat(1_000_000) }));
    const big = chunkRows(long, 500);
    expect(big.map((p) => p.length)).toEqual([3, 3, 3, 1]);
  });
});
