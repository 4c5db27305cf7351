/**
 * The move from one row per param (`params`) to one row per list (`param_sets`), on each database: lists
 * come through the migration as the per-param readers saw them (order, ties, nesting, texts, dictionaries,
 * a param whose parent is gone), and back down again.
 */
import { ParamOwner, ParamStyle } from '@folio/shared';
import { CamelCasePlugin, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildParamTrees, insertParams, loadParamTreeRows, type ParamInput, type ParamTreeRow } from '../modules/docs/doc-params.js';
import { inTx, migratorOf } from './database.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const BEFORE = '20261124T160000-drop-params-enum-index';
const AWKWARD = ['tab\there', 'line\nbreak', 'C:\\dir', '\\N', '中文 🚀', 'quote \' "', ''];

/** A row of the per-param table (as the per-param writer left them). */
const row = (id: number, ownerType: number, ownerId: number, parentId: number, style: number, name: string, orderIndex: number) => ({
  id,
  ownerType,
  ownerId,
  parentId,
  style,
  name,
  type: parentId ? 'string' : 'object',
  required: id % 2,
  maxLength: String(id),
  example: AWKWARD[id % AWKWARD.length],
  description: AWKWARD[(id + 3) % AWKWARD.length],
  enumId: id === 1005 ? 77 : 0,
  orderIndex,
  dataId: `d${id}`,
  createMode: 1,
  createdAt: 1,
  updatedAt: 1,
});

describe('param sets migration', () => {
  it('carries every list of the per-param table over as its readers saw it, and back', async () => {
    const { db, dialect, ids } = t.app.ctx;
    const trees = async (ownerType: number, owners: number[]) =>
      buildParamTrees(await loadParamTreeRows(db, ownerType, owners), ids, new Map(), false);
    // A list written the new way before the step down: it goes down to rows and up again unchanged.
    const written: ParamInput[] = [0, 1].map((i) => ({
      name: `top${i}`,
      type: 'object',
      required: 1,
      maxLength: '',
      example: AWKWARD[i],
      description: '',
      orderIndex: 1 - i,
      children: [
        {
          name: `kid${i}`,
          type: 'string',
          required: 0,
          maxLength: '9',
          example: '',
          description: AWKWARD[i + 2],
          orderIndex: 0,
          children: [],
        },
      ],
    }));
    await inTx(db, (tx) => insertParams(tx, ParamOwner.DOC, [{ ownerId: 501, style: ParamStyle.RESPONSE, params: written }]));
    const before = await trees(ParamOwner.DOC, [501]);

    const migrator = await migratorOf(db, dialect);
    const down = await migrator.migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
    const old = db.withoutPlugins().withPlugin(new CamelCasePlugin()) as unknown as Kysely<any>;
    // Rows as the per-param writers left them, and some they never wrote: a child stored before its parent,
    // ties in orderIndex, a param whose parent is gone; two owner types, two styles.
    const rows = [
      row(1001, ParamOwner.DOC, 502, 0, ParamStyle.REQUEST, 'b', 1),
      row(1002, ParamOwner.DOC, 502, 0, ParamStyle.REQUEST, 'a', 1),
      row(1003, ParamOwner.DOC, 502, 0, ParamStyle.REQUEST, 'first', 0),
      row(1004, ParamOwner.DOC, 502, 1007, ParamStyle.REQUEST, 'child-before-parent', 2),
      row(1005, ParamOwner.DOC, 502, 1001, ParamStyle.REQUEST, 'b.x', 5),
      row(1006, ParamOwner.DOC, 502, 1001, ParamStyle.REQUEST, 'b.y', 0),
      row(1007, ParamOwner.DOC, 502, 1002, ParamStyle.REQUEST, 'a.z', 0),
      row(1008, ParamOwner.DOC, 502, 999_999, ParamStyle.REQUEST, 'orphan', 3),
      row(1009, ParamOwner.DOC, 502, 0, ParamStyle.QUERY, 'page', 0),
      row(1010, ParamOwner.ENVIRONMENT, 7, 0, ParamStyle.HEADER, 'X-Env', 0),
      row(1011, ParamOwner.ENVIRONMENT, 7, 1010, ParamStyle.HEADER, 'nested', 0),
    ];
    await old.insertInto('params').values(rows).execute();
    // What the per-param readers built from these rows: the trees of the rows in id order.
    const asRows = (owner: number) => rows.filter((r) => r.ownerId === owner) as ParamTreeRow[];
    const expected502 = buildParamTrees(asRows(502), ids, new Map(), false);
    const expected7 = buildParamTrees(asRows(7), ids, new Map(), false);
    // The list written before the step down is back as rows, one per param.
    const down501 = await old.selectFrom('params').selectAll().where('ownerId', '=', 501).orderBy('id').execute();
    expect(down501.map((r) => r.name)).toEqual(['top0', 'top1', 'kid0', 'kid1']);

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await trees(ParamOwner.DOC, [501])).toEqual(before);
    const after502 = await trees(ParamOwner.DOC, [502]);
    expect(after502).toEqual(expected502);
    const request = after502.get(502)?.get(ParamStyle.REQUEST) ?? [];
    // Sorted by orderIndex, ties in their row order; the child stored first sits under its parent; the
    // param whose parent is gone is at the top.
    expect(request.map((p) => p.name)).toEqual(['first', 'b', 'a', 'orphan']);
    expect(request[1].children.map((p) => p.name)).toEqual(['b.y', 'b.x']);
    expect(request[2].children[0].children.map((p) => p.name)).toEqual(['child-before-parent']);
    expect(request[1].children[1]).toMatchObject({ example: AWKWARD[1005 % 7], description: AWKWARD[1008 % 7], maxLength: '1005' });
    expect(request[1].children[1].enumId).toBe(ids.encode(77));
    expect(await trees(ParamOwner.ENVIRONMENT, [7])).toEqual(expected7);
    // One row per owner and style.
    const sets = await db.selectFrom('paramSets').select(['ownerType', 'ownerId', 'style']).where('ownerId', 'in', [501, 502, 7]).execute();
    expect(sets).toHaveLength(4);
  });
});
