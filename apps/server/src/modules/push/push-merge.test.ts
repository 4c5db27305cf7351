/** mergePush against a real database: identity, idempotence, locks, hand-edited descriptions, replace. */
import { ParamOwner } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createWorld, TEST_DB, type TestApp } from '../../../test/harness.js';
import { type DocChange, onDocChanges } from '../doc-events.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { loadParamTreeRows } from '../docs/doc-params.js';
import { mergePush } from './push-merge.js';

let t: TestApp;
let moduleId: number;

const goods = (extra: Record<string, unknown> = {}) => ({
  author: 'Jim',
  apis: [
    {
      name: 'Goods',
      isFolder: '1',
      author: 'Jim',
      orderIndex: 1,
      items: [
        {
          name: 'Get goods',
          isFolder: '0',
          url: 'http://127.0.0.1:8080/goods/{id}/get',
          httpMethod: 'get',
          contentType: 'application/json',
          isShow: '1',
          orderIndex: 1,
          pathParams: [{ name: 'id', type: 'int', required: '1', example: '123', description: 'id' }],
          requestParams: [
            { name: 'priceList', type: 'array', required: '1', children: [{ name: 'price0', type: 'int', required: '1', example: '100' }] },
          ],
          responseParams: [
            {
              name: 'type',
              type: 'enum',
              example: 'PHONE',
              enumInfo: { name: 'ProductType', items: [{ name: 'PHONE', type: 'byte', value: '1', description: 'phone' }] },
            },
          ],
          ...extra,
        },
        { name: 'List goods', isFolder: '0', url: '/goods/list', httpMethod: 'GET', orderIndex: 2 },
      ],
    },
  ],
});

beforeAll(async () => {
  t = await createTestApp();
  const w = await createWorld(t);
  moduleId = t.app.ctx.ids.decode(w.moduleId);
});
afterAll(async () => {
  await t.close();
});

describe('mergePush', () => {
  it('adds, then finds nothing to do on the same content, keeping ids', async () => {
    const user = { id: 0, nickname: 'OpenAPI' };
    const first = await mergePush(t.app, { moduleId, payload: goods() as never, source: 'push', user });
    expect(first).toMatchObject({ added: 2, updated: 0, deleted: 0, folders: 1 });
    const rows1 = await t.app.ctx.db
      .selectFrom('docs')
      .select(['id', 'name', 'url', 'httpMethod', 'md5'])
      .where('moduleId', '=', moduleId)
      .orderBy('id')
      .execute();
    expect(rows1.map((r) => r.url)).toEqual(['', '/goods/{id}/get', '/goods/list']);
    expect(rows1[1].httpMethod).toBe('GET');
    const second = await mergePush(t.app, { moduleId, payload: goods() as never, source: 'push', user });
    expect(second).toMatchObject({ added: 0, updated: 0, unchanged: 2, deleted: 0 });
    const third = await mergePush(t.app, { moduleId, payload: goods({ description: 'changed' }) as never, source: 'push', user });
    expect(third).toMatchObject({ added: 0, updated: 1, unchanged: 1 });
    const rows2 = await t.app.ctx.db.selectFrom('docs').select(['id']).where('moduleId', '=', moduleId).orderBy('id').execute();
    expect(rows2.map((r) => r.id)).toEqual(rows1.map((r) => r.id));
  });

  it('records history and mocks from exactly the content a reader loads afterwards (added and updated docs)', async () => {
    const user = { id: 0, nickname: 'OpenAPI' };
    const p = (i: number, extra: Record<string, unknown> = {}) => ({ name: `p${i}`, type: 'string', example: `e${i}`, ...extra });
    const doc = (description: string) => ({
      author: 'Jim',
      apis: [
        {
          name: 'Snapshots',
          url: '/snap',
          httpMethod: 'POST',
          description,
          // Ties and reversed orderIndex values, nesting, a dictionary; then a lone surrogate (kept exactly).
          requestParams: [
            p(1, { orderIndex: 2 }),
            p(2, { orderIndex: 1, description: description === 'two' ? 'half \ud83d pair' : 'plain' }),
            p(3, { orderIndex: 1, type: 'object', children: [p(4, { orderIndex: 5 }), p(5, { orderIndex: 0 }), p(6)] }),
          ],
          responseParams: [
            p(7, { type: 'enum', enumInfo: { name: 'Colour', items: [{ name: 'RED', type: 'string', value: 'r', description: '' }] } }),
            p(8, { type: 'array', children: [p(9, { type: 'object', children: [p(10)] })] }),
          ],
          errorCodeParams: [
            { code: 'E2', msg: 'm2', solution: 's2' },
            { code: 'E1', msg: 'm1', solution: '' },
          ],
        },
      ],
    });
    const seen: DocChange[] = [];
    onDocChanges(async (_app, _tx, changes) => {
      seen.push(...changes);
    });
    const load = async () => {
      const row = await t.app.ctx.db
        .selectFrom('docs')
        .select(['id', 'md5'])
        .where('moduleId', '=', moduleId)
        .where('url', '=', '/snap')
        .executeTakeFirstOrThrow();
      const loaded = (await loadDocDetails(t.app.ctx, [row.id])).get(row.id);
      const noIds = (await loadDocDetails(t.app.ctx, [row.id], t.app.ctx.db, { paramIds: false })).get(row.id);
      // Listeners were handed exactly what a reader loads (param ids aside: listeners get none).
      const change = seen.at(-1);
      expect(change?.docId).toBe(row.id);
      expect(change?.after).toEqual(noIds);
      // The live version's snapshot reads as the doc itself.
      const snap = await call(t.app, t.adminToken, 'GET', '/api/doc/snapshot/get', { docId: t.app.ctx.ids.encode(row.id), md5: row.md5 });
      expect(snap.code).toBe('0');
      expect(snap.data.content).toEqual(loaded);
      return { id: row.id, md5: row.md5, loaded };
    };
    const first = await mergePush(t.app, { moduleId, payload: doc('one') as never, source: 'push', user });
    expect(first.added).toBe(1);
    const a = await load();
    expect(seen.at(-1)?.kind).toBe('add');
    expect(a.loaded?.requestParams.map((x) => x.name)).toEqual(['p2', 'p3', 'p1']);
    expect(a.loaded?.requestParams[1].children.map((x) => x.name)).toEqual(['p5', 'p6', 'p4']);
    expect(a.loaded?.responseParams[0].enumInfo?.items.map((x) => x.name)).toEqual(['RED']);
    const second = await mergePush(t.app, { moduleId, payload: doc('two') as never, source: 'push', user });
    expect(second.updated).toBe(1);
    const b = await load();
    expect(seen.at(-1)?.kind).toBe('update');
    expect(b.loaded?.requestParams[0].description).toBe('half \ud83d pair');
    // The superseded version was written out when the update replaced it: exactly what was loaded then.
    const storedContent = async (v: { id: number; md5: string }) =>
      (
        await t.app.ctx.db
          .selectFrom('docSnapshots')
          .select(['content'])
          .where('docId', '=', v.id)
          .where('md5', '=', v.md5)
          .executeTakeFirstOrThrow()
      ).content;
    expect(await storedContent(a)).toBe(JSON.stringify(a.loaded));
    const list = await call(t.app, t.adminToken, 'GET', '/api/doc/snapshot/list', { docId: t.app.ctx.ids.encode(a.id) });
    expect(list.data.map((x: { md5: string }) => x.md5)).toEqual([b.md5, a.md5]);
    // Version two held a text that could not be stored exactly (its md5 is the hash of what was sent):
    // superseded, its row is found by that md5 and gets what was stored.
    const third = await mergePush(t.app, { moduleId, payload: doc('three') as never, source: 'push', user });
    expect(third.updated).toBe(1);
    await load();
    expect(await storedContent(b)).toBe(JSON.stringify(b.loaded));
    const rows = await t.app.ctx.db.selectFrom('docSnapshots').select('md5').where('docId', '=', b.id).execute();
    expect(rows).toHaveLength(3);
  });

  it('writes a large push into a new application exactly as a reader loads it back, and finds it unchanged the second time', async () => {
    const w = await createWorld(t);
    const id = t.app.ctx.ids.decode(w.moduleId);
    const user = { id: 0, nickname: 'OpenAPI' };
    // Texts COPY and SQL must carry exactly, a lone surrogate (not valid UTF-16) included.
    const awkward = ['tab\there', 'line\nbreak', 'C:\\dir\\file', '\\N', 'crlf\r\nend', '中文 🚀', ''];
    const leaf = (n: string, i: number) => ({
      name: n,
      type: 'string',
      example: awkward[i % 7],
      description: awkward[(i + 2) % 7],
      orderIndex: i % 3,
    });
    const doc = (f: number, d: number) => ({
      name: `doc ${f}.${d}`,
      url: `/f${f}/d${d}/{id}`,
      httpMethod: d % 2 ? 'POST' : 'GET',
      pathParams: [leaf('id', d)],
      headerParams: [leaf('X-Trace', d)],
      queryParams: [leaf('page', d), leaf('size', d + 1)],
      requestParams: [0, 1, 2].map((a) => ({
        name: `body${a}`,
        type: 'object',
        orderIndex: 2 - a,
        children: [0, 1, 2, 3].map((b) => ({
          ...leaf(`field${a}.${b}`, b),
          type: 'object',
          children: [0, 1].map((c) => leaf(`deep${a}.${b}.${c}`, c + d)),
        })),
      })),
      responseParams: [
        { name: 'note', description: f === 1 && d === 14 ? 'half \ud83d pair' : 'plain' },
        {
          name: 'state',
          type: 'enum',
          enumInfo: { name: 'State', items: [{ name: 'ON', type: 'string', value: '1', description: 'on' }] },
        },
        { name: 'items', type: 'array', children: [{ name: 'item', type: 'object', children: [leaf('a', d), leaf('b', d)] }] },
      ],
      errorCodeParams: [
        { code: '404', msg: 'missing', solution: 'look\tagain' },
        { code: '400', msg: 'bad', solution: '' },
      ],
    });
    const payload = {
      author: 'Jim',
      apis: [0, 1].map((f) => ({ name: `Folder ${f}`, isFolder: '1', items: Array.from({ length: 15 }, (_, d) => doc(f, d)) })),
    };
    // 30 docs of 53 params each: more than the PostgreSQL merge streams while it builds details (500).
    const perDoc = 1 + 1 + 2 + 3 * (1 + 4 * (1 + 2)) + (1 + 1 + 1 + 1 + 2) + 2;
    expect(perDoc * 30).toBeGreaterThan(500);
    const seen: DocChange[] = [];
    onDocChanges(async (_app, _tx, changes) => {
      seen.push(...changes);
    });
    const first = await mergePush(t.app, { moduleId: id, payload: payload as never, source: 'import', user });
    expect(first).toMatchObject({ added: 30, updated: 0, folders: 2 });
    const docs = await t.app.ctx.db
      .selectFrom('docs')
      .select(['id', 'name'])
      .where('moduleId', '=', id)
      .where('isFolder', '=', 0)
      .orderBy('id')
      .execute();
    expect(docs).toHaveLength(30);
    const params = await loadParamTreeRows(
      t.app.ctx.db,
      ParamOwner.DOC,
      docs.map((d) => d.id),
    );
    expect(params).toHaveLength(perDoc * 30);
    const loaded = await loadDocDetails(
      t.app.ctx,
      docs.map((d) => d.id),
      t.app.ctx.db,
      { paramIds: false },
    );
    for (const d of docs) {
      // What the listeners were handed is what a reader loads.
      expect(seen.find((c) => c.docId === d.id)?.after).toEqual(loaded.get(d.id));
    }
    const one = loaded.get(docs.find((d) => d.name === 'doc 1.3')?.id ?? 0);
    // Sorted by orderIndex (ties in sent order), nested three deep, texts exactly as sent.
    expect(one?.requestParams.map((p) => p.name)).toEqual(['body2', 'body1', 'body0']);
    expect(one?.requestParams[0].children.map((p) => p.name)).toEqual(['field2.0', 'field2.3', 'field2.1', 'field2.2']);
    expect(one?.requestParams[0].children[0].children.map((p) => [p.name, p.example, p.description])).toEqual([
      ['deep2.0.0', awkward[3], awkward[5]],
      ['deep2.0.1', awkward[4], awkward[6]],
    ]);
    expect(one?.responseParams[1].enumInfo?.items.map((x) => x.name)).toEqual(['ON']);
    const last = loaded.get(docs.find((d) => d.name === 'doc 1.14')?.id ?? 0);
    expect(last?.responseParams[0].description).toBe('half \ud83d pair');
    expect(one?.errorCodeParams).toEqual([
      { code: '404', msg: 'missing', solution: 'look\tagain' },
      { code: '400', msg: 'bad', solution: '' },
    ]);
    const again = await mergePush(t.app, { moduleId: id, payload: payload as never, source: 'import', user });
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 30 });
  });

  // Two server processes on one PostgreSQL/MariaDB database: two apps with their own pools. The embedded
  // SQLite database is for one process (an in-memory test database cannot even be shared).
  it.skipIf(TEST_DB === 'sqlite')('serialises merges into one application from two servers on one database', async () => {
    const other = await createTestApp({ sameDatabaseAs: t });
    try {
      const w = await createWorld(t);
      const id = t.app.ctx.ids.decode(w.moduleId);
      const user = { id: 0, nickname: 'OpenAPI' };
      const payload = (k: number) => ({
        apis: Array.from({ length: 6 }, (_, j) => ({ name: `doc ${k}.${j}`, url: `/p${k}/d${j}`, httpMethod: 'GET' })),
      });
      const sets = Array.from({ length: 8 }, (_, k) =>
        payload(k)
          .apis.map((d) => d.url)
          .sort(),
      );
      await Promise.all(
        sets.map((_, k) => mergePush(k % 2 ? other.app : t.app, { moduleId: id, payload: payload(k) as never, source: 'import', user })),
      );
      const live = await t.app.ctx.db
        .selectFrom('docs')
        .select('url')
        .where('moduleId', '=', id)
        .where('isDeleted', '=', 0)
        .where('isFolder', '=', 0)
        .execute();
      // Exactly one push's docs: each merge saw the one before it, none interleaved.
      expect(sets).toContainEqual(live.map((d) => d.url).sort());
    } finally {
      await other.close();
    }
  });
});
