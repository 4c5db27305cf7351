/**
 * `GET /api/export?format=…` with one scope (docIds, folderId, moduleId or projectId) and an optional
 * environmentId: Markdown (file, Torna's layout, or zip), HTML, Word (.docx), Postman v2.1, OpenAPI 3.1/3.0 JSON or YAML.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { pickLang } from '../../i18n/messages.js';
import { badRequest } from '../../lib/errors.js';
import { loadExportSet, type ScopeQuery } from './export-scope.js';
import { toDocx } from './to-docx.js';
import { toHtml } from './to-html.js';
import { toMarkdown, toMarkdownZip } from './to-markdown.js';
import { toMarkdownTorna } from './to-markdown-torna.js';
import { type MergedDoc, type OasVersion, toOpenApiText } from './to-openapi.js';
import { toPostman } from './to-postman.js';

export const EXPORT_FORMATS = [
  'markdown',
  'markdown-torna',
  'markdown-zip',
  'html',
  'docx',
  'postman',
  'openapi-json',
  'openapi-yaml',
] as const;
type Format = (typeof EXPORT_FORMATS)[number];

const Id = Type.Optional(Type.String({ maxLength: 64 }));

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

export async function exportsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/export',
    {
      config: { action: 'module.export' },
      schema: {
        tags: ['export'],
        summary: 'Export docs as Markdown, HTML, Word, Postman or OpenAPI',
        querystring: Type.Object({
          format: Type.Union(EXPORT_FORMATS.map((f) => Type.Literal(f))),
          docIds: Type.Optional(Type.String({ maxLength: 100_000 })),
          folderId: Id,
          moduleId: Id,
          projectId: Id,
          environmentId: Id,
          openapiVersion: Type.Optional(Type.Union([Type.Literal('3.1'), Type.Literal('3.0')])),
          // The language the exporter sees; else the saved preference, else Accept-Language.
          lang: Type.Optional(Type.String({ maxLength: 32 })),
        }),
      },
    },
    async (req, reply) => {
      const q = req.query as ScopeQuery & { format: Format; openapiVersion?: OasVersion; lang?: string };
      const set = await loadExportSet(app, req, q);
      if (!set.docCount) throw badRequest('export.empty');
      const lang = pickLang(q.lang, req.lang ?? 'zh-CN');
      const v: OasVersion = q.openapiVersion ?? '3.1';
      const send = (body: string | Buffer | Uint8Array, type: string, ext: string) =>
        reply
          .header('content-type', type)
          .header('content-disposition', disposition(set.title, ext))
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.isBuffer(body) || typeof body === 'string' ? body : Buffer.from(body));
      switch (q.format) {
        case 'markdown':
          return send(toMarkdown(set, lang), 'text/markdown; charset=utf-8', 'md');
        case 'markdown-torna':
          return send(toMarkdownTorna(set, lang), 'text/markdown; charset=utf-8', 'md');
        case 'markdown-zip':
          return send(toMarkdownZip(set, lang), 'application/zip', 'zip');
        case 'html':
          // A download, not a page of this site: sandboxed so no script runs in our origin.
          reply.header('content-security-policy', 'sandbox');
          return send(toHtml(set, lang), 'text/html; charset=utf-8', 'html');
        case 'docx':
          return send(await toDocx(set, lang), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx');
        case 'postman':
          return send(JSON.stringify(toPostman(set), null, 2), 'application/json; charset=utf-8', 'postman_collection.json');
        case 'openapi-json':
        case 'openapi-yaml': {
          const json = q.format === 'openapi-json';
          const { text, merged } = toOpenApiText(set, v, json ? 'json' : 'yaml');
          reportMerged(reply, merged);
          return send(
            text,
            json ? 'application/json; charset=utf-8' : 'application/yaml; charset=utf-8',
            json ? 'openapi.json' : 'openapi.yaml',
          );
        }
      }
    },
  );
}
