/**
 * The doc detail answers (GET /api/doc/detail, the viewers' /api/share/doc and /api/compose/doc/get) declare a
 * response schema, which filters and serialises what is sent: a field the loaders produce that the schema lacks
 * would vanish silently. Each answer here is compared, whole, with what the loaders give (the answer as it was
 * before the schema), for rich docs: an import with spec examples, every response, a webhook, security schemes
 * and requirements, alternatives, param examples and styles, enums; a Dubbo doc; a doc with a dictionary and
 * error codes; and the application's common params.
 */
import { ParamOwner } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAINS_SPEC } from '../../../test/fixtures/specs.js';
import { call, createTestApp, createWorld, type TestApp } from '../../../test/harness.js';
import { drainJobs } from '../../jobs/queue.js';
import { docAuth, loadViewDoc } from '../shares/view-doc.js';
import { loadDocDetails } from './doc-detail.js';

type Obj = Record<string, any>;

/** TRAINS_SPEC with security (global and per operation) and a list call whose query params have a style and an enum. */
const RICH_SPEC = {
  ...TRAINS_SPEC,
  security: [{ bearer: [] }],
  paths: {
    ...TRAINS_SPEC.paths,
    '/bookings': {
      get: {
        summary: 'List bookings',
        security: [{ oauth: ['bookings:read'] }, { apiKey: [], bearer: [] }],
        parameters: [
          { name: 'ids', in: 'query', style: 'pipeDelimited', explode: false, schema: { type: 'array', items: { type: 'string' } } },
          { name: 'state', in: 'query', schema: { type: 'string', enum: ['pending', 'done'] } },
        ],
        responses: {
          '200': {
            description: 'The bookings',
            headers: { RateLimit: { $ref: '#/components/headers/RateLimit' } },
            content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/BookingPayment' } } } },
          },
          '404': { description: 'None', content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } },
        },
      },
    },
  },
  components: {
    ...TRAINS_SPEC.components,
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      apiKey: { type: 'apiKey', in: 'header', name: 'X-Key', description: 'a key from the console' },
      oauth: {
        type: 'oauth2',
        flows: {
          authorizationCode: {
            authorizationUrl: 'https://auth.example.com/authorize',
            tokenUrl: 'https://auth.example.com/token',
            scopes: { 'bookings:read': 'read bookings' },
          },
        },
      },
    },
  },
};

let t: TestApp;
let moduleId = '';
let docIds: string[] = [];

const admin = (method: 'GET' | 'POST', url: string, payload?: Obj) => call(t.app, t.adminToken, method, url, payload);
/** A value as JSON would carry it (what the handler's answer was before a schema serialised it). */
const asJson = (v: unknown) => JSON.parse(JSON.stringify(v));
const docsOf = (nodes: Obj[]): Obj[] => nodes.flatMap((n) => (n.isFolder ? docsOf(n.children) : [n]));

async function importSpec(projectId: string, content: string): Promise<string> {
  const boundary = '----folio-doc-answers';
  const field = (k: string, v: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  const payload = `${field('projectId', projectId)}${field('name', 'Trains')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="openapi.json"\r\nContent-Type: application/json\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/import',
    headers: { token: t.adminToken, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.json().code, res.body).toBe('0');
  await drainJobs(t.app);
  const status = await admin('GET', '/api/import/status', { jobId: res.json().data.jobId });
  return status.data.moduleId as string;
}

beforeAll(async () => {
  t = await createTestApp();
  const world = await createWorld(t);
  moduleId = await importSpec(world.projectId, JSON.stringify(RICH_SPEC));
  const saved = async (body: Obj) => {
    const r = await admin('POST', '/api/doc/save', { moduleId, ...body });
    expect(r.code, JSON.stringify(r.body)).toBe('0');
  };
  await saved({
    name: 'order service',
    type: 1,
    url: 'com.example.OrderService.get',
    dubboInfo: { interfaceName: 'com.example.OrderService', author: 'ops', version: '1.2', protocol: 'dubbo', dependency: '<dep/>' },
    requestParams: [{ name: 'orderId', type: 'long', required: 1, description: 'the order' }],
  });
  await saved({
    name: 'cancel',
    url: '/bookings/{id}/cancel',
    httpMethod: 'POST',
    deprecated: 'use DELETE /bookings/{id}',
    pathParams: [{ name: 'id', type: 'string', required: 1 }],
    requestParams: [
      {
        name: 'reason',
        type: 'string',
        enumInfo: {
          name: 'CancelReason',
          description: 'why',
          items: [{ name: 'LATE', type: 'string', value: 'late', description: 'too late' }],
        },
      },
      { name: 'meta', type: 'object', children: [{ name: 'by', type: 'string', example: 'ops' }] },
    ],
    errorCodeParams: [{ code: 'E1', msg: 'not cancellable', solution: 'wait' }],
  });
  for (const [style, params] of [
    [1, [{ name: 'X-Trace', type: 'string', example: 't-1' }]],
    [4, [{ name: 'E500', description: 'server error', example: 'retry' }]],
  ] as const) {
    expect((await admin('POST', '/api/module/commonParam/save', { moduleId, style, params })).code).toBe('0');
  }
  docIds = docsOf((await admin('GET', '/api/doc/tree', { moduleId })).data).map((n) => n.id);
});
afterAll(async () => {
  await t?.close();
});

describe('doc detail answers keep every field the loaders give', () => {
  it('GET /api/doc/detail, for every doc of a rich application', async () => {
    const { ids } = t.app.ctx;
    const internal = docIds.map((id) => ids.decode(id, 'doc'));
    const details = await loadDocDetails(t.app.ctx, internal);
    const answers: Obj[] = [];
    for (const [i, id] of docIds.entries()) {
      const d = details.get(internal[i]);
      if (!d) throw new Error(`no detail for ${id}`);
      const want = asJson({ ...d, security: await docAuth(t.app.ctx.db, ids.decode(d.moduleId, 'module'), d) });
      const got = await admin('GET', '/api/doc/detail', { id });
      expect(got.data, d.name).toEqual(want);
      answers.push(got.data);
    }
    // The docs hold what makes the shape rich (so the comparison above covers those fields).
    const some = (f: (d: Obj) => unknown) => answers.some((d) => !!f(d));
    expect(some((d) => d.requestExamples?.length)).toBe(true);
    expect(some((d) => d.responses?.some((r: Obj) => r.headers.length && r.examples.length))).toBe(true);
    expect(some((d) => d.webhook)).toBe(true);
    expect(some((d) => d.paramExamples?.length)).toBe(true);
    expect(some((d) => d.paramStyles?.length)).toBe(true);
    expect(some((d) => d.security?.some((alt: Obj[]) => alt.some((s) => s.flows?.length && s.scopes.length)))).toBe(true);
    expect(some((d) => d.dubboInfo?.interfaceName)).toBe(true);
    expect(some((d) => d.requestParams.some((p: Obj) => p.enumInfo?.items.length && p.enumId))).toBe(true);
    expect(some((d) => d.errorCodeParams.length)).toBe(true);
  });

  it('GET /api/share/doc, with the common params of the application', async () => {
    const share = await admin('POST', '/api/share/add', { moduleId, type: 1, isAll: 1 });
    expect(share.code, JSON.stringify(share.body)).toBe('0');
    for (const id of docIds) {
      const want = asJson(await loadViewDoc(t.app.ctx, t.app.ctx.ids.decode(id, 'doc')));
      const got = await call(t.app, null, 'GET', '/api/share/doc', { id: share.data.publicId, docId: id });
      expect(got.data, want.name).toEqual(want);
    }
    const one = await call(t.app, null, 'GET', '/api/share/doc', { id: share.data.publicId, docId: docIds[0] });
    expect(one.data.globalHeaders.map((p: Obj) => p.name)).toEqual(['X-Trace']);
    expect(one.data.globalErrorCodes.map((p: Obj) => p.name)).toEqual(['E500']);
  });

  it('GET /api/compose/doc/get, with the compose project’s common params', async () => {
    const space = await admin('POST', '/api/space/add', { name: 'composed', isCompose: 1 });
    const p = await admin('POST', '/api/compose/project/add', { spaceId: space.data.id, name: 'Partner API', type: 1 });
    expect(p.code, JSON.stringify(p.body)).toBe('0');
    expect((await admin('POST', '/api/compose/doc/add', { projectId: p.data.id, docIds })).code).toBe('0');
    const owner = { ownerType: ParamOwner.COMPOSE, ownerId: t.app.ctx.ids.decode(p.data.id, 'compose') };
    for (const id of docIds) {
      const want = asJson(await loadViewDoc(t.app.ctx, t.app.ctx.ids.decode(id, 'doc'), owner));
      const got = await call(t.app, null, 'GET', '/api/compose/doc/get', { projectId: p.data.publicId, docId: id });
      expect(got.data, want.name).toEqual(want);
    }
  });
});
