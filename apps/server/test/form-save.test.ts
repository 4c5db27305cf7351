/**
 * Opening an imported doc in the editor and saving it unchanged stores the same doc (issue 21): every doc of
 * imported specs goes through the web editor's own state and payload builders (apps/web doc-form.ts: docToForm,
 * formToPayload), is saved through doc/save, and its params (field for field, ids included), error codes and
 * spec extras are compared before and after. The specs carry the names APIs really use (GitHub's `+1`
 * reactions, JSON-LD's `@type`, deepObject `address[city]`, dotted names, an alternative's title) and params
 * without a max length (objects, pushed '-'): a save used to refuse the names and write 64 on the lengths.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { DocDetail } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { docToForm, formToPayload } from '../../web/src/features/editor/doc-form.js';
import { docsOf, firstDiff, importInto, type Obj } from './fidelity-kit.js';
import { fixture } from './fixtures/index.js';
import { POLY_SPEC, specSubset, TRAINS_SPEC } from './fixtures/specs.js';
import { call, createTestApp, createWorld, type TestApp } from './harness.js';

const require = createRequire(import.meta.url);

/** The names of field-name conventions beyond letters, digits, hyphen and underscore, on a form-encoded and a JSON-LD operation. */
const ODD_NAMES_SPEC = {
  openapi: '3.0.3',
  info: { title: 'Odd names', version: '1' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        parameters: [
          {
            name: 'filter',
            in: 'query',
            style: 'deepObject',
            explode: true,
            schema: { type: 'object', properties: { 'address[city]': { type: 'string' }, 'a.b': { type: 'string', maxLength: 20 } } },
          },
          {
            name: 'page.size',
            in: 'query',
            schema: { type: 'integer' },
            examples: { small: { value: 10 }, big: { summary: 'Big page', value: 100 } },
          },
          { name: 'X-Trace.Id', in: 'header', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/ld+json': {
                schema: {
                  type: 'object',
                  properties: {
                    '@context': { type: 'string' },
                    '@type': { type: 'string' },
                    $count: { type: 'integer' },
                    items: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: { '+1': { type: 'integer' }, '-1': { type: 'integer' }, name: { type: 'string', maxLength: 64 } },
                      },
                    },
                    meta: { type: 'object', additionalProperties: { type: 'string' } },
                  },
                },
                examples: { one: { summary: 'One thing', value: { '@type': 'Thing', $count: 1 } } },
              },
            },
          },
        },
      },
      post: {
        operationId: 'createThing',
        deprecated: true,
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['address[city]'],
                properties: {
                  'address[city]': { type: 'string', maxLength: 100 },
                  'metadata[order id]': { type: 'string' },
                  payment: {
                    oneOf: [
                      { title: 'Bank Account', type: 'object', properties: { number: { type: 'string' } } },
                      { title: 'Card', type: 'object', properties: { 'exp.month': { type: 'integer' } } },
                    ],
                  },
                },
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'created',
            content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } },
          },
          '400': {
            description: 'bad',
            content: {
              'application/problem+json': {
                schema: {
                  type: 'object',
                  properties: { title: { type: 'string' }, 'invalid-params': { type: 'array', items: { type: 'string' } } },
                },
                example: { title: 'Bad Request' },
              },
            },
          },
        },
      },
    },
  },
};

/** GitHub operations whose answers carry the reactions rollup (`+1`, `-1`, `laugh`, …). */
const GITHUB_REACTIONS = new Set([
  '/repos/{owner}/{repo}/comments/{comment_id}',
  '/repos/{owner}/{repo}/releases/{release_id}',
  '/repos/{owner}/{repo}/pulls/comments',
]);

const SOURCES: { name: string; load: () => Obj }[] = [
  {
    name: 'GitHub reactions',
    load: () =>
      specSubset(JSON.parse(readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8')), 1, 10, (p) =>
        GITHUB_REACTIONS.has(p),
      ),
  },
  { name: 'Stripe (every 50th path)', load: () => specSubset(parseYaml(fixture('openapi/stripe-spec3.yaml.gz')) as Obj, 50, 10) },
  { name: 'odd names', load: () => ODD_NAMES_SPEC },
  { name: 'Train Travel', load: () => TRAINS_SPEC },
  { name: 'poly', load: () => POLY_SPEC },
];

/** What a save must keep as it was: every field of the doc, its params, codes and extras (not the version fields, which move). */
const kept = (d: DocDetail) => ({
  name: d.name,
  url: d.url,
  httpMethod: d.httpMethod,
  contentType: d.contentType,
  description: d.description,
  deprecated: d.deprecated,
  parentId: d.parentId,
  author: d.author,
  status: d.status,
  version: d.version,
  identityKey: d.identityKey,
  isShow: d.isShow,
  orderIndex: d.orderIndex,
  isUseGlobalHeaders: d.isUseGlobalHeaders,
  isUseGlobalParams: d.isUseGlobalParams,
  isUseGlobalReturns: d.isUseGlobalReturns,
  requestArrayType: d.requestArrayType,
  responseArrayType: d.responseArrayType,
  headerParams: d.headerParams,
  pathParams: d.pathParams,
  queryParams: d.queryParams,
  requestParams: d.requestParams,
  responseParams: d.responseParams,
  errorCodeParams: d.errorCodeParams,
  isRequestArray: d.isRequestArray,
  isResponseArray: d.isResponseArray,
  requestExamples: d.requestExamples ?? [],
  responses: d.responses ?? [],
  paramExamples: d.paramExamples ?? [],
  paramStyles: d.paramStyles ?? [],
  webhook: d.webhook ?? '',
});

/** Every name of a param tree, for the check that the odd ones are really there. */
const namesOf = (d: DocDetail): string[] => {
  const out: string[] = [];
  const walk = (ps: DocDetail['requestParams']) => {
    for (const p of ps) {
      out.push(p.name);
      walk(p.children ?? []);
    }
  };
  for (const list of [d.headerParams, d.pathParams, d.queryParams, d.requestParams, d.responseParams]) walk(list);
  return out;
};

let t: TestApp;
let projectId = '';
beforeAll(async () => {
  t = await createTestApp();
  projectId = (await createWorld(t)).projectId;
});
afterAll(async () => {
  await t.close();
});

describe('an imported doc saved unchanged in the editor stores the same params and extras', () => {
  for (const source of SOURCES) {
    it(source.name, { timeout: 120_000 }, async () => {
      const { status, tree } = await importInto(t, projectId, source.name, JSON.stringify(source.load()));
      expect(status.errors).toEqual([]);
      const docs = docsOf(tree);
      expect(docs.length).toBeGreaterThan(0);
      const names: string[] = [];
      for (const node of docs) {
        const before = (await call<DocDetail>(t.app, t.adminToken, 'GET', '/api/doc/detail', { id: node.id })).data;
        const form = docToForm(before);
        const payload = formToPayload({
          id: before.id,
          moduleId: before.moduleId,
          type: before.type,
          values: form.values,
          params: form.params,
        });
        const saved = await call(t.app, t.adminToken, 'POST', '/api/doc/save', { ...payload, baseModified: before.gmtModified });
        expect([node.name, saved.code, saved.fields ?? saved.msg]).toEqual([node.name, '0', '']);
        const after = (await call<DocDetail>(t.app, t.adminToken, 'GET', '/api/doc/detail', { id: node.id })).data;
        expect(after.gmtModified).not.toBe(before.gmtModified);
        expect(firstDiff(kept(before), kept(after)), `${node.httpMethod} ${node.url}`).toBe('');
        names.push(...namesOf(after));
      }
      if (source.name === 'GitHub reactions') expect(names).toEqual(expect.arrayContaining(['+1', '-1']));
      if (source.name === 'odd names')
        expect(names).toEqual(
          expect.arrayContaining(['@type', '$count', 'address[city]', 'a.b', 'page.size', 'X-Trace.Id', 'Bank Account', '+1']),
        );
    });
  }
});

describe('a doc copied in the editor', () => {
  it('saves without the response of an HTTP-status code deleted before its first save, as an edit does', async () => {
    const { status, tree } = await importInto(t, projectId, 'Trains to copy', JSON.stringify(TRAINS_SPEC));
    expect(status.errors).toEqual([]);
    const node = docsOf(tree).find((n) => n.url === '/bookings/{bookingId}/payment');
    const src = (await call<DocDetail>(t.app, t.adminToken, 'GET', '/api/doc/detail', { id: node?.id })).data;
    const statuses = (src.responses ?? []).map((r) => r.status);
    expect(statuses).toContain('400');
    expect(src.errorCodeParams.map((c) => c.code)).toContain('400');
    const form = docToForm(src, true);
    const params = { ...form.params, errorCodeParams: form.params.errorCodeParams.filter((c) => c.code !== '400') };
    const values = { ...form.values, url: `${src.url}/copy` };
    const payload = formToPayload({ moduleId: src.moduleId, type: src.type, values, params });
    const saved = await call<{ id: string }>(t.app, t.adminToken, 'POST', '/api/doc/save', payload);
    expect([saved.code, saved.fields ?? saved.msg]).toEqual(['0', '']);
    const copy = (await call<DocDetail>(t.app, t.adminToken, 'GET', '/api/doc/detail', { id: saved.data.id })).data;
    expect(copy.errorCodeParams.map((c) => c.code)).not.toContain('400');
    expect((copy.responses ?? []).map((r) => r.status)).toEqual(statuses.filter((s) => s !== '400'));
  });
});
