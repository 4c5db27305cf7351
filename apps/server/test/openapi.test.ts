/** Folio's own API description: valid OpenAPI 3.1, generated from the route schemas, with the main calls. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './harness.js';

/** Routes whose body is not JSON on purpose: raw OpenAPI text, multipart uploads, proxied requests. */
const RAW_BODY_ROUTES = new Set(['/api/push/openapi', '/api/import', '/api/import/push', '/api/debug/proxy']);

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let spec: any;
  beforeAll(async () => {
    t = await createTestApp();
    const r = await call(t.app, null, 'GET', '/api/openapi.json');
    expect(r.status).toBe(200);
    spec = r.body;
  });
  afterAll(async () => {
    await t.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(spec.openapi).toBe('3.1.0');
    const v = new Validator();
    const res = await v.validate(structuredClone(spec));
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
  });

  it('describes the main calls with their request schemas', () => {
    const paths = spec.paths as Record<string, Record<string, any>>;
    for (const p of [
      '/api/user/login',
      '/api/space/add',
      '/api/project/add',
      '/api/module/add',
      '/api/module/token/get',
      '/api/module/environment/add',
      '/api/doc/save',
      '/api/doc/detail',
      '/api/doc/view/data',
      '/api/doc/enum/info/baselist',
      '/api/user/message/unread',
    ]) {
      expect(paths[p], p).toBeDefined();
    }
    const save = paths['/api/doc/save'].post.requestBody.content['application/json'].schema;
    expect(save.required).toEqual(expect.arrayContaining(['moduleId', 'name']));
    expect(Object.keys(save.properties)).toEqual(
      expect.arrayContaining(['requestParams', 'responseParams', 'errorCodeParams', 'dubboInfo']),
    );
    const detailParams = paths['/api/doc/detail'].get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
    expect(detailParams).toContain('query:id');
  });

  it('gives every POST route of the feature modules a request body schema', () => {
    const paths = spec.paths as Record<string, Record<string, any>>;
    const bare = t.app.featureRoutes
      .filter((r) => r.method === 'POST' && r.url.startsWith('/api/'))
      .filter((r) => {
        const op = paths[r.url.replace(/:(\w+)/g, '{$1}')]?.post;
        // Routes without any input are fine (setReadAll, logout), and so are the few that take a raw or
        // multipart body by design (a pasted spec, an uploaded file, a proxied request); others must declare it.
        return op && !op.requestBody && !/setReadAll|logout/.test(r.url) && !RAW_BODY_ROUTES.has(r.url);
      })
      .map((r) => r.url);
    expect(bare).toEqual([]);
  });

  it('describes the answers that are not the envelope but have a fixed shape: files, Markdown, a script, redirects', () => {
    const answer = (path: string, status = '200') => spec.paths[path]?.get?.responses?.[status];
    const types = (path: string) => Object.keys(answer(path)?.content ?? {}).sort();
    expect(types('/api/file/{fileId}')).toEqual(['application/octet-stream', 'image/gif', 'image/jpeg', 'image/png', 'image/webp']);
    expect(answer('/api/file/{fileId}').content['image/png'].schema).toMatchObject({ type: 'string', format: 'binary' });
    expect(types('/api/openapi/push.md')).toEqual(['text/markdown']);
    expect(types('/mockjs/script/{*}')).toEqual(['text/plain']);
    expect(types('/api/export')).toContain('application/zip');
    // Torna's open endpoint (what smart-doc and torna-sdk call) describes Torna's own answer, on GET and POST.
    for (const method of ['get', 'post']) {
      const torna = spec.paths['/api']?.[method]?.responses?.['200']?.content?.['application/json']?.schema;
      expect(Object.keys(torna?.properties ?? {}), method).toEqual(['code', 'msg', 'data']);
      expect(torna.properties.code.description, method).toMatch(/'14' missing or unknown access_token/);
    }
    for (const p of ['/api/sso/oauth/{id}/start', '/api/sso/oauth/{id}/callback']) {
      expect(answer(p, '302')?.description, p).toMatch(/^a redirect \(Location\)/);
      expect(answer(p, '302')?.content, p).toBeUndefined();
    }
  });
});
