import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type CheckpointReport, WalCheckpointer } from './wal-checkpointer.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function openFile(): { conn: SQLite.Database; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'folio-wal-'));
  dirs.push(dir);
  const file = join(dir, 'folio.db');
  const conn = new SQLite(file);
  conn.pragma('journal_mode = WAL');
  conn.pragma('synchronous = NORMAL');
  conn.exec('create table t (id integer primary key, v text not null)');
  return { conn, file };
}

/** Commits one transaction of `n` rows of 1 KB: well over SQLite's automatic threshold of 1,000 pages. */
function writeRows(conn: SQLite.Database, n: number): void {
  const ins = conn.prepare('insert into t (v) values (?)');
  conn.transaction(() => {
    for (let i = 0; i < n; i++) ins.run('x'.repeat(1000));
  })();
}

const until = async (ok: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('WAL checkpoints on a worker thread', () => {
  it('commits do not checkpoint; the worker copies the whole log into the database file', async () => {
    const { conn, file } = openFile();
    const reports: CheckpointReport[] = [];
    const cp = new WalCheckpointer(conn, file, 60_000, (r) => reports.push(r));
    try {
      await until(() => reports.some((r) => r.ready));
      expect(conn.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      writeRows(conn, 6000);
      // The commit checkpointed nothing: the log holds every page, none copied yet.
      const st = (conn.pragma('wal_checkpoint(NOOP)') as { log: number; checkpointed: number }[])[0];
      expect(st.log).toBeGreaterThan(1000);
      expect(st.checkpointed).toBe(0);
      cp.nudge();
      await until(() => reports.some((r) => (r.checkpointed ?? 0) > 0));
      const done = reports.find((r) => (r.checkpointed ?? 0) > 0) as CheckpointReport;
      expect(done.checkpointed).toBe(done.log);
      expect(conn.prepare('select count(*) n from t').get()).toEqual({ n: 6000 });
    } finally {
      await cp.close();
      conn.close();
    }
    // The worker's connection was closed: the application's was the last, so the log is gone.
    expect(existsSync(`${file}-wal`)).toBe(false);
    const again = new SQLite(file, { readonly: true });
    expect(again.prepare('select count(*) n from t').get()).toEqual({ n: 6000 });
    again.close();
  });

  it('a failed worker puts the connection back on automatic checkpoints', async () => {
    const { conn } = openFile();
    const reports: CheckpointReport[] = [];
    // The worker cannot open this file: it fails at once.
    const cp = new WalCheckpointer(conn, join(tmpdir(), 'folio-wal-missing', 'none.db'), 60_000, (r) => reports.push(r));
    try {
      await until(() => conn.pragma('wal_autocheckpoint', { simple: true }) === 1000);
      expect(reports.some((r) => r.ready)).toBe(false);
    } finally {
      await cp.close();
      conn.close();
    }
  });
});
