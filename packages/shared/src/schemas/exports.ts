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
