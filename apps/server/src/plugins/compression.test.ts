/**
 * Fewer bytes on the wire: API answers are compressed (brotli or gzip, as the client accepts), the web
 * app's hashed assets are served from their precompressed files with a year-long immutable cache, and
 * index.html is revalidated on every load.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createWorld, type TestApp } from '../../test/harness.js';

describe('compression and caching', () => {
  let t: TestApp;
  let web: string;
  const js = `console.log(${JSON.stringify('x'.repeat(5000))});`;
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'folio-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), `<!doctype html><html><body>${'<p>folio</p>'.repeat(200)}</body></html>`);
    writeFileSync(join(web, 'assets/index-AbC123xy.js'), js);
    writeFileSync(join(web, 'assets/index-AbC123xy.js.br'), brotliCompressSync(js));
    writeFileSync(join(web, 'assets/index-AbC123xy.js.gz'), gzipSync(js));
    t = await createTestApp({ env: { FOLIO_WEB_DIST: web } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('compresses API answers with brotli or gzip as the client accepts', async () => {
    const w = await createWorld(t);
    for (let i = 0; i < 40; i++) {
      await call(t.app, t.adminToken, 'POST', '/api/doc/save', {
        moduleId: w.moduleId,
        name: `Doc ${i}`,
        url: `/d/${i}`,
        httpMethod: 'GET',
      });
    }
    const get = (enc: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/doc/tree?moduleId=${w.moduleId}`,
        headers: { token: t.adminToken, 'accept-encoding': enc },
      });
    const raw = await get('identity');
    expect(raw.headers['content-encoding']).toBeUndefined();
    const br = await get('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(raw.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(raw.body);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(raw.body);
  });

  it('compresses exports too, the OpenAPI YAML file included', async () => {
    const w = await createWorld(t);
    for (let i = 0; i < 20; i++) {
      await call(t.app, t.adminToken, 'POST', '/api/doc/save', {
        moduleId: w.moduleId,
        name: `Doc ${i}`,
        url: `/d/${i}`,
        httpMethod: 'GET',
      });
    }
    for (const [format, type] of [
      ['openapi-yaml', 'application/yaml'],
      ['openapi-json', 'application/json'],
      ['html', 'text/html'],
    ]) {
      const get = (enc: string) =>
        t.app.inject({
          method: 'GET',
          url: '/api/export',
          query: { format, moduleId: w.moduleId },
          headers: { token: t.adminToken, 'accept-encoding': enc },
        });
      const raw = await get('identity');
      expect(raw.statusCode, format).toBe(200);
      expect(String(raw.headers['content-type']), format).toContain(type);
      const gz = await get('gzip');
      expect(gz.headers['content-encoding'], format).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString(), format).toBe(raw.body);
    }
  });

  it('serves hashed assets precompressed with an immutable cache, and index.html revalidated', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123xy.js', headers: { 'accept-encoding': 'br' } });
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(a.rawPayload).toString()).toBe(js);
    expect(a.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const g = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123xy.js', headers: { 'accept-encoding': 'gzip' } });
    expect(g.headers['content-encoding']).toBe('gzip');
    for (const url of ['/', '/index.html', '/project/some/deep/link']) {
      const i = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(i.statusCode, url).toBe(200);
      expect(i.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
