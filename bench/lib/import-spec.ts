/**
 * Imports a spec file into a running Folio (the e2e harness's built server) as the web app's import dialog
 * does: a multipart upload to POST /api/import, then the job's status polled until it ends. Used by the
 * browser benchmarks and the Scalar side-by-side script.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Harness } from '../../e2e/harness.js';

export interface ImportedSpec {
  moduleId: string;
  docs: number;
  /** Upload start → job done, in ms (polled every 100 ms, so up to 100 ms late). */
  ms: number;
  /** The job's own phases (ms). */
  timings: { fetch: number; convert: number; merge: number } | null;
}

/** The text of a spec file (`.gz` files are unpacked). */
export function readSpec(path: string): Buffer {
  const raw = readFileSync(path);
  return path.endsWith('.gz') ? gunzipSync(raw) : raw;
}

/** Uploads `content` as a new application `name` of the project and waits for the import job to end. */
export async function importSpec(h: Harness, projectId: string, name: string, content: Buffer, filename: string): Promise<ImportedSpec> {
  const form = new FormData();
  form.set('projectId', projectId);
  form.set('name', name);
  form.set('file', new Blob([new Uint8Array(content)]), basename(filename).replace(/\.gz$/, ''));
  const t0 = performance.now();
  const res = await fetch(`${h.baseUrl}/api/import`, { method: 'POST', headers: { token: h.adminToken }, body: form });
  const queued = (await res.json()) as { code: string; msg: string; data: { jobId: string } };
  if (queued.code !== '0') throw new Error(`import ${name}: ${queued.msg}`);
  for (;;) {
    const s = await h.admin<{
      state: string;
      moduleId: string;
      counts: { docs: number };
      timings: ImportedSpec['timings'];
      errors: unknown[];
    }>('GET', 'import/status', { jobId: queued.data.jobId });
    if (s.state === 'done') return { moduleId: s.moduleId, docs: s.counts.docs, ms: performance.now() - t0, timings: s.timings };
    if (s.state === 'failed') throw new Error(`import ${name} failed: ${JSON.stringify(s.errors).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A new space and project to import into; returns the project's id. */
export async function benchProject(h: Harness, name: string): Promise<string> {
  const space = await h.admin<{ id: string }>('POST', 'space/add', { name, isCompose: 0 });
  const project = await h.admin<{ id: string }>('POST', 'project/add', { spaceId: space.id, name, description: '', isPrivate: 0 });
  return project.id;
}
