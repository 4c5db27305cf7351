/**
 * What the fidelity and export-validator suites share: import a file as a browser uploads it, read back
 * everything a reader sees of an application's docs, export it, and ask third-party validators about it.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import type { DocParam } from '@folio/shared';
import { expect } from 'vitest';
import { drainJobs } from '../src/jobs/queue.js';
import { loadDocDetails } from '../src/modules/docs/doc-detail.js';
import { call, type TestApp } from './harness.js';

export type Obj = Record<string, any>;

export interface TreeNode {
  id: string;
  name: string;
  isFolder: number;
  url: string;
  httpMethod: string;
  children: TreeNode[];
}

/** Imports `content` into a new application; returns the job status and the application's tree. */
export async function importInto(tt: TestApp, project: string, name: string, content: string) {
  // As a browser uploads a file (a pasted JSON call has a smaller body limit).
  const boundary = '----folio-fidelity';
  const field = (k: string, v: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(
      `${field('projectId', project)}${field('name', name.slice(0, 60))}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="source"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await tt.app.inject({
    method: 'POST',
    url: '/api/import',
    headers: { token: tt.adminToken, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const r = res.json();
  expect(r.code, res.body.slice(0, 500)).toBe('0');
  await drainJobs(tt.app);
  const status = (await call(tt.app, tt.adminToken, 'GET', '/api/import/status', { jobId: r.data.jobId })).data;
  const tree = (await call(tt.app, tt.adminToken, 'GET', '/api/doc/tree', { moduleId: status.moduleId })).data as TreeNode[];
  return { status, tree };
}

export const docsOf = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => (n.isFolder ? docsOf(n.children) : [n]));
export const foldersOf = (nodes: TreeNode[], at = ''): { path: string; node: TreeNode }[] =>
  nodes.filter((n) => n.isFolder).flatMap((n) => [{ path: `${at}/${n.name}`, node: n }, ...foldersOf(n.children, `${at}/${n.name}`)]);

/**
 * Everything a reader sees of an application's docs, keyed by method + URL (+ identity key, + version), ids left
 * out; with `extras`, also what the spec said beyond Folio's params (examples, every response, the webhook event).
 */
export async function snapshot(tt: TestApp, moduleId: string, opts: { extras?: boolean } = {}): Promise<Record<string, Obj>> {
  const mid = tt.app.ctx.ids.decode(moduleId, 'module');
  const rows = await tt.app.ctx.db
    .selectFrom('docs')
    .select(['id', 'isFolder'])
    .where('moduleId', '=', mid)
    .where('isDeleted', '=', 0)
    .execute();
  const details = await loadDocDetails(
    tt.app.ctx,
    rows.filter((r) => !r.isFolder).map((r) => r.id),
  );
  const strip = (ps: DocParam[]): unknown[] =>
    ps.map((p) => ({
      name: p.name,
      type: p.type,
      required: p.required,
      example: p.example,
      description: p.description,
      enum: p.enumInfo?.items.map((i) => i.value) ?? null,
      children: strip(p.children ?? []),
    }));
  const out: Record<string, Obj> = {};
  for (const d of details.values()) {
    out[`${d.httpMethod} ${d.url}${d.identityKey ? `#${d.identityKey}` : ''}${d.version ? ` v${d.version}` : ''}`] = {
      name: d.name,
      description: d.description,
      contentType: d.contentType,
      header: strip(d.headerParams),
      path: strip(d.pathParams),
      query: strip(d.queryParams),
      request: strip(d.requestParams),
      response: strip(d.responseParams),
      codes: d.errorCodeParams.map((c) => String(c.code)),
      ...(opts.extras
        ? {
            requestExamples: d.requestExamples ?? [],
            paramExamples: d.paramExamples ?? [],
            paramStyles: d.paramStyles ?? [],
            webhook: d.webhook ?? '',
            responses: (d.responses ?? []).map((r) => ({
              ...r,
              params: strip(r.params),
              headers: strip(r.headers),
            })),
          }
        : {}),
    };
  }
  return out;
}

/** An export of an application (status 200), with its response headers. */
export async function exportWithHeaders(tt: TestApp, moduleId: string, format: string, extra: Record<string, string> = {}) {
  const res = await tt.app.inject({
    method: 'GET',
    url: '/api/export',
    query: { format, moduleId, ...extra },
    headers: { token: tt.adminToken },
  });
  expect(res.statusCode).toBe(200);
  return { body: res.body, headers: res.headers };
}

/** The text of an export of an application. */
export async function exportOf(tt: TestApp, moduleId: string, format: string): Promise<string> {
  return (await exportWithHeaders(tt, moduleId, format)).body;
}

/** swagger-parser's verdict on a document (it mutates what it reads: a copy goes in). */
export async function swaggerVerdict(doc: unknown): Promise<string> {
  try {
    await SwaggerParser.validate(structuredClone(doc) as never);
    return 'valid';
  } catch (err) {
    return `invalid: ${String((err as Error).message)
      .split('\n')[0]
      .slice(0, 160)}`;
  }
}

/** Where two values first differ (`path: before → after`), for reports; '' when they are equal. */
export function firstDiff(a: unknown, b: unknown, at = ''): string {
  if (JSON.stringify(a) === JSON.stringify(b)) return '';
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) {
      const d = firstDiff((a as Obj)[k], (b as Obj)[k], `${at}.${k}`);
      if (d) return d;
    }
  }
  return `${at}: ${JSON.stringify(a)?.slice(0, 300)} → ${JSON.stringify(b)?.slice(0, 300)}`;
}

/** The parameter a `firstDiff` path ends in (its name, type and first children), for reports. */
export function paramAt(root: unknown, path: string): string {
  const parts = path.split(':')[0].split('.').filter(Boolean);
  let v: unknown = root;
  for (const p of parts.slice(0, -1)) v = (v as Obj)?.[p];
  const show = (x: Obj) => ({ name: x.name, type: x.type, children: (x.children ?? []).map((c: Obj) => `${c.name}:${c.type}`) });
  return v && typeof v === 'object' ? JSON.stringify(show(v as Obj)) : '';
}
