/**
 * The import calls around the job (imports.service.ts runs it): queue an import or a refresh from the stored
 * source, what an application keeps of its source, and a job's status in the reader's language. No HTTP types.
 */
import type { ImportSource, ImportStatus } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { renderText } from '../../i18n/stored-text.js';
import { getJob, type JobView } from '../../jobs/queue.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/auth.js';
import { isBlankSource, isYapiHtml, quickDetect } from './import-convert.js';
import type { ImportFields } from './import-form.js';
import * as repo from './imports.repo.js';
import { enqueueImport, IMPORT_JOB, type ImportResult, liveProgress, readStoredSource, sealPassword } from './imports.service.js';
import type { ImportFormat } from './spec-text.js';

/** Who imports, and the languages of the answer (`lang`) and of the words written into docs (`textLang`). */
export interface Importer {
  user: SessionUser;
  lang: string;
  textLang: string;
}

/** Queues an import into an application, or into a new one of a project (`target.moduleId` 0); returns the job id. */
export async function queueImport(
  app: FastifyInstance,
  by: Importer,
  target: { moduleId: number; projectId: number },
  fields: ImportFields,
  content: string | Buffer | undefined,
): Promise<string> {
  let format = (fields.format || null) as ImportFormat | null;
  if (content !== undefined) {
    if (isBlankSource(content)) throw badRequest('import.empty');
    format = format ?? quickDetect(content);
    if (!format)
      throw badRequest(
        isYapiHtml(typeof content === 'string' ? content : content.toString('utf8')) ? 'import.yapi_html' : 'import.unknown_format',
      );
  }
  return enqueueImport(app, {
    ...target,
    name: (fields.name ?? '').trim().slice(0, 64),
    format,
    content,
    url: fields.url || undefined,
    authUsername: fields.basicAuthUsername || undefined,
    authPasswordEnc: sealPassword(app, fields.basicAuthPassword) || undefined,
    storeSource: true,
    replace: false,
    userId: by.user.id,
    nickname: by.user.nickname,
    author: by.user.nickname,
    lang: by.lang,
    textLang: by.textLang,
  });
}

/** Queues a re-import of an application from its stored source (docs the source no longer has go); returns the job id. */
export async function queueRefresh(app: FastifyInstance, by: Importer, moduleId: number): Promise<string> {
  const cfg = await repo.sourceConfig(app.ctx.db, moduleId);
  if (!cfg || (!cfg.url && !cfg.content && !cfg.contentFile)) throw badRequest('import.no_source_stored');
  let content = cfg.url ? undefined : cfg.content;
  if (!cfg.url && cfg.contentFile) content = (await readStoredSource(app, cfg.contentFile)) ?? undefined;
  if (!cfg.url && !content) throw badRequest('import.no_source_stored');
  return enqueueImport(app, {
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
    userId: by.user.id,
    nickname: by.user.nickname,
    author: by.user.nickname,
    lang: by.lang,
    textLang: by.textLang,
  });
}

/** What an application keeps of its last import's source (never the password). */
export async function importSource(app: FastifyInstance, moduleId: number): Promise<ImportSource> {
  const cfg = await repo.sourceConfig(app.ctx.db, moduleId);
  return {
    url: cfg?.url ?? '',
    hasContent: !!(cfg?.content || cfg?.contentFile),
    format: cfg?.format ?? '',
    basicAuthUsername: cfg?.authUsername ?? '',
    hasPassword: !!cfg?.authPasswordEnc,
    updatedAt: cfg?.updatedAt ?? 0,
  };
}

/** The status view of an import job; warnings and errors in the reader's language. */
function statusView(app: FastifyInstance, job: JobView, lang: string): ImportStatus {
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

/** An import job's status, for the user who started it or a super admin (others: as missing). */
export async function importStatus(app: FastifyInstance, user: SessionUser, jobId: string, lang: string): Promise<ImportStatus> {
  const job = await getJob(app, jobId);
  if (!job || job.kind !== IMPORT_JOB || (job.createdBy !== user.id && !user.isSuperAdmin)) throw notFound('job');
  return statusView(app, job, lang);
}
