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
