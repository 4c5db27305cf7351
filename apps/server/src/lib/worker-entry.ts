/**
 * Starts a worker thread on one of the server's worker entries (`entry` relative to src/, without extension, e.g.
 * 'lib/offload-worker'). From sources (tests, `tsx`) the entry is the .ts file loaded through tsx; in the esbuild
 * bundle it is built next to main.js (apps/server/build.mjs lists the entries), found from main.js, from
 * cli/main.js, or from a file in the entry's own folder.
 */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Where the worker entry is: in sources (run through tsx) or in the server bundle. */
function entryOf(entry: string): { url: URL; viaTsx: boolean } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { url: new URL(`../${entry}.ts`, here), viaTsx: true };
  for (const rel of [`./${entry}.js`, `../${entry}.js`, `./${basename(entry)}.js`]) {
    const u = new URL(rel, here);
    if (existsSync(fileURLToPath(u))) return { url: u, viaTsx: false };
  }
  throw new Error(`worker entry ${entry} not found (build the server with apps/server/build.mjs)`);
}

/** A new worker thread running `entry`. */
export function startWorker(entry: string, options: WorkerOptions): Worker {
  const spec = entryOf(entry);
  if (!spec.viaTsx) return new Worker(spec.url, options);
  return new Worker(
    `(async () => { const { register } = await import('tsx/esm/api'); register(); await import(${JSON.stringify(spec.url.href)}); })();`,
    { ...options, eval: true },
  );
}
