/** Export API: every format, scopes, environments, permissions, and the OpenAPI round trip. */
import type { DocParam } from '@folio/shared';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { fixture } from '../../../test/fixtures/index.js';
import { POLY_SPEC } from '../../../test/fixtures/specs.js';
import { call, createTestApp, createUser, createWorld, type TestApp } from '../../../test/harness.js';
import { drainJobs } from '../../jobs/queue.js';
import { loadDocDetails } from '../docs/doc-detail.js';
import { postmanToPush } from '../imports/postman-to-push.js';
import { moduleToPostman } from './to-postman.js';

let t: TestApp;
let world: { spaceId: string; projectId: string; moduleId: string };

async function importInto(content: string, name: string): Promise<string> {
  const r = await call(t.app, t.adminToken, 'POST', '/api/import', { projectId: world.projectId, name, content });
  expect(r.code).toBe('0');
  await drainJobs(t.app);
  const s = await call(t.app, t.adminToken, 'GET', '/api/import/status', { jobId: r.data.jobId });
  expect(s.data.state, JSON.stringify(s.data.errors)).toBe('done');
  return s.data.moduleId as string;
}

async function download(query: Record<string, string>, token = t.adminToken) {
  const res = await t.app.inject({ method: 'GET', url: '/api/export', query, headers: { token } });
  return res;
}

/** Everything a reader sees of an application's docs, keyed by method + URL, ids left out. */
async function snapshot(moduleId: string) {
  const mid = t.app.ctx.ids.decode(moduleId, 'module');
  const rows = await t.app.ctx.db
    .selectFrom('docs')
    .select(['id', 'isFolder'])
    .where('moduleId', '=', mid)
    .where('isDeleted', '=', 0)
    .execute();
  const details = await loadDocDetails(
    t.app.ctx,
    rows.filter((r) => !r.isFolder).map((r) => r.id),
  );
  const strip = (ps: DocParam[]): unknown[] =>
    ps.map((p) => ({
      name: p.name,
      type: p.type,
      required: p.required,
      maxLength: p.maxLength,
      example: p.example,
      description: p.description,
      enum: p.enumInfo?.items.map((i) => [i.name, i.value, i.type, i.description]) ?? null,
      children: strip(p.children ?? []),
    }));
  const out: Record<string, unknown> = {};
  for (const d of details.values()) {
    out[`${d.httpMethod} ${d.url}`] = {
      name: d.name,
      description: d.description,
      contentType: d.contentType,
      deprecated: d.deprecated,
      arrays: [
        d.isRequestArray,
        d.isResponseArray,
        d.isRequestArray ? d.requestArrayType : '',
        d.isResponseArray ? d.responseArrayType : '',
      ],
      header: strip(d.headerParams),
      path: strip(d.pathParams),
      query: strip(d.queryParams),
      request: strip(d.requestParams),
      response: strip(d.responseParams),
      codes: d.errorCodeParams.map((c) => [c.code, c.msg]),
    };
  }
  return out;
}

async function folderNames(moduleId: string): Promise<string[]> {
  const r = await call(t.app, t.adminToken, 'GET', '/api/doc/tree', { moduleId });
  return (r.data as { name: string; isFolder: number }[]).filter((n) => n.isFolder).map((n) => n.name);
}

const RICH_SPEC = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'rich', version: '1' },
  servers: [{ url: 'https://api.example.com/v1', description: 'Production' }],
  paths: {
    '/pets/{id}': {
      put: {
        tags: ['pets'],
        summary: 'Update a pet',
        description: 'Replaces a **pet**.',
        deprecated: true,
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 7 },
          { name: 'session', in: 'cookie', schema: { type: 'string' } },
          { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } } },
        ],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } },
          },
          '404': { description: 'no such pet' },
        },
      },
    },
    '/upload': {
      post: {
        tags: ['files'],
        summary: 'Upload',
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { file: { type: 'string', format: 'binary' }, note: { type: 'string', maxLength: 20 } },
                required: ['file'],
              },
            },
          },
        },
        responses: { '201': { description: 'created' } },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', example: 'Rex' },
          age: { type: ['integer', 'null'], example: 3 },
          kind: { type: 'string', enum: ['dog', 'cat'], 'x-enum-descriptions': ['Woof', 'Meow'] },
          owner: { oneOf: [{ $ref: '#/components/schemas/Person' }, { $ref: '#/components/schemas/Company' }] },
          id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
          parent: { $ref: '#/components/schemas/Pet' },
          grid: { type: 'array', items: { type: 'array', items: { type: 'integer' } } },
          attrs: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
      Person: { type: 'object', properties: { name: { type: 'string' } } },
      Company: { type: 'object', properties: { vat: { type: 'string', description: 'a <b>&"tax"</b> id\u0001' } } },
    },
  },
});

/**
 * What Stripe's and Kubernetes' whole APIs showed in a round trip: an operation listing only a failure, inline
 * alternatives labelled by their title used twice in one operation, alternatives of a named scalar and a type,
 * and a body of named alternatives whose name two different schemas of the export hold.
 */
const RANGE = {
  anyOf: [
    { title: 'range_query_specs', type: 'object', properties: { gt: { type: 'integer' }, lt: { type: 'integer' } } },
    { type: 'integer' },
  ],
};
const STRIPE_LIKE = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'stripe-like', version: '1' },
  paths: {
    '/logs/': { get: { tags: ['logs'], operationId: 'logFileListHandler', responses: { '401': { description: 'Unauthorized' } } } },
    '/invoices': {
      get: {
        tags: ['invoices'],
        summary: 'List invoices',
        parameters: [
          { name: 'created', in: 'query', style: 'deepObject', schema: RANGE },
          { name: 'due_date', in: 'query', style: 'deepObject', schema: RANGE },
          { name: 'customer', in: 'query', schema: { anyOf: [{ $ref: '#/components/schemas/customer_id' }, { type: 'integer' }] } },
        ],
        responses: {
          '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/external_account' } } } },
        },
      },
    },
    '/accounts/{id}': {
      get: {
        tags: ['accounts'],
        summary: 'Get an external account',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/external_account', description: 'The account.' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      customer_id: { type: 'string', maxLength: 5000 },
      external_account: {
        title: 'Polymorphic',
        anyOf: [{ $ref: '#/components/schemas/bank_account' }, { $ref: '#/components/schemas/card' }],
      },
      bank_account: { type: 'object', properties: { id: { type: 'string' }, last4: { type: 'string' } } },
      card: { type: 'object', properties: { id: { type: 'string' }, brand: { type: 'string' } } },
    },
  },
});

beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t);
});
afterAll(async () => {
  await t.close();
});

describe('OpenAPI round trip: export an imported spec and import it again → same docs and params', () => {
  const cases: [string, string][] = [
    ['petstore', fixture('openapi/oai-petstore-v3.0.yaml')],
    ['uspto', fixture('openapi/oai-uspto-v3.0.json')],
    ['tictactoe', fixture('openapi/oai-tictactoe-v3.1.json')],
    ['webhook', fixture('openapi/oai-webhook-example-v3.1.yaml')],
    ['weboql', fixture('openapi/weboql-yaml-anchors-v3.0.yaml')],
    ['rich', RICH_SPEC],
    ['polymorphism', JSON.stringify(POLY_SPEC)],
    ['stripe-like', STRIPE_LIKE],
  ];
  for (const [name, spec] of cases) {
    it(`${name}: OpenAPI 3.1 JSON and 3.0 YAML`, async () => {
      const first = await importInto(spec, `${name}-1`);
      const before = await snapshot(first);
      expect(Object.keys(before).length).toBeGreaterThan(0);
      const json = await download({ format: 'openapi-json', moduleId: first });
      expect(json.statusCode).toBe(200);
      expect(json.headers['content-type']).toContain('application/json');
      const doc31 = JSON.parse(json.body);
      expect(doc31.openapi).toBe('3.1.0');
      const second = await importInto(json.body, `${name}-2`);
      expect(await snapshot(second)).toEqual(before);
      expect(await folderNames(second)).toEqual(await folderNames(first));

      const yaml = await download({ format: 'openapi-yaml', moduleId: first, openapiVersion: '3.0' });
      expect(yaml.statusCode).toBe(200);
      const doc30 = parseYaml(yaml.body);
      expect(doc30.openapi).toBe('3.0.3');
      if (name === 'webhook') return; // 3.0 has no webhooks
      const third = await importInto(yaml.body, `${name}-3`);
      expect(await snapshot(third)).toEqual(before);
    });
  }

  it('the rich spec keeps nesting, enums, arrays, alternatives, cookies, files and servers in the export', async () => {
    const mid = await importInto(RICH_SPEC, 'rich-check');
    const oas = JSON.parse((await download({ format: 'openapi-json', moduleId: mid })).body);
    const op = oas.paths['/pets/{id}'].put;
    expect(op.deprecated).toBe(true);
    expect(op.parameters.map((p: { in: string }) => p.in)).toEqual(['path', 'query', 'cookie']);
    const pet = op.requestBody.content['application/json'].schema;
    expect(pet.properties.age.type).toEqual(['integer', 'null']);
    expect(pet.properties.kind.enum).toEqual(['dog', 'cat']);
    // Alternatives are components (a discriminator can map to them), named as they were.
    expect(pet.properties.owner.oneOf.map((o: { $ref: string }) => o.$ref)).toEqual([
      '#/components/schemas/Person',
      '#/components/schemas/Company',
    ]);
    expect(oas.components.schemas.Company.properties.vat.type).toBe('string');
    expect(pet.properties.grid.items.items.type).toBe('integer');
    expect(pet.properties.attrs.additionalProperties.type).toBe('string');
    expect(pet.properties.parent.description).toContain('recursive');
    expect(op.responses['200'].content['application/json'].schema.type).toBe('array');
    expect(oas.paths['/upload'].post.requestBody.content['multipart/form-data'].schema.properties.file).toEqual({
      type: 'string',
      format: 'binary',
    });
    expect(oas.servers).toEqual([{ url: 'https://api.example.com/v1', description: 'Production' }]);
  });
});

describe('readers’ formats', () => {
  let mid = '';
  beforeAll(async () => {
    mid = await importInto(RICH_SPEC, 'readers');
  });

  it('Word: a real .docx with headings, parameter tables, nesting and monospace examples', async () => {
    const res = await download({ format: 'docx', moduleId: mid });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toContain('.docx');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const xml = strFromU8(files['word/document.xml']);
    expect(xml).toContain('<w:tbl>');
    expect(xml).toContain('Update a pet');
    expect(xml).toContain('Heading');
    expect(xml).toContain('Consolas');
    expect(xml).toContain('└ vat');
    expect(xml).toMatch(/<w:ind w:left="480"/);
    // A description's HTML is rendered as text, the rest escaped; characters XML 1.0 forbids are left out.
    expect(xml).toContain('>a &amp;&quot;tax&quot; id<');
    expect(xml).not.toContain('\u0001');
  });

  it('HTML: one self-contained file with the tree and the pages as data', async () => {
    const res = await download({ format: 'html', moduleId: mid });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toBe('sandbox');
    expect(res.body).toMatch(/^<!doctype html>/);
    expect(res.body).not.toMatch(/<script[^>]+src=/);
    const data = JSON.parse(/<script type="application\/json" id="data">([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '{}');
    expect(data.tree.map((n: { n: string }) => n.n)).toEqual(['pets', 'files']);
    expect(data.docs.map((d: { name: string }) => d.name)).toEqual(['Update a pet', 'Upload']);
  });

  it('Markdown file and zip, with the chosen environment as base URL', async () => {
    const envs = await call(t.app, t.adminToken, 'GET', '/api/module/environment/list', { moduleId: mid });
    const env = envs.data.find((e: { name: string }) => e.name === 'Production');
    const md = await download({ format: 'markdown', moduleId: mid, environmentId: env.id });
    expect(md.statusCode).toBe(200);
    expect(md.body).toContain('## pets');
    expect(md.body).toContain('`PUT https://api.example.com/v1/pets/{id}`');
    expect(md.body).toMatch(/\| (&nbsp;){4}└ vat \| string \|/);
    const zip = await download({ format: 'markdown-zip', moduleId: mid });
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['files/Upload.md', 'pets/Update a pet.md']);
    expect(strFromU8(files['pets/Update a pet.md'])).toContain('# Update a pet');
  });

  it('Postman v2.1 (as Torna): folders and requests that import back', async () => {
    const res = await download({ format: 'postman', moduleId: mid });
    const col = JSON.parse(res.body);
    expect(col.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    expect(col.item.map((i: { name: string }) => i.name)).toEqual(['pets', 'files']);
    const put = col.item[0].item[0].request;
    expect(put.method).toBe('PUT');
    expect(put.url.raw).toBe('/pets/:id?tags=');
    expect(JSON.parse(put.body.raw).name).toBe('Rex');
    expect(col.item[1].item[0].request.body.mode).toBe('formdata');
    const back = await postmanToPush(col);
    expect(back.payload.apis.flatMap((f) => f.items ?? []).map((d) => `${d.httpMethod} ${d.url}`)).toEqual([
      'PUT /pets/{id}',
      'POST /upload',
    ]);
    const same = await moduleToPostman(t.app, t.app.ctx.ids.decode(mid, 'module'));
    expect((same as { item: unknown[] }).item).toHaveLength(2);
  });
});

describe('scopes and permissions', () => {
  it('docIds, folderId and projectId scopes; one scope only; readers of other projects get 404', async () => {
    const mid = await importInto(fixture('openapi/oai-petstore-v3.0.yaml'), 'scopes');
    const tree = await call(t.app, t.adminToken, 'GET', '/api/doc/tree', { moduleId: mid });
    const folder = tree.data[0];
    const docIds = folder.children.slice(0, 2).map((d: { id: string }) => d.id);
    const byDocs = JSON.parse((await download({ format: 'openapi-json', docIds: docIds.join(',') })).body);
    expect(Object.values(byDocs.paths).flatMap((p) => Object.keys(p as object))).toHaveLength(2);
    const byFolder = JSON.parse((await download({ format: 'openapi-json', folderId: folder.id })).body);
    expect(Object.keys(byFolder.paths).sort()).toEqual(['/pets', '/pets/{petId}']);
    const byProject = JSON.parse((await download({ format: 'postman', projectId: world.projectId })).body);
    expect(byProject.item.map((i: { name: string }) => i.name)).toContain('scopes');
    expect((await download({ format: 'markdown' })).statusCode).toBe(400);
    expect((await download({ format: 'markdown', moduleId: mid, folderId: folder.id })).statusCode).toBe(400);
    expect((await download({ format: 'pdf', moduleId: mid })).statusCode).toBe(422);
    const priv = await createWorld(t, { isPrivate: 1 });
    const stranger = await createUser(t, `exp${Date.now() % 100000}`);
    expect((await download({ format: 'markdown', moduleId: priv.moduleId }, stranger.token)).statusCode).toBe(404);
    expect((await download({ format: 'markdown', docIds: docIds[0] }, stranger.token)).statusCode).toBe(404);
    expect((await download({ format: 'markdown', docIds: docIds[0] })).statusCode).toBe(200);
    const anon = await t.app.inject({ method: 'GET', url: '/api/export', query: { format: 'markdown', moduleId: mid } });
    expect(anon.statusCode).toBe(401);
  });
});
