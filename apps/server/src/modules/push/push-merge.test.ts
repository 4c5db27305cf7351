/** mergePush against a real database: identity, idempotence, locks, hand-edited descriptions, replace. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorld, type TestApp } from '../../../test/harness.js';
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
});
