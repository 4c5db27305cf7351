/**
 * Import fidelity over the third-party fixtures (test/fixtures): every request or operation of the source is
 * a doc in the database, folders the source fills are filled, and the counts an import reports are the rows
 * it wrote. Each file is imported once (the big ones are costly); the tests then read what was stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures/index.js';
import { call, createTestApp, createWorld, type TestApp } from '../../../test/harness.js';
import { drainJobs } from '../../jobs/queue.js';

type Obj = Record<string, any>;
interface TreeNode {
  id: string;
  name: string;
  isFolder: number;
  url: string;
  httpMethod: string;
  children: TreeNode[];
}

let t: TestApp;
let projectId = '';
beforeAll(async () => {
  t = await createTestApp();
  projectId = (await createWorld(t)).projectId;
});
afterAll(async () => {
  await t.close();
});

/** Imports `content` into a new application; returns the job status and the application's tree. */
export async function importInto(tt: TestApp, project: string, name: string, content: string) {
  // As a browser uploads a file (a pasted JSON call has a smaller body limit).
  const boundary = '----folio-fidelity';
  const field = (k: string, v: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(
      `${field('projectId', project)}${field('name', name.slice(0, 60))}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="source"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await tt.app.inject({
    method: 'POST',
    url: '/api/import',
    headers: { token: tt.adminToken, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const r = res.json();
  expect(r.code).toBe('0');
  await drainJobs(tt.app);
  const status = (await call(tt.app, tt.adminToken, 'GET', '/api/import/status', { jobId: r.data.jobId })).data;
  const tree = (await call(tt.app, tt.adminToken, 'GET', '/api/doc/tree', { moduleId: status.moduleId })).data as TreeNode[];
  return { status, tree };
}

const docsOf = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => (n.isFolder ? docsOf(n.children) : [n]));
const foldersOf = (nodes: TreeNode[], at = ''): { path: string; node: TreeNode }[] =>
  nodes.filter((n) => n.isFolder).flatMap((n) => [{ path: `${at}/${n.name}`, node: n }, ...foldersOf(n.children, `${at}/${n.name}`)]);

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
      const docs = docsOf(tree);
      expect(docs).toHaveLength(shape.requests);
      // The job reports what the database holds.
      expect(status.counts.docs).toBe(docs.length);
      const folders = foldersOf(tree);
      const empty = folders.filter((f) => shape.filled.has(f.path) && !docsOf(f.node.children).length).map((f) => f.path);
      expect(empty).toEqual([]);
      const filledHere = folders.filter((f) => docsOf(f.node.children).length).length;
      table.push(`| ${file} | ${shape.requests} | ${docs.length} | ${filledHere}/${shape.filled.size} | |`);
    });
  }
});
