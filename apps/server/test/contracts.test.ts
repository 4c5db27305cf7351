/**
 * Issue 26, one contract per call: every route of a converted module declares its answer (a response schema,
 * which also filters what is sent) and is listed in /api/openapi.json with it. The routes of a module are those
 * of its permission-matrix cases (src/modules/<module>/<module>.perm.ts).
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './harness.js';
import type { PermCase } from './permission-matrix.world.js';

/** Modules converted so far. */
const CONVERTED = [
  'dictionaries',
  'open-users',
  'applications',
  'users',
  'spaces',
  'projects',
  'debug',
  'messages',
  'compose',
  'shares',
  'sso',
  'agents',
  'imports',
  'push',
  'docs',
  'history',
  'trash',
  'mock',
  'admin',
  'webhooks',
  'system',
  'live',
  'uploads',
  'metersphere',
  'search',
  'torna-migration',
  'constants',
];
/**
 * Routes without a JSON envelope: Torna's open API at /api (Torna's own wire format), another server's answer
 * forwarded as is (debug proxy), a redirect (OAuth start and callback), a file or Markdown (export, push guide,
 * an uploaded file), the OpenAPI document itself.
 */
const RAW =
  /^[A-Z]+ \/api(\/(debug\/proxy|doc\/debug\/v1|sso\/oauth\/:id\/(start|callback)|export|openapi\/push\.md|openapi\.json|file\/:fileId))?$/;

const modulesDir = fileURLToPath(new URL('../src/modules/', import.meta.url));
const routesOf = async (m: string): Promise<string[]> => {
  const mod = (await import(pathToFileURL(join(modulesDir, m, `${m}.perm.ts`)).href)) as { permCases: PermCase<any>[] };
  // Routes outside /api answer pages, Markdown, text or MCP (agents), not the envelope.
  return [...new Set(mod.permCases.map((c) => c.route))].filter((r) => r.includes(' /api/') && !RAW.test(r));
};

describe('converted modules: one contract per call', () => {
  let t: TestApp;
  let spec: any;
  beforeAll(async () => {
    t = await createTestApp();
    spec = (await call(t.app, null, 'GET', '/api/openapi.json')).body;
  });
  afterAll(async () => {
    await t.close();
  });

  for (const m of CONVERTED) {
    it(`${m}: every route declares its response schema, and the OpenAPI document shows it`, async () => {
      const routes = await routesOf(m);
      expect(routes.length).toBeGreaterThan(0);
      const registered = new Map(t.app.featureRoutes.map((r) => [`${r.method} ${r.url}`, r]));
      const bare = routes.filter((r) => !registered.get(r)?.hasResponse);
      expect(bare).toEqual([]);
      const undocumented = routes.filter((r) => {
        const [method, url] = r.split(' ');
        const schema = spec.paths[url]?.[method.toLowerCase()]?.responses?.['200']?.content?.['application/json']?.schema;
        return !schema?.properties?.data;
      });
      expect(undocumented).toEqual([]);
    });
  }
});
