/**
 * Big exports and imports are written and read in pieces or on a worker thread (issue 20: the event loop keeps
 * answering meanwhile). What a user gets must not change: the export files are byte for byte what one
 * JSON.stringify / one YAML stringify of the document gives (spec-text.unit.test.ts: a big source parses as a small one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { docsOf, exportOf, importInto, type Obj } from '../../../test/fidelity-kit.js';
import { fixture } from '../../../test/fixtures/index.js';
import { specSubset } from '../../../test/fixtures/specs.js';
import { createTestApp, createWorld, type TestApp } from '../../../test/harness.js';
import { OFFLOAD_JSON_CHARS } from '../imports/spec-text.js';
import { loadOutline } from './export-scope.js';
import { toOpenApiExport } from './to-openapi.js';
import { yamlText } from './yaml-text.js';

let t: TestApp;
let projectId = '';
beforeAll(async () => {
  t = await createTestApp();
  projectId = (await createWorld(t)).projectId;
});
afterAll(async () => {
  await t.close();
});

/** The export document as the one-piece writers would take it. */
async function documentOf(moduleId: string): Promise<Obj> {
  const set = await loadOutline(t.app, [t.app.ctx.ids.decode(moduleId, 'module')], null, 'API');
  return (await toOpenApiExport(set, '3.1')).doc;
}

describe('exports and imports in pieces', () => {
  it("a Stripe subset: a JSON source over the worker threshold imports; its exports are the one-piece writers' bytes", {
    timeout: 300_000,
  }, async () => {
    const spec = specSubset(parseYaml(fixture('openapi/stripe-spec3.yaml.gz')) as Obj, 25, 15);
    const json = JSON.stringify(spec, null, 2);
    // Parsed on a worker thread and put together in pieces here.
    expect(json.length).toBeGreaterThan(OFFLOAD_JSON_CHARS);
    const fromJson = await importInto(t, projectId, 'stripe-json', json);
    expect(fromJson.status.errors).toEqual([]);
    const operations = Object.values(spec.paths as Record<string, Obj>).flatMap((item) =>
      ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].filter((m) => item[m]),
    );
    expect(docsOf(fromJson.tree)).toHaveLength(operations.length);

    const doc = await documentOf(fromJson.status.moduleId);
    const jsonExport = await exportOf(t, fromJson.status.moduleId, 'openapi-json');
    expect(jsonExport.length).toBeGreaterThan(200_000);
    expect(jsonExport === JSON.stringify(doc, null, 2)).toBe(true);
    // Written on a worker thread from the document's JSON text.
    const yamlExport = await exportOf(t, fromJson.status.moduleId, 'openapi-yaml');
    expect(yamlExport === yamlText(doc)).toBe(true);
  });

  it("a small export's YAML (written here) is the one-piece writer's too", async () => {
    const { status } = await importInto(t, projectId, 'petstore', fixture('openapi/oai-petstore-v3.0.yaml'));
    expect(status.errors).toEqual([]);
    const doc = await documentOf(status.moduleId);
    expect(await exportOf(t, status.moduleId, 'openapi-yaml')).toBe(yamlText(doc));
    expect(await exportOf(t, status.moduleId, 'openapi-json')).toBe(JSON.stringify(doc, null, 2));
  });
});
