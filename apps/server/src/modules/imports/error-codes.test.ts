/**
 * Business error codes (no HTTP status: a push's "E1001") through Folio's OpenAPI export and back (issue 21): the
 * export lists them under `x-error-codes` with their examples; importing it gives the same codes, messages,
 * solutions and examples, and exporting the import gives the same `x-error-codes` again.
 */
import { writtenResponse } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitResponses } from '../../../../web/src/features/doc-view/responses.js';
import { docsOf, exportOf, importInto, type Obj } from '../../../test/fidelity-kit.js';
import { call, createTestApp, createWorld, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let world: Awaited<ReturnType<typeof createWorld>>;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t);
});
afterAll(async () => {
  await t?.close();
});

const admin = (method: 'GET' | 'POST', url: string, payload?: Obj) => call(t.app, t.adminToken, method, url, payload);
const detailAt = async (moduleId: string, url: string): Promise<Obj> => {
  const node = docsOf((await admin('GET', '/api/doc/tree', { moduleId })).data).find((n) => n.url === url);
  return (await admin('GET', '/api/doc/detail', { id: node?.id })).data;
};
/** The reader's error-code table: each row's code, message, solution and examples (as written, origin aside). */
const table = (d: Obj) =>
  splitResponses(d.errorCodeParams, d.errorCodeParams, d.responses).codes.map((c) => ({
    code: c.code,
    msg: c.msg,
    solution: c.solution ?? '',
    examples: (c.examples ?? []).map((e) => ({ name: e.name, summary: e.summary, value: e.value })),
  }));
const openapiOf = async (moduleId: string) => JSON.parse(await exportOf(t, moduleId, 'openapi-json'));

describe('x-error-codes', () => {
  it('an OpenAPI export imports back with the same business codes, messages and examples', async () => {
    const url = '/stock/{sku}/reserve';
    const stock = JSON.stringify({ error: 'E1001', detail: 'out of stock' });
    const saved = await admin('POST', '/api/doc/save', {
      moduleId: world.moduleId,
      name: 'Reserve stock',
      url,
      httpMethod: 'POST',
      responseParams: [{ name: 'id', type: 'string' }],
      errorCodeParams: [
        { code: '200', msg: 'Reserved' },
        { code: 'E1001', msg: 'Out of stock', solution: 'Order fewer' },
        { code: 'E1002', msg: 'Locked', solution: '' },
      ],
      responses: [
        { ...writtenResponse('200', []), main: 1, contentType: 'application/json' },
        {
          ...writtenResponse('E1001', [
            { name: 'stock', summary: 'No stock', value: stock },
            { name: 'plain', summary: '', value: 'not JSON' },
          ]),
          description: 'Out of stock',
        },
        // A pushed business code without a code row: a row of its own in the reader.
        { ...writtenResponse('foo', [{ name: 'f', summary: 'F', value: '{"foo": 1}' }]), description: 'A foo' },
      ],
    });
    expect(saved.code, JSON.stringify(saved.body)).toBe('0');
    const before = await detailAt(world.moduleId, url);
    const exported = await openapiOf(world.moduleId);
    expect(exported.paths[url].post['x-error-codes'].map((c: Obj) => c.code)).toEqual(['E1001', 'E1002', 'foo']);

    const { status } = await importInto(t, world.projectId, 'Codes round trip', JSON.stringify(exported));
    const moduleId = status.moduleId;
    const after = await detailAt(moduleId, url);
    expect(table(after)).toEqual(table(before));
    expect(table(after).map((c) => c.code)).toEqual(['E1001', 'E1002', 'foo']);
    // No business code became a response tab; the HTTP statuses are as they were.
    expect(splitResponses(after.errorCodeParams, after.errorCodeParams, after.responses).tabs.map((x) => x.code)).toEqual(['200']);
    expect((await openapiOf(moduleId)).paths[url].post['x-error-codes']).toEqual(exported.paths[url].post['x-error-codes']);
  });
});
