/**
 * Worker threads that run read statements on the SQLite file, each with its own read-only connection
 * (sqlite-read-worker.ts). better-sqlite3 answers synchronously, so on the main thread a statement holds the
 * event loop; the search index's statements were 42–49 % of a search's CPU, and with 20 searches at once
 * every one waited for all the others. On a worker they run beside the event loop, on another core (better-
 * sqlite3's docs/threads.md). Each statement sees what was committed when it starts (WAL), as on the main
 * thread's read-only connection: nothing is kept between statements but prepared statements.
 * Workers start on first use, do not keep the process alive (unref) and end with `close()` (the database
 * handle's destroy). A worker that dies fails its pending statements with a clear error; the next statement
 * starts a new one.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../lib/worker-entry.js';
import type { ReadReply, ReadRequest } from './sqlite-read-worker.js';

interface Pending {
  resolve(rows: unknown[]): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

/** An error of SQLite on the worker, with SQLite's code (SQLITE_BUSY …) as better-sqlite3 gives it. */
class SqliteReadError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * How many read workers: one core is left to the event loop. A search cost the main thread ~1.3 ms and the
 * worker ~1.5–2 ms of CPU (bench/RESULTS.md, session hQ): on 2 cores one worker and the event loop fill both,
 * and a second worker measured the same (it only competes with the event loop); from 3 cores a second one
 * keeps the worker side from being the bottleneck. More would wait for the event loop anyway.
 */
export const READ_WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1));

export class SqliteReadWorkers {
  readonly #slots: (Slot | null)[];
  #nextId = 1;
  #closed = false;

  constructor(
    private readonly file: string,
    size = READ_WORKERS,
  ) {
    this.#slots = Array.from({ length: size }, () => null);
  }

  /** The rows of a reading statement, run on a worker. */
  all<R>(sql: string, parameters: readonly unknown[]): Promise<R[]> {
    if (this.#closed) return Promise.reject(new Error('the database is closed'));
    const slot = this.#pick();
    const id = this.#nextId++;
    return new Promise<R[]>((resolve, reject) => {
      slot.pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      slot.worker.postMessage({ id, sql, parameters } satisfies ReadRequest);
    });
  }

  /** The running workers (tests stop one to see what a crash does). */
  running(): Worker[] {
    return this.#slots.flatMap((s) => (s ? [s.worker] : []));
  }

  /** Ends every worker; their pending statements fail. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(this.running().map((w) => w.terminate()));
  }

  /** The worker with the fewest statements waiting; an empty slot gets a new worker. */
  #pick(): Slot {
    let best = -1;
    for (let i = 0; i < this.#slots.length; i++) {
      const s = this.#slots[i];
      if (!s) return this.#start(i);
      if (best < 0 || s.pending.size < (this.#slots[best]?.pending.size ?? 0)) best = i;
    }
    return this.#slots[best] as Slot;
  }

  #start(i: number): Slot {
    const worker = startWorker('db/sqlite-read-worker', { name: 'folio-sqlite-read', workerData: { file: this.file } });
    worker.unref();
    const slot: Slot = { worker, pending: new Map() };
    this.#slots[i] = slot;
    worker.on('message', (m: ReadReply) => {
      const p = slot.pending.get(m.id);
      if (!p) return;
      slot.pending.delete(m.id);
      if ('rows' in m) p.resolve(m.rows);
      else p.reject(new SqliteReadError(m.error.message, m.error.code));
    });
    const fail = (why: string) => {
      if (this.#slots[i] === slot) this.#slots[i] = null;
      const err = new Error(`the SQLite read worker stopped (${why}); the statement was not answered`);
      for (const p of slot.pending.values()) p.reject(err);
      slot.pending.clear();
    };
    worker.on('error', (err) => fail(err.message));
    worker.on('exit', (code) => fail(`exit code ${code}`));
    return slot;
  }
}
