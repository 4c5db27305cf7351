/**
 * `GET /api/export?format=…` with one scope (docIds, folderId, moduleId or projectId) and an optional
 * environmentId: Markdown (file, Torna's layout, or zip), HTML, Word (.docx), Postman v2.1, OpenAPI 3.1/3.0 JSON or YAML.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ExportFileResponse, ExportQuery } from '@folio/shared';
import type { FastifyReply } from 'fastify';
import { pickLang } from '../../i18n/messages.js';
import { badRequest } from '../../lib/errors.js';
import { loadExportSet } from './export-scope.js';
import { renderExport } from './exports.service.js';
import type { MergedDoc } from './to-openapi.js';

/** A file name safe in a Content-Disposition header (ASCII fallback + RFC 5987 UTF-8). */
function disposition(base: string, ext: string): string {
  const name = `${base.replace(/[\\/:*?"<>|\r\n]/g, '_').slice(0, 100) || 'export'}.${ext}`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** How many docs of a list a header names (the count says how many there are). */
const MERGED_LISTED = 20;

/**
 * Docs that shared a method and path with another (OpenAPI holds one operation per method and path): their
 * number in `X-Folio-Export-Merged`, the first of them (`METHOD url › name`, URI-encoded JSON) in
 * `X-Folio-Export-Merged-Docs`, so the export dialog can say what went where.
 */
function reportMerged(reply: FastifyReply, merged: MergedDoc[]): void {
  if (!merged.length) return;
  const names = merged.slice(0, MERGED_LISTED).map((m) => `${m.method} ${m.url} › ${m.name}`);
  reply
    .header('x-folio-export-merged', String(merged.length))
    .header('x-folio-export-merged-docs', encodeURIComponent(JSON.stringify(names)));
}

export const exportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/export',
    {
      // Dynamic: the scope is one of docIds (a list), folderId, moduleId or projectId; export-scope.ts checks
      // module.export on each application it reaches.
      config: { action: 'module.export' },
      schema: {
        tags: ['export'],
        summary: 'Export docs as Markdown, HTML, Word, Postman or OpenAPI (a file)',
        querystring: ExportQuery,
        response: ExportFileResponse,
      },
    },
    async (req, reply) => {
      const q = req.query;
      const set = await loadExportSet(app, req, q);
      if (!set.docCount) throw badRequest('export.empty');
      const f = await renderExport(set, q.format, pickLang(q.lang, req.lang ?? 'zh-CN'), q.openapiVersion ?? '3.1');
      reportMerged(reply, f.merged);
      // A download, not a page of this site: sandboxed so no script runs in our origin.
      if (f.sandbox) reply.header('content-security-policy', 'sandbox');
      return reply
        .header('content-type', f.type)
        .header('content-disposition', disposition(set.title, f.ext))
        .header('x-content-type-options', 'nosniff')
        .send(f.body);
    },
  );
};
