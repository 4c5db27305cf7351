/**
 * Uploads (avatars, images in Markdown docs) and the generic file download of spec §7.
 * Uploads need a session, are size-limited (setting folio.upload.max-mb) and stored under the data
 * directory, never the web root, by an unguessable 128-bit id. Downloads serve raster images inline with
 * their type; everything else (SVG and HTML included) as an attachment of type application/octet-stream,
 * always with nosniff and a sandboxing CSP, so an uploaded file can never run as a page of Folio.
 * An upload naming a doc is checked by hand (doc.update on it: the doc is optional, docs/ARCHITECTURE.md).
 * Contracts: packages/shared/src/schemas/uploads.ts.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FileParams, UploadedSchema, UploadInput } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { randomToken } from '../../lib/crypto.js';
import { AppError, notFound } from '../../lib/errors.js';
import { authorizeDoc } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okResponse } from '../../plugins/envelope.js';
import { docIsLive, findUpload, insertUpload } from './uploads.repo.js';

/** Types served inline; anything else downloads as an attachment. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const MB = 1024 * 1024;

/** Where uploads live: beside the SQLite file, or ./data/uploads for server databases. */
export function uploadDir(app: FastifyInstance): string {
  const { config } = app.ctx;
  if (config.uploadDir) return resolve(config.uploadDir);
  if (config.dialect === 'sqlite' && config.sqlitePath !== ':memory:') return join(dirname(config.sqlitePath), 'uploads');
  return resolve('data', 'uploads');
}

export const uploadsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, dialect, settings } = app.ctx;

  app.post(
    '/upload',
    { schema: { tags: ['file'], summary: 'Upload a file (base64)', body: UploadInput, response: okResponse(UploadedSchema) } },
    async (req) => {
      const u = requireUser(req);
      const b = req.body;
      // A file uploaded for a doc lives as long as the doc: it must be one the caller may edit.
      let docId = 0;
      let moduleId = 0;
      if (b.docId) {
        docId = app.ctx.ids.decode(b.docId, 'doc');
        ({ moduleId } = await authorizeDoc(req, docId, 'doc.update'));
      }
      const bytes = Buffer.from(b.data, 'base64');
      const max = settings.getInt('folio.upload.max-mb', 20) * MB;
      if (bytes.length === 0) throw new AppError(422, 'validation_failed', 'error.validation_failed', { detail: 'data: empty file' });
      if (bytes.length > max) throw new AppError(413, 'payload_too_large', 'error.payload_too_large');
      const fileId = randomToken(16);
      const dir = uploadDir(app);
      await mkdir(dir, { recursive: true });
      const path = join(dir, fileId);
      await writeFile(path, bytes, { flag: 'wx' });
      const contentType = (b.contentType ?? '').toLowerCase().split(';')[0].trim() || 'application/octet-stream';
      const filename = b.filename.replace(/[\\/\r\n"]/g, '_');
      await insertUpload(db, dialect, {
        fileId,
        filename,
        contentType,
        size: bytes.length,
        storagePath: fileId,
        userId: u.id,
        docId,
        moduleId,
        createdAt: Date.now(),
      });
      return ok({ fileId, url: `/api/file/${fileId}`, filename, size: bytes.length, contentType });
    },
  );

  app.get(
    '/file/:fileId',
    {
      config: { auth: 'public' },
      schema: { tags: ['file'], summary: 'Download a file (raster images inline, anything else as an attachment)', params: FileParams },
    },
    async (req, reply) => {
      const row = await findUpload(db, req.params.fileId);
      if (!row) throw notFound('file');
      if (row.docId && !(await docIsLive(db, row.docId))) throw notFound('file');
      let bytes: Buffer;
      try {
        bytes = await readFile(join(uploadDir(app), row.storagePath));
      } catch {
        throw notFound('file');
      }
      const inline = INLINE_TYPES.has(row.contentType);
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.filename)}`)
        .type(inline ? row.contentType : 'application/octet-stream');
      return reply.send(bytes);
    },
  );
};
