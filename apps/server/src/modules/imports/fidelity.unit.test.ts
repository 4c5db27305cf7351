/** Converter fidelity on small hand-written specs: enums kept apart, formats, alternatives, security. */
import { type DocParam, DocType, type PushDocItem, type PushParam, typeBase } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures/index.js';
import { POLY_SPEC } from '../../../test/fixtures/specs.js';
import { t } from '../../i18n/messages.js';
import { renderText } from '../../i18n/stored-text.js';
import { paramSchema } from '../exports/to-openapi.js';
import { convertSource, isYapiHtml, quickDetect } from './import-convert.js';
import { openApiToPush } from './openapi-to-push.js';
import { ImportInputError } from './spec-text.js';
import { yapiMarkdownToPush } from './yapi-to-push.js';

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

describe('formats kept', () => {
  it('int32, int64, uuid, date-time and binary survive import (as type(format)) and export', async () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 'formats', version: '1' },
      paths: {
        '/things/{id}': {
          post: {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
            requestBody: {
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    properties: {
                      count: { type: 'integer', format: 'int32' },
                      total: { type: ['integer', 'null'], format: 'int64' },
                      at: { type: 'string', format: 'date-time' },
                      ids: { type: 'array', items: { type: 'string', format: 'uuid' } },
                      file: { type: 'string', format: 'binary' },
                    },
                  },
                },
              },
            },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    };
    const { payload } = await openApiToPush(structuredClone(spec));
    const d = find(payload.apis, 'POST', '/things/{id}');
    expect(child(d.pathParams, 'id').type).toBe('string(uuid)');
    expect(child(d.requestParams, 'count').type).toBe('integer(int32)');
    expect(child(d.requestParams, 'total').type).toBe('integer(int64)|null');
    expect(child(d.requestParams, 'at').type).toBe('string(date-time)');
    expect(child(d.requestParams, 'ids').type).toBe('array[string(uuid)]');
    expect(child(d.requestParams, 'file').type).toBe('file');
    const p = (type: string) => ({
      name: 'x',
      type,
      required: 0,
      maxLength: '',
      example: '',
      description: '',
      orderIndex: 0,
      children: [],
    });
    expect(paramSchema(p('integer(int64)'), '3.1')).toEqual({ type: 'integer', format: 'int64' });
    expect(paramSchema(p('integer(int64)|null'), '3.0')).toEqual({ type: 'integer', format: 'int64', nullable: true });
    expect(paramSchema(p('string(date-time)'), '3.1')).toEqual({ type: 'string', format: 'date-time' });
    expect(paramSchema(p('array[string(uuid)]'), '3.1')).toEqual({ type: 'array', items: { type: 'string', format: 'uuid' } });
    expect(paramSchema(p('file'), '3.1')).toEqual({ type: 'string', format: 'binary' });
    expect(typeBase('integer(int64)|null')).toBe('integer|null');
    expect(typeBase('array[string(uuid)]')).toBe('array[string]');
  });
});

describe('polymorphism', () => {
  it('alternatives are named after their schema, each with its own fields; the discriminator and its mapping are kept', async () => {
    const { payload } = await openApiToPush(structuredClone(POLY_SPEC));
    const d = find(payload.apis, 'POST', '/pets');
    // A top-level oneOf body is one alternatives parameter, not sibling params.
    expect(d.requestParams?.map((p) => [p.name, p.type])).toEqual([['AnyPet', 'oneOf(petType)']]);
    const pet = child(d.responseParams, 'pet');
    expect(pet.type).toBe('oneOf(petType)');
    for (const ps of [d.requestParams?.[0].children, pet.children]) {
      expect(ps?.map((c) => c.name)).toEqual(['Cat', 'Dog']);
      expect(child(ps, 'Cat').children?.map((c) => c.name)).toEqual(['petType', 'name', 'huntingSkill']);
      expect(child(ps, 'Dog').children?.map((c) => c.name)).toEqual(['petType', 'name', 'packSize']);
      // The mapping: each alternative's discriminator property holds its value.
      expect(child(ps, 'Cat', 'petType').example).toBe('cat');
      expect(child(ps, 'Dog', 'petType').example).toBe('dog');
    }
    // Exported back: components named after the alternatives, the discriminator mapping to them.
    const toDoc = (p: PushParam): DocParam => ({
      name: String(p.name),
      type: String(p.type),
      required: Number(p.required ?? 0),
      maxLength: '',
      example: String(p.example ?? ''),
      description: String(p.description ?? ''),
      orderIndex: 0,
      children: (p.children ?? []).map(toDoc),
    });
    const ctx = { schemas: {} as Record<string, any> };
    const s = paramSchema(toDoc(pet), '3.0', ctx);
    expect(s).toEqual({
      oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
      discriminator: { propertyName: 'petType', mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' } },
    });
    expect(Object.keys(ctx.schemas.Dog.properties)).toEqual(['petType', 'name', 'packSize']);
  });
});

describe('security as data', () => {
  it('schemes, the default requirement and per-operation requirements are kept as data, not folded into descriptions', async () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 'sec', version: '1' },
      security: [{ bearer: [] }],
      paths: {
        '/me': { get: { responses: { '200': { description: 'ok' } } } },
        '/public': { get: { security: [], responses: { '200': { description: 'ok' } } } },
        '/admin': { post: { security: [{ oauth: ['admin'] }, { key: [] }], responses: { '200': { description: 'ok' } } } },
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          key: { type: 'apiKey', in: 'header', name: 'X-Key' },
          oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://x/token', scopes: { admin: 'all' } } } },
        },
      },
    };
    const { payload, security } = await openApiToPush(structuredClone(spec));
    expect(Object.keys(security?.schemes ?? {})).toEqual(['bearer', 'key', 'oauth']);
    expect(security?.requirement).toEqual([{ bearer: [] }]);
    expect(security?.docs).toEqual({ 'GET /public': [], 'POST /admin': [{ oauth: ['admin'] }, { key: [] }] });
    for (const d of flat(payload.apis)) expect(d.description ?? '').not.toContain('Security');
  });
});

describe('YApi', () => {
  it('the `### 公共信息` (wiki) block becomes a Markdown doc at the top of the application', async () => {
    const { payload } = await yapiMarkdownToPush(fixture('yapi/leaf-api.rbac.md'));
    const first = payload.apis[0];
    expect(first.isFolder).toBeFalsy();
    expect(first.type).toBe(DocType.MARKDOWN);
    expect(first.name).toBe('公共信息');
    expect(first.description).toContain('Leaf 实现了基于角色的权限管理系统');
    expect(first.description).toContain('AccessPoint');
    expect(payload.apis.map((a) => a.orderIndex)).toEqual(payload.apis.map((_, i) => i));
    expect(flat(payload.apis).filter((d) => d.type !== DocType.MARKDOWN)).toHaveLength(34);
  });

  it('the YApi HTML export is refused with a message naming the formats to use', async () => {
    const html = fixture('yapi/leaf-api.rbac.html.gz');
    expect(quickDetect(html)).toBeNull();
    expect(isYapiHtml(html)).toBe(true);
    const err = await convertSource(html, null).catch((e) => e);
    expect(err).toBeInstanceOf(ImportInputError);
    expect(err.key).toBe('import.yapi_html');
    expect(t('en', 'import.yapi_html')).toMatch(/Markdown/);
    expect(t('zh-CN', 'import.yapi_html')).toMatch(/Markdown/);
  });
});

describe('warnings name places as the user knows them', () => {
  it('OpenAPI warnings name the operation (method and path) and the field, never a JSON pointer', async () => {
    const stored = (await openApiToPush(fixture('openapi/weboql-yaml-anchors-v3.0.yaml'))).warnings;
    const warnings = stored.map((w) => renderText('en', w));
    const unknown = warnings.filter((w) => w.includes("unknown type 'str'"));
    expect(unknown.length).toBeGreaterThan(0);
    for (const w of warnings) expect(w).not.toMatch(/#\/|~1/);
    expect(unknown.some((w) => /\b(GET|POST|PUT|DELETE|PATCH) \/\S*/.test(w))).toBe(true);
  });

  it("the same warnings read in Chinese for a zh-CN reader: no English words but the source's own names", async () => {
    const stored = (await openApiToPush(fixture('openapi/weboql-yaml-anchors-v3.0.yaml'))).warnings;
    const zh = stored.map((w) => renderText('zh-CN', w));
    const unknown = zh.filter((w) => w.includes("的类型 'str' 无法识别"));
    expect(unknown.length).toBeGreaterThan(0);
    for (const w of zh) expect(w).not.toMatch(/unknown type|read as|parameter \d|request body|response \d|alternative/);
    // A place inside a body names it in Chinese (请求体 / 响应) with the field path.
    expect(zh.some((w) => /› (请求体|响应 \w+|第 \d+ 个参数)/.test(w))).toBe(true);
  });
});
