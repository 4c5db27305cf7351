/**
 * Runs one CPU-heavy task on a worker thread of its own (started for the task, ended after it), so the event
 * loop keeps answering other requests meanwhile (issue 20: a big push body, a big YAML source or export). What
 * goes in and what comes back should be strings or small values: posting a big parsed tree back costs the
 * receiving thread more than parsing it (bench/RESULTS.md). Tasks are named in offload-worker.ts. At most
 * MAX_RUNNING run at once in a process (each holds a thread and its heap); more wait their turn.
 */
import { availableParallelism } from 'node:os';
import type { OffloadTasks } from './offload-worker.js';
import { startWorker } from './worker-entry.js';

type Input<K extends keyof OffloadTasks> = Parameters<OffloadTasks[K]>[0];
type Output<K extends keyof OffloadTasks> = Awaited<ReturnType<OffloadTasks[K]>>;

const MAX_RUNNING = Math.max(2, availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `task` with `input` on a new worker thread; resolves with its result, rejects with its error. */
export async function offload<K extends keyof OffloadTasks>(task: K, input: Input<K>): Promise<Output<K>> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await runOnWorker(task, input);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function runOnWorker<K extends keyof OffloadTasks>(task: K, input: Input<K>): Promise<Output<K>> {
  const worker = startWorker('lib/offload-worker', { name: `folio-${task}`, workerData: { task, input } });
  return new Promise((resolve, reject) => {
    let settled = false;
    worker.once('message', (m: { ok: boolean; result?: unknown; error?: string }) => {
      settled = true;
      if (m.ok) resolve(m.result as Output<K>);
      else reject(new Error(m.error));
      void worker.terminate();
    });
    worker.once('error', (err) => {
      if (!settled) reject(err);
      settled = true;
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`worker ${task} stopped (${code})`));
      settled = true;
    });
  });
}
