/** Exports: `GET /api/export` answers a file (Markdown, HTML, Word, Postman or OpenAPI), not the envelope. */
import { type Static, Type } from 'typebox';

/** The formats an export writes. */
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
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const Id = Type.Optional(Type.String({ maxLength: 64 }));
/** Query of GET /api/export: one scope (docIds, folderId, moduleId or projectId) and an optional environment. */
export const ExportQuery = Type.Object({
  format: Type.Union(EXPORT_FORMATS.map((f) => Type.Literal(f))),
  docIds: Type.Optional(Type.String({ maxLength: 100_000, description: 'comma-separated doc ids' })),
  folderId: Id,
  moduleId: Id,
  projectId: Id,
  environmentId: Type.Optional(Type.String({ maxLength: 64, description: 'the environment whose base URL goes in' })),
  openapiVersion: Type.Optional(Type.Union([Type.Literal('3.1'), Type.Literal('3.0')])),
  lang: Type.Optional(
    Type.String({ maxLength: 32, description: 'the language the exporter writes; else the saved preference, else Accept-Language' }),
  ),
});
export type ExportQueryInput = Static<typeof ExportQuery>;

const Text = (description: string) => ({ schema: Type.String({ description }) });
const Binary = (description: string) => ({ schema: Type.String({ format: 'binary', description }) });

/**
 * What GET /api/export answers, by content type (the `format` picks one). For the API description only: the file
 * is sent as it was made, never re-serialised.
 */
export const ExportFileResponse = {
  200: {
    description:
      'the file, as an attachment (Content-Disposition names it); an OpenAPI export names the docs it merged into one ' +
      'operation (same method and path) in X-Folio-Export-Merged (their number) and X-Folio-Export-Merged-Docs',
    content: {
      'text/markdown': Text('markdown, markdown-torna'),
      'text/html': Text('html (served sandboxed)'),
      'application/zip': Binary('markdown-zip: one Markdown file per doc, in folders'),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document': Binary('docx'),
      'application/json': {
        schema: Type.Object({}, { additionalProperties: true, description: 'postman (a v2.1 collection), openapi-json' }),
      },
      'application/yaml': Text('openapi-yaml'),
    },
  },
};
