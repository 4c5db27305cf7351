/**
 * Folio's own API description, checked by a third-party validator (swagger-parser) and eaten by Folio:
 * GET /api/openapi.json pushed into an application through POST /api/push/openapi must give one readable doc
 * per call, with its parameters and the fields of its answer.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { ERROR_MEANINGS, ErrorSlug } from '@folio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createWorld, type TestApp } from './harness.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe("Folio's own OpenAPI", () => {
  let t: TestApp;
  let spec: any;
  beforeAll(async () => {
    t = await createTestApp();
    spec = (await call(t.app, null, 'GET', '/api/openapi.json')).body;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('passes swagger-parser (dereferenced and validated)', async () => {
    await expect(SwaggerParser.validate(structuredClone(spec))).resolves.toBeTruthy();
  });

  it('lists every error slug with its meaning, and every call may answer it', () => {
    const err = spec.components.schemas.Error.properties.error;
    expect(err.enum).toEqual(ErrorSlug);
    for (const slug of ErrorSlug) {
      expect(ERROR_MEANINGS[slug].length, slug).toBeGreaterThan(10);
      expect(err.description).toContain(`\`${slug}\`: ${ERROR_MEANINGS[slug]}`);
    }
    const bare: string[] = [];
    for (const [path, item] of Object.entries<Record<string, any>>(spec.paths)) {
      for (const m of METHODS) if (item[m] && !item[m].responses?.['4XX']) bare.push(`${m} ${path}`);
    }
    expect(bare).toEqual([]);
  });

  it('describes what the share calls answer, field by field', () => {
    const data = (path: string, method: string) =>
      spec.paths[path][method].responses['200'].content['application/json'].schema.properties.data;
    expect(Object.keys(data('/api/share/list', 'get').items.properties)).toEqual(
      expect.arrayContaining(['id', 'publicId', 'url', 'guessable', 'type', 'status', 'expiresAt', 'contents', 'environmentIds']),
    );
    expect(Object.keys(data('/api/share/add', 'post').properties).sort()).toEqual(['id', 'publicId', 'url']);
    expect(Object.keys(data('/api/share/get', 'get').properties)).toEqual(
      expect.arrayContaining(['needPassword', 'grant', 'environments']),
    );
  });

  it('imports into Folio as a readable, complete application (dogfooding)', { timeout: 180_000 }, async () => {
    const w = await createWorld(t);
    const token = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId: w.moduleId })).data.token as string;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push/openapi?isReplace=1',
      headers: { token, 'content-type': 'application/json' },
      payload: JSON.stringify(spec),
    });
    expect(res.json()).toMatchObject({ code: '0' });
    const ops = Object.entries<Record<string, any>>(spec.paths).flatMap(([p, item]) =>
      METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${p}`),
    );
    const moduleId = t.app.ctx.ids.decode(w.moduleId);
    const docs = await t.app.ctx.db
      .selectFrom('docs')
      .select(['id', 'name', 'url', 'httpMethod'])
      .where('moduleId', '=', moduleId)
      .where('isDeleted', '=', 0)
      .where('isFolder', '=', 0)
      .execute();
    // One doc per call, none missing, none extra.
    expect(docs.map((d) => `${d.httpMethod} ${d.url}`).sort()).toEqual(ops.sort());
    // Readable: the share calls carry their summary as name, their parameters and their answer's fields.
    const docOf = async (method: string, url: string) => {
      const d = docs.find((x) => x.httpMethod === method && x.url === url);
      expect(d, `${method} ${url}`).toBeDefined();
      const r = await call(t.app, t.adminToken, 'GET', '/api/doc/detail', { id: t.app.ctx.ids.encode(d?.id) });
      expect(r.code).toBe('0');
      return r.data;
    };
    const add = await docOf('POST', '/api/share/add');
    expect(add.name).toBe('Share an application or some of its docs');
    expect(add.requestParams.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['moduleId', 'type', 'contents']));
    const addData = add.responseParams.find((p: { name: string }) => p.name === 'data');
    expect(addData?.children.map((p: { name: string }) => p.name).sort()).toEqual(['id', 'publicId', 'url']);
    const list = await docOf('GET', '/api/share/list');
    expect(list.queryParams.map((p: { name: string }) => p.name)).toEqual(['moduleId']);
    const listData = list.responseParams.find((p: { name: string }) => p.name === 'data');
    expect(JSON.stringify(listData)).toContain('"publicId"');
  });
});
