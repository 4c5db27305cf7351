/**
 * Uploads (avatars, images in Markdown docs) and the generic file download of spec §7. Files are size-limited
 * (setting folio.upload.max-mb) and stored under the data directory, never the web root, by an unguessable
 * 128-bit id. A file uploaded for a doc is served only while the doc is live.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { UploadInput } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { randomToken } from '../../lib/crypto.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
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

/** Stores an uploaded file (for a doc: its id and module, already authorised by the caller) and records it. */
export async function storeUpload(
  app: FastifyInstance,
  user: SessionUser,
  input: Static<typeof UploadInput>,
  doc: { docId: number; moduleId: number },
) {
  const bytes = Buffer.from(input.data, 'base64');
  const max = app.ctx.settings.getInt('folio.upload.max-mb', 20) * MB;
  if (bytes.length === 0) throw new AppError(422, 'validation_failed', 'error.validation_failed', { detail: 'data: empty file' });
  if (bytes.length > max) throw new AppError(413, 'payload_too_large', 'error.payload_too_large');
  const fileId = randomToken(16);
  const dir = uploadDir(app);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, fileId), bytes, { flag: 'wx' });
  const contentType = (input.contentType ?? '').toLowerCase().split(';')[0].trim() || 'application/octet-stream';
  const filename = input.filename.replace(/[\\/\r\n"]/g, '_');
  await insertUpload(app.ctx.db, app.ctx.dialect, {
    fileId,
    filename,
    contentType,
    size: bytes.length,
    storagePath: fileId,
    userId: user.id,
    docId: doc.docId,
    moduleId: doc.moduleId,
    createdAt: Date.now(),
  });
  return { fileId, url: `/api/file/${fileId}`, filename, size: bytes.length, contentType };
}

/** A stored file to download: its bytes, name, and whether it may be shown inline (raster images only). */
export async function readUpload(app: FastifyInstance, fileId: string) {
  const { db } = app.ctx;
  const row = await findUpload(db, fileId);
  if (!row) throw notFound('file');
  if (row.docId && !(await docIsLive(db, row.docId))) throw notFound('file');
  let bytes: Buffer;
  try {
    bytes = await readFile(join(uploadDir(app), row.storagePath));
  } catch {
    throw notFound('file');
  }
  return { bytes, filename: row.filename, contentType: row.contentType, inline: INLINE_TYPES.has(row.contentType) };
}
