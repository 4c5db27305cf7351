/**
 * Named examples through doc/save (issue 21): a doc made in the form gets them as an imported one has them; each
 * is stored with its origin (the spec's as it gave it, or written/edited in Folio: the server decides, not the
 * client); a parameter's first named example is its own example.
 */
import { readFileSync } from 'node:fs';
import { writtenResponse } from '@folio/shared';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitResponses } from '../../../../web/src/features/doc-view/responses.js';
import { swaggerVerdict } from '../../../test/fidelity-kit.js';
import { TRAINS_CARD, TRAINS_SPEC } from '../../../test/fixtures/specs.js';
import { call, createTestApp, createWorld, type TestApp } from '../../../test/harness.js';
import { drainJobs } from '../../jobs/queue.js';

type Obj = Record<string, any>;

let t: TestApp;
let projectId = '';
let handMadeModule = '';
let importedModule = '';
let paymentId = '';

const admin = (method: 'GET' | 'POST', url: string, payload?: Obj) => call(t.app, t.adminToken, method, url, payload);
const detail = async (id: string): Promise<Obj> => (await admin('GET', '/api/doc/detail', { id })).data;
const save = async (body: Obj): Promise<string> => {
  const r = await admin('POST', '/api/doc/save', body);
  expect(r.code, JSON.stringify(r.body)).toBe('0');
  return r.data.id;
};
const docsOf = (nodes: Obj[]): Obj[] => nodes.flatMap((n) => (n.isFolder ? docsOf(n.children) : [n]));
/** What the editor sends back for a loaded doc (its params and extras as loaded), with some fields changed. */
const resend = (d: Obj, patch: Obj = {}): Obj => {
  const { requestExamples, responses, paramExamples, paramStyles, webhook } = d;
  return {
    id: d.id,
    moduleId: d.moduleId,
    name: d.name,
    url: d.url,
    httpMethod: d.httpMethod,
    headerParams: d.headerParams,
    pathParams: d.pathParams,
    queryParams: d.queryParams,
    requestParams: d.requestParams,
    responseParams: d.responseParams,
    errorCodeParams: d.errorCodeParams,
    requestExamples,
    responses,
    paramExamples,
    paramStyles,
    webhook,
    ...patch,
  };
};

beforeAll(async () => {
  t = await createTestApp();
  const world = await createWorld(t);
  handMadeModule = world.moduleId;
  projectId = world.projectId;
  const res = await admin('POST', '/api/import', { projectId: world.projectId, name: 'Trains', content: JSON.stringify(TRAINS_SPEC) });
  expect(res.code, JSON.stringify(res.body)).toBe('0');
  await drainJobs(t.app);
  importedModule = (await admin('GET', '/api/import/status', { jobId: res.data.jobId })).data.moduleId;
  const tree = docsOf((await admin('GET', '/api/doc/tree', { moduleId: importedModule })).data);
  paymentId = tree.find((n) => n.url === '/bookings/{bookingId}/payment')?.id ?? '';
  expect(paymentId).not.toBe('');
});
afterAll(async () => {
  await t?.close();
});

describe('a doc made in the form', () => {
  it('stores named request and per-status response examples, marked as written in Folio', async () => {
    const id = await save({
      moduleId: handMadeModule,
      name: 'Create order',
      url: '/orders',
      httpMethod: 'POST',
      requestParams: [{ name: 'sku', type: 'string', required: 1 }],
      responseParams: [{ name: 'id', type: 'string' }],
      errorCodeParams: [{ code: '404', msg: 'No such product' }],
      requestExamples: [
        { name: 'one', summary: 'One item', value: '{"sku": "A1"}' },
        // A client cannot pass an example off as the spec's.
        { name: 'two', summary: 'Another', value: '{"sku": "B2"}', origin: 'spec' },
      ],
      responses: [
        {
          status: '200',
          description: '',
          contentType: '',
          params: [],
          isArray: 0,
          arrayType: '',
          headers: [],
          main: 0,
          examples: [{ name: 'ok', summary: '', value: '{"id": "o1"}' }],
        },
        {
          status: '404',
          description: '',
          contentType: '',
          params: [],
          isArray: 0,
          arrayType: '',
          headers: [],
          main: 0,
          examples: [{ name: 'missing', summary: 'Missing', value: '{"error": "no such product"}' }],
        },
      ],
    });
    const d = await detail(id);
    expect(d.requestExamples).toEqual([
      { name: 'one', summary: 'One item', value: '{"sku": "A1"}', origin: 'folio' },
      { name: 'two', summary: 'Another', value: '{"sku": "B2"}', origin: 'folio' },
    ]);
    expect(d.responses.map((r: Obj) => [r.status, r.main, r.examples])).toEqual([
      ['200', 0, [{ name: 'ok', summary: '', value: '{"id": "o1"}', origin: 'folio' }]],
      ['404', 0, [{ name: 'missing', summary: 'Missing', value: '{"error": "no such product"}', origin: 'folio' }]],
    ]);
    // Saved again unchanged (the editor sends back what it loaded): still Folio's.
    await save(resend(d, { name: 'Create an order' }));
    expect((await detail(id)).requestExamples.map((e: Obj) => e.origin)).toEqual(['folio', 'folio']);
  });
});

describe('an imported doc edited in the form', () => {
  it('keeps the spec’s examples that are unchanged as the spec’s; an edited or new one is Folio’s; a copy keeps both', async () => {
    const copyId = (await admin('POST', '/api/doc/copy', { id: paymentId, url: '/bookings/{bookingId}/payment-origin' })).data.id;
    const d = await detail(copyId);
    expect(d.requestExamples.map((e: Obj) => [e.summary, e.origin])).toEqual([
      ['Card Payment', undefined],
      ['Bank Account Payment', undefined],
    ]);
    const [card, bank] = d.requestExamples;
    const responses = d.responses.map((r: Obj) =>
      r.status === '200'
        ? { ...r, examples: [...r.examples, { name: 'refund', summary: 'Refunded', value: '{"status": "refunded"}' }] }
        : r,
    );
    await save(resend(d, { requestExamples: [card, { ...bank, value: '{"amount": 1}' }], responses }));
    const after = await detail(copyId);
    expect(after.requestExamples.map((e: Obj) => [e.summary, e.origin])).toEqual([
      ['Card Payment', undefined],
      ['Bank Account Payment', 'folio'],
    ]);
    expect(JSON.parse(after.requestExamples[0].value)).toEqual(TRAINS_CARD);
    const ok = after.responses.find((r: Obj) => r.status === '200');
    expect(ok.examples.map((e: Obj) => [e.summary, e.origin])).toEqual([
      ['Card Payment', undefined],
      ['Refunded', 'folio'],
    ]);
    // Edited back to the spec's text, it is still Folio's (it was edited here); a copy keeps each origin.
    await save(resend(after, { requestExamples: [card, bank] }));
    expect((await detail(copyId)).requestExamples.map((e: Obj) => e.origin)).toEqual([undefined, 'folio']);
    const copy2 = (await admin('POST', '/api/doc/copy', { id: copyId, url: '/bookings/{bookingId}/payment-origin2' })).data.id;
    expect((await detail(copy2)).requestExamples.map((e: Obj) => e.origin)).toEqual([undefined, 'folio']);
  });
});

describe('a parameter’s named examples', () => {
  it('the first is the parameter’s example: an edit of it wins over the example the body gives', async () => {
    const copyId = (await admin('POST', '/api/doc/copy', { id: paymentId, url: '/bookings/{bookingId}/payment-param' })).data.id;
    const d = await detail(copyId);
    const key = () => d.headerParams.find((p: Obj) => p.name === 'Idempotency-Key');
    expect(key().example).toBe('f3c2a1d4-5b6e-4f70-8a91-b2c3d4e5f607');
    expect(d.paramExamples).toHaveLength(1);
    const [uuid, text] = d.paramExamples[0].examples;
    const paramExamples = [{ ...d.paramExamples[0], examples: [{ ...uuid, value: 'order-9-payment' }, text] }];
    await save(resend(d, { paramExamples }));
    const after = await detail(copyId);
    const stored = after.headerParams.find((p: Obj) => p.name === 'Idempotency-Key');
    expect(stored.example).toBe('order-9-payment');
    expect(after.paramExamples[0].examples[0]).toEqual({ ...uuid, value: 'order-9-payment', origin: 'folio' });
    // Both changed together (what the editor sends after an edit in the Headers table): both stored so.
    const headerParams = after.headerParams.map((p: Obj) => (p.name === 'Idempotency-Key' ? { ...p, example: 'order-10-payment' } : p));
    const again = { ...after.paramExamples[0], examples: [{ ...after.paramExamples[0].examples[0], value: 'order-10-payment' }, text] };
    await save(resend(after, { headerParams, paramExamples: [again] }));
    const last = await detail(copyId);
    expect(last.headerParams.find((p: Obj) => p.name === 'Idempotency-Key').example).toBe('order-10-payment');
    // The first named example edited while the parameter's example is sent unchanged: the named one wins.
    const edited = { ...again, examples: [{ ...again.examples[0], value: 'order-11-payment' }, text] };
    await save(resend(last, { paramExamples: [edited] }));
    expect((await detail(copyId)).headerParams.find((p: Obj) => p.name === 'Idempotency-Key').example).toBe('order-11-payment');
  });
});

describe('a deleted error code', () => {
  /** The statuses of a doc's operation in the application's OpenAPI export. */
  const exported = async (url: string, moduleId: string): Promise<string[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/export',
      query: { format: 'openapi-json', moduleId },
      headers: { token: t.adminToken },
    });
    expect(res.statusCode).toBe(200);
    const op = Object.values(JSON.parse(res.body).paths[url] as Record<string, Obj>)[0];
    return Object.keys(op.responses).sort();
  };

  it('is gone from the reader’s responses and from the OpenAPI export, with its examples (imported doc)', async () => {
    const copyId = (await admin('POST', '/api/doc/copy', { id: paymentId, url: '/bookings/{bookingId}/payment-codes' })).data.id;
    const d = await detail(copyId);
    const statuses = d.responses.map((r: Obj) => r.status).sort();
    expect(statuses).toContain('400');
    expect(await exported('/bookings/{bookingId}/payment-codes', importedModule)).toEqual(statuses);
    await save(resend(d, { errorCodeParams: d.errorCodeParams.filter((c: Obj) => c.code !== '400') }));
    const after = await detail(copyId);
    const left = statuses.filter((s: string) => s !== '400');
    expect(after.responses.map((r: Obj) => r.status).sort()).toEqual(left);
    expect(await exported('/bookings/{bookingId}/payment-codes', importedModule)).toEqual(left);
    // The main status's code deleted: gone from both too.
    const main = after.responses.find((r: Obj) => r.main === 1).status;
    const rest = left.filter((s: string) => s !== main);
    await save(resend(after, { errorCodeParams: after.errorCodeParams.filter((c: Obj) => c.code !== main) }));
    expect((await detail(copyId)).responses.map((r: Obj) => r.status).sort()).toEqual(rest);
    expect(await exported('/bookings/{bookingId}/payment-codes', importedModule)).toEqual(rest);
  });

  it('takes the examples written for it in Folio along, even when the save does not send the examples', async () => {
    const written = (status: string) => writtenResponse(status, [{ name: `e${status}`, summary: '', value: '{"error": "x"}' }]);
    const body = {
      moduleId: handMadeModule,
      name: 'Cancel order',
      url: '/orders/{id}/cancel',
      httpMethod: 'POST',
      responseParams: [{ name: 'id', type: 'string' }],
      errorCodeParams: [
        { code: '404', msg: 'No such order' },
        { code: '409', msg: 'Already shipped' },
        { code: 'E1001', msg: 'Out of stock' },
      ],
      responses: [written('404'), written('409'), written('E1001')],
    };
    const id = await save(body);
    expect(await exported('/orders/{id}/cancel', handMadeModule)).toEqual(['200', '404', '409']);
    // Deleted in the editor (which sends its examples back as they were); a business code's examples go too.
    await save({ ...body, id, errorCodeParams: [{ code: '409', msg: 'Already shipped' }] });
    expect((await detail(id)).responses.map((r: Obj) => r.status)).toEqual(['409']);
    expect(await exported('/orders/{id}/cancel', handMadeModule)).toEqual(['200', '409']);
    // Deleted by a client that sends only the codes.
    const { responses: _, ...noExamples } = body;
    await save({ ...noExamples, id, errorCodeParams: [] });
    expect((await detail(id)).responses ?? []).toEqual([]);
    expect(await exported('/orders/{id}/cancel', handMadeModule)).toEqual(['200']);
  });
});

describe('a stored response whose code is absent', () => {
  /** An export of an application. */
  const exportOf = async (format: string, moduleId: string): Promise<Obj> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/export', query: { format, moduleId }, headers: { token: t.adminToken } });
    expect(res.statusCode).toBe(200);
    return JSON.parse(res.body);
  };
  const shipped = { error: 'already shipped' };

  it('is a reader tab, an OpenAPI and a Postman response; the OpenAPI export passes swagger-parser and imports back with it', async () => {
    // A doc pushed with its responses (or written before a deleted code took its response along): 409 has no code.
    const ok = {
      ...writtenResponse('200', [{ name: 'ok', summary: '', value: '{"id": "o1"}' }]),
      main: 1,
      contentType: 'application/json',
    };
    const conflict = {
      ...writtenResponse('409', [{ name: 'shipped', summary: 'Shipped', value: JSON.stringify(shipped) }]),
      description: 'Already shipped',
      contentType: 'application/json',
    };
    const url = '/orders/{id}/ship';
    const id = await save({
      moduleId: handMadeModule,
      name: 'Ship order',
      url,
      httpMethod: 'POST',
      responseParams: [{ name: 'id', type: 'string' }],
      errorCodeParams: [{ code: '200', msg: 'Shipped' }],
      responses: [ok, conflict],
    });
    const d = await detail(id);
    expect(splitResponses(d.errorCodeParams, d.errorCodeParams, d.responses).tabs.map((x) => x.code)).toEqual(['200', '409']);
    const openapi = await exportOf('openapi-json', handMadeModule);
    const op = openapi.paths[url].post;
    expect(Object.keys(op.responses)).toEqual(['200', '409']);
    expect(op.responses['409'].description).toBe('Already shipped');
    expect(op.responses['409'].content['application/json'].examples).toEqual({ shipped: { summary: 'Shipped', value: shipped } });
    expect(await swaggerVerdict(openapi)).toBe('valid');
    const postman = await exportOf('postman', handMadeModule);
    const item = (postman.item as Obj[]).find((i) => i.name === 'Ship order');
    expect(item?.response.map((r: Obj) => [r.code, r.status])).toEqual([
      [200, 'Shipped'],
      [409, 'Already shipped'],
    ]);
    // Imported back: the response is there, with its example.
    const res = await admin('POST', '/api/import', { projectId, name: 'Round trip', content: JSON.stringify(openapi) });
    expect(res.code, JSON.stringify(res.body)).toBe('0');
    await drainJobs(t.app);
    const moduleId = (await admin('GET', '/api/import/status', { jobId: res.data.jobId })).data.moduleId;
    const node = docsOf((await admin('GET', '/api/doc/tree', { moduleId })).data).find((n) => n.url === url);
    const back = (await detail(node?.id)).responses.find((r: Obj) => r.status === '409');
    expect(back?.description).toBe('Already shipped');
    expect(back?.examples.map((e: Obj) => [e.name, e.summary, JSON.parse(e.value)])).toEqual([['shipped', 'Shipped', shipped]]);
  });
});

describe('statuses that are no HTTP status', () => {
  /** The official Postman v2.1 JSON schema (test/fixtures/postman, Apache-2.0). */
  const postmanSchema = new Ajv({ strict: false }).compile(
    JSON.parse(readFileSync(new URL('../../../test/fixtures/postman/collection-v2.1.0.schema.json', import.meta.url), 'utf8')),
  );
  const exportOf = async (format: string, moduleId: string): Promise<Obj> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/export', query: { format, moduleId }, headers: { token: t.adminToken } });
    expect(res.statusCode).toBe(200);
    return JSON.parse(res.body);
  };
  const failure = { error: 'server trouble' };
  const stock = { error: 'E1001', detail: 'out of stock' };

  it('a business code is an error code (reader table, x-error-codes), a range or default a response in both exports', async () => {
    // Pushed (or saved) with responses at a range, at `default` and at a business code, as smart-doc/Torna pushes carry them.
    const url = '/orders/{id}/pay';
    const id = await save({
      moduleId: handMadeModule,
      name: 'Pay order',
      url,
      httpMethod: 'POST',
      responseParams: [{ name: 'id', type: 'string' }],
      errorCodeParams: [
        { code: '200', msg: 'Paid' },
        { code: '4xx', msg: 'Refused' },
        { code: 'E1001', msg: 'Out of stock', solution: 'Order fewer' },
      ],
      responses: [
        { ...writtenResponse('200', []), main: 1, contentType: 'application/json' },
        { ...writtenResponse('default', [{ name: 'trouble', summary: 'Trouble', value: JSON.stringify(failure) }]), description: 'Error' },
        {
          ...writtenResponse('E1001', [{ name: 'stock', summary: 'No stock', value: JSON.stringify(stock) }]),
          description: 'Out of stock',
        },
        { ...writtenResponse('foo', []), description: 'A foo' },
      ],
    });
    const d = await detail(id);
    // The reader: a tab per HTTP status; the business codes, pushed ones included, in the error-code table.
    const { tabs, codes } = splitResponses(d.errorCodeParams, d.errorCodeParams, d.responses);
    expect(tabs.map((x) => x.code)).toEqual(['200', 'default', '4xx']);
    expect(codes.map((c) => [c.code, c.msg, c.examples?.map((e) => e.name) ?? []])).toEqual([
      ['E1001', 'Out of stock', ['stock']],
      ['foo', 'A foo', []],
    ]);
    // OpenAPI: the same statuses as valid response keys; the business codes with their examples in x-error-codes.
    const openapi = await exportOf('openapi-json', handMadeModule);
    const op = openapi.paths[url].post;
    expect(Object.keys(op.responses)).toEqual(['200', 'default', '4XX']);
    expect(op.responses.default.content['application/json'].examples).toEqual({ trouble: { summary: 'Trouble', value: failure } });
    expect(op['x-error-codes']).toEqual([
      {
        code: 'E1001',
        msg: 'Out of stock',
        solution: 'Order fewer',
        examples: [{ name: 'stock', summary: 'No stock', value: JSON.stringify(stock) }],
      },
      { code: 'foo', msg: 'A foo', solution: '' },
    ]);
    expect(await swaggerVerdict(openapi)).toBe('valid');
    // Postman: valid v2.1; a status without a number is saved without a code, named with its status, its example the body.
    const postman = await exportOf('postman', handMadeModule);
    expect(postmanSchema(postman), JSON.stringify(postmanSchema.errors)).toBe(true);
    const item = (postman.item as Obj[]).find((i) => i.name === 'Pay order');
    expect(item?.response.map((r: Obj) => [r.code, r.name, r.status])).toEqual([
      [200, 'Paid', 'Paid'],
      [undefined, 'default · Error · Trouble', 'Error'],
      [undefined, '4XX · Refused', 'Refused'],
    ]);
    expect(JSON.parse(item?.response[1].body)).toEqual(failure);
  });

  it('a Postman export imports back with each status once and every example under it', async () => {
    const url = '/orders/{id}/refund';
    const full = { id: 'r1', amount: 100 };
    const part = { id: 'r2', amount: 40 };
    await save({
      moduleId: handMadeModule,
      name: 'Refund order',
      url,
      httpMethod: 'POST',
      responseParams: [{ name: 'id', type: 'string' }],
      errorCodeParams: [{ code: '200', msg: 'Refunded' }],
      responses: [
        {
          ...writtenResponse('200', [
            { name: 'full', summary: 'Full refund', value: JSON.stringify(full) },
            { name: 'part', summary: 'Partial refund', value: JSON.stringify(part) },
          ]),
          main: 1,
          contentType: 'application/json',
        },
        { ...writtenResponse('default', [{ name: 'trouble', summary: 'Trouble', value: JSON.stringify(failure) }]), description: 'Error' },
      ],
    });
    const postman = await exportOf('postman', handMadeModule);
    const item = (postman.item as Obj[]).find((i) => i.name === 'Refund order');
    expect(item?.response.map((r: Obj) => r.code ?? r.name.split(' · ')[0])).toEqual([200, 200, 'default']);
    const res = await admin('POST', '/api/import', {
      projectId,
      name: 'Postman round trip',
      content: JSON.stringify({ ...postman, item: [item] }),
    });
    expect(res.code, JSON.stringify(res.body)).toBe('0');
    await drainJobs(t.app);
    const moduleId = (await admin('GET', '/api/import/status', { jobId: res.data.jobId })).data.moduleId;
    const node = docsOf((await admin('GET', '/api/doc/tree', { moduleId })).data).find((n) => n.name === 'Refund order');
    const back = await detail(node?.id);
    // One code per status (two saved responses of 200 were two rows of 200 before), and no example lost.
    expect(back.errorCodeParams.map((c: Obj) => [c.code, c.msg])).toEqual([
      ['200', 'Refunded'],
      ['default', 'Error'],
    ]);
    const examples = (status: string) =>
      back.responses.find((r: Obj) => r.status === status)?.examples.map((e: Obj) => JSON.parse(e.value)) ?? [];
    expect(examples('200')).toEqual([full, part]);
    expect(examples('default')).toEqual([failure]);
    expect(back.responseParams.map((p: Obj) => p.name)).toEqual(['id', 'amount']);
  });
});
