/**
 * Import fidelity over the third-party fixtures (test/fixtures): every request or operation of the source is
 * a doc in the database, folders the source fills are filled, and the counts an import reports are the rows
 * it wrote. Each file is imported once (the big ones are costly); the tests then read what was stored.
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  docsOf,
  exportOf as exportOfApp,
  exportWithHeaders,
  firstDiff,
  foldersOf,
  importInto as importIntoApp,
  type Obj,
  snapshot as snapshotOf,
  swaggerVerdict,
} from '../../../test/fidelity-kit.js';
import { fixture } from '../../../test/fixtures/index.js';
import { createTestApp, createWorld, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let projectId = '';
beforeAll(async () => {
  t = await createTestApp();
  projectId = (await createWorld(t)).projectId;
});
afterAll(async () => {
  await t.close();
});

const importInto = importIntoApp;
const snapshot = (moduleId: string) => snapshotOf(t, moduleId);
const exportOf = (moduleId: string, format: string) => exportOfApp(t, moduleId, format);

/** A Postman collection's requests and the folder paths that hold at least one request (below them). */
function postmanShape(c: Obj): { requests: number; filled: Set<string> } {
  let requests = 0;
  const filled = new Set<string>();
  const walk = (items: Obj[], at: string): number => {
    let n = 0;
    for (const it of items) {
      if (Array.isArray(it.item)) {
        const path = `${at}/${it.name || 'Folder'}`;
        const below = walk(it.item, path);
        if (below) filled.add(path);
        n += below;
      } else if (it.request !== undefined) n++;
    }
    requests += at ? 0 : n;
    return n;
  };
  walk(c.item, '');
  return { requests, filled };
}

/** The official Postman v2.1 JSON schema (test/fixtures/postman, Apache-2.0), compiled once. */
const postmanSchema = new Ajv({ strict: false }).compile(
  JSON.parse(readFileSync(new URL('../../../test/fixtures/postman/collection-v2.1.0.schema.json', import.meta.url), 'utf8')),
);

/** Printed at the end: one row per fixture. */
const table: string[] = [];
afterAll(() => {
  if (table.length)
    console.log(`\n| file | source | stored | folders (filled/source) | export check |\n|---|---|---|---|---|\n${table.join('\n')}`);
});

const POSTMAN = [
  ['postman/sabre-booking-management-v2026.04.postman_collection.json.gz', 1077],
  ['postman/sabre-automation-solutions.postman_collection.json', 42],
  ['postman/sabre-lodging-v2025.04.postman_collection.json', 12],
  ['postman/transferwise-payouts-third-party.postman_collection.json', 33],
  ['postman/transferwise-cards-api.postman_collection.json', 42],
  ['postman/newman-echo-v2.postman_collection.json', 22],
  ['postman/newman-bom-in-collection-file.postman_collection.json', 3],
  ['postman/contentstack-graphql-collection.json', 0],
] as const;

/** The application each Postman fixture was imported into (read again by the OpenAPI export checks). */
const postmanApps = new Map<string, string>();

describe('Postman: every request is a doc in its own folder', () => {
  for (const [file, expected] of POSTMAN) {
    it(file, { timeout: 240_000 }, async () => {
      const text = fixture(file);
      const source = JSON.parse(text.replace(/^\uFEFF/, ''));
      const shape = postmanShape(source);
      if (expected) expect(shape.requests).toBe(expected);
      const { status, tree } = await importInto(t, projectId, file, text);
      expect(status.errors).toEqual([]);
      expect(status.state).toBe('done');
      postmanApps.set(file, status.moduleId);
      const docs = docsOf(tree);
      expect(docs).toHaveLength(shape.requests);
      // The job reports what the database holds.
      expect(status.counts.docs).toBe(docs.length);
      const folders = foldersOf(tree);
      const empty = folders.filter((f) => shape.filled.has(f.path) && !docsOf(f.node.children).length).map((f) => f.path);
      expect(empty).toEqual([]);
      const filledHere = folders.filter((f) => docsOf(f.node.children).length).length;
      // Export → the official v2.1 schema → import again → the same docs and params.
      const exported = await exportOf(status.moduleId, 'postman');
      const valid = postmanSchema(JSON.parse(exported));
      expect(postmanSchema.errors ?? []).toEqual([]);
      const again = await importInto(t, projectId, `${file} again`, exported);
      const [before, after] = [await snapshot(status.moduleId), await snapshot(again.status.moduleId)];
      // Every request comes back as the same doc (method, URL, identity) with its name.
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      for (const k of Object.keys(before)) expect(after[k].name, k).toBe(before[k].name);
      // Field-level differences are counted and reported in the table (see the report of issue 19).
      const differing = Object.keys(before).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
      // Round trips are field-equal, GraphQL bodies and examples saved without a status included.
      expect(differing.map((k) => `${k}${firstDiff(before[k], after[k])}`)).toEqual([]);
      table.push(
        `| ${file} | ${shape.requests} | ${docs.length} | ${filledHere}/${shape.filled.size} | Postman v2.1 schema: ${valid ? 'valid' : 'invalid'}; re-import: ${differing.length ? `${differing.length} docs differ in fields` : 'same'} |`,
      );
    });
  }
});

/** Collections with requests that share a method and URL (OAuth grant types, SOAP operations, echo calls). */
const SHARING = [
  'postman/sabre-booking-management-v2026.04.postman_collection.json.gz',
  'postman/transferwise-payouts-third-party.postman_collection.json',
  'postman/sabre-lodging-v2025.04.postman_collection.json',
  'postman/sabre-automation-solutions.postman_collection.json',
  'postman/newman-echo-v2.postman_collection.json',
  'postman/newman-bom-in-collection-file.postman_collection.json',
] as const;

describe('Postman → OpenAPI export → import: docs on one method and URL all come back, and the export says so', () => {
  for (const file of SHARING) {
    it(file, { timeout: 240_000 }, async () => {
      const moduleId = postmanApps.get(file);
      expect(moduleId, 'imported by the Postman suite above').toBeDefined();
      if (!moduleId) return;
      const before = await snapshot(moduleId);
      // Docs beyond the first on each method and path: those OpenAPI cannot hold as operations of their own.
      const perPath = new Map<string, number>();
      for (const k of Object.keys(before)) {
        const [method, url] = k.replace(/#.*$/, '').split(' ');
        const key = `${method} ${url.startsWith('/') ? url : `/${url}`}`;
        perPath.set(key, (perPath.get(key) ?? 0) + 1);
      }
      const sharing = [...perPath.values()].reduce((n, c) => n + c - 1, 0);
      expect(sharing).toBeGreaterThan(0);
      const res = await exportWithHeaders(t, moduleId, 'openapi-json');
      const spec = JSON.parse(res.body) as Obj;
      // The export tells what it had to nest: how many, and which.
      expect(Number(res.headers['x-folio-export-merged'])).toBe(sharing);
      const listed = JSON.parse(decodeURIComponent(String(res.headers['x-folio-export-merged-docs']))) as string[];
      expect(listed).toHaveLength(Math.min(sharing, 20));
      // One operation per method and path, the others whole inside it, listed in its description.
      const nested = operationsOf(spec).flatMap(({ op }) => (op['x-folio-operations'] ?? []) as Obj[]);
      expect(nested).toHaveLength(sharing);
      const withList = operationsOf(spec).filter(({ op }) => op['x-folio-operations']);
      for (const { op } of withList) for (const other of op['x-folio-operations']) expect(op.description).toContain(`- ${other.summary}`);
      expect(await swaggerVerdict(spec)).toBe('valid');
      // Import the export: every doc comes back, with its identity, name and content.
      const again = await importInto(t, projectId, `${file} via openapi`, res.body);
      expect(again.status.errors).toEqual([]);
      expect(again.status.counts.docs).toBe(Object.keys(before).length);
      const after = await snapshot(again.status.moduleId);
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      // Name, description and what the request sends, field by field (the first difference of each doc is named).
      const lost: string[] = [];
      for (const k of Object.keys(before))
        for (const part of ['name', 'description', 'header', 'path', 'query', 'request'] as const) {
          const d = firstDiff(before[k][part], after[k][part]);
          if (d) lost.push(`${k} › ${part}${d}`);
        }
      expect(lost).toEqual([]);
      table.push(
        `| ${file} → OpenAPI | ${Object.keys(before).length} | ${Object.keys(after).length} | - | swagger-parser: export valid; ${sharing} docs nested in x-folio-operations (reported); re-import: same |`,
      );
    });
  }
});

const OPENAPI = [
  'openapi/oai-petstore-v3.0.yaml',
  'openapi/oai-uspto-v3.0.json',
  'openapi/oai-tictactoe-v3.1.json',
  'openapi/oai-webhook-example-v3.1.yaml',
  'openapi/weboql-yaml-anchors-v3.0.yaml',
  'openapi/stripe-spec3.yaml.gz',
  'openapi/kubernetes-swagger.json.gz',
] as const;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Operations of a spec (paths and webhooks), with the tag that files them. */
function operationsOf(spec: Obj): { key: string; op: Obj; tag: string }[] {
  const out: { key: string; op: Obj; tag: string }[] = [];
  for (const section of ['paths', 'webhooks'])
    for (const [path, item] of Object.entries((spec[section] ?? {}) as Obj))
      for (const m of METHODS) if (item?.[m]) out.push({ key: `${m.toUpperCase()} ${path}`, op: item[m], tag: item[m].tags?.[0] ?? '' });
  return out;
}

/**
 * Stripe (468 operations, ~4 MB) and Kubernetes (1,123 operations) cost minutes per import on a busy machine,
 * and their exports are big (85.5 MB and 69.7 MB of JSON: every doc holds its schemas expanded), so each round trip
 * takes several minutes: they run with FIDELITY_BIG=1 (their operation counts are checked in
 * converters.unit.test.ts and Stripe's import in imports-large.test.ts on every run). Their exports import
 * again under the default import size limit (folio.import.max-mb).
 */
const BIG = process.env.FIDELITY_BIG === '1';

describe('OpenAPI: every operation is a doc; export validates and imports back the same', () => {
  for (const file of OPENAPI) {
    it.skipIf(file.endsWith('.gz') && !BIG)(file, { timeout: 2_400_000 }, async () => {
      const text = fixture(file);
      const spec = (file.includes('.json') ? JSON.parse(text) : parseYaml(text, { maxAliasCount: -1 })) as Obj;
      const ops = operationsOf(spec);
      const { status, tree } = await importInto(t, projectId, file, text);
      expect(status.errors).toEqual([]);
      expect(status.state).toBe('done');
      const docs = docsOf(tree);
      expect(docs).toHaveLength(ops.length);
      expect(status.counts.docs).toBe(docs.length);
      const folders = foldersOf(tree);
      expect(folders.filter((f) => !docsOf(f.node.children).length).map((f) => f.path)).toEqual([]);
      // Field by field, a sample of operations: name, parameters (name, required), response codes.
      const before = await snapshot(status.moduleId);
      const sample = [ops[0], ops[Math.floor(ops.length / 2)], ops[ops.length - 1]];
      for (const { key, op } of sample) {
        // (A 3.1 webhook's name is stored as its URL, with a leading slash.)
        const d = before[key] ?? before[key.replace(' ', ' /')];
        expect(d, key).toBeDefined();
        if (typeof op.summary === 'string' && op.summary.length <= 128)
          expect(d.name).toBe(op.summary.replace(/\s*[\r\n]+\s*/g, ' ').trim());
        expect(d.codes).toEqual(Object.keys(op.responses ?? {}));
        const own = (op.parameters ?? []).filter((p: Obj) => !p.$ref && p.in === 'query');
        for (const p of own) {
          const got = d.query.find((q: Obj) => q.name === p.name);
          expect(got, `${key} ?${p.name}`).toBeDefined();
          expect(got.required).toBe(p.required ? 1 : 0);
          if (Array.isArray(p.schema?.enum)) expect(got.enum).toEqual(p.schema.enum.filter((v: unknown) => v !== null).map(String));
          if (typeof p.schema?.format === 'string' && p.schema.type !== 'string') expect(got.type).toContain(`(${p.schema.format})`);
        }
      }
      // Export (3.1) → swagger-parser → import again (as a user uploads the file, default limits) → no difference.
      const text2 = await exportOf(status.moduleId, 'openapi-json');
      const exported = JSON.parse(text2);
      // The YAML export is the same document.
      expect(isDeepStrictEqual(parseYaml(await exportOf(status.moduleId, 'openapi-yaml'), { maxAliasCount: -1 }), exported)).toBe(true);
      const source = await swaggerVerdict(spec);
      const verdict = await swaggerVerdict(exported);
      if (source === 'valid') expect(verdict).toBe('valid');
      const filled = new Set(ops.map((o) => o.tag).filter(Boolean));
      const again = await importInto(t, projectId, `${file} again`, text2);
      expect(again.status.errors).toEqual([]);
      const after = await snapshot(again.status.moduleId);
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      const differing = Object.keys(before).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
      expect(differing.slice(0, 5).map((k) => `${k}${firstDiff(before[k], after[k])}`)).toEqual([]);
      const mb = (Buffer.byteLength(text2) / 1048576).toFixed(1);
      table.push(
        `| ${file} | ${ops.length} | ${docs.length} | ${folders.length}/${filled.size || '-'} | swagger-parser: source ${source}, export ${verdict} (${mb} MB); re-import: ${differing.length ? `${differing.length} differ` : 'same'} |`,
      );
    });
  }
});
