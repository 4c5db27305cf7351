/**
 * The statements every read runs are prepared once per connection on PostgreSQL and MySQL/MariaDB
 * (prepared-drivers.ts). A later release's
 * migration, run by another server on the same database, may add a column to a table such a statement reads with
 * `table.*` (doc detail reads `docs.*`): a server still running must keep answering, not fail with PostgreSQL's
 * "cached plan must not change result type".
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createWorld, TEST_DB, type TestApp } from '../../test/harness.js';

/** A later release's migration that widens a column the param lists' statement returns (SQLite cannot change a column's type: it adds one). */
const WIDEN_OWNER_ID = {
  postgres: 'alter table param_sets alter column owner_id type bigint',
  mysql: 'alter table param_sets modify owner_id bigint not null default 0',
  sqlite: 'alter table param_sets add column later_release_note integer',
}[TEST_DB];

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

  it('doc saves, whose transactions read the doc back, still succeed on every pooled connection after a column type changed', async () => {
    const w = await createWorld(t);
    const save = (ids: (string | undefined)[], round: number) =>
      Promise.all(
        ids.map((id, i) =>
          call(t.app, t.adminToken, 'POST', '/api/doc/save', {
            ...(id ? { id } : {}),
            moduleId: w.moduleId,
            name: `Order ${i} v${round}`,
            url: `/orders/${i}`,
            httpMethod: 'GET',
            requestParams: [{ name: 'id', type: 'number' }],
          }),
        ),
      );
    const created = await save(Array(8).fill(undefined), 0);
    const ids = created.map((r) => r.data?.id as string);
    // Concurrent saves, so that the statement reading the doc's params inside their transactions ran on several connections.
    for (const r of await save(ids, 1)) expect(r.code).toBe('0');
    await sql.raw(WIDEN_OWNER_ID).execute(t.app.ctx.db);
    const again = await save(ids, 2);
    expect(again.map((r) => [r.status, r.code])).toEqual(ids.map(() => [200, '0']));
    const names = await Promise.all(ids.map((id) => call(t.app, t.adminToken, 'GET', '/api/doc/detail', { id })));
    expect(names.map((r) => r.data?.name)).toEqual(ids.map((_, i) => `Order ${i} v2`));
  });
});
