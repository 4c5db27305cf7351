/** Runs a debug script in a fresh dedicated worker, terminated afterwards or after the time limit. */
import type { ScriptInput, ScriptOutcome } from './script-runner';

const LIMIT_MS = 15_000;

export function runInWorker(code: string, input: ScriptInput, limitMs = LIMIT_MS): Promise<ScriptOutcome> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./script-worker.ts', import.meta.url), { type: 'module', name: 'folio-debug-script' });
    const timer = setTimeout(() => {
      worker.terminate();
      resolve({ ...input, logs: [], error: `script ran longer than ${limitMs / 1000} s` });
    }, limitMs);
    worker.onmessage = (e: MessageEvent<ScriptOutcome>) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(e.data);
    };
    worker.onerror = (e) => {
      clearTimeout(timer);
      worker.terminate();
      resolve({ ...input, logs: [], error: e.message || 'script worker failed' });
    };
    worker.postMessage({ code, input });
  });
}
