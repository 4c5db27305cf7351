/** Converter fidelity on small hand-written specs: enums kept apart, formats, alternatives, security. */
import type { PushDocItem, PushParam } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { openApiToPush } from './openapi-to-push.js';

const flat = (apis: PushDocItem[]): PushDocItem[] => apis.flatMap((a) => (a.isFolder ? flat(a.items ?? []) : [a]));
const find = (apis: PushDocItem[], method: string, url: string) => {
  const d = flat(apis).find((x) => x.httpMethod === method && x.url === url);
  if (!d) throw new Error(`no ${method} ${url}`);
  return d;
};
const child = (ps: PushParam[] | undefined, ...path: string[]): PushParam => {
  let cur: PushParam | undefined;
  let list = ps ?? [];
  for (const n of path) {
    cur = list.find((p) => p.name === n);
    if (!cur) throw new Error(`no param ${path.join('.')} (stuck at ${n}; have ${list.map((p) => p.name).join(',')})`);
    list = cur.children ?? [];
  }
  return cur as PushParam;
};
const allParams = (d: PushDocItem): PushParam[] => {
  const out: PushParam[] = [];
  const walk = (ps: PushParam[] | undefined) => {
    for (const p of ps ?? []) {
      out.push(p);
      walk(p.children);
    }
  };
  for (const k of ['headerParams', 'pathParams', 'queryParams', 'requestParams', 'responseParams'] as const) walk(d[k]);
  return out;
};

const ENUM_SPEC = {
  openapi: '3.0.3',
  info: { title: 'enums', version: '1' },
  paths: {
    '/issues': {
      get: {
        operationId: 'issues/list',
        parameters: [{ name: 'state', in: 'query', schema: { type: 'string', enum: ['open', 'closed', 'all'] } }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/issue' } } } } },
      },
    },
    '/pulls': {
      get: {
        operationId: 'pulls/list',
        parameters: [{ name: 'state', in: 'query', schema: { type: 'string', enum: ['open', 'closed'] } }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/pull' } } } } },
      },
    },
    '/milestones': {
      get: {
        parameters: [{ name: 'state', in: 'query', schema: { type: 'string', enum: ['open', 'closed', 'all'] } }],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/orders': {
      post: {
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } },
      },
    },
  },
  components: {
    schemas: {
      issue: {
        type: 'object',
        properties: {
          state_reason: { type: 'string', nullable: true, enum: ['completed', 'reopened', 'not_planned', 'duplicate', null] },
          state: { type: 'string', enum: ['open', 'closed'] },
        },
      },
      pull: { type: 'object', properties: { state_reason: { type: 'string', enum: ['merged', 'abandoned'] } } },
      UserStatusEnum: { type: 'string', enum: ['ACTIVE', 'LOCKED'] },
      OrderStatusEnum: { type: 'integer', enum: [1, 2, 3] },
      User: { type: 'object', properties: { status: { $ref: '#/components/schemas/UserStatusEnum' } } },
      Order: { type: 'object', properties: { status: { $ref: '#/components/schemas/OrderStatusEnum' } } },
    },
  },
};

describe('enums kept apart', () => {
  it('an inline enum keeps its own values; named enums keep their names; one name never holds two value sets', async () => {
    const { payload } = await openApiToPush(structuredClone(ENUM_SPEC));
    const values = (p: PushParam) => p.enumInfo?.items?.map((i) => i.value);
    const issues = find(payload.apis, 'GET', '/issues');
    expect(values(child(issues.responseParams, 'state_reason'))).toEqual(['completed', 'reopened', 'not_planned', 'duplicate']);
    expect(values(child(issues.queryParams, 'state'))).toEqual(['open', 'closed', 'all']);
    const pulls = find(payload.apis, 'GET', '/pulls');
    expect(values(child(pulls.responseParams, 'state_reason'))).toEqual(['merged', 'abandoned']);
    expect(values(child(pulls.queryParams, 'state'))).toEqual(['open', 'closed']);
    const orders = find(payload.apis, 'POST', '/orders');
    expect(child(orders.requestParams, 'status').enumInfo?.name).toBe('OrderStatusEnum');
    expect(child(orders.responseParams, 'status').enumInfo?.name).toBe('UserStatusEnum');
    // Every dictionary name stands for exactly one value set across the whole import.
    const byName = new Map<string, Set<string>>();
    for (const d of flat(payload.apis))
      for (const p of allParams(d))
        if (p.enumInfo?.name) {
          const set = byName.get(p.enumInfo.name) ?? new Set();
          set.add(JSON.stringify(values(p)));
          byName.set(p.enumInfo.name, set);
        }
    for (const [name, sets] of byName) expect([name, sets.size]).toEqual([name, 1]);
    // The same values under the same name share one dictionary (the two `state` [open, closed, all] queries).
    expect(child(find(payload.apis, 'GET', '/milestones').queryParams, 'state').enumInfo?.name).toBe(
      child(issues.queryParams, 'state').enumInfo?.name,
    );
  });
});
