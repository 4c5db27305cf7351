/**
 * The statements every read runs are prepared once per connection on PostgreSQL (database.ts). A later release's
 * migration, run by another server on the same database, may add a column to a table such a statement reads with
 * `table.*` (doc detail reads `docs.*`): a server still running must keep answering, not fail with PostgreSQL's
 * "cached plan must not change result type".
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createWorld, type TestApp } from '../../test/harness.js';

describe('reads after another server changed a table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('doc detail still answers on every pooled connection after a column is added to docs', async () => {
    const w = await createWorld(t);
    const saved = await call(t.app, t.adminToken, 'POST', '/api/doc/save', {
      moduleId: w.moduleId,
      name: 'Get a train',
      url: '/trains/{id}',
      httpMethod: 'GET',
    });
    const read = () =>
      Promise.all(Array.from({ length: 12 }, () => call(t.app, t.adminToken, 'GET', '/api/doc/detail', { id: saved.data.id })));
    // Concurrent reads, so that the statement is prepared on several of the pool's connections.
    for (const r of await read()) expect(r.data?.name).toBe('Get a train');
    await sql`alter table docs add column later_release_note integer`.execute(t.app.ctx.db);
    for (const r of await read()) {
      expect(r.status).toBe(200);
      expect(r.data?.name).toBe('Get a train');
    }
  });
});
