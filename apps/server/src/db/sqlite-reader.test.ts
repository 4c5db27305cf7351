/**
 * The SQLite file's read-only connection: while a long write transaction is open (a large push), readers
 * are answered at once from what was committed, and see the write once it commits; writes still wait for
 * the transaction. Before, every query waited for the transaction's end (the health check stalled 5.9 s
 * during a 20,000-doc push).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createWorld, type TestApp } from '../../test/harness.js';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'folio-sqlite-reader-'));
  t = await createTestApp({ env: { DATABASE_URL: `sqlite:${join(dir, 'folio.db')}` } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `during` while a write transaction renames the application, then commits it. */
async function whileWriting<T>(
  moduleId: number,
  during: () => Promise<T>,
  name = 'Renamed in a long transaction',
): Promise<{ value: T; answeredWhileOpen: boolean }> {
  let inside!: () => void;
  const opened = new Promise<void>((r) => {
    inside = r;
  });
  let finish!: () => void;
  const finished = new Promise<void>((r) => {
    finish = r;
  });
  let open = true;
  const tx = t.app.ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('modules').set({ name }).where('id', '=', moduleId).execute();
    inside();
    // Held until the reader answers (or, if reads wait for the writer, until 3 s have passed).
    await Promise.race([finished, new Promise((r) => setTimeout(r, 3000))]);
    open = false;
  });
  await opened;
  const value = await during();
  const answeredWhileOpen = open;
  finish();
  await tx;
  return { value, answeredWhileOpen };
}

describe('SQLite reads beside an open write transaction', () => {
  it('answers reads at once from the committed state, and sees the write after its commit', async () => {
    const w = await createWorld(t);
    const moduleId = t.app.ctx.ids.decode(w.moduleId);
    const nameOf = async () =>
      (await t.app.ctx.db.selectFrom('modules').select('name').where('id', '=', moduleId).executeTakeFirstOrThrow()).name;
    const health = await whileWriting(moduleId, () => t.app.inject({ method: 'GET', url: '/api/health' }));
    expect(health.value.statusCode).toBe(200);
    expect(health.answeredWhileOpen).toBe(true);

    const before = await nameOf();
    const read = await whileWriting(moduleId, nameOf, 'Renamed again');
    expect(read.answeredWhileOpen).toBe(true);
    expect(read.value).toBe(before); // the uncommitted rename is not seen
    expect(await nameOf()).toBe('Renamed again');

    const detail = await whileWriting(moduleId, () => call(t.app, t.adminToken, 'GET', '/api/module/info', { moduleId: w.moduleId }));
    expect(detail.answeredWhileOpen).toBe(true);
    expect(detail.value.code).toBe('0');
    expect(detail.value.data.name).toBe('Renamed again');
  });

  it('a write outside the transaction waits for it, then lands', async () => {
    const w = await createWorld(t);
    const moduleId = t.app.ctx.ids.decode(w.moduleId);
    const write = await whileWriting(moduleId, () =>
      t.app.ctx.db.updateTable('modules').set({ name: 'Written after' }).where('id', '=', moduleId).execute(),
    );
    expect(write.answeredWhileOpen).toBe(false);
    const row = await t.app.ctx.db.selectFrom('modules').select('name').where('id', '=', moduleId).executeTakeFirstOrThrow();
    expect(row.name).toBe('Written after');
  });

  it('the read-only connection answers reads of docs.* after a column is added to docs (a later release migrated)', async () => {
    const w = await createWorld(t);
    const saved = await call(t.app, t.adminToken, 'POST', '/api/doc/save', {
      moduleId: w.moduleId,
      name: 'Get a train',
      url: '/trains/{id}',
      httpMethod: 'GET',
    });
    const read = () => call(t.app, t.adminToken, 'GET', '/api/doc/detail', { id: saved.data.id });
    const before = await read();
    expect(before.data.name).toBe('Get a train');
    await sql`alter table docs add column later_release_note integer`.execute(t.app.ctx.db);
    const after = await read();
    expect(after.status).toBe(200);
    expect(after.data).toEqual(before.data);
  });
});
