/**
 * The words an import writes into the docs it makes (names of unnamed folders, the webhooks folder, notes in
 * descriptions, the description of a Postman variable) are stored content: written once, in the importer's
 * language (the page's `lang`, else the saved preference, else Accept-Language, else the install's default
 * language; an application-token push: the default language).
 */
import { ParamOwner } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createWorld, type TestApp } from '../../../test/harness.js';
import { drainJobs } from '../../jobs/queue.js';
import { loadParamTreeRows } from '../docs/doc-params.js';

let t: TestApp;
let world: { spaceId: string; projectId: string; moduleId: string };

beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t);
});

afterAll(async () => {
  await t.close();
});

const collection = {
  info: { name: 'Texts', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  auth: { type: 'hawk', hawk: [{ key: 'authId', value: 'x' }] },
  variable: [{ key: 'host', value: 'https://api.texts.test' }],
  item: [
    {
      name: '',
      item: [
        {
          name: 'Ping',
          request: { method: 'GET', url: '{{host}}/ping' },
          // Saved without a status, so its body is shown in the description (one with a status is an example of it).
          response: [{ name: 'Sample', body: 'pong' }],
        },
        {
          name: 'Echo',
          request: { method: 'POST', url: '{{host}}/echo', body: { mode: 'raw', raw: 'hello', options: { raw: { language: 'text' } } } },
        },
        {
          name: 'Me',
          request: { method: 'POST', url: '{{host}}/graphql', body: { mode: 'graphql', graphql: { query: 'query Me { me { id } }' } } },
        },
      ],
    },
  ],
};

const spec = {
  openapi: '3.1.0',
  info: { title: 'Texts', version: '1' },
  paths: {
    '/pets': {
      post: {
        summary: 'Add pet',
        tags: ['pets'],
        deprecated: true,
        requestBody: {
          description: 'The pet to add',
          content: { 'application/json': { schema: { type: 'object', properties: { old: { type: 'string', deprecated: true } } } } },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
  webhooks: { newPet: { post: { summary: 'New pet', responses: { '200': { description: 'ok' } } } } },
};

const yapi = [{ name: '', desc: '', list: [{ title: 'Ping', path: '/ping', method: 'GET', add_time: 1700000000 }] }];

const WORDS = {
  'zh-CN': {
    folder: '目录',
    variable: 'Postman 集合变量',
    auth: '**鉴权：** hawk',
    example: '**响应示例（Sample）：**',
    requestBody: '**请求体：**',
    graphqlQuery: 'GraphQL 查询语句',
    webhooks: 'Webhook 回调',
    deprecated: '已废弃',
    deprecatedMark: '[已废弃]',
    category: '分类 1',
  },
  en: {
    folder: 'Folder',
    variable: 'Postman collection variable',
    auth: '**Auth:** hawk',
    example: '**Example response (Sample):**',
    requestBody: '**Request body:**',
    graphqlQuery: 'GraphQL query',
    webhooks: 'Webhooks',
    deprecated: 'deprecated',
    deprecatedMark: '[deprecated]',
    category: 'Category 1',
  },
};

type Node = { id: string; name: string; isFolder: number; url: string; children: Node[] };

/** Imports `content` into a new application with the given request headers; returns the finished job. */
async function importAs(headers: Record<string, string>, name: string, content: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/import',
    headers: { token: t.adminToken, ...headers },
    payload: { projectId: world.projectId, name, content: JSON.stringify(content) },
  });
  expect(res.json().code, res.body).toBe('0');
  await drainJobs(t.app);
  const s = await call(t.app, t.adminToken, 'GET', '/api/import/status', { jobId: res.json().data.jobId });
  expect(s.data.state, JSON.stringify(s.data.errors)).toBe('done');
  return s.data as { moduleId: string };
}

async function tree(moduleId: string): Promise<Node[]> {
  const r = await call(t.app, t.adminToken, 'GET', '/api/doc/tree', { moduleId });
  expect(r.code).toBe('0');
  return r.data;
}

async function detail(node: Node | undefined) {
  expect(node).toBeDefined();
  const r = await call(t.app, t.adminToken, 'GET', '/api/doc/detail', { id: node?.id });
  expect(r.code).toBe('0');
  return r.data;
}

const byName = (nodes: Node[], name: string) => nodes.find((n) => n.name === name);

/** The description of the collection variable without one, as stored in the imported environment. */
async function variableDescription(moduleId: string): Promise<string> {
  const envs = await call(t.app, t.adminToken, 'GET', '/api/module/environment/list', { moduleId });
  const env = envs.data.find((e: { name: string }) => e.name === 'Texts');
  const rows = await loadParamTreeRows(t.app.ctx.db, ParamOwner.ENVIRONMENT, [t.app.ctx.ids.decode(env.id, 'environment')]);
  return rows.find((r) => r.name === 'host')?.description ?? '';
}

describe('words an import writes into docs follow the importer language', () => {
  for (const lang of ['zh-CN', 'en'] as const) {
    const w = WORDS[lang];
    const other = WORDS[lang === 'en' ? 'zh-CN' : 'en'];

    it(`a Postman collection imported by a ${lang} user stores ${lang} words; the names it gives stay as they are`, async () => {
      const s = await importAs({ lang }, `postman-${lang}`, collection);
      const nodes = await tree(s.moduleId);
      expect(nodes.map((n) => n.name)).toEqual([w.folder]);
      const docs = nodes[0].children;
      expect(docs.map((d) => d.name).sort()).toEqual(['Echo', 'Me', 'Ping']);
      const ping = await detail(byName(docs, 'Ping'));
      expect(ping.description).toContain(w.auth);
      expect(ping.description).toContain(w.example);
      expect(ping.description).not.toContain(other.auth);
      const echo = await detail(byName(docs, 'Echo'));
      expect(echo.description).toContain(w.requestBody);
      const me = await detail(byName(docs, 'Me'));
      expect(me.requestParams.find((p: { name: string }) => p.name === 'query')?.description).toBe(w.graphqlQuery);
      expect(await variableDescription(s.moduleId)).toBe(w.variable);
    });

    it(`an OpenAPI spec with webhooks and a YApi export with an unnamed category imported by a ${lang} user store ${lang} words`, async () => {
      const s = await importAs({ lang }, `openapi-${lang}`, spec);
      const nodes = await tree(s.moduleId);
      expect(nodes.map((n) => n.name).sort()).toEqual([w.webhooks, 'pets'].sort());
      expect(byName(nodes, w.webhooks)?.children.map((d) => d.name)).toEqual(['New pet']);
      const add = await detail(byName(nodes, 'pets')?.children[0]);
      expect(add.name).toBe('Add pet');
      expect(add.deprecated).toBe(w.deprecated);
      expect(add.description).toBe(`${w.requestBody} The pet to add`);
      expect(add.requestParams.find((p: { name: string }) => p.name === 'old')?.description).toBe(w.deprecatedMark);

      const y = await importAs({ lang }, `yapi-${lang}`, yapi);
      const ynodes = await tree(y.moduleId);
      expect(ynodes.map((n) => n.name)).toEqual([w.category]);
      expect(ynodes[0].children.map((d) => d.name)).toEqual(['Ping']);
    });
  }

  it('without a page language (an API client, the CLI): the saved preference, else Accept-Language, else the default language', async () => {
    // An English caller (Accept-Language only, no `lang` header, no saved preference) gets English words.
    const en = await importAs({ 'accept-language': 'en-US,en;q=0.9' }, 'api-en', spec);
    const enNodes = await tree(en.moduleId);
    expect(enNodes.map((n) => n.name).sort()).toEqual([WORDS.en.webhooks, 'pets'].sort());
    const add = await detail(byName(enNodes, 'pets')?.children[0]);
    expect(add.description).toBe(`${WORDS.en.requestBody} The pet to add`);
    expect(add.deprecated).toBe(WORDS.en.deprecated);
    // A caller that names no language at all: the install's default language.
    expect((await tree((await importAs({}, 'api-none', collection)).moduleId)).map((n) => n.name)).toEqual([WORDS['zh-CN'].folder]);
    // The saved preference wins over Accept-Language.
    const set = await call(t.app, t.adminToken, 'POST', '/api/user/info/update', { lang: 'en' });
    expect(set.code).toBe('0');
    try {
      const s = await importAs({ 'accept-language': 'zh-CN' }, 'api-preference', collection);
      expect((await tree(s.moduleId)).map((n) => n.name)).toEqual([WORDS.en.folder]);
      expect(await variableDescription(s.moduleId)).toBe(WORDS.en.variable);
    } finally {
      await call(t.app, t.adminToken, 'POST', '/api/user/info/update', { lang: '' });
    }
  });

  it('a push with an application token (folio push, CI) writes the default language', async () => {
    const token = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: world.moduleId })).data.token;
    const push = async () => {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/import/push?format=openapi',
        headers: { token, 'accept-language': 'en' },
        payload: JSON.stringify(spec),
      });
      expect(r.json().code, r.body).toBe('0');
      return (await tree(world.moduleId)).map((n) => n.name);
    };
    expect(await push()).toContain(WORDS['zh-CN'].webhooks);
    const set = await call(t.app, t.adminToken, 'POST', '/api/admin/setting/update', { values: { 'folio.default-lang': 'en' } });
    expect(set.code, JSON.stringify(set.body)).toBe('0');
    try {
      expect(await push()).toContain(WORDS.en.webhooks);
    } finally {
      await call(t.app, t.adminToken, 'POST', '/api/admin/setting/update', { values: { 'folio.default-lang': 'zh-CN' } });
    }
  });
});
