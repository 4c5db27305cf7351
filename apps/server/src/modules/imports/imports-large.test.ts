/**
 * A real large spec end to end: Stripe's OpenAPI 3.0 (468 operations, 82 schemas in $ref cycles,
 * hundreds of thousands of parameter rows) imported as a job in one transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures/index.js';
import { call, createTestApp, createWorld, type TestApp } from '../../../test/harness.js';
import { drainJobs } from '../../jobs/queue.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('large import', () => {
  it('imports the whole Stripe spec with every operation, bounded recursive trees and a readable detail', {
    timeout: 240_000,
  }, async () => {
    const w = await createWorld(t);
    const content = fixture('openapi/stripe-spec3.yaml.gz');
    const boundary = '----folio-stripe';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="moduleId"\r\n\r\n${w.moduleId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/import',
      headers: { token: t.adminToken, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.json().code).toBe('0');
    const jobId = res.json().data.jobId;
    await drainJobs(t.app);
    const status = await call(t.app, t.adminToken, 'GET', '/api/import/status', { jobId });
    expect(status.data.errors).toEqual([]);
    expect(status.data.state).toBe('done');
    expect(status.data.counts.docs).toBe(468);
    expect(status.data.counts.params).toBeGreaterThan(100_000);

    const tree = await call(t.app, t.adminToken, 'GET', '/api/doc/tree', { moduleId: w.moduleId });
    const docs: { id: string; url: string; httpMethod: string }[] = [];
    const walk = (ns: any[]) => {
      for (const n of ns) n.isFolder ? walk(n.children) : docs.push(n);
    };
    walk(tree.data);
    expect(docs).toHaveLength(468);
    const create = docs.find((d) => d.url === '/v1/customers' && d.httpMethod === 'POST');
    expect(create).toBeDefined();
    const detail = await call(t.app, t.adminToken, 'GET', '/api/doc/detail', { id: create?.id });
    expect(detail.code).toBe('0');
    expect(detail.data.requestParams.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['email', 'name', 'metadata']));
    // Recursive schemas end in a marker instead of an endless tree.
    const depth = (ps: any[]): number => (ps.length ? 1 + Math.max(...ps.map((p) => depth(p.children ?? []))) : 0);
    expect(depth(detail.data.responseParams)).toBeLessThan(20);
  });
});
