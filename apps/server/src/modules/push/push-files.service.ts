/**
 * Folio's own push calls for CI: the application of a `token` header, a file pushed as it is (an OpenAPI
 * file, or with /api/import/push any import format or a Torna push payload), the job status poll and the
 * push guide. Answers and error texts are pinned by the push tests (CLIs read them). No HTTP types.
 */
import type { Covers, PushOutcomeSchema, PushPayload } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { t } from '../../i18n/messages.js';
import { renderText } from '../../i18n/stored-text.js';
import { getJob } from '../../jobs/queue.js';
import { AppError, notFound } from '../../lib/errors.js';
import { convertSource } from '../imports/import-convert.js';
import { maxImportBytes } from '../imports/imports.service.js';
import { openApiToPush } from '../imports/openapi-to-push.js';
import { type ImportFormat, ImportInputError, parseStructuredAsync } from '../imports/spec-text.js';
import { publicUrl } from '../webhooks/webhook-queue.js';
import * as repo from './push.repo.js';
import { pushGuide } from './push-guide.js';
import { flag, PushInputError } from './push-normalize.js';
import { runWindowMs } from './push-runs.js';
import { PUSH_JOB, type PublicOutcome, type PushRequest, queuePush, runPush } from './push-service.js';
import { pt } from './texts.js';

const MB = 1024 * 1024;

// The answer schema lists every field of a push outcome (it filters the answer CLIs read): a field added to the
// outcome alone fails the type check here.
const outcomeComplete: Covers<PublicOutcome, typeof PushOutcomeSchema> = true;
void outcomeComplete;

/** How a file push asks to be merged (query flags as CLIs send them). */
export interface FilePushFlags {
  isReplace?: string;
  isOverride?: string;
  async?: string;
  author?: string;
}

/** The application of a push token (the `token` header); 401 with the reason when missing or unknown. */
export async function moduleOfToken(app: FastifyInstance, token: string, lang: string): Promise<number> {
  const mod = token ? await repo.moduleByToken(app.ctx.db, token.slice(0, 64)) : undefined;
  if (!mod) throw new AppError(401, 'unauthorized', pt(lang, token ? 'push.api.badToken' : 'push.api.missingToken'));
  return mod.id;
}

/** Runs a push now, or queues it when asked (`async`): the outcome or the job id. */
async function runOrQueue(
  app: FastifyInstance,
  request: PushRequest,
  async: boolean,
  lang: string,
): Promise<{ outcome: PublicOutcome } | { jobId: string }> {
  if (async) return { jobId: await queuePush(app, request) };
  try {
    return { outcome: await runPush(app, request) };
  } catch (err) {
    if (err instanceof PushInputError)
      throw new AppError(422, 'validation_failed', pt(lang, 'push.api.invalidParams', { detail: err.message }), {}, err.fields);
    throw err;
  }
}

/** Pushes an OpenAPI file (JSON or YAML) into an application; docs the file no longer has go unless isReplace=0. */
export async function pushOpenApiFile(
  app: FastifyInstance,
  moduleId: number,
  text: string,
  q: FilePushFlags,
  lang: string,
  textLang: string,
): Promise<PublicOutcome | { jobId: string }> {
  let payload: PushPayload;
  try {
    payload = (await openApiToPush(await parseStructuredAsync(text), { author: q.author || 'OpenAPI', lang: textLang })).payload;
  } catch (err) {
    if (err instanceof ImportInputError) throw new AppError(422, 'validation_failed', t(lang, err.key, err.params));
    throw err;
  }
  const request = {
    moduleId,
    payload,
    author: q.author || 'OpenAPI',
    isReplace: flag(q.isReplace, 1) === 1,
    isOverride: flag(q.isOverride, 0) === 1,
  };
  const r = await runOrQueue(app, request, flag(q.async, 0) === 1, lang);
  return 'jobId' in r ? r : r.outcome;
}

/**
 * Pushes a file in any import format (or a Torna push payload with format=push) into an application, as an
 * import converts it and a push merges it; conversion warnings come back with the answer.
 */
export async function pushImportFile(
  app: FastifyInstance,
  moduleId: number,
  text: string,
  q: FilePushFlags & { format?: ImportFormat | 'push' },
  lang: string,
  textLang: string,
): Promise<{ format: string; warnings: string[] } & ({ outcome: PublicOutcome } | { jobId: string })> {
  if (Buffer.byteLength(text) > maxImportBytes(app))
    throw new AppError(413, 'payload_too_large', t(lang, 'import.too_large', { max: Math.round(maxImportBytes(app) / MB) }));
  const author = q.author || 'folio push';
  let payload: PushPayload;
  let format: string;
  let warnings: string[] = [];
  try {
    if (q.format === 'push') {
      const parsed = await parseStructuredAsync(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ImportInputError('import.unknown_format');
      payload = parsed as PushPayload;
      format = 'push';
    } else {
      const c = await convertSource(text, q.format ?? null, { author, lang: textLang });
      payload = c.payload;
      format = c.format;
      warnings = c.warnings.map((w) => renderText(lang, w));
    }
  } catch (err) {
    if (err instanceof ImportInputError) throw new AppError(422, 'validation_failed', t(lang, err.key, err.params));
    throw err;
  }
  const request = { moduleId, payload, author, isReplace: flag(q.isReplace, 0) === 1, isOverride: flag(q.isOverride, 0) === 1 };
  return { format, warnings, ...(await runOrQueue(app, request, flag(q.async, 0) === 1, lang)) };
}

/** A push job's state, progress and outcome (anyone holding the job id may poll it). */
export async function pushStatus(app: FastifyInstance, jobId: string) {
  const job = await getJob(app, jobId);
  if (!job || job.kind !== PUSH_JOB) throw notFound('job');
  return { jobId: job.jobId, state: job.state, progress: job.progress, result: job.result as PublicOutcome | null, error: job.error };
}

/** The push guide in Markdown; with an application (`moduleId`, its token authorised by the caller) it carries its token. */
export async function guideMarkdown(app: FastifyInstance, lang: string, baseUrl: string, moduleId: number): Promise<string> {
  const m = moduleId ? await repo.moduleTokenAndName(app.ctx.db, moduleId) : { token: '', name: '' };
  return pushGuide({
    lang,
    baseUrl: publicUrl(app) || baseUrl,
    token: m.token,
    appName: m.name,
    asyncThreshold: app.ctx.settings.getInt('folio.push.async-threshold', 2000),
    runWindowSeconds: Math.round(runWindowMs(app) / 1000),
  });
}
