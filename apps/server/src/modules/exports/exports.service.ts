/** Renders an export set in the asked format: the file's bytes, type and extension. No HTTP types. */
import type { ExportFormat } from '@folio/shared';
import type { ExportSet } from './export-scope.js';
import { toDocx } from './to-docx.js';
import { toHtml } from './to-html.js';
import { toMarkdown, toMarkdownZip } from './to-markdown.js';
import { toMarkdownTorna } from './to-markdown-torna.js';
import { type MergedDoc, type OasVersion, toOpenApiText } from './to-openapi.js';
import { toPostman } from './to-postman.js';

/** An export file. */
export interface ExportFile {
  body: string | Buffer;
  type: string;
  /** File extension (after the title). */
  ext: string;
  /** OpenAPI only: docs that shared a method and path with another. */
  merged: MergedDoc[];
  /** A page that must not run scripts in Folio's origin (HTML). */
  sandbox: boolean;
}

const file = (body: string | Buffer | Uint8Array, type: string, ext: string, extra: Partial<ExportFile> = {}): ExportFile => ({
  body: Buffer.isBuffer(body) || typeof body === 'string' ? body : Buffer.from(body),
  type,
  ext,
  merged: [],
  sandbox: false,
  ...extra,
});

/** Writes the export set in a format, in the exporter's language (OpenAPI in version v). */
export async function renderExport(set: ExportSet, format: ExportFormat, lang: string, v: OasVersion): Promise<ExportFile> {
  switch (format) {
    case 'markdown':
      return file(toMarkdown(set, lang), 'text/markdown; charset=utf-8', 'md');
    case 'markdown-torna':
      return file(toMarkdownTorna(set, lang), 'text/markdown; charset=utf-8', 'md');
    case 'markdown-zip':
      return file(toMarkdownZip(set, lang), 'application/zip', 'zip');
    case 'html':
      return file(toHtml(set, lang), 'text/html; charset=utf-8', 'html', { sandbox: true });
    case 'docx':
      return file(await toDocx(set, lang), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx');
    case 'postman':
      return file(JSON.stringify(toPostman(set), null, 2), 'application/json; charset=utf-8', 'postman_collection.json');
    case 'openapi-json':
    case 'openapi-yaml': {
      const json = format === 'openapi-json';
      const { text, merged } = await toOpenApiText(set, v, json ? 'json' : 'yaml');
      return file(
        text,
        json ? 'application/json; charset=utf-8' : 'application/yaml; charset=utf-8',
        json ? 'openapi.json' : 'openapi.yaml',
        {
          merged,
        },
      );
    }
  }
}
