/**
 * SQLite WAL checkpoints off the event loop. By default SQLite checkpoints inside the commit that takes the
 * write-ahead log past 1,000 pages, on the committing connection: the commit of a large import spent about
 * 50 ms of event-loop time copying pages into the database file. Here the application's connection has
 * automatic checkpoints off, and a worker thread with its own connection runs a PASSIVE checkpoint every
 * `intervalMs` (it never waits for readers or writers; with nothing new in the log it returns at once).
 * Should the worker fail, or a checkpoint fail, the application's connection goes back to automatic checkpoints.
 */
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

// Plain CommonJS, run with `eval`: no build step, the same under tsx and in the server bundle.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const run = () => {
  try {
    const r = db.pragma('wal_checkpoint(PASSIVE)')[0];
    if (r && r.log > 0) parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
};
const timer = setInterval(run, workerData.intervalMs);
parentPort.on('message', (m) => {
  if (m === 'now') run();
  if (m === 'close') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
parentPort.postMessage({ ready: true });
`;

const requireDriver = createRequire(import.meta.url);

export interface CheckpointReport {
  log?: number;
  checkpointed?: number;
  error?: string;
  ready?: boolean;
}

export class WalCheckpointer {
  private worker: Worker | null;
  private closing = false;

  constructor(
    private readonly conn: SQLite.Database,
    file: string,
    intervalMs = 250,
    private readonly onReport: (r: CheckpointReport) => void = () => {},
  ) {
    conn.pragma('wal_autocheckpoint = 0');
    this.worker = new Worker(WORKER, {
      eval: true,
      name: 'folio-sqlite-checkpoint',
      workerData: { driver: requireDriver.resolve('better-sqlite3'), file, intervalMs },
    });
    this.worker.unref();
    this.worker.on('message', (r: CheckpointReport) => {
      this.onReport(r);
      if (r.error) this.fallBack();
    });
    this.worker.on('error', () => this.fallBack());
    this.worker.on('exit', () => this.fallBack());
  }

  /** Checkpoints now (on the worker); for tests. */
  nudge(): void {
    this.worker?.postMessage('now');
  }

  /** Stops the worker (its connection closes); call before closing the application's connection. */
  async close(): Promise<void> {
    const w = this.worker;
    if (!w) return;
    this.closing = true;
    this.worker = null;
    // Referenced again, so the process waits for the worker's connection to close.
    w.ref();
    const exited = once(w, 'exit');
    w.postMessage('close');
    await exited;
  }

  /** The worker failed (or cannot checkpoint): it stops, and commits checkpoint as SQLite does by default. */
  private fallBack(): void {
    const w = this.worker;
    if (this.closing || !w) return;
    this.worker = null;
    w.postMessage('close');
    if (this.conn.open) this.conn.pragma('wal_autocheckpoint = 1000');
  }
}
