/**
 * Import API: `POST /api/import` (multipart or JSON) queues a job and returns its id at once;
 * `POST /api/import/refresh` re-imports an application from its stored source; `GET /api/import/status`
 * reports progress, counts, warnings and errors with their location in the source.
 */
import { Transform } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { renderText } from '../../i18n/stored-text.js';
import { getJob } from '../../jobs/queue.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { IdString } from '../../lib/schemas.js';
import { authorizeModule, authorizeProject } from '../../permissions/authorize.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../plugins/envelope.js';
import { isBlankSource, isYapiHtml, quickDetect } from './import-convert.js';
import { importPushRoutes } from './import-push.routes.js';
import {
  enqueueImport,
  IMPORT_JOB,
  type ImportResult,
  importTextLang,
  liveProgress,
  maxImportBytes,
  readStoredSource,
  registerImportJob,
  sealPassword,
} from './imports.service.js';
import type { ImportFormat } from './spec-text.js';

const FORMATS = ['openapi', 'postman', 'yapi-md', 'yapi-json'] as const;
/** Hard cap of any import body; the setting folio.import.max-mb applies below it. */
const HARD_BODY_LIMIT = 2048 * 1024 * 1024;

interface ImportFields {
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

const tooLarge = (app: FastifyInstance) =>
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

function checkFields(f: ImportFields): void {
  const bad: { field: string; message: string }[] = [];
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || k === 'content') continue;
    if (typeof v !== 'string') bad.push({ field: k, message: 'must be text' });
    else if (FIELD_MAX[k] !== undefined && v.length > FIELD_MAX[k]) bad.push({ field: k, message: `length cannot exceed ${FIELD_MAX[k]}` });
  }
  if (f.format && !(FORMATS as readonly string[]).includes(f.format))
    bad.push({ field: 'format', message: `one of ${FORMATS.join(', ')}` });
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

/** The status view of an import job; warnings and errors in the reader's language. */
function statusView(app: FastifyInstance, job: NonNullable<Awaited<ReturnType<typeof getJob>>>, lang: string) {
  const r = (job.result ?? {}) as Partial<ImportResult>;
  const moduleId = r.moduleId || job.moduleId;
  return {
    jobId: job.jobId,
    state: job.state,
    progress: job.state === 'running' ? Math.max(job.progress, liveProgress.get(job.jobId) ?? 0) : job.progress,
    moduleId: moduleId ? app.ctx.ids.encode(moduleId) : '',
    format: r.format ?? '',
    counts: r.counts ?? { folders: 0, docs: 0, params: 0 },
    source: r.source ?? null,
    dropped: r.dropped ?? 0,
    outcome: r.outcome ?? null,
    timings: r.timings ?? null,
    warnings: (r.warnings ?? []).map((w) => renderText(lang, w)),
    errors: r.errors
      ? r.errors.map((e) => ({
          code: e.code,
          message: e.text ? renderText(lang, e.text) : e.message,
          location: e.at !== undefined ? renderText(lang, e.at) : e.location,
        }))
      : job.state === 'failed'
        ? [{ code: 'import_failed', message: job.error, location: '' }]
        : [],
  };
}

export async function importsRoutes(api: FastifyInstance): Promise<void> {
  registerImportJob();
  await importPushRoutes(api);
  // Multipart is registered in this scope only, so no other route starts accepting uploads.
  await api.register(async (app) => {
    await app.register(multipart, { limits: { fileSize: HARD_BODY_LIMIT, files: 2 } });
    const { ids } = app.ctx;

    // JSON bodies (pasted content) are counted while they stream in, against the same setting.
    app.addHook('preParsing', async (req, _reply, payload) => {
      // Multipart streams are read (and capped) by @fastify/multipart from the raw request.
      if (!req.url.startsWith('/api/import') || String(req.headers['content-type'] ?? '').startsWith('multipart/')) return payload;
      const max = maxImportBytes(app) + 1024 * 1024;
      const len = Number(req.headers['content-length'] ?? 0);
      if (len > max) throw tooLarge(app);
      let seen = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          seen += chunk.length;
          if (seen > max) cb(tooLarge(app));
          else cb(null, chunk);
        },
      });
      return payload.pipe(counter);
    });

    app.post(
      '/import',
      {
        bodyLimit: HARD_BODY_LIMIT,
        config: { action: 'module.import' },
        schema: {
          tags: ['import'],
          summary: 'Import OpenAPI/Swagger, Postman or YAPI into an application (multipart or JSON); returns a job id',
        },
      },
      async (req) => {
        const u = requireUser(req);
        let fields: ImportFields;
        // An uploaded file stays bytes: it is written as it came, and decoded once, by the job.
        let file: Buffer | undefined;
        if (req.isMultipart()) ({ fields, file } = await readMultipart(app, req));
        else {
          const b = (req.body ?? {}) as Record<string, unknown>;
          if (typeof b !== 'object' || Array.isArray(b)) throw badRequest('import.source_missing');
          fields = {};
          for (const k of [...Object.keys(FIELD_MAX), 'content']) {
            if (b[k] !== undefined && b[k] !== null) (fields as Record<string, unknown>)[k] = b[k];
          }
        }
        checkFields(fields);
        const content = file ?? fields.content;
        const sources = [file !== undefined, fields.content !== undefined && fields.content !== '', !!fields.url].filter(Boolean).length;
        if (sources === 0) throw badRequest('import.source_missing');
        if (sources > 1) throw badRequest('import.one_source');
        if (content !== undefined && (typeof content === 'string' ? Buffer.byteLength(content) : content.length) > maxImportBytes(app))
          throw tooLarge(app);
        let moduleId = 0;
        let projectId = 0;
        const name = (fields.name ?? '').trim();
        if (fields.moduleId) {
          moduleId = ids.decode(fields.moduleId, 'module');
          ({ projectId } = await authorizeModule(req, moduleId, 'module.import'));
        } else if (fields.projectId && name) {
          projectId = ids.decode(fields.projectId, 'project');
          await authorizeProject(req, projectId, 'module.import');
        } else throw badRequest('import.target_missing');
        let format = (fields.format || null) as ImportFormat | null;
        if (content !== undefined) {
          if (isBlankSource(content)) throw badRequest('import.empty');
          format = format ?? quickDetect(content);
          if (!format)
            throw badRequest(
              isYapiHtml(typeof content === 'string' ? content : content.toString('utf8')) ? 'import.yapi_html' : 'import.unknown_format',
            );
        }
        const jobId = await enqueueImport(app, {
          moduleId,
          projectId,
          name: name.slice(0, 64),
          format,
          content,
          url: fields.url || undefined,
          authUsername: fields.basicAuthUsername || undefined,
          authPasswordEnc: sealPassword(app, fields.basicAuthPassword) || undefined,
          storeSource: true,
          replace: false,
          userId: u.id,
          nickname: u.nickname,
          author: u.nickname,
          lang: req.lang ?? 'zh-CN',
          textLang: importTextLang(app, req),
        });
        return ok({ jobId });
      },
    );

    app.post(
      '/import/refresh',
      { config: { action: 'module.import' }, schema: { tags: ['import'], body: Type.Object({ moduleId: IdString }) } },
      async (req) => {
        const u = requireUser(req);
        const moduleId = ids.decode((req.body as { moduleId: string }).moduleId, 'module');
        await authorizeModule(req, moduleId, 'module.import');
        const cfg = await app.ctx.db.selectFrom('moduleSwaggerConfigs').selectAll().where('moduleId', '=', moduleId).executeTakeFirst();
        if (!cfg || (!cfg.url && !cfg.content && !cfg.contentFile)) throw badRequest('import.no_source_stored');
        let content = cfg.url ? undefined : cfg.content;
        if (!cfg.url && cfg.contentFile) content = (await readStoredSource(app, cfg.contentFile)) ?? undefined;
        if (!cfg.url && !content) throw badRequest('import.no_source_stored');
        const jobId = await enqueueImport(app, {
          moduleId,
          projectId: 0,
          name: '',
          format: (cfg.format || null) as ImportFormat | null,
          content,
          url: cfg.url || undefined,
          authUsername: cfg.authUsername || undefined,
          authPasswordEnc: cfg.authPasswordEnc || undefined,
          storeSource: false,
          replace: true,
          userId: u.id,
          nickname: u.nickname,
          author: u.nickname,
          lang: req.lang ?? 'zh-CN',
          textLang: importTextLang(app, req),
        });
        return ok({ jobId });
      },
    );

    app.get(
      '/import/source',
      { config: { action: 'module.import' }, schema: { tags: ['import'], querystring: Type.Object({ moduleId: IdString }) } },
      async (req) => {
        const moduleId = ids.decode((req.query as { moduleId: string }).moduleId, 'module');
        await authorizeModule(req, moduleId, 'module.import');
        const cfg = await app.ctx.db.selectFrom('moduleSwaggerConfigs').selectAll().where('moduleId', '=', moduleId).executeTakeFirst();
        return ok({
          url: cfg?.url ?? '',
          hasContent: !!(cfg?.content || cfg?.contentFile),
          format: cfg?.format ?? '',
          basicAuthUsername: cfg?.authUsername ?? '',
          hasPassword: !!cfg?.authPasswordEnc,
          updatedAt: cfg?.updatedAt ?? 0,
        });
      },
    );

    app.get(
      '/import/status',
      { schema: { tags: ['import'], querystring: Type.Object({ jobId: Type.String({ minLength: 1, maxLength: 64 }) }) } },
      async (req) => {
        const u = requireUser(req);
        const job = await getJob(app, (req.query as { jobId: string }).jobId);
        if (!job || job.kind !== IMPORT_JOB || (job.createdBy !== u.id && !u.isSuperAdmin)) throw notFound('job');
        return ok(statusView(app, job, req.lang));
      },
    );
  });
}
