/** Uploads (avatars, images in Markdown docs) and file downloads. Request and response schemas. */
import { Type } from 'typebox';

/** Body of POST /api/upload. */
export const UploadInput = Type.Object({
  filename: Type.String({ minLength: 1, maxLength: 255 }),
  contentType: Type.Optional(Type.String({ maxLength: 128 })),
  data: Type.String({ minLength: 1, description: "the file's bytes, base64" }),
  docId: Type.Optional(
    Type.String({ maxLength: 64, description: 'the doc the file belongs to (one the caller may edit); it lives as long as the doc' }),
  ),
});

/** An uploaded file. */
export const UploadedSchema = Type.Object({
  fileId: Type.String(),
  url: Type.String({ description: '/api/file/{fileId}' }),
  filename: Type.String(),
  size: Type.Integer({ description: 'bytes' }),
  contentType: Type.String(),
});

/** Path of GET /api/file/{fileId}. */
export const FileParams = Type.Object({ fileId: Type.String({ minLength: 10, maxLength: 64 }) });

/** Bytes: a binary string in the API description, the stored file's bytes to the handler. */
const Bytes = (description: string) => ({ schema: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description }) });

/**
 * What GET /api/file/{fileId} answers, by content type. For the API description only: the stored bytes are sent
 * as they are, never re-serialised.
 */
export const FileDownloadResponse = {
  200: {
    description:
      'the stored file: raster images inline with their type, anything else (SVG and HTML included) as an attachment; ' +
      'always with X-Content-Type-Options: nosniff and a sandboxing Content-Security-Policy',
    content: {
      'image/png': Bytes('PNG, served inline'),
      'image/jpeg': Bytes('JPEG, served inline'),
      'image/gif': Bytes('GIF, served inline'),
      'image/webp': Bytes('WebP, served inline'),
      'application/octet-stream': Bytes('any other file, as an attachment (Content-Disposition names it)'),
    },
  },
};
