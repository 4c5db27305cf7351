/**
 * A spec's own examples, every response and its webhooks survive an import: stored with the doc, read back by
 * doc/detail and shares, used by the default mock, and kept (not reported as changed) when the same spec is
 * pushed again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportWithHeaders, snapshot, swaggerVerdict } from '../../../test/fidelity-kit.js';
import { TRAINS_BANK as bank, TRAINS_CARD as card, TRAINS_PROBLEM as problem, TRAINS_SPEC as spec } from '../../../test/fixtures/specs.js';
import { call, createTestApp, createWorld, type TestApp } from '../../../test/harness.js';
import { moveWebhookOutOfExtras } from '../../db/migrations/20261127T233000-add-doc-webhook.js';
import { drainJobs } from '../../jobs/queue.js';

type Obj = Record<string, any>;

let t: TestApp;
let projectId = '';
let moduleId = '';
let payment: Obj;
let webhook: Obj;

interface Node {
  id: string;
  isFolder: number;
  url: string;
  webhook?: string;
  children: Node[];
}
let tree: Node[] = [];
const docsOf = (nodes: Node[]): Node[] => nodes.flatMap((n) => (n.isFolder ? docsOf(n.children) : [n]));
/** Imports a spec (as a browser uploads a file) into a new application; returns the job status and the tree. */
async function importSpec(name: string, content: string) {
  const boundary = '----folio-spec-extras';
  const field = (k: string, v: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  const payload = `${field('projectId', projectId)}${field('name', name)}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="openapi.json"\r\nContent-Type: application/json\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/import',
    headers: { token: t.adminToken, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.json().code, res.body).toBe('0');
  await drainJobs(t.app);
  const status = (await call(t.app, t.adminToken, 'GET', '/api/import/status', { jobId: res.json().data.jobId })).data as Obj;
  const tree = (await call(t.app, t.adminToken, 'GET', '/api/doc/tree', { moduleId: status.moduleId })).data as Node[];
  return { status, tree };
}
const detail = async (id: string) => (await call(t.app, t.adminToken, 'GET', '/api/doc/detail', { id })).data as Obj;

beforeAll(async () => {
  t = await createTestApp();
  projectId = (await createWorld(t)).projectId;
  const imported = await importSpec('Trains', JSON.stringify(spec));
  const { status } = imported;
  tree = imported.tree;
  moduleId = status.moduleId;
  const docs = docsOf(tree);
  payment = await detail(docs.find((d) => d.url === '/bookings/{bookingId}/payment')?.id ?? '');
  webhook = await detail(docs.find((d) => d.url === '/newBooking')?.id ?? '');
});
afterAll(async () => {
  await t.close();
});

describe('a spec’s own examples', () => {
  it('are stored with the request body in the spec’s order, with their names, summaries and payloads', () => {
    const ex = payment.requestExamples as Obj[];
    expect(ex.map((e) => [e.name, e.summary])).toEqual([
      ['Card', 'Card Payment'],
      ['Bank', 'Bank Account Payment'],
    ]);
    expect(JSON.parse(ex[0].value)).toEqual(card);
    expect(JSON.parse(ex[1].value)).toEqual(bank);
  });

  it('of a parameter are kept beside it when there are several (its first is its example)', () => {
    expect(payment.paramExamples).toEqual([
      {
        in: 'header',
        name: 'Idempotency-Key',
        examples: [
          { name: 'uuid', summary: 'A UUID', value: 'f3c2a1d4-5b6e-4f70-8a91-b2c3d4e5f607' },
          { name: 'text', summary: 'Any unique text', value: 'order-1234-payment' },
        ],
      },
    ]);
    expect((payment.headerParams as Obj[]).find((p) => p.name === 'Idempotency-Key')?.example).toBe('f3c2a1d4-5b6e-4f70-8a91-b2c3d4e5f607');
  });

  it('are what the default mock answers (the spec’s response example, not a generated one)', async () => {
    const list = await call(t.app, t.adminToken, 'GET', '/api/doc/mock/list', { docId: payment.id });
    expect(list.code).toBe('0');
    const def = (list.data as Obj[]).find((m) => m.isDefault === 1) as Obj;
    const res = await t.app.inject({ method: 'POST', url: `/mock/${moduleId}/bookings/b1/payment` });
    expect(res.statusCode, def?.url).toBe(200);
    expect(res.json()).toEqual({ ...card, status: 'succeeded' });
  });
});

describe('every response', () => {
  it('is stored per status in the spec’s order, the main one marked (its body is the doc’s response params)', () => {
    const rs = payment.responses as Obj[];
    expect(rs.map((r) => [r.status, r.main, r.description])).toEqual([
      ['200', 1, 'Payment successful'],
      ['400', 0, 'Bad Request'],
      ['default', 0, 'Unexpected error'],
    ]);
    expect((payment.responseParams as Obj[]).map((p) => p.name)).toEqual(['amount', 'currency', 'status', 'source']);
    expect(JSON.parse(rs[0].examples[0].value)).toEqual({ ...card, status: 'succeeded' });
  });

  it('keeps an error body with its schema, content type, example and headers', () => {
    const bad = (payment.responses as Obj[])[1];
    expect(bad.contentType).toBe('application/problem+json');
    expect((bad.params as Obj[]).map((p) => [p.name, p.type])).toEqual([
      ['type', 'string(uri)'],
      ['title', 'string'],
      ['status', 'integer'],
      ['detail', 'string'],
    ]);
    expect(JSON.parse(bad.examples[0].value)).toEqual(problem);
    expect((bad.headers as Obj[]).map((h) => [h.name, h.description, h.example])).toEqual([
      ['RateLimit', 'Quota policies: `limit`, `remaining`, `reset`.', 'limit=10, remaining=0'],
    ]);
    expect((payment.responses as Obj[])[0].headers.map((h: Obj) => h.name)).toEqual(['RateLimit']);
  });

  it('comes through a share as through the doc view', async () => {
    const created = await call(t.app, t.adminToken, 'POST', '/api/share/add', { moduleId, type: 1, isAll: 1 });
    expect(created.code, JSON.stringify(created.body)).toBe('0');
    const shared = await t.app.inject({ method: 'GET', url: `/api/share/doc?id=${created.data.publicId}&docId=${payment.id}` });
    const body = shared.json();
    expect(body.code, JSON.stringify(body)).toBe('0');
    expect(body.data.responses.map((r: Obj) => r.status)).toEqual(['200', '400', 'default']);
    expect(body.data.requestExamples.map((e: Obj) => e.summary)).toEqual(['Card Payment', 'Bank Account Payment']);
  });
});

describe('a refresh from the same spec', () => {
  it('finds every doc unchanged and keeps what it stored', async () => {
    const r = await call(t.app, t.adminToken, 'POST', '/api/import/refresh', { moduleId });
    expect(r.code, JSON.stringify(r.body)).toBe('0');
    await drainJobs(t.app);
    const status = (await call(t.app, t.adminToken, 'GET', '/api/import/status', { jobId: r.data.jobId })).data as Obj;
    expect(status.state).toBe('done');
    expect(status.outcome).toMatchObject({ added: 0, updated: 0, deleted: 0 });
    expect(await detail(payment.id)).toMatchObject({ requestExamples: payment.requestExamples, responses: payment.responses });
  });
});

describe('webhooks', () => {
  it('are docs that name their event (an incoming call, not an endpoint), with their payload and example', () => {
    expect(webhook.webhook).toBe('newBooking');
    expect(webhook.name).toBe('New Booking');
    expect((webhook.requestParams as Obj[]).map((p) => p.name)).toEqual(['id', 'passenger_name']);
    expect(JSON.parse(webhook.requestExamples[0].value)).toEqual({ id: 'b1', passenger_name: 'John Doe' });
    expect(payment.webhook).toBeUndefined();
  });

  it('are marked in the tree, the share’s tree and doc, and search hits (other docs carry no mark)', async () => {
    const byUrl = (nodes: Node[], url: string) => docsOf(nodes).find((d) => d.url === url);
    expect(byUrl(tree, '/newBooking')?.webhook).toBe('newBooking');
    expect(byUrl(tree, '/bookings/{bookingId}/payment')).not.toHaveProperty('webhook');
    const created = await call(t.app, t.adminToken, 'POST', '/api/share/add', { moduleId, type: 1, isAll: 1 });
    const menu = await t.app.inject({ method: 'GET', url: `/api/share/menu?id=${created.data.publicId}` });
    expect(menu.json().code, menu.body).toBe('0');
    expect(byUrl(menu.json().data, '/newBooking')?.webhook).toBe('newBooking');
    const shared = await t.app.inject({ method: 'GET', url: `/api/share/doc?id=${created.data.publicId}&docId=${webhook.id}` });
    expect(shared.json().data.webhook).toBe('newBooking');
    const hits = (await call(t.app, t.adminToken, 'GET', '/api/search', { q: 'booking' })).data.list as Obj[];
    expect(hits.find((h) => h.name === 'New Booking')?.webhook).toBe('newBooking');
    expect(hits.find((h) => h.name === 'Pay for a Booking')).not.toHaveProperty('webhook');
  });

  it('imported before the webhook column have their event moved out of the extras text into it', async () => {
    const id = t.app.ctx.ids.decode(webhook.id, 'doc');
    const row = async () =>
      t.app.ctx.db.selectFrom('docs').select(['webhook', 'specExtras']).where('id', '=', id).executeTakeFirstOrThrow();
    const now = await row();
    expect(now.webhook).toBe('newBooking');
    expect(JSON.parse(now.specExtras)).not.toHaveProperty('webhook');
    // As such a doc was stored: the event inside the text, the column empty.
    await t.app.ctx.db
      .updateTable('docs')
      .set({ webhook: '', specExtras: JSON.stringify({ ...JSON.parse(now.specExtras), webhook: 'newBooking' }) })
      .where('id', '=', id)
      .execute();
    await moveWebhookOutOfExtras(t.app.ctx.db as never);
    expect(await row()).toEqual(now);
    expect(await detail(webhook.id)).toMatchObject({ webhook: 'newBooking', requestExamples: webhook.requestExamples });
  });

  it('get no default mock (the API calls them; nothing is served on its host)', async () => {
    const list = await call(t.app, t.adminToken, 'GET', '/api/doc/mock/list', { docId: webhook.id });
    expect(list.code).toBe('0');
    expect((list.data as Obj[]).filter((m) => m.isDefault === 1)).toEqual([]);
  });
});

describe('an OpenAPI export', () => {
  const exported = async (openapiVersion: '3.1' | '3.0') =>
    JSON.parse((await exportWithHeaders(t, moduleId, 'openapi-json', { openapiVersion })).body) as Obj;

  it('writes every response with its body, headers and examples, and the request’s named examples', async () => {
    const doc = await exported('3.1');
    const op = doc.paths['/bookings/{bookingId}/payment'].post;
    expect(Object.keys(op.responses)).toEqual(['200', '400', 'default']);
    const bad = op.responses['400'];
    expect(bad.description).toBe('Bad Request');
    expect(Object.keys(bad.content)).toEqual(['application/problem+json']);
    expect(Object.keys(bad.content['application/problem+json'].schema.properties)).toEqual(['type', 'title', 'status', 'detail']);
    expect(bad.content['application/problem+json'].example).toEqual(problem);
    expect(bad.headers.RateLimit).toMatchObject({
      description: 'Quota policies: `limit`, `remaining`, `reset`.',
      example: 'limit=10, remaining=0',
    });
    expect(op.responses['200'].content['application/json'].examples).toEqual({
      Card: { summary: 'Card Payment', value: { ...card, status: 'succeeded' } },
    });
    expect(op.responses.default).toEqual({ description: 'Unexpected error' });
    expect(op.requestBody.content['application/json'].examples).toEqual({
      Card: { summary: 'Card Payment', value: card },
      Bank: { summary: 'Bank Account Payment', value: bank },
    });
    const key = op.parameters.find((p: Obj) => p.name === 'Idempotency-Key');
    expect(key.example).toBeUndefined();
    expect(key.examples).toEqual({
      uuid: { summary: 'A UUID', value: 'f3c2a1d4-5b6e-4f70-8a91-b2c3d4e5f607' },
      text: { summary: 'Any unique text', value: 'order-1234-payment' },
    });
  });

  it('writes a webhook under `webhooks` by its event name (3.0: `x-webhooks`), not as a path', async () => {
    const v31 = await exported('3.1');
    expect(Object.keys(v31.webhooks)).toEqual(['newBooking']);
    expect(v31.webhooks.newBooking.post.requestBody.content['application/json'].example).toEqual({ id: 'b1', passenger_name: 'John Doe' });
    expect(Object.keys(v31.paths)).toEqual(['/bookings/{bookingId}/payment']);
    const v30 = await exported('3.0');
    expect(Object.keys(v30['x-webhooks'])).toEqual(['newBooking']);
    expect(v30.webhooks).toBeUndefined();
    expect(Object.keys(v30.paths)).toEqual(['/bookings/{bookingId}/payment']);
  });

  for (const version of ['3.1', '3.0'] as const) {
    it(`in ${version} passes swagger-parser and imports back with the same examples, responses and webhook`, async () => {
      const doc = await exported(version);
      expect(await swaggerVerdict(doc)).toBe('valid');
      const again = await importSpec(`Trains again ${version}`, JSON.stringify(doc));
      expect(again.status.errors).toEqual([]);
      const [before, after] = [await snapshot(t, moduleId, { extras: true }), await snapshot(t, again.status.moduleId, { extras: true })];
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      expect(after).toEqual(before);
      // (The snapshot holds them: a round trip that lost them would differ.)
      expect(before['POST /bookings/{bookingId}/payment'].responses.map((r: Obj) => r.status)).toEqual(['200', '400', 'default']);
      expect(before['POST /newBooking'].webhook).toBe('newBooking');
    });
  }
});

describe('a doc copy', () => {
  it('carries the spec’s examples, every response and the webhook event', async () => {
    for (const source of [payment, webhook]) {
      const r = await call(t.app, t.adminToken, 'POST', '/api/doc/copy', { id: source.id });
      expect(r.code, JSON.stringify(r.body)).toBe('0');
      const copy = await detail(r.data.id);
      expect(copy.url).toBe(`${source.url}_copy`);
      for (const key of ['requestExamples', 'responses', 'paramExamples', 'webhook'])
        expect(copy[key], `${source.name} ${key}`).toEqual(source[key]);
    }
    // (What was compared is there: a copy without extras would differ.)
    expect(payment.responses).toHaveLength(3);
    expect(webhook.webhook).toBe('newBooking');
  });
});

describe('a form edit', () => {
  const save = (body: Obj) => call(t.app, t.adminToken, 'POST', '/api/doc/save', body);
  const formOf = (d: Obj) => ({
    id: d.id,
    moduleId: d.moduleId,
    name: d.name,
    url: d.url,
    httpMethod: d.httpMethod,
    contentType: d.contentType,
    requestParams: d.requestParams,
  });
  let doc: Obj;
  beforeAll(async () => {
    const r = await call(t.app, t.adminToken, 'POST', '/api/doc/copy', { id: payment.id, url: '/bookings/{bookingId}/payment-edited' });
    doc = await detail(r.data.id);
  });

  it('that does not send the extras keeps them (a Torna client’s doc/save)', async () => {
    const r = await save({ ...formOf(doc), requestParams: doc.requestParams.filter((p: Obj) => p.name !== 'currency') });
    expect(r.code, JSON.stringify(r.body)).toBe('0');
    const after = await detail(doc.id);
    expect(after.requestParams.map((p: Obj) => p.name)).toEqual(['amount', 'status', 'source']);
    expect(after).toMatchObject({ requestExamples: doc.requestExamples, responses: doc.responses, paramExamples: doc.paramExamples });
  });

  it('that sends them back without an example removes it, and keeps the rest', async () => {
    const r = await save({
      ...formOf(doc),
      requestExamples: doc.requestExamples.slice(1),
      responses: doc.responses,
      paramExamples: doc.paramExamples,
    });
    expect(r.code, JSON.stringify(r.body)).toBe('0');
    const after = await detail(doc.id);
    expect(after.requestExamples.map((e: Obj) => e.summary)).toEqual(['Bank Account Payment']);
    expect(after.responses).toEqual(doc.responses);
    expect(after.paramExamples).toEqual(doc.paramExamples);
    // The original is untouched.
    expect((await detail(payment.id)).requestExamples).toHaveLength(2);
  });

  it('is checked as a push is: a value too long names its field and nothing is written', async () => {
    const r = await save({ ...formOf(doc), requestExamples: [{ name: 'big', summary: '', value: 'x'.repeat(200_001) }] });
    expect(r.status).toBe(422);
    expect(r.fields).toEqual([{ field: 'requestExamples[0].value', message: 'length 200001 exceeds 200000' }]);
    expect((await detail(doc.id)).requestExamples.map((e: Obj) => e.summary)).toEqual(['Bank Account Payment']);
  });
});

describe('query parameter styles', () => {
  const array = (items: Obj = { type: 'string' }) => ({ type: 'array', items });
  const STYLED = {
    openapi: '3.0.3',
    info: { title: 'styles', version: '1' },
    paths: {
      '/search': {
        get: {
          summary: 'Search',
          parameters: [
            { name: 'ids', in: 'query', schema: array() },
            { name: 'tags', in: 'query', explode: false, schema: array() },
            { name: 'codes', in: 'query', style: 'pipeDelimited', explode: false, schema: array({ type: 'integer' }) },
            {
              name: 'filter',
              in: 'query',
              style: 'deepObject',
              explode: true,
              schema: { type: 'object', properties: { name: { type: 'string' } } },
            },
            { name: 'q', in: 'query', schema: { type: 'string' } },
          ],
          responses: { '200': { description: 'OK' } },
        },
      },
    },
  };
  const SWAGGER = {
    swagger: '2.0',
    info: { title: 'formats', version: '1' },
    paths: {
      '/list': {
        get: {
          parameters: [
            { name: 'a', in: 'query', type: 'array', items: { type: 'string' }, collectionFormat: 'multi' },
            { name: 'b', in: 'query', type: 'array', items: { type: 'string' } },
            { name: 'c', in: 'query', type: 'array', items: { type: 'string' }, collectionFormat: 'ssv' },
          ],
          responses: { '200': { description: 'OK' } },
        },
      },
    },
  };
  const only = async (content: Obj, name: string) => {
    const { status, tree } = await importSpec(name, JSON.stringify(content));
    expect(status.errors).toEqual([]);
    return { moduleId: status.moduleId as string, doc: await detail(docsOf(tree)[0].id) };
  };

  it('are kept for array and object query params as the spec declares them (OpenAPI’s default: form, exploded)', async () => {
    const { doc } = await only(STYLED, 'styles');
    expect(doc.paramStyles).toEqual([
      { in: 'query', name: 'ids', style: 'form', explode: true },
      { in: 'query', name: 'tags', style: 'form', explode: false },
      { in: 'query', name: 'codes', style: 'pipeDelimited', explode: false },
      { in: 'query', name: 'filter', style: 'deepObject', explode: true },
    ]);
  });

  it('from Swagger 2’s collectionFormat (its default: comma-separated)', async () => {
    const { doc } = await only(SWAGGER, 'formats');
    expect(doc.paramStyles).toEqual([
      { in: 'query', name: 'a', style: 'form', explode: true },
      { in: 'query', name: 'b', style: 'form', explode: false },
      { in: 'query', name: 'c', style: 'spaceDelimited', explode: false },
    ]);
  });

  it('are written back where they are not the default, pass swagger-parser and import back the same', async () => {
    const { moduleId: mid } = await only(STYLED, 'styles out');
    const out = JSON.parse((await exportWithHeaders(t, mid, 'openapi-json')).body) as Obj;
    const byName = Object.fromEntries((out.paths['/search'].get.parameters as Obj[]).map((p) => [p.name, p]));
    expect([byName.ids.style, byName.ids.explode]).toEqual([undefined, undefined]);
    expect([byName.tags.style, byName.tags.explode]).toEqual([undefined, false]);
    expect([byName.codes.style, byName.codes.explode]).toEqual(['pipeDelimited', undefined]); // (not exploded is its default)
    expect([byName.filter.style, byName.filter.explode]).toEqual(['deepObject', true]);
    expect(await swaggerVerdict(out)).toBe('valid');
    const again = await importSpec('styles again', JSON.stringify(out));
    expect(await snapshot(t, again.status.moduleId, { extras: true })).toEqual(await snapshot(t, mid, { extras: true }));
  });
});
