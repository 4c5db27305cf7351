/**
 * Uploads (avatars, images in Markdown docs) and the generic file download of spec §7.
 * Uploads need a session, are size-limited (setting folio.upload.max-mb) and stored under the data
 * directory, never the web root, by an unguessable 128-bit id. Downloads serve raster images inline with
 * their type; everything else (SVG and HTML included) as an attachment of type application/octet-stream,
 * always with nosniff and a sandboxing CSP, so an uploaded file can never run as a page of Folio.
 * An upload naming a doc is checked by hand (doc.update on it: the doc is optional, docs/ARCHITECTURE.md).
 * Contracts: packages/shared/src/schemas/uploads.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FileDownloadResponse, FileParams, UploadedSchema, UploadInput } from '@folio/shared';
import { authorizeDoc } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okResponse } from '../../plugins/envelope.js';
import { readUpload, storeUpload } from './uploads.service.js';

export const uploadsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/upload',
    { schema: { tags: ['file'], summary: 'Upload a file (base64)', body: UploadInput, response: okResponse(UploadedSchema) } },
    async (req) => {
      const user = requireUser(req);
      // A file uploaded for a doc lives as long as the doc: it must be one the caller may edit.
      const doc = { docId: 0, moduleId: 0 };
      if (req.body.docId) {
        doc.docId = app.ctx.ids.decode(req.body.docId, 'doc');
        doc.moduleId = (await authorizeDoc(req, doc.docId, 'doc.update')).moduleId;
      }
      return ok(await storeUpload(app, user, req.body, doc));
    },
  );

  app.get(
    '/file/:fileId',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['file'],
        summary: 'Download a file (raster images inline, anything else as an attachment)',
        params: FileParams,
        response: FileDownloadResponse,
      },
    },
    async (req, reply) => {
      const file = await readUpload(app, req.params.fileId);
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .type(file.inline ? file.contentType : 'application/octet-stream');
      return reply.send(file.bytes);
    },
  );
};
