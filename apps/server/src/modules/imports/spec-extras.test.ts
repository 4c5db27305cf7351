/**
 * A spec's own examples, every response and its webhooks survive an import: stored with the doc, read back by
 * doc/detail and shares, used by the default mock, and kept (not reported as changed) when the same spec is
 * pushed again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAINS_BANK as bank, TRAINS_CARD as card, TRAINS_PROBLEM as problem, TRAINS_SPEC as spec } from '../../../test/fixtures/specs.js';
import { call, createTestApp, createWorld, type TestApp } from '../../../test/harness.js';
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
  children: Node[];
}
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
  const { status, tree } = await importSpec('Trains', JSON.stringify(spec));
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

  it('get no default mock (the API calls them; nothing is served on its host)', async () => {
    const list = await call(t.app, t.adminToken, 'GET', '/api/doc/mock/list', { docId: webhook.id });
    expect(list.code).toBe('0');
    expect((list.data as Obj[]).filter((m) => m.isDefault === 1)).toEqual([]);
  });
});
