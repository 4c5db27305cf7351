/** Converters on real third-party files (apps/server/test/fixtures, see the README there). */
import { type PushDocItem, type PushParam, securityDocKey } from '@folio/shared';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures/index.js';
import { renderText } from '../../i18n/stored-text.js';
import { convertSource, countPayload, isBlankSource, quickDetect } from './import-convert.js';
import { RECURSION_MARK } from './openapi-schema.js';
import { openApiToPush } from './openapi-to-push.js';
import { postmanToPush } from './postman-to-push.js';
import { ImportInputError, parseStructured } from './spec-text.js';
import { htmlSchemaParams, yapiJsonToPush, yapiMarkdownToPush } from './yapi-to-push.js';

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
const depth = (ps: PushParam[] | undefined): number => (ps ?? []).reduce((m, p) => Math.max(m, 1 + depth(p.children)), 0);

describe('OpenAPI 3.0: OAI petstore', () => {
  it('gives one folder per tag, three operations, root-array responses and servers as environments', async () => {
    const { payload, warnings } = await openApiToPush(fixture('openapi/oai-petstore-v3.0.yaml'), { author: 'ann' });
    expect(warnings).toEqual([]);
    expect(payload.apis.map((a) => a.name)).toEqual(['pets']);
    expect(flat(payload.apis).map((d) => `${d.httpMethod} ${d.url}`)).toEqual(['GET /pets', 'POST /pets', 'GET /pets/{petId}']);
    const list = find(payload.apis, 'GET', '/pets');
    expect(list.name).toBe('List all pets');
    expect(list.author).toBe('ann');
    expect(list.isResponseArray).toBe(1);
    expect(list.responseParams?.map((p) => [p.name, p.type, p.required])).toEqual([
      ['id', 'integer(int64)', 1],
      ['name', 'string', 1],
      ['tag', 'string', 0],
    ]);
    expect(child(list.queryParams, 'limit').type).toBe('integer(int32)');
    expect(list.errorCodeParams?.map((c) => c.code)).toEqual(['200', 'default']);
    expect(child(find(payload.apis, 'GET', '/pets/{petId}').pathParams, 'petId').required).toBe(1);
    expect(payload.debugEnvs).toEqual([{ name: 'http://petstore.swagger.io/v1', url: 'http://petstore.swagger.io/v1' }]);
  });
});

describe('OpenAPI 3.0: USPTO', () => {
  it('reads examples of nested array items and path parameters', async () => {
    const { payload } = await openApiToPush(parseStructured(fixture('openapi/oai-uspto-v3.0.json')));
    expect(payload.apis.filter((a) => a.isFolder).map((a) => a.name)).toEqual(['metadata', 'search']);
    const root = find(payload.apis, 'GET', '/');
    expect(child(root.responseParams, 'total').example).toBe('2');
    expect(child(root.responseParams, 'apis').type).toBe('array');
    expect(child(root.responseParams, 'apis', 'apiKey').example).toBe('oa_citations');
    const fields = find(payload.apis, 'GET', '/{dataset}/{version}/fields');
    expect(child(fields.pathParams, 'dataset').example).toBe('oa_citations');
    const search = find(payload.apis, 'POST', '/{dataset}/{version}/records');
    expect(search.contentType).toBe('application/x-www-form-urlencoded');
    expect(child(search.requestParams, 'criteria').required).toBe(1);
    expect(search.isResponseArray).toBe(1);
  });
});

describe('OpenAPI 3.1', () => {
  it('tictactoe: imports despite scheme "Bearer" with a warning; enums become dictionaries; security kept as data', async () => {
    const { payload, warnings, security } = await openApiToPush(fixture('openapi/oai-tictactoe-v3.1.json'));
    expect(warnings.some((w) => renderText('en', w).includes("'Bearer'"))).toBe(true);
    expect(flat(payload.apis)).toHaveLength(3);
    const board = find(payload.apis, 'GET', '/board');
    const winner = child(board.responseParams, 'winner');
    expect(winner.enumInfo?.items?.map((i) => i.value)).toEqual(['.', 'X', 'O']);
    expect(winner.example).toBe('.');
    // A 2-D array: array of arrays of an enum.
    expect(child(board.responseParams, 'board').type).toBe('array');
    expect(child(board.responseParams, 'board', '[item]').type).toBe('array[string]');
    expect(security?.schemes.defaultApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'api-key' });
    expect(security?.schemes.bearerHttpAuthentication).toMatchObject({ type: 'http', scheme: 'bearer' });
    const put = find(payload.apis, 'PUT', '/board/{row}/{column}');
    expect(child(put.pathParams, 'row').type).toBe('integer');
    expect(put.errorCodeParams?.map((c) => c.code)).toEqual(['200', '400']);
  });

  it('webhooks land in their own folder', async () => {
    const { payload } = await openApiToPush(fixture('openapi/oai-webhook-example-v3.1.yaml'));
    expect(payload.apis.map((a) => a.name)).toEqual(['Webhooks']);
    const hook = payload.apis[0].items?.[0] as PushDocItem;
    expect(hook.url).toBe('newPet');
    expect(hook.httpMethod).toBe('POST');
    expect(hook.requestParams?.map((p) => p.name)).toEqual(['id', 'name', 'tag']);
  });

  it('type arrays and nullable become "x|null"; oneOf alternatives, allOf merge and discriminators come through', async () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/pets': {
          post: {
            tags: ['pets'],
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Dog' } } } } },
          },
        },
      },
      components: {
        schemas: {
          Pet: {
            type: 'object',
            required: ['kind'],
            discriminator: { propertyName: 'kind', mapping: { dog: '#/components/schemas/Dog', cat: '#/components/schemas/Cat' } },
            properties: {
              kind: { type: 'string', enum: ['dog', 'cat'] },
              nick: { type: ['string', 'null'], examples: ['Rex'] },
              owner: { oneOf: [{ $ref: '#/components/schemas/Person' }, { $ref: '#/components/schemas/Company' }] },
              id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
              photo: { type: 'string', format: 'binary' },
              old: { type: 'string', deprecated: true },
            },
          },
          Dog: {
            allOf: [
              { $ref: '#/components/schemas/Pet' },
              { type: 'object', properties: { barks: { type: 'boolean' } }, required: ['barks'] },
            ],
          },
          Cat: { allOf: [{ $ref: '#/components/schemas/Pet' }] },
          Person: { type: 'object', properties: { name: { type: 'string' } } },
          Company: { type: 'object', properties: { vat: { type: 'string' } } },
        },
      },
    };
    const { payload } = await openApiToPush(spec);
    const d = find(payload.apis, 'POST', '/pets');
    expect(child(d.requestParams, 'nick').type).toBe('string|null');
    expect(child(d.requestParams, 'nick').example).toBe('Rex');
    const owner = child(d.requestParams, 'owner');
    expect(owner.type).toBe('oneOf');
    expect(owner.children?.map((c) => c.name)).toEqual(['Person', 'Company']);
    expect(child(d.requestParams, 'owner', 'Company', 'vat').type).toBe('string');
    expect(child(d.requestParams, 'id').type).toBe('string|integer');
    expect(child(d.requestParams, 'photo').type).toBe('file');
    expect(child(d.requestParams, 'old').description).toContain('[deprecated]');
    expect(child(d.requestParams, 'kind').enumInfo?.items?.map((i) => i.value)).toEqual(['dog', 'cat']);
    // allOf: Pet's properties plus barks, required merged.
    expect(d.responseParams?.map((p) => p.name)).toEqual(['kind', 'nick', 'owner', 'id', 'photo', 'old', 'barks']);
    expect(child(d.responseParams, 'barks').required).toBe(1);
    expect(child(d.responseParams, 'kind').required).toBe(1);
  });
});

describe('weboql: YAML anchors, unknown types', () => {
  it('imports with warnings for type "str" and the {file_path:path} template', async () => {
    const { payload, warnings } = await openApiToPush(fixture('openapi/weboql-yaml-anchors-v3.0.yaml'));
    expect(flat(payload.apis)).toHaveLength(17);
    expect(warnings.some((w) => renderText('en', w).includes("unknown type 'str'"))).toBe(true);
    const d = flat(payload.apis).find((x) => x.url?.includes('{file_path:path}') && x.httpMethod === 'GET') as PushDocItem;
    expect(d).toBeTruthy();
    // YAML anchors (&id004 / *id004) resolved: the shared response codes appear on later operations too.
    expect(d.errorCodeParams?.map((c) => c.code)).toContain('404');
  });
});

describe('Stripe (82 schemas in $ref cycles)', () => {
  it('converts all 468 operations into bounded trees with recursion markers (its time: npm run bench -- import-limits)', async () => {
    const { payload, warnings } = await openApiToPush(fixture('openapi/stripe-spec3.yaml.gz'));
    const docs = flat(payload.apis);
    expect(docs).toHaveLength(468);
    // No tags in Stripe's spec: folders by the first path segment after /v1.
    expect(payload.apis.find((a) => a.name === 'customers')?.items?.length).toBe(47);
    const c = find(payload.apis, 'GET', '/v1/customers/{customer}');
    // The response is `anyOf [customer, deleted_customer]`: one alternatives node, each alternative with its fields.
    expect(child(c.responseParams, 'body').type).toBe('anyOf');
    // A named object says which schema it is (what "↗ see address" elsewhere points to).
    expect(child(c.responseParams, 'body', 'Customer', 'address').type).toBe('object(address)|null');
    expect(child(c.responseParams, 'body', 'Customer', 'address', 'city').type).toBe('string|null');
    expect(
      child(c.responseParams, 'body', 'Customer', 'cash_balance', 'settings', 'reconciliation_mode').enumInfo?.items?.map((i) => i.value),
    ).toEqual(['automatic', 'manual']);
    for (const d of docs) {
      expect(depth(d.responseParams)).toBeLessThanOrEqual(12);
      expect(countPayload([d]).params).toBeLessThanOrEqual(1600);
    }
    // Every status is kept: the error body of `default` (Stripe's `error`) within its own bound.
    expect(c.responses?.map((r) => [r.status, r.main])).toEqual([
      ['200', 1],
      ['default', 0],
    ]);
    expect(c.responses?.[1].params?.map((p) => p.name)).toEqual(['error']);
    const sizes = docs.map((d) => JSON.stringify(d.responses ?? []).length);
    console.log(`Stripe extras: ${sizes.reduce((a, b) => a + b, 0)} characters, largest ${Math.max(...sizes)}`);
    expect(Math.max(...sizes)).toBeLessThan(20_000);
    const marks = JSON.stringify(payload).split(RECURSION_MARK).length - 1;
    expect(marks).toBeGreaterThan(0);
    expect(warnings.length).toBeGreaterThan(0);
  }, 600_000);
});

describe('Kubernetes (Swagger 2.0)', () => {
  it('converts 1,123 operations with body parameters, tags as folders and security', async () => {
    const text = fixture('openapi/kubernetes-swagger.json.gz');
    // "swagger" comes after 4 MB of definitions: detection still finds it.
    expect(quickDetect(text)).toBe('openapi');
    // An uploaded file is detected from its bytes, decoding the whole only when the start does not settle it.
    expect(quickDetect(Buffer.from(text))).toBe('openapi');
    const { payload, security } = await openApiToPush(text);
    const docs = flat(payload.apis);
    expect(docs).toHaveLength(1123);
    expect(payload.apis.find((a) => a.name === 'core_v1')?.items?.length).toBe(248);
    const create = find(payload.apis, 'POST', '/api/v1/namespaces/{namespace}/pods');
    expect(create.contentType).toBe('application/json');
    expect(child(create.pathParams, 'namespace').required).toBe(1);
    expect(child(create.requestParams, 'metadata', 'ownerReferences', 'uid').required).toBe(1);
    expect(child(create.requestParams, 'metadata', 'labels', '<key>').type).toBe('string');
    expect(child(create.queryParams, 'dryRun').type).toBe('string');
    expect(security?.schemes.BearerToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'authorization' });
    // JSONSchemaProps refers to itself: a marker, not an endless tree.
    const crd = find(payload.apis, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions');
    expect(JSON.stringify(crd.requestParams)).toContain(
      `${RECURSION_MARK} io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps`,
    );
  }, 60_000);

  it('reads formData file uploads (Swagger 2.0)', async () => {
    const spec = {
      swagger: '2.0',
      info: { title: 'u', version: '1' },
      host: 'api.example.com',
      basePath: '/v2',
      schemes: ['https'],
      paths: {
        '/upload': {
          post: {
            consumes: ['multipart/form-data'],
            parameters: [
              { name: 'file', in: 'formData', type: 'file', required: true },
              { name: 'note', in: 'formData', type: 'string', 'x-example': 'hello' },
            ],
            responses: { '200': { description: 'ok', schema: { type: 'array', items: { type: 'string' } } } },
          },
        },
      },
    };
    const { payload } = await openApiToPush(spec);
    const d = find(payload.apis, 'POST', '/upload');
    expect(d.contentType).toBe('multipart/form-data');
    expect(d.requestParams?.map((p) => [p.name, p.type, p.required, p.example])).toEqual([
      ['file', 'file', 1, ''],
      ['note', 'string', 0, 'hello'],
    ]);
    expect(d.isResponseArray).toBe(1);
    expect(d.responseArrayType).toBe('string');
    expect(payload.debugEnvs).toEqual([{ name: 'https', url: 'https://api.example.com/v2' }]);
  });
});

describe('Postman collections', () => {
  it('v2.0 echo: folders, saved examples, form-data, raw JSON bodies', async () => {
    const { payload, security } = await postmanToPush(fixture('postman/newman-echo-v2.postman_collection.json'));
    const c = countPayload(payload.apis);
    expect(c.docs).toBe(22);
    expect(c.folders).toBe(7);
    expect(payload.apis.filter((a) => a.isFolder).map((a) => a.name)).toContain('Auth: Digest');
    const all = flat(payload.apis);
    const digest = all.find((d) => d.name === 'DigestAuth Success') as PushDocItem;
    expect(digest.url).toBe('/digest-auth');
    // Auth OpenAPI can express is data (a scheme and the request's requirement), not description text…
    expect(digest.description).not.toContain('**Auth:**');
    expect(security?.schemes.digestAuth).toEqual({
      type: 'http',
      scheme: 'digest',
      description: 'User `postman`',
      'x-folio-username': 'postman',
    });
    expect(security?.docs[securityDocKey('GET', '/digest-auth', '', digest.identityKey ?? '')]).toEqual([{ digestAuth: [] }]);
    const basic = all.find((d) => d.name === 'Basic Auth') as PushDocItem;
    expect(security?.docs[securityDocKey('GET', String(basic.url), '', basic.identityKey ?? '')]).toEqual([{ basicAuth: [] }]);
    // …and a kind it cannot (OAuth 1.0) stays described.
    const oauth1 = all.find((d) => d.name === 'OAuth1.0 Verify Signature') as PushDocItem;
    expect(oauth1.description).toContain('**Auth:** oauth1');
    expect(Object.keys(security?.schemes ?? {}).sort()).toEqual(['basicAuth', 'digestAuth']);
    expect(payload.debugEnvs?.[0]?.url).toBe('https://postman-echo.com');
  });

  it('cuts texts longer than the columns hold, with a warning naming each', async () => {
    const longName = `p${'x'.repeat(299)}`;
    const longPath = `/${'a'.repeat(1100)}`;
    const spec = {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: { [longPath]: { get: { tags: ['T'], parameters: [{ name: longName, in: 'query', schema: { type: 'string' } }] } } },
    };
    const r = await convertSource(JSON.stringify(spec), null);
    const doc = flat(r.payload.apis)[0];
    expect(doc.url?.length).toBe(1024);
    expect(doc.queryParams?.[0].name).toBe(longName.slice(0, 255));
    const en = r.warnings.map((w) => renderText('en', w));
    expect(en).toContainEqual(expect.stringMatching(/url cut to 1024 characters$/));
    expect(en).toContainEqual(expect.stringMatching(/parameter name px{39}… cut to 255 characters$/));
    expect(r.warnings.map((w) => renderText('zh-CN', w))).toContainEqual(
      expect.stringMatching(/：参数名 px{39}… 超长，已截断为 255 个字符$/),
    );
  });

  it('tolerates a byte-order mark', async () => {
    const text = fixture('postman/newman-bom-in-collection-file.postman_collection.json');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(quickDetect(text)).toBe('postman');
    expect(quickDetect(Buffer.from(text))).toBe('postman');
    const r = await convertSource(text, null);
    expect(r.format).toBe('postman');
    expect(countPayload(r.payload.apis).docs).toBe(3);
    expect(r.counts).toEqual(countPayload(r.payload.apis));
  });

  it('tells a blank upload (byte-order mark and any white space) from a source, as text or bytes', () => {
    for (const blank of ['', '\uFEFF', ' \r\n\t ', '\uFEFF \n', '\u3000\u00a0\n']) {
      expect(isBlankSource(blank)).toBe(true);
      expect(isBlankSource(Buffer.from(blank))).toBe(true);
    }
    for (const text of ['x', '\uFEFF{}', ' \u00e9', '\u3000a']) {
      expect(isBlankSource(text)).toBe(false);
      expect(isBlankSource(Buffer.from(text))).toBe(false);
    }
  });

  it('counts what it converts as countPayload does (folders, docs, params with children)', async () => {
    const spec = {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: {
        '/a': { get: { tags: ['A'], parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }] } },
        '/b': {
          post: {
            tags: ['B'],
            requestBody: {
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { x: { type: 'object', properties: { y: { type: 'string' } } } } },
                },
              },
            },
          },
        },
        '/c': { get: {} },
      },
    };
    const r = await convertSource(JSON.stringify(spec), null);
    expect(r.counts).toEqual(countPayload(r.payload.apis));
    expect(r.counts).toMatchObject({ folders: 2, docs: 3, params: 3 });
  });

  it('v2.1 Wise: urlencoded bodies, basic auth as a scheme that names its user, JSON bodies as trees', async () => {
    const { payload, security } = await postmanToPush(fixture('postman/transferwise-cards-api.postman_collection.json'));
    const docs = flat(payload.apis);
    expect(docs).toHaveLength(42);
    const refresh = docs.find((d) => d.name === 'Refresh existing access token') as PushDocItem;
    expect(refresh.url).toBe('/oauth/token');
    expect(refresh.contentType).toBe('application/x-www-form-urlencoded');
    expect(refresh.requestParams?.map((p) => [p.name, p.example])).toEqual([
      ['grant_type', 'refresh_token'],
      ['refresh_token', '{{refresh_token}}'],
    ]);
    // The basic user (a variable here) stays with the scheme: readers see it, the Postman export writes it back.
    const req = security?.docs[securityDocKey('POST', '/oauth/token', '', refresh.identityKey ?? '')];
    expect(req).toHaveLength(1);
    const scheme = security?.schemes[Object.keys(req?.[0] ?? {})[0]];
    expect(scheme).toEqual({ type: 'http', scheme: 'basic', description: 'User `{{client-id}}`', 'x-folio-username': '{{client-id}}' });
    expect(refresh.description).not.toContain('**Auth:**');
    const withJson = docs.find((d) => d.contentType === 'application/json' && (d.requestParams?.length ?? 0) > 0);
    expect(withJson).toBeTruthy();
  });

  it('GraphQL bodies (Contentstack) keep query and variables', async () => {
    const { payload } = await postmanToPush(fixture('postman/contentstack-graphql-collection.json'));
    const docs = flat(payload.apis);
    expect(docs).toHaveLength(69);
    const one = docs.find((d) => d.name === 'Get a Single Entry') as PushDocItem;
    expect(one.httpMethod).toBe('POST');
    // One URL for all GraphQL requests: the operation name (the doc's identity key) keeps the docs apart.
    expect(new Set(docs.map((d) => `${d.httpMethod} ${d.url}#${d.identityKey}`)).size).toBe(docs.length);
    expect(one.url).toBe('/stacks/{{api_key}}');
    expect(one.identityKey).toBe('Get a Single Entry');
    expect(one.version ?? '').toBe('');
    expect(child(one.requestParams, 'query').example).toContain('product(uid: $entry_uid');
    expect(child(one.requestParams, 'variables', 'entry_uid').example).toBe('{{entry_uid}}');
    expect(child(one.queryParams, 'environment').example).toBe('{{environment}}');
    expect(child(one.headerParams, 'access_token').example).toBe('{{access_token}}');
  });

  it('saved XML examples (Sabre) are listed by status, bearer auth inherited from the collection', async () => {
    const { payload } = await postmanToPush(fixture('postman/sabre-lodging-v2025.04.postman_collection.json'));
    const docs = flat(payload.apis);
    expect(docs).toHaveLength(12);
    expect(docs.filter((d) => (d.errorCodeParams?.length ?? 0) > 0).length).toBeGreaterThan(0);
    // The collection's bearer auth, inherited by every request: one scheme named after its `{{token}}` variable.
    const { security } = await postmanToPush(fixture('postman/sabre-lodging-v2025.04.postman_collection.json'));
    expect(security?.schemes).toEqual({ token: { type: 'http', scheme: 'bearer' } });
    // (Its six token and session requests say `noauth`: none needed.)
    const reqs = docs.map((d) =>
      JSON.stringify(security?.docs[securityDocKey(String(d.httpMethod), String(d.url), '', d.identityKey ?? '')]),
    );
    expect(reqs.filter((r) => r === '[{"token":[]}]')).toHaveLength(6);
    expect(reqs.filter((r) => r === '[]')).toHaveLength(6);
    expect(docs.filter((d) => d.description?.includes('**Auth:**'))).toEqual([]);
    const close = docs.find((d) => d.name === 'SessionCloseRQ 1.0.0') as PushDocItem;
    expect(close.contentType).toBe('text/xml');
    expect(close.description).toContain('<SessionCloseRQ');
  });
});

describe('YApi Markdown', () => {
  it('leaf rbac: 34 interfaces in 5 categories with pipe and nested HTML tables', async () => {
    const { payload } = await yapiMarkdownToPush(fixture('yapi/leaf-api.rbac.md'));
    const folders = payload.apis.filter((a) => a.isFolder);
    expect(folders.map((f) => f.name)).toEqual(['JWT Token管理接口', '认证管理接口', '接入点管理接口', '用户接口', '用户组接口']);
    // The 34 interfaces, after the wiki block (公共信息) as a Markdown doc at the top.
    expect(payload.apis[0].name).toBe('公共信息');
    const docs = flat(payload.apis).slice(1);
    expect(docs).toHaveLength(34);
    const methods: Record<string, number> = {};
    for (const d of docs) methods[d.httpMethod as string] = (methods[d.httpMethod as string] ?? 0) + 1;
    expect(methods).toEqual({ GET: 11, POST: 8, PUT: 8, DELETE: 7 });
    const jwt = find(payload.apis, 'POST', '/rbac/jwts/{token}');
    expect(jwt.name).toBe('请求 JWT-Token');
    expect(child(jwt.pathParams, 'token').example).toBe('5dfdebd0a2ed28fc8397f723');
    expect(child(jwt.requestParams, 'password').required).toBe(1);
    expect(child(jwt.headerParams, 'Content-Type').example).toBe('application/x-www-form-urlencoded');
    expect(jwt.responseParams?.map((p) => [p.name, p.type, p.required])).toEqual([
      ['code', 'number', 1],
      ['message', 'string', 1],
      ['description', 'string', 1],
      ['token', 'string', 0],
    ]);
    const users = find(payload.apis, 'GET', '/rbac/users');
    expect(users.queryParams?.map((p) => p.name)).toEqual(['previous', 'count']);
    expect(child(users.responseParams, 'users').type).toBe('array[string]');
  });

  it('reads nesting from padding-left', () => {
    const row = (pad: number, name: string, type: string) =>
      `<tr><td key=0><span style="padding-left: ${pad}px"><span style="color: #8c8a8a">${pad ? '├─' : ''}</span> ${name}</span></td><td key=1><span>${type}</span></td><td key=2>必须</td><td key=3></td><td key=4><span>d</span></td><td key=5></td></tr>`;
    const params = htmlSchemaParams(
      `<table><tbody>${row(0, 'data', 'object')}${row(20, 'user', 'object')}${row(40, 'id', 'string')}${row(20, 'total', 'number')}${row(0, 'code', 'number')}</tbody></table>`,
    );
    expect(params.map((p) => p.name)).toEqual(['data', 'code']);
    expect(child(params, 'data', 'user', 'id').type).toBe('string');
    expect(child(params, 'data', 'total').type).toBe('number');
  });

  it('a pasted README: the 8 interfaces are HTTP docs, other sections Markdown docs', async () => {
    const text = fixture('yapi/http-crontab-README.md');
    expect(quickDetect(text)).toBe('yapi-md');
    expect(quickDetect(Buffer.from(text))).toBe('yapi-md');
    const { payload } = await yapiMarkdownToPush(text);
    const docs = flat(payload.apis);
    expect(docs.filter((d) => d.type === 0)).toHaveLength(8);
    expect(docs.filter((d) => d.type === 3).length).toBeGreaterThan(0);
    const modify = find(payload.apis, 'POST', '/crontab/modify');
    expect(modify.requestParams?.map((p) => p.name)).toEqual(['id', 'field', 'value']);
  });
});

describe('YApi JSON export', () => {
  it('categories, form and JSON-schema bodies (the shape of the YApi exportData json)', async () => {
    const sample = [
      {
        index: 0,
        name: 'user',
        desc: 'user apis',
        add_time: 1600000000,
        list: [
          {
            method: 'POST',
            title: 'Create user',
            path: '/user/{id}',
            status: 'done',
            req_params: [{ name: 'id', desc: 'user id', example: '7' }],
            req_query: [{ name: 'lang', required: '0', example: 'en' }],
            req_headers: [{ name: 'Content-Type', value: 'application/json', required: '1' }],
            req_body_type: 'json',
            req_body_is_json_schema: true,
            req_body_other: JSON.stringify({
              type: 'object',
              required: ['name'],
              properties: {
                name: { type: 'string', description: 'nick' },
                roles: { type: 'array', items: { type: 'object', properties: { code: { type: 'string', enum: ['a', 'b'] } } } },
              },
            }),
            res_body_type: 'json',
            res_body_is_json_schema: true,
            res_body: JSON.stringify({ type: 'object', properties: { code: { type: 'integer' } } }),
            desc: '<p>creates</p>',
          },
          {
            method: 'PUT',
            title: 'Form',
            path: '/user/form',
            req_body_type: 'form',
            req_body_form: [{ name: 'avatar', type: 'file', required: '1' }],
          },
        ],
      },
    ];
    const text = JSON.stringify(sample);
    expect(quickDetect(text)).toBe('yapi-json');
    expect(quickDetect(Buffer.from(text))).toBe('yapi-json');
    const { payload } = await yapiJsonToPush(text);
    expect(payload.apis.map((a) => a.name)).toEqual(['user']);
    const d = find(payload.apis, 'POST', '/user/{id}');
    expect(child(d.requestParams, 'name').required).toBe(1);
    expect(child(d.requestParams, 'roles', 'code').enumInfo?.items?.map((i) => i.value)).toEqual(['a', 'b']);
    expect(child(d.pathParams, 'id').example).toBe('7');
    expect(child(d.queryParams, 'lang').required).toBe(0);
    expect(child(d.responseParams, 'code').type).toBe('integer');
    const f = find(payload.apis, 'PUT', '/user/form');
    expect(f.contentType).toBe('multipart/form-data');
    expect(child(f.requestParams, 'avatar').type).toBe('file');
  });
});

describe('bad input', () => {
  const code = async (text: string) => {
    try {
      await convertSource(text, null);
      return 'ok';
    } catch (err) {
      return err instanceof ImportInputError ? err.key : `other: ${(err as Error).message}`;
    }
  };
  it('empty, non-spec JSON, broken JSON with a location, unknown text', async () => {
    expect(await code('')).toBe('import.empty');
    expect(await code('  \n')).toBe('import.empty');
    expect(await code('{"hello": "world"}')).toBe('import.unknown_format');
    expect(await code('plain words')).toBe('import.unknown_format');
    try {
      await convertSource('{"openapi": "3.0.0",\n "paths": {,}}', null);
    } catch (err) {
      expect((err as ImportInputError).key).toBe('import.invalid_json');
      expect(renderText('en', (err as ImportInputError).location)).toMatch(/^line 2, column \d+$/);
      expect(renderText('zh-CN', (err as ImportInputError).location)).toMatch(/^第 2 行第 \d+ 列$/);
    }
    expect(await code('{"openapi": "3.0.0", "info": {}, "paths": {}}')).toBe('import.no_operations');
  });

  it('billion laughs and deep nesting are refused (their time: npm run bench -- import-limits)', async () => {
    const lol = ['openapi: 3.0.0', 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) {
      const c = String.fromCharCode(97 + i);
      lol.push(
        `${c}: &${c} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    }
    expect(await code(lol.join('\n'))).toBe('import.invalid_yaml');
    expect(await code(`{"openapi":"3.0.0","x":${'['.repeat(50_000)}${']'.repeat(50_000)}}`)).toBe('import.too_deep');
    expect(await code(`openapi: 3.0.0\nx: ${'['.repeat(50_000)}${']'.repeat(50_000)}`)).toMatch(/import\.(too_deep|invalid_yaml)/);
  });
});

describe('named schemas a reader can follow', () => {
  it('show their name in the type where they are shown, and a second use says which schema to look up', async () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/orders': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        order: {
                          type: 'object',
                          properties: {
                            buyer: { $ref: '#/components/schemas/customer' },
                            payer: { $ref: '#/components/schemas/customer' },
                            note: { type: 'object', nullable: true, properties: { text: { type: 'string' } } },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          customer: {
            type: 'object',
            nullable: true,
            properties: { id: { type: 'string' }, parent: { $ref: '#/components/schemas/customer' } },
          },
        },
      },
    };
    const { payload } = await openApiToPush(spec);
    const d = find(payload.apis, 'GET', '/orders');
    expect(child(d.responseParams, 'order').type).toBe('object');
    expect(child(d.responseParams, 'order', 'buyer')).toMatchObject({ type: 'object(customer)|null' });
    expect(child(d.responseParams, 'order', 'buyer').children?.map((p) => p.name)).toEqual(['id', 'parent']);
    expect(child(d.responseParams, 'order', 'buyer', 'parent')).toMatchObject({
      type: 'object',
      description: `${RECURSION_MARK} customer`,
    });
    expect(child(d.responseParams, 'order', 'payer')).toMatchObject({ type: 'object|null', description: '↗ see customer' });
    expect(child(d.responseParams, 'order', 'note').type).toBe('object|null');
  });
});

describe('every response of an operation', () => {
  it('keeps each status; one repeating the main schema (Kubernetes 200/201/202) points to it instead of a copy', async () => {
    const spec = {
      swagger: '2.0',
      info: { title: 't', version: '1' },
      paths: {
        '/deployments': {
          post: {
            produces: ['application/json'],
            responses: {
              '200': { description: 'OK', schema: { $ref: '#/definitions/Deployment' } },
              '201': { description: 'Created', schema: { $ref: '#/definitions/Deployment' } },
              '401': { description: 'Unauthorized', schema: { $ref: '#/definitions/Status' } },
            },
          },
        },
      },
      definitions: {
        Deployment: {
          type: 'object',
          properties: { kind: { type: 'string' }, spec: { type: 'object', properties: { replicas: { type: 'integer' } } } },
        },
        Status: {
          type: 'object',
          properties: { code: { type: 'integer' }, reason: { type: 'string', enum: ['Unauthorized', 'Forbidden'] } },
        },
      },
    };
    const { payload } = await openApiToPush(spec);
    const d = find(payload.apis, 'POST', '/deployments');
    expect(d.responseParams?.map((p) => p.name)).toEqual(['kind', 'spec']);
    expect(d.responses?.map((r) => [r.status, r.main, r.sameAs, r.contentType])).toEqual([
      ['200', 1, undefined, 'application/json'],
      ['201', 0, '200', 'application/json'],
      ['401', 0, undefined, 'application/json'],
    ]);
    expect(d.responses?.[1].params).toBeUndefined();
    const status = d.responses?.[2].params ?? [];
    expect(status.map((p) => [p.name, p.type])).toEqual([
      ['code', 'integer'],
      ['reason', 'string'],
    ]);
    // An error body's values stay on its param: no dictionary of the application is named after it.
    expect(status[1].enumInfo?.items?.map((i) => i.value)).toEqual(['Unauthorized', 'Forbidden']);
  });
});
