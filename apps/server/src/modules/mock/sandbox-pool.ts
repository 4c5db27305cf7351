/**
 * Runs mock scripts on a small pool of worker threads, so a script that loops until its deadline or fills its
 * memory never stalls the server's event loop (other requests keep being answered).
 *
 * Bounds, all per server process (they protect this process's memory and CPU; N servers allow N times as much):
 * - time: a script's deadline counts from its arrival, queueing included (the pool's cold start excepted); a worker still busy a short margin
 *   after it is terminated and replaced (QuickJS's interrupt check alone misses loops over native calls such
 *   as `fill`), and a script that could not start before its deadline answers "busy" without running;
 * - memory: each worker's engine has a capped WebAssembly memory (mock-sandbox.ts) and a capped V8 heap;
 * - concurrency: at most `maxPerApp` scripts of one application running or waiting (more answer "busy" with
 *   a Retry-After), and a free worker takes the oldest script of the application with the fewest running,
 *   so one application's slow scripts cannot starve another's.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../lib/worker-entry.js';
import type { MockRequestData, SandboxLimits, SandboxResult } from './mock-sandbox.js';

/** A script's answer, or why it did not run: `busy` says when to retry (seconds) and which bound was hit. */
export type PoolResult = SandboxResult | { ok: false; error: string; timeMs: number; busy: 'app' | 'server'; retryAfter: number };

interface Pending {
  id: number;
  app: string;
  script: string;
  req: MockRequestData;
  limits: SandboxLimits;
  resolve: (r: PoolResult) => void;
  queuedAt: number;
  /** Answers "busy" when the deadline passes while the script still waits (workers being replaced included). */
  expiry?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Pending | null;
  timer: NodeJS.Timeout | null;
}

/** Time a worker gets past a script's deadline before it is terminated. */
const HARD_MARGIN_MS = 300;
/** A script that would start with less time than this left answers "busy" instead. */
const MIN_START_MS = 20;
/** Scripts of one application running or waiting in one server (more answer 429). */
export const DEFAULT_MAX_PER_APP = 64;

export class SandboxPool {
  private slots: Slot[] = [];
  private queue: Pending[] = [];
  /** Scripts per application, running or waiting. */
  private inFlight = new Map<string, number>();
  /** Scripts per application now running. */
  private running = new Map<string, number>();
  private seq = 0;
  private closed = false;
  /** When all workers were first ready: until then (the pool's cold start) waiting costs a script nothing. */
  private warmAt = 0;

  constructor(
    private readonly size = Math.max(1, Math.min(2, availableParallelism())),
    private readonly maxQueue = 500,
  ) {}

  private spawn(): Worker {
    // The V8 heap of a worker holds only the request, the result text and the template engine.
    const resourceLimits = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 };
    const worker = startWorker('modules/mock/sandbox-worker', { name: 'folio-mock-sandbox', resourceLimits });
    worker.unref();
    return worker;
  }

  /** A free, loaded worker (starting the missing ones when the pool is not full), or null. */
  private idleSlot(): Slot | null {
    const idle = this.slots.find((s) => s.ready && !s.job);
    if (idle) return idle;
    while (this.slots.length < this.size) {
      const slot: Slot = { worker: this.spawn(), ready: false, job: null, timer: null };
      this.attach(slot);
      this.slots.push(slot);
    }
    return null;
  }

  private attach(slot: Slot): void {
    slot.worker.on('message', (m: { ready?: boolean; id?: number; result?: SandboxResult }) => {
      if (m.ready) {
        slot.ready = true;
        if (!this.warmAt && this.slots.filter((x) => x.ready).length >= this.size) this.warmAt = Date.now();
        this.pump();
        return;
      }
      if (!slot.job || slot.job.id !== m.id || !m.result) return;
      this.finish(slot, m.result);
    });
    slot.worker.on('error', (e) => this.lost(slot, `sandbox failure: ${e.message}`));
    slot.worker.on('exit', (code) => this.lost(slot, `sandbox stopped (${code})`));
  }

  /** Terminates a worker and forgets its slot (pump() starts a fresh one when work waits). */
  private drop(slot: Slot): Pending | null {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const job = slot.job;
    slot.job = null;
    if (job) this.count(this.running, job.app, -1);
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => {});
    void slot.worker.terminate();
    this.slots = this.slots.filter((s) => s !== slot);
    return job;
  }

  /** A worker died (out of heap, crashed): its script fails; if it never started, waiting scripts fail too. */
  private lost(slot: Slot, why: string): void {
    const wasReady = slot.ready;
    const job = this.drop(slot);
    if (job) this.settle(job, { ok: false, error: why, timeMs: Date.now() - job.queuedAt });
    if (!wasReady) for (const j of this.queue.splice(0)) this.settle(j, { ok: false, error: why, timeMs: Date.now() - j.queuedAt });
    if (!this.closed) this.pump();
  }

  private count(map: Map<string, number>, app: string, by: number): void {
    const n = (map.get(app) ?? 0) + by;
    if (n > 0) map.set(app, n);
    else map.delete(app);
  }

  /** Answers a job once, releasing its application's place. */
  private settle(job: Pending, result: PoolResult): void {
    this.count(this.inFlight, job.app, -1);
    job.resolve(result);
  }

  private finish(slot: Slot, result: SandboxResult): void {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    if (job) {
      this.count(this.running, job.app, -1);
      this.settle(job, result);
    }
    this.pump();
  }

  /** The next job: the oldest one of the application with the fewest scripts running. */
  private takeNext(): Pending | undefined {
    let best = -1;
    let bestRunning = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.queue.length; i++) {
      const r = this.running.get(this.queue[i].app) ?? 0;
      if (r < bestRunning) {
        best = i;
        bestRunning = r;
        if (r === 0) break;
      }
    }
    const job = best < 0 ? undefined : this.queue.splice(best, 1)[0];
    if (job?.expiry) clearTimeout(job.expiry);
    return job;
  }

  private pump(): void {
    while (this.queue.length) {
      const slot = this.idleSlot();
      if (!slot) return;
      const job = this.takeNext() as Pending;
      const timeoutMs = job.limits.timeoutMs ?? 1000;
      const left = this.warmAt ? Math.max(job.queuedAt, this.warmAt) + timeoutMs - Date.now() : timeoutMs;
      if (left < MIN_START_MS) {
        this.settle(job, {
          ok: false,
          error: 'too many mock scripts running, retry later',
          timeMs: Date.now() - job.queuedAt,
          busy: 'server',
          retryAfter: 1,
        });
        continue;
      }
      slot.job = job;
      this.count(this.running, job.app, 1);
      slot.timer = setTimeout(() => {
        const j = this.drop(slot);
        if (j) this.settle(j, { ok: false, error: `script ran longer than ${timeoutMs} ms`, timeMs: Date.now() - j.queuedAt });
        if (!this.closed) this.pump();
      }, left + HARD_MARGIN_MS);
      slot.worker.postMessage({ id: job.id, script: job.script, req: job.req, limits: { ...job.limits, timeoutMs: left } });
    }
  }

  /**
   * Runs a script of an application on a worker; resolves with its result, an error, or `busy` when a bound
   * was hit (never rejects).
   */
  run(script: string, req: MockRequestData, limits: SandboxLimits = {}, app = '', maxPerApp = DEFAULT_MAX_PER_APP): Promise<PoolResult> {
    if (this.closed) return Promise.resolve({ ok: false, error: 'sandbox closed', timeMs: 0 });
    if (this.queue.length >= this.maxQueue)
      return Promise.resolve({ ok: false, error: 'too many mock scripts running, retry later', timeMs: 0, busy: 'server', retryAfter: 1 });
    if ((this.inFlight.get(app) ?? 0) >= maxPerApp)
      return Promise.resolve({
        ok: false,
        error: `too many scripts of this application running (at most ${maxPerApp} at once), retry later`,
        timeMs: 0,
        busy: 'app',
        retryAfter: 1,
      });
    this.count(this.inFlight, app, 1);
    return new Promise((resolve) => {
      const job: Pending = {
        id: ++this.seq,
        app,
        script,
        req: JSON.parse(JSON.stringify(req ?? {})),
        limits,
        resolve,
        queuedAt: Date.now(),
      };
      this.queue.push(job);
      this.pump();
      if (this.warmAt && this.queue.includes(job)) {
        job.expiry = setTimeout(() => {
          const i = this.queue.indexOf(job);
          if (i < 0) return;
          this.queue.splice(i, 1);
          this.settle(job, {
            ok: false,
            error: 'too many mock scripts running, retry later',
            timeMs: Date.now() - job.queuedAt,
            busy: 'server',
            retryAfter: 1,
          });
        }, limits.timeoutMs ?? 1000);
        job.expiry.unref();
      }
    });
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.queue.splice(0)) {
      if (j.expiry) clearTimeout(j.expiry);
      this.settle(j, { ok: false, error: 'sandbox closed', timeMs: 0 });
    }
    await Promise.all(
      this.slots.map(async (s) => {
        if (s.timer) clearTimeout(s.timer);
        if (s.job) this.settle(s.job, { ok: false, error: 'sandbox closed', timeMs: 0 });
        s.job = null;
        s.worker.removeAllListeners();
        await s.worker.terminate();
      }),
    );
    this.slots = [];
  }
}

let shared: SandboxPool | null = null;

/** The process-wide pool (created on first use). */
export function sandboxPool(): SandboxPool {
  shared ??= new SandboxPool();
  return shared;
}
