/**
 * The OpenAPI export through third-party validators: subsets of GitHub's, Stripe's and Kubernetes' published
 * descriptions and the OAI 3.1 examples are imported, exported, linted with Redocly's recommended rules
 * (`@redocly/openapi-core`: no error the source does not have itself) and validated by swagger-parser, then
 * imported again: the same
 * docs and parameters, and the same security schemes and requirements (issue 19).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { docsOf, exportOf, firstDiff, importInto, type Obj, paramAt, snapshot, swaggerVerdict } from '../../../test/fidelity-kit.js';
import { fixture } from '../../../test/fixtures/index.js';
import { specSubset } from '../../../test/fixtures/specs.js';
import { call, createTestApp, createWorld, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let projectId = '';
beforeAll(async () => {
  t = await createTestApp();
  projectId = (await createWorld(t)).projectId;
});
afterAll(async () => {
  await t.close();
});

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const require = createRequire(import.meta.url);
const SOURCES: { name: string; load: () => Obj }[] = [
  {
    name: 'GitHub REST (every 40th path)',
    load: () => specSubset(JSON.parse(readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8')), 40, 25),
  },
  { name: 'Stripe (every 25th path)', load: () => specSubset(parseYaml(fixture('openapi/stripe-spec3.yaml.gz')) as Obj, 25, 15) },
  { name: 'Kubernetes (every 40th path)', load: () => specSubset(JSON.parse(fixture('openapi/kubernetes-swagger.json.gz')), 40, 15) },
  { name: 'OAI tic-tac-toe 3.1', load: () => JSON.parse(fixture('openapi/oai-tictactoe-v3.1.json')) },
  { name: 'OAI webhook example 3.1', load: () => parseYaml(fixture('openapi/oai-webhook-example-v3.1.yaml')) as Obj },
  { name: 'OAI petstore 3.0', load: () => parseYaml(fixture('openapi/oai-petstore-v3.0.yaml')) as Obj },
];

/** Redocly's recommended ruleset, built once. */
let redocly: Awaited<ReturnType<typeof createConfig>> | null = null;
async function lint(doc: Obj): Promise<{ errors: string[]; warnings: number }> {
  redocly ??= await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/export.json', config: redocly });
  const errors = problems
    .filter((p) => p.severity === 'error')
    .map((p) => `${p.ruleId} ${p.location?.[0]?.pointer ?? ''}: ${p.message}`.slice(0, 300));
  return { errors, warnings: problems.length - errors.length };
}

/** Operations of a spec by `METHOD path` (paths and webhooks). */
function operations(spec: Obj): Map<string, Obj> {
  const out = new Map<string, Obj>();
  for (const section of ['paths', 'webhooks'])
    for (const [path, item] of Object.entries((spec[section] ?? {}) as Obj))
      for (const m of METHODS) if (item?.[m]) out.set(`${m.toUpperCase()} ${path}`, item[m]);
  return out;
}

const table: string[] = [];
afterAll(() => {
  if (table.length)
    console.log(
      `\n| source | operations | Redocly (recommended) | swagger-parser (export) | re-import |\n|---|---|---|---|---|\n${table.join('\n')}`,
    );
});

describe('OpenAPI export: Redocly lint and swagger-parser find no error, and it imports back the same', () => {
  for (const source of SOURCES) {
    it(source.name, { timeout: 300_000 }, async () => {
      const spec = source.load();
      const ops = operations(spec);
      const first = await importInto(t, projectId, source.name, JSON.stringify(spec));
      expect(first.status.errors).toEqual([]);
      expect(first.status.counts.docs).toBe(ops.size);
      const exported = JSON.parse(await exportOf(t, first.status.moduleId, 'openapi-json')) as Obj;
      // No error of the export's own: a rule the source itself breaks (GitHub declares no security at all:
      // security-defined) is reported, not held against the export.
      const fromSource = await lint(spec);
      const inherited = new Set(fromSource.errors.map((e) => e.split(' ')[0]));
      const { errors, warnings } = await lint(exported);
      expect(errors.filter((e) => !inherited.has(e.split(' ')[0]))).toEqual([]);
      const verdict = await swaggerVerdict(exported);
      expect(verdict).toBe('valid');
      // The 3.0 export passes the same checks.
      const as30 = await t.app.inject({
        method: 'GET',
        url: '/api/export',
        query: { format: 'openapi-json', moduleId: first.status.moduleId, openapiVersion: '3.0' },
        headers: { token: t.adminToken },
      });
      expect((await lint(as30.json())).errors.filter((e) => !inherited.has(e.split(' ')[0]))).toEqual([]);
      expect(await swaggerVerdict(as30.json())).toBe('valid');
      // Security schemes and requirements come out as the source declared them (Swagger 2's converted).
      const sourceSchemes = spec.components?.securitySchemes ?? spec.securityDefinitions;
      if (sourceSchemes) expect(Object.keys(exported.components?.securitySchemes ?? {}).sort()).toEqual(Object.keys(sourceSchemes).sort());
      expect(exported.security ?? null).toEqual(spec.security ?? null);
      const out = operations(exported);
      for (const [key, op] of ops) {
        const back = out.get(key) ?? out.get(key.replace(' ', ' /'));
        expect(back, key).toBeDefined();
        expect(back?.security, `${key} security`).toEqual(op.security);
      }
      // Import the export: the same docs and parameters.
      const again = await importInto(t, projectId, `${source.name} again`, JSON.stringify(exported));
      expect(again.status.errors).toEqual([]);
      const [before, after] = [
        await snapshot(t, first.status.moduleId, { extras: true }),
        await snapshot(t, again.status.moduleId, { extras: true }),
      ];
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      const differing = Object.keys(before).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
      if (process.env.FIDELITY_DIFF)
        for (const k of differing) {
          const d = firstDiff(before[k], after[k]);
          console.log(k, d, paramAt(before[k], d), paramAt(after[k], d));
        }
      expect(differing).toEqual([]);
      const ruleList = [...inherited].join(', ');
      table.push(
        `| ${source.name} | ${ops.size} | source ${fromSource.errors.length} errors${ruleList ? ` (${ruleList})` : ''}; export ${errors.length} errors (none of its own), ${warnings} warnings | ${verdict} | same |`,
      );
    });
  }
});

/** Postman collections (requests sharing a method and URL, `{{variables}}` in hosts and paths, auth of every kind). */
const POSTMAN = [
  'postman/sabre-automation-solutions.postman_collection.json',
  'postman/sabre-lodging-v2025.04.postman_collection.json',
  'postman/transferwise-payouts-third-party.postman_collection.json',
  'postman/transferwise-cards-api.postman_collection.json',
  'postman/newman-echo-v2.postman_collection.json',
  'postman/newman-bom-in-collection-file.postman_collection.json',
  'postman/contentstack-graphql-collection.json',
];

/** Postman auth kinds an OpenAPI security scheme expresses (the others stay described in the doc). */
const OPENAPI_AUTH = new Set(['noauth', 'bearer', 'basic', 'digest', 'apikey', 'oauth2']);

/**
 * The names of a collection's requests that get no auth from themselves, their folders or the collection, or
 * one OpenAPI has no scheme for (OAuth 1, Hawk, AWS Signature…).
 */
function requestsWithoutAuth(c: Obj): Set<string> {
  const out = new Set<string>();
  const walk = (items: Obj[], inherited: Obj | undefined) => {
    for (const it of items) {
      const auth = it.request?.auth ?? it.auth ?? inherited;
      if (Array.isArray(it.item)) walk(it.item, auth);
      else if (!OPENAPI_AUTH.has(auth?.type)) out.add(String(it.name).trim());
    }
  };
  walk(c.item ?? [], c.auth);
  return out;
}

describe('Postman → OpenAPI export: Redocly finds no error the collection does not carry itself', () => {
  for (const file of POSTMAN) {
    it(file, { timeout: 120_000 }, async () => {
      const text = fixture(file);
      const collection = JSON.parse(text.replace(/^\uFEFF/, '')) as Obj;
      const first = await importInto(t, projectId, file, text);
      expect(first.status.errors).toEqual([]);
      const withoutAuth = requestsWithoutAuth(collection);
      const counts: string[] = [];
      for (const v of ['3.1', '3.0']) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/export',
          query: { format: 'openapi-json', moduleId: first.status.moduleId, openapiVersion: v },
          headers: { token: t.adminToken },
        });
        const exported = res.json() as Obj;
        redocly ??= await createConfig({ extends: ['recommended'] });
        const problems = await lintFromString({ source: res.body, absoluteRef: '/export.json', config: redocly });
        const errors = problems.filter((p) => p.severity === 'error');
        // What the collection itself says: a request it gives no auth at all, or one OpenAPI cannot express, has no
        // security requirement (Folio does not invent "none needed"), and a request URL ending in a slash keeps it
        // (it is the API's URL).
        const own = errors.filter((p) => {
          const pointer = p.location?.[0]?.pointer ?? '';
          const [, path, method] = /^#\/paths\/([^/]+)\/?([a-z]*)/.exec(pointer) ?? [];
          const opPath = (path ?? '').replace(/~1/g, '/').replace(/~0/g, '~');
          if (p.ruleId === 'no-path-trailing-slash') return !opPath.endsWith('/');
          if (p.ruleId === 'security-defined') return !withoutAuth.has(String(exported.paths?.[opPath]?.[method]?.summary).trim());
          return true;
        });
        expect(own.map((p) => `${p.ruleId} ${p.location?.[0]?.pointer ?? ''}: ${p.message}`)).toEqual([]);
        expect(await swaggerVerdict(exported)).toBe('valid');
        counts.push(
          `${v}: ${errors.length} errors (${[...new Set(errors.map((e) => e.ruleId))].join(', ') || 'none'}), ${problems.length - errors.length} warnings`,
        );
      }
      table.push(`| ${file} (Postman) | ${docsOf(first.tree).length} | ${counts.join('; ')} | valid | - |`);
    });
  }
});

describe('Security round trip: OpenAPI → Postman auth → Postman import → OpenAPI security', () => {
  it('Stripe-like and tic-tac-toe schemes: bearer, basic, API key in query, OAuth 2 with scopes', { timeout: 120_000 }, async () => {
    const spec: Obj = {
      openapi: '3.1.0',
      info: { title: 'auth kinds', version: '1' },
      servers: [{ url: 'https://api.example.test' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          basicAuth: { type: 'http', scheme: 'basic' },
          api_key: { type: 'apiKey', in: 'query', name: 'api_key' },
          oauth2: {
            type: 'oauth2',
            flows: {
              authorizationCode: {
                authorizationUrl: 'https://a.test/auth',
                tokenUrl: 'https://a.test/token',
                scopes: { 'board:read': '' },
              },
            },
          },
        },
      },
      security: [{ bearerAuth: [] }],
      paths: {
        '/a': { get: { summary: 'A (default bearer)', responses: { 200: { description: 'OK' } } } },
        '/b': { get: { summary: 'B (basic)', security: [{ basicAuth: [] }], responses: { 200: { description: 'OK' } } } },
        '/c': { get: { summary: 'C (key in query)', security: [{ api_key: [] }], responses: { 200: { description: 'OK' } } } },
        '/d': { get: { summary: 'D (OAuth 2)', security: [{ oauth2: ['board:read'] }], responses: { 200: { description: 'OK' } } } },
        '/e': { get: { summary: 'E (open)', security: [], responses: { 200: { description: 'OK' } } } },
      },
    };
    const first = await importInto(t, projectId, 'auth kinds', JSON.stringify(spec));
    expect(first.status.errors).toEqual([]);
    // Postman: each request carries its auth, with a placeholder named after the scheme.
    const col = JSON.parse(await exportOf(t, first.status.moduleId, 'postman')) as Obj;
    const requests = (items: Obj[]): Obj[] => items.flatMap((it) => (Array.isArray(it.item) ? requests(it.item) : [it]));
    const auth = Object.fromEntries(requests(col.item).map((it) => [it.name, it.request.auth]));
    expect(auth['A (default bearer)']).toEqual({ type: 'bearer', bearer: [{ key: 'token', value: '{{bearerAuth}}', type: 'string' }] });
    expect(auth['B (basic)'].type).toBe('basic');
    expect(auth['C (key in query)'].apikey).toEqual(
      expect.arrayContaining([
        { key: 'key', value: 'api_key', type: 'string' },
        { key: 'in', value: 'query', type: 'string' },
      ]),
    );
    expect(auth['D (OAuth 2)'].oauth2).toEqual(
      expect.arrayContaining([
        { key: 'grant_type', value: 'authorization_code', type: 'string' },
        { key: 'scope', value: 'board:read', type: 'string' },
      ]),
    );
    expect(auth['E (open)']).toEqual({ type: 'noauth' });
    // The Postman file imported: auth is data again (not description text), shown with the doc…
    const viaPostman = await importInto(t, projectId, 'auth kinds via postman', JSON.stringify(col));
    expect(viaPostman.status.errors).toEqual([]);
    const docs = docsOf(viaPostman.tree);
    const d = docs.find((x) => x.name === 'D (OAuth 2)');
    const detail = (await call(t.app, t.adminToken, 'GET', '/api/doc/detail', { id: d?.id })).data;
    expect(detail.description).not.toContain('**Auth:**');
    expect(detail.security).toEqual([
      [
        expect.objectContaining({
          name: 'oauth2',
          type: 'oauth2',
          scopes: ['board:read'],
          flows: [{ flow: 'authorizationCode', authorizationUrl: 'https://a.test/auth', tokenUrl: 'https://a.test/token' }],
        }),
      ],
    ]);
    // …in the Markdown twin agents read…
    const twin = await t.app.inject({ method: 'GET', url: `/view/${d?.id}.md`, headers: { token: t.adminToken } });
    expect(twin.body).toContain('### Authorization\n- `oauth2`: OAuth 2 in header `Authorization`, scopes `board:read`');
    // …and the OpenAPI export of it declares the schemes and each operation's requirement.
    const back = JSON.parse(await exportOf(t, viaPostman.status.moduleId, 'openapi-json')) as Obj;
    const schemes = back.components.securitySchemes as Obj;
    expect(schemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer' });
    expect(schemes.basicAuth).toEqual({ type: 'http', scheme: 'basic' });
    expect(schemes.api_key).toEqual({ type: 'apiKey', in: 'query', name: 'api_key' });
    expect(schemes.oauth2.flows.authorizationCode).toEqual({
      authorizationUrl: 'https://a.test/auth',
      tokenUrl: 'https://a.test/token',
      scopes: { 'board:read': '' },
    });
    const ops = operations(back);
    expect(ops.get('GET /a')?.security).toEqual([{ bearerAuth: [] }]);
    expect(ops.get('GET /b')?.security).toEqual([{ basicAuth: [] }]);
    expect(ops.get('GET /c')?.security).toEqual([{ api_key: [] }]);
    expect(ops.get('GET /d')?.security).toEqual([{ oauth2: ['board:read'] }]);
    expect(ops.get('GET /e')?.security).toEqual([]);
    expect((await lint(back)).errors).toEqual([]);
  });
});
