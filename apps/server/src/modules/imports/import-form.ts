/**
 * The fields of `POST /api/import`: a multipart form (with one file) or a JSON body. Neither has a request
 * schema (multipart is read as a stream, size-capped by the setting), so the fields are checked here.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.js';
import { maxImportBytes } from './imports.service.js';

export const IMPORT_FORMATS = ['openapi', 'postman', 'yapi-md', 'yapi-json'] as const;

/** The fields of an import request. */
export interface ImportFields {
  moduleId?: string;
  projectId?: string;
  name?: string;
  url?: string;
  content?: string;
  format?: string;
  basicAuthUsername?: string;
  basicAuthPassword?: string;
}

const FIELD_MAX: Record<string, number> = {
  moduleId: 64,
  projectId: 64,
  name: 64,
  url: 2048,
  format: 16,
  basicAuthUsername: 128,
  basicAuthPassword: 256,
};

/** 413 with the setting's limit. */
export const tooLarge = (app: FastifyInstance) =>
  new AppError(413, 'payload_too_large', 'import.too_large', { max: Math.round(maxImportBytes(app) / 1048576) });

/** Reads the multipart form: fields, and the one file's bytes (size-capped by the setting). */
async function readMultipart(app: FastifyInstance, req: FastifyRequest): Promise<{ fields: ImportFields; file?: Buffer }> {
  const max = maxImportBytes(app);
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  let files = 0;
  try {
    for await (const part of req.parts({ limits: { fileSize: max, fieldSize: max, files: 2, fields: 20 } })) {
      if (part.type === 'file') {
        files++;
        const buf = await part.toBuffer();
        if (files > 1) throw badRequest('import.one_source');
        file = buf;
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || (err as { statusCode?: number }).statusCode === 413) {
      if (code === 'FST_FILES_LIMIT') throw badRequest('import.one_source');
      throw tooLarge(app);
    }
    if (code === 'FST_FILES_LIMIT') throw badRequest('import.one_source');
    throw err;
  }
  return { fields: fields as ImportFields, file };
}

/** The known fields of a JSON body. */
function jsonFields(body: unknown): ImportFields {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b !== 'object' || Array.isArray(b)) throw badRequest('import.source_missing');
  const fields: Record<string, unknown> = {};
  for (const k of [...Object.keys(FIELD_MAX), 'content']) {
    if (b[k] !== undefined && b[k] !== null) fields[k] = b[k];
  }
  return fields as ImportFields;
}

function checkFields(f: ImportFields): void {
  const bad: { field: string; message: string }[] = [];
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || k === 'content') continue;
    if (typeof v !== 'string') bad.push({ field: k, message: 'must be text' });
    else if (FIELD_MAX[k] !== undefined && v.length > FIELD_MAX[k]) bad.push({ field: k, message: `length cannot exceed ${FIELD_MAX[k]}` });
  }
  if (f.format && !(IMPORT_FORMATS as readonly string[]).includes(f.format))
    bad.push({ field: 'format', message: `one of ${IMPORT_FORMATS.join(', ')}` });
  if (f.url && !/^https?:\/\//i.test(f.url)) bad.push({ field: 'url', message: 'http or https URL' });
  if (bad.length)
    throw new AppError(
      422,
      'validation_failed',
      'error.validation_failed',
      { detail: bad.map((b) => `${b.field}: ${b.message}`).join('; ') },
      bad,
    );
}

/**
 * The checked fields of an import request and its one source: an uploaded file (kept as bytes: written as it
 * came, decoded once by the job), pasted content, or a URL (content undefined).
 */
export async function readImportForm(
  app: FastifyInstance,
  req: FastifyRequest,
): Promise<{ fields: ImportFields; content?: string | Buffer }> {
  const { fields, file } = req.isMultipart() ? await readMultipart(app, req) : { fields: jsonFields(req.body), file: undefined };
  checkFields(fields);
  const content = file ?? fields.content;
  const sources = [file !== undefined, fields.content !== undefined && fields.content !== '', !!fields.url].filter(Boolean).length;
  if (sources === 0) throw badRequest('import.source_missing');
  if (sources > 1) throw badRequest('import.one_source');
  if (content !== undefined && (typeof content === 'string' ? Buffer.byteLength(content) : content.length) > maxImportBytes(app))
    throw tooLarge(app);
  return { fields, content };
}
