/**
 * Runs mock scripts on a small pool of worker threads, so a script that loops until its deadline or fills its
 * memory never stalls the server's event loop (other requests keep being answered). Each job also has a hard
 * deadline: a worker that does not answer in time is terminated and replaced. The queue is bounded; when it
 * is full the script answers an error at once instead of piling up.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MockRequestData, SandboxLimits, SandboxResult } from './mock-sandbox.js';

interface Pending {
  id: number;
  script: string;
  req: MockRequestData;
  limits: SandboxLimits;
  resolve: (r: SandboxResult) => void;
  queuedAt: number;
}

interface Slot {
  worker: Worker;
  job: Pending | null;
  timer: NodeJS.Timeout | null;
}

const HARD_MARGIN_MS = 3000;

/** Where the worker entry is: next to this file (sources, run through tsx) or in the server bundle. */
function workerSpec(): { url: URL; viaTsx: boolean } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { url: new URL('./sandbox-worker.ts', here), viaTsx: true };
  for (const rel of ['./modules/mock/sandbox-worker.js', './sandbox-worker.js']) {
    const u = new URL(rel, here);
    if (existsSync(fileURLToPath(u))) return { url: u, viaTsx: false };
  }
  throw new Error('mock sandbox worker entry not found (build the server with apps/server/build.mjs)');
}

export class SandboxPool {
  private slots: Slot[] = [];
  private queue: Pending[] = [];
  private seq = 0;
  private closed = false;

  constructor(
    private readonly size = Math.max(1, Math.min(2, availableParallelism())),
    private readonly maxQueue = 500,
  ) {}

  private spawn(): Worker {
    const spec = workerSpec();
    const worker = spec.viaTsx
      ? new Worker(
          `(async () => { const { register } = await import('tsx/esm/api'); register(); await import(${JSON.stringify(spec.url.href)}); })();`,
          { eval: true, name: 'folio-mock-sandbox' },
        )
      : new Worker(spec.url, { name: 'folio-mock-sandbox' });
    worker.unref();
    return worker;
  }

  private slotFor(): Slot | null {
    const idle = this.slots.find((s) => !s.job);
    if (idle) return idle;
    if (this.slots.length < this.size) {
      const slot: Slot = { worker: this.spawn(), job: null, timer: null };
      this.attach(slot);
      this.slots.push(slot);
      return slot;
    }
    return null;
  }

  private attach(slot: Slot): void {
    slot.worker.on('message', (m: { id: number; result: SandboxResult }) => {
      if (!slot.job || slot.job.id !== m.id) return;
      this.finish(slot, m.result);
    });
    const fail = (why: string) => {
      const job = slot.job;
      this.replace(slot);
      if (job) job.resolve({ ok: false, error: why, timeMs: Date.now() - job.queuedAt });
    };
    slot.worker.on('error', (e) => fail(`sandbox failure: ${e.message}`));
    slot.worker.on('exit', (code) => {
      if (slot.job) fail(`sandbox stopped (${code})`);
    });
  }

  /** Drops a broken or stuck worker and starts a fresh one in its place. */
  private replace(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    const old = slot.worker;
    old.removeAllListeners();
    old.on('error', () => {});
    void old.terminate();
    if (this.closed) return;
    slot.worker = this.spawn();
    this.attach(slot);
    this.pump();
  }

  private finish(slot: Slot, result: SandboxResult): void {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    job?.resolve(result);
    this.pump();
  }

  private pump(): void {
    while (this.queue.length) {
      const slot = this.slotFor();
      if (!slot) return;
      const job = this.queue.shift() as Pending;
      slot.job = job;
      const hard = (job.limits.timeoutMs ?? 1000) + HARD_MARGIN_MS;
      slot.timer = setTimeout(() => {
        const j = slot.job;
        this.replace(slot);
        j?.resolve({ ok: false, error: `script ran longer than ${job.limits.timeoutMs ?? 1000} ms`, timeMs: hard });
      }, hard);
      slot.worker.postMessage({ id: job.id, script: job.script, req: job.req, limits: job.limits });
    }
  }

  /** Runs a script on a worker; resolves with its result or an error (never rejects). */
  run(script: string, req: MockRequestData, limits: SandboxLimits = {}): Promise<SandboxResult> {
    if (this.closed) return Promise.resolve({ ok: false, error: 'sandbox closed', timeMs: 0 });
    if (this.queue.length >= this.maxQueue)
      return Promise.resolve({ ok: false, error: 'too many mock scripts running, retry later', timeMs: 0 });
    return new Promise((resolve) => {
      this.queue.push({ id: ++this.seq, script, req: JSON.parse(JSON.stringify(req ?? {})), limits, resolve, queuedAt: Date.now() });
      this.pump();
    });
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.queue.splice(0)) j.resolve({ ok: false, error: 'sandbox closed', timeMs: 0 });
    await Promise.all(
      this.slots.map(async (s) => {
        if (s.timer) clearTimeout(s.timer);
        s.job?.resolve({ ok: false, error: 'sandbox closed', timeMs: 0 });
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
