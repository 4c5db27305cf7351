/**
 * Imports as durable jobs: the call stores the source and returns a job id; the job fetches (URL
 * sources, through the SSRF-safe outbound client), parses, converts and merges in ONE transaction
 * (a new application is created inside it too), so a failing import changes nothing.
 */
import { copyFile, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ParamOwner, ParamStyle, type PushDocItem } from '@folio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { insertId, inTx, type Tx } from '../../db/database.js';
import { renderText, type StoredText, text as storedText, type TextParam, writeText } from '../../i18n/stored-text.js';
import { enqueueJob, type JobContext, registerJobHandler } from '../../jobs/queue.js';
import { decrypt, encrypt, randomToken } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { outboundRequest } from '../../lib/outbound.js';
import { newModuleToken } from '../applications/applications.routes.js';
import { loadParamTreeRows, paramInputsOf, replaceParams } from '../docs/doc-params.js';
import { withModuleLock } from '../push/push-lock.js';
import { mergePush } from '../push/push-merge.js';
import { PushInputError } from '../push/push-normalize.js';
import { uploadDir } from '../uploads/uploads.service.js';
import { convertSource, MODULE_TYPE_OF } from './import-convert.js';
import type { PostmanVariable } from './postman-to-push.js';
import { saveSecurity } from './security-store.js';
import { type ImportFormat, ImportInputError } from './spec-text.js';

export const IMPORT_JOB = 'import';
/** How long a URL source may take to answer (tests shorten it). */
export const importLimits = { urlTimeoutMs: 10_000 };

export interface ImportJobPayload {
  /** Existing application, or 0 with projectId + name for a new one. */
  moduleId: number;
  projectId: number;
  name: string;
  format: ImportFormat | null;
  /** Pasted or uploaded text (absent for URL sources and for large texts kept in `contentFile`). */
  content?: string;
  /** A large text is kept beside the uploads (`<uploads>/import-sources/<name>`) until its job ends. */
  contentFile?: string;
  url?: string;
  authUsername?: string;
  /** Encrypted with the install key. */
  authPasswordEnc?: string;
  /** Keep the source in the application's Swagger settings (URL, or pasted OpenAPI content). */
  storeSource: boolean;
  /** Remove docs the source no longer has (refresh). */
  replace: boolean;
  userId: number;
  nickname: string;
  /** Torna's module "author" shown on imported docs. */
  author: string;
  lang: string;
  /** The language of the words the import writes into docs (`importTextLang`; jobs queued before it: `lang`). */
  textLang?: string;
}

export interface ImportIssue {
  code: string;
  /** In the importer's language when the job ended (jobs from before message keys have only this). */
  message: string;
  location: string;
  /** The message and its place as keys, written in the reader's language when read. */
  text?: StoredText;
  at?: TextParam;
}

export interface ImportResult {
  moduleId: number;
  format: string;
  /** What the application holds after the import, counted in the database (params: as converted). */
  counts: { folders: number; docs: number; params: number };
  /** What the source brought (as converted). */
  source?: { folders: number; docs: number; params: number };
  /** Source docs not stored (duplicates of another doc's identity): the summary says so. */
  dropped?: number;
  outcome?: { added: number; updated: number; unchanged: number; deleted: number; skippedLocked: number };
  /** Message keys, written in the reader's language when read (older jobs: plain texts). */
  warnings: (StoredText | string)[];
  errors: ImportIssue[];
  /** Milliseconds per phase: fetch (URL sources), convert (parse + dereference + convert), merge (one transaction). */
  timings?: { fetch: number; convert: number; merge: number };
}

/** Error carrying a partial result (the job queue stores it as the failed job's result). */
class ImportFailure extends Error {
  constructor(
    message: string,
    readonly result: ImportResult,
  ) {
    super(message);
  }
}

/** On SQLite (one server process): progress of running imports while their transaction is open (read by the status call). */
export const liveProgress = new Map<string, number>();

/**
 * The language an import writes its own words into docs in ("Webhooks", "Untitled", "Some parameters were left
 * out"): stored content, written once. A person's import is in the caller's language, as its answers are: the
 * language the web app shows (its `lang` header), else the importer's saved preference, else the request's
 * Accept-Language, else the install's default. An application-token push (CI) has no person behind it: the
 * install's default language.
 */
export function importTextLang(app: FastifyInstance, req?: FastifyRequest): string {
  if (req && (req.user || (typeof req.headers.lang === 'string' && req.headers.lang))) return req.lang;
  return app.ctx.settings.get('folio.default-lang') || 'zh-CN';
}

/**
 * Size limit of an import's source in bytes (setting folio.import.max-mb, default 100): its own setting, not the
 * attachments' folio.upload.max-mb (20), because a file Folio exported must import again, and Stripe's API
 * exports as 85.5 MB of OpenAPI JSON (MB: 2^20 bytes, as the setting counts).
 */
export function maxImportBytes(app: FastifyInstance): number {
  const mb = Number.parseInt(app.ctx.settings.get('folio.import.max-mb'), 10);
  return (Number.isFinite(mb) && mb > 0 ? mb : 100) * 1024 * 1024;
}

/** Texts above this size wait for their job in a file, not inside the job row (a 12 MB row costs more than the file). */
const FILE_SOURCE_CHARS = 256 * 1024;
const SOURCE_NAME = /^[A-Za-z0-9_-]{16,64}\.txt$/;

const sourcePath = (app: FastifyInstance, name: string) => {
  if (!SOURCE_NAME.test(name)) throw new Error('bad import source file name');
  return join(uploadDir(app), 'import-sources', name);
};

/** The text of a source an application keeps in a file (null when the file is gone). */
export async function readStoredSource(app: FastifyInstance, name: string): Promise<string | null> {
  try {
    return await readFile(sourcePath(app, name), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Queues an import and returns the job id. The source is text, or an uploaded file's bytes (UTF-8): a large
 * one is written to a file as it is (bytes are never decoded here), a small one goes into the job as text.
 */
export async function enqueueImport(
  app: FastifyInstance,
  p: Omit<ImportJobPayload, 'content'> & { content?: string | Buffer },
): Promise<string> {
  const { content, ...rest } = p;
  let payload: ImportJobPayload;
  if (content && content.length > FILE_SOURCE_CHARS) {
    const name = `${randomToken(18)}.txt`;
    await mkdir(join(uploadDir(app), 'import-sources'), { recursive: true });
    await writeFile(sourcePath(app, name), content, typeof content === 'string' ? 'utf8' : undefined);
    payload = { ...rest, contentFile: name };
  } else payload = { ...rest, content: typeof content === 'string' ? content : content?.toString('utf8') };
  return enqueueJob(app, { kind: IMPORT_JOB, payload, moduleId: p.moduleId, createdBy: p.userId });
}

/** Forgets a job's source file and payload once the job has ended. */
async function releaseSource(app: FastifyInstance, job: JobContext, p: ImportJobPayload): Promise<void> {
  await app.ctx.db.updateTable('jobs').set({ payload: '{}' }).where('id', '=', job.id).execute();
  if (p.contentFile) await rm(sourcePath(app, p.contentFile), { force: true });
}

/** Fetches a URL source through the SSRF-safe client (timeout, size cap, basic auth). */
export async function fetchSource(app: FastifyInstance, url: string, username?: string, password?: string): Promise<string> {
  const headers: Record<string, string> = { accept: 'application/json, application/yaml, text/yaml, text/plain, */*' };
  if (username) headers.authorization = `Basic ${Buffer.from(`${username}:${password ?? ''}`).toString('base64')}`;
  const max = maxImportBytes(app);
  const res = await outboundRequest(app.ctx, { url, method: 'GET', headers, timeoutMs: importLimits.urlTimeoutMs, maxResponseBytes: max });
  if (res.status < 200 || res.status >= 300) throw new ImportInputError('import.fetch_status', { status: res.status });
  return res.body.toString('utf8');
}

function issueOf(err: unknown, lang: string): ImportIssue {
  const issue = (code: string, msg: StoredText, at: TextParam = ''): ImportIssue => ({
    code,
    message: renderText(lang, msg),
    location: renderText(lang, at),
    text: msg,
    at,
  });
  if (err instanceof ImportInputError) return issue(err.key, storedText(err.key, err.params), err.location);
  if (err instanceof AppError) return issue(err.slug, storedText(err.msgKey, err.params));
  if (err instanceof PushInputError) return { code: 'validation_failed', message: err.message.slice(0, 2000), location: '' };
  return issue('import_failed', storedText('import.failed', { detail: err instanceof Error ? err.message : String(err) }));
}

async function writeVariables(
  tx: Tx,
  app: FastifyInstance,
  moduleId: number,
  envName: string,
  vars: PostmanVariable[],
  lang: string,
): Promise<void> {
  if (!vars.length || !envName) return;
  const env = await tx
    .selectFrom('moduleEnvironments')
    .select('id')
    .where('moduleId', '=', moduleId)
    .where('name', '=', envName)
    .executeTakeFirst();
  let envId = env?.id;
  const now = Date.now();
  if (!envId) {
    envId = await insertId(tx, app.ctx.dialect, 'moduleEnvironments', { moduleId, name: envName, url: '', createdAt: now, updatedAt: now });
  }
  const existing = await loadParamTreeRows(tx, ParamOwner.ENVIRONMENT, [envId]);
  const kept = existing.filter((r) => r.style === ParamStyle.REQUEST);
  const have = new Set(kept.filter((r) => !r.parentId).map((r) => r.name));
  const added = vars
    .filter((v) => !have.has(v.name))
    .map((v, i) => ({
      name: v.name.slice(0, 255),
      type: 'string',
      required: 0,
      maxLength: '',
      example: v.value,
      description: v.description || writeText(lang, 'import.text.collection_variable'),
      enumId: 0,
      orderIndex: i,
      children: [],
    }));
  if (added.length) {
    const params = [...paramInputsOf(kept), ...added];
    await replaceParams(tx, ParamOwner.ENVIRONMENT, [{ ownerId: envId, style: ParamStyle.REQUEST, params }]);
  }
}

/** The job: fetch, parse, convert, merge (one transaction), remember the source. */
export async function runImportJob(app: FastifyInstance, job: JobContext): Promise<ImportResult> {
  const p = job.payload as ImportJobPayload;
  const result: ImportResult = {
    moduleId: p.moduleId,
    format: p.format ?? '',
    counts: { folders: 0, docs: 0, params: 0 },
    warnings: [],
    errors: [],
  };
  try {
    await job.progress(1);
    const timings = { fetch: 0, convert: 0, merge: 0 };
    let mark = performance.now();
    const lap = (k: keyof typeof timings) => {
      const now = performance.now();
      timings[k] = Math.round(now - mark);
      mark = now;
    };
    let text = p.content ?? '';
    if (p.contentFile) text = await readFile(sourcePath(app, p.contentFile), 'utf8');
    if (p.url) {
      const password = p.authPasswordEnc ? decrypt(app.ctx.installKey, p.authPasswordEnc) : '';
      text = await fetchSource(app, p.url, p.authUsername, password);
    }
    lap('fetch');
    await job.progress(5);
    const conv = await convertSource(text, p.format, {
      author: p.author,
      lang: p.textLang ?? p.lang,
      onProgress: (f) => job.progress(5 + f * 35),
    });
    result.format = conv.format;
    result.warnings = conv.warnings;
    result.counts = { ...conv.counts };
    result.source = conv.counts;
    lap('convert');
    await job.progress(40);
    let keptFile = '';
    let replacedFile = '';
    const write = () =>
      inTx(app.ctx.db, async (tx) => {
        let moduleId = p.moduleId;
        const now = Date.now();
        if (!moduleId) {
          const max = await tx
            .selectFrom('modules')
            .select((eb) => eb.fn.max('orderIndex').as('m'))
            .where('projectId', '=', p.projectId)
            .where('isDeleted', '=', 0)
            .executeTakeFirst();
          moduleId = await insertId(tx, app.ctx.dialect, 'modules', {
            projectId: p.projectId,
            name: p.name,
            type: MODULE_TYPE_OF[conv.format],
            token: newModuleToken(),
            orderIndex: Number(max?.m ?? 0) + 10,
            creatorId: p.userId,
            creatorName: p.nickname,
            modifierId: p.userId,
            modifierName: p.nickname,
            createdAt: now,
            updatedAt: now,
          });
        }
        result.moduleId = moduleId;
        const merged = await mergePush(
          app,
          {
            moduleId,
            payload: conv.payload,
            source: 'import',
            user: { id: p.userId, nickname: p.nickname },
            isReplace: p.replace,
            isOverride: false,
            batchId: `import-${job.publicId}`,
            // Inside the transaction. PostgreSQL/MySQL: the job row is written through the pool (another
            // connection), so every server's status call reads it. SQLite has one connection, held by this
            // transaction, and one server process: there progress goes to this process's memory.
            onProgress: async (pct) => {
              const at = Math.round(40 + (pct * 58) / 100);
              if (app.ctx.dialect === 'sqlite') liveProgress.set(job.publicId, at);
              else await job.progress(at);
            },
          },
          tx,
        );
        // The merge reports duplicates and similar notes; they do not stop the import.
        for (const e of merged.errors) result.warnings.push(mergeNote(conv.payload.apis, e));
        // What this import holds, counted in the database (not the application's other docs).
        const stored = merged.rowIds.length
          ? await tx
              .selectFrom('docs')
              .select(['isFolder', (eb) => eb.fn.countAll<number | string>().as('n')])
              .where('moduleId', '=', moduleId)
              .where('id', 'in', merged.rowIds)
              .where('isDeleted', '=', 0)
              .groupBy('isFolder')
              .execute()
          : [];
        const count = (folder: number) => Number(stored.find((r) => Number(r.isFolder) === folder)?.n ?? 0);
        result.counts = { folders: count(1), docs: count(0), params: conv.counts.params };
        await writeVariables(tx, app, moduleId, conv.payload.debugEnvs?.[0]?.name ?? '', conv.variables, p.textLang ?? p.lang);
        if (conv.security) await saveSecurity(tx, app.ctx.dialect, moduleId, conv.security, p.replace);
        if (p.storeSource && (conv.format === 'openapi' || p.url)) {
          const has = await tx
            .selectFrom('moduleSwaggerConfigs')
            .select(['id', 'contentFile'])
            .where('moduleId', '=', moduleId)
            .executeTakeFirst();
          // A large source stays a file: the job's file gets a second name for the application.
          let contentFile = '';
          if (!p.url && p.contentFile) {
            contentFile = `m${moduleId}-${randomToken(18)}.txt`;
            // (A copy where the file system has no hard links.)
            await link(sourcePath(app, p.contentFile), sourcePath(app, contentFile)).catch(() =>
              copyFile(sourcePath(app, p.contentFile as string), sourcePath(app, contentFile)),
            );
            keptFile = contentFile;
          }
          replacedFile = has?.contentFile ?? '';
          const cfg = {
            url: p.url ?? '',
            content: p.url || contentFile ? '' : text,
            contentFile,
            format: conv.format,
            authUsername: p.authUsername ?? '',
            authPasswordEnc: p.authPasswordEnc ?? '',
            updatedAt: now,
          };
          if (has) await tx.updateTable('moduleSwaggerConfigs').set(cfg).where('id', '=', has.id).execute();
          else await insertId(tx, app.ctx.dialect, 'moduleSwaggerConfigs', { moduleId, ...cfg, createdAt: now });
        }
        return merged;
      });
    let outcome: Awaited<ReturnType<typeof write>>;
    try {
      outcome = p.moduleId ? await withModuleLock(p.moduleId, write) : await write();
    } catch (err) {
      if (keptFile) await rm(sourcePath(app, keptFile), { force: true });
      throw err;
    } finally {
      liveProgress.delete(job.publicId);
    }
    if (replacedFile && replacedFile !== keptFile) await rm(sourcePath(app, replacedFile), { force: true });
    lap('merge');
    result.timings = timings;
    const dropped = conv.counts.docs - (outcome.added + outcome.updated + outcome.unchanged + outcome.skippedLocked);
    if (dropped > 0) {
      result.dropped = dropped;
      result.warnings.unshift(storedText('import.dropped', { dropped, total: conv.counts.docs }));
    }
    result.outcome = {
      added: outcome.added,
      updated: outcome.updated,
      unchanged: outcome.unchanged,
      deleted: outcome.deleted,
      skippedLocked: outcome.skippedLocked,
    };
    // The source text is not needed any more; keep the jobs table small.
    await releaseSource(app, job, p);
    return result;
  } catch (err) {
    await releaseSource(app, job, p);
    if (err instanceof ImportFailure) {
      err.result.moduleId = p.moduleId;
      throw err;
    }
    const issue = issueOf(err, p.lang);
    if (!(err instanceof ImportInputError) && !(err instanceof AppError) && !(err instanceof PushInputError)) {
      app.log.error({ err, jobId: job.publicId }, 'import failed');
    }
    throw new ImportFailure(issue.message, { ...result, moduleId: p.moduleId, errors: [issue] });
  }
}

/**
 * A merge note with its place named as the user knows it (folder path, doc name, method and URL) instead of
 * the payload path (`apis[1].items[0]`) the merge reports.
 */
export function mergeNote(apis: PushDocItem[], e: { path: string; message: string }): StoredText {
  const locate = (path: string): string => {
    const steps = [...path.matchAll(/(?:apis|items)\[(\d+)\]/g)].map((m) => Number(m[1]));
    if (!steps.length) return path;
    const names: string[] = [];
    let list: PushDocItem[] | undefined = apis;
    let last: PushDocItem | undefined;
    for (const i of steps) {
      last = list?.[i];
      if (!last) return path;
      names.push(String(last.name ?? ''));
      list = last.items;
    }
    const where = names.join(' / ');
    return last && !last.isFolder ? `${where} (${String(last.httpMethod ?? '')} ${String(last.url ?? '')})` : where;
  };
  const dup = /^duplicate of (\S+); the later one is kept$/.exec(e.message);
  if (dup) return storedText('import.duplicate', { doc: locate(e.path), other: locate(dup[1]) });
  return storedText('import.warn.merge_note', { where: locate(e.path), detail: e.message });
}

/** Encrypts a basic-auth password for storage. */
export const sealPassword = (app: FastifyInstance, plain: string | undefined) => (plain ? encrypt(app.ctx.installKey, plain) : '');

let registered = false;
/** Registers the import job handler (once per process). */
export function registerImportJob(): void {
  if (registered) return;
  registered = true;
  registerJobHandler(IMPORT_JOB, runImportJob, { serialPerModule: true });
}
