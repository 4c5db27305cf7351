/**
 * The Torna-compatible open API (`POST /api`, also GET and form posts): the envelope
 * {name, version, data, access_token[, app_key, timestamp, sign, format]}, `data` as URL-encoded JSON
 * (form rules: `+` is a space) or a plain object, answered with HTTP 200 and Torna's codes. The wire format
 * itself is open-api-wire.ts; a big body is read on a worker thread (push-prepare.ts).
 */
import { ParamOwner, type PushPayload } from '@folio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { insertId, inTx } from '../../db/database.js';
import { offload } from '../../lib/offload.js';
import { tornaDocDetails, tornaDocList } from '../agents/torna-read.js';
import { dataId, folderKey } from '../docs/doc-keys.js';
import { deleteParams } from '../docs/doc-params.js';
import { importTextLang } from '../imports/imports.service.js';
import { openApiToPush } from '../imports/openapi-to-push.js';
import { parseStructuredAsync } from '../imports/spec-text.js';
import { verifyOpenApiSignature } from '../open-users/signature.js';
import { uploadDir } from '../uploads/uploads.service.js';
import { decodeData, OpenApiError, OpenCode, type OpenResult, readEnvelope } from './open-api-wire.js';
import { upsertEnums } from './push-enums.js';
import { removePushFile } from './push-file.js';
import { withModuleLock } from './push-lock.js';
import { countRawDocs, flag, LIMITS, normalizeEnum, PushInputError, str } from './push-normalize.js';
import { BIG_BODY_BYTES, type PreparedBody, type PreparedPush } from './push-prepare.js';
import { queuePush, runPush } from './push-service.js';
import { pt } from './texts.js';

const bad = (detail: string) => new OpenApiError(OpenCode.INVALID_PARAMS, 'push.api.invalidParams', { detail });

interface Ctx {
  app: FastifyInstance;
  moduleId: number;
  envelope: Record<string, unknown>;
  data: Record<string, unknown>;
}

const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A push sent in the request (`payload`), or a big body's, already in its file (push-prepare.ts). */
type PushSource = { payload: PushPayload } | { prepared: PreparedPush };

async function docPush(c: Ctx, source: PushSource, defaults: { isReplace?: boolean } = {}) {
  let facts: { docs: number; author: string; async: unknown };
  if ('payload' in source) {
    const { payload } = source;
    if (!Array.isArray(payload.apis) || !payload.apis.length) throw bad('apis: cannot be empty');
    facts = { docs: countRawDocs(payload.apis), author: str(payload.author).trim(), async: c.data.async };
  } else if ('error' in source.prepared) {
    const e = source.prepared.error;
    throw new OpenApiError(e.code, e.key, e.params);
  } else facts = source.prepared;
  const threshold = c.app.ctx.settings.getInt('folio.push.async-threshold', 2000);
  const asked = flag(c.envelope.async ?? facts.async, 0) === 1;
  const req = {
    moduleId: c.moduleId,
    payload: 'payload' in source ? source.payload : undefined,
    payloadFile: 'prepared' in source && 'file' in source.prepared ? source.prepared.file : undefined,
    author: facts.author || 'OpenAPI',
    isReplace: defaults.isReplace,
    runHint: str(c.envelope.app_key),
  };
  if (asked || facts.docs > threshold) {
    const jobId = await queuePush(c.app, req);
    // The job owns the file now (handleOpenApi removes it otherwise).
    if ('prepared' in source && 'file' in source.prepared) source.prepared.queued = true;
    return { jobId };
  }
  return runPush(c.app, req);
}

async function categoryCreate(c: Ctx) {
  const name = str(c.data.name).trim();
  if (!name) throw bad('name: cannot be empty');
  if (name.length > LIMITS.name) throw bad(`name: length cannot exceed ${LIMITS.name}`);
  const { app, moduleId } = c;
  const key = folderKey(moduleId, 0, name);
  const did = dataId(key, '');
  const author = str(c.data.author).trim() || 'OpenAPI';
  return withModuleLock(moduleId, () =>
    inTx(app.ctx.db, async (tx) => {
      const ex = await tx
        .selectFrom('docs')
        .select(['id', 'isDeleted'])
        .where('moduleId', '=', moduleId)
        .where('dataId', '=', did)
        .executeTakeFirst();
      const now = Date.now();
      if (ex) {
        if (ex.isDeleted) await tx.updateTable('docs').set({ isDeleted: 0, updatedAt: now }).where('id', '=', ex.id).execute();
        return { id: app.ctx.ids.encode(ex.id), name };
      }
      const id = await insertId(tx, app.ctx.dialect, 'docs', {
        moduleId,
        parentId: 0,
        dataId: did,
        docKey: key,
        name,
        isFolder: 1,
        createMode: 0,
        modifySource: 0,
        creatorId: 0,
        creatorName: author,
        modifierId: 0,
        modifierName: author,
        createdAt: now,
        updatedAt: now,
      });
      return { id: app.ctx.ids.encode(id), name };
    }),
  );
}

async function categoryRename(c: Ctx) {
  const { app, moduleId } = c;
  const name = str(c.data.name).trim();
  if (!name) throw bad('name: cannot be empty');
  if (name.length > LIMITS.name) throw bad(`name: length cannot exceed ${LIMITS.name}`);
  const id = app.ctx.ids.tryDecode(str(c.data.id));
  if (!id) throw new OpenApiError(OpenCode.BUSINESS, 'push.api.notFound', { what: `id ${str(c.data.id)}` });
  await withModuleLock(moduleId, () =>
    inTx(app.ctx.db, async (tx) => {
      const f = await tx
        .selectFrom('docs')
        .select(['id', 'parentId'])
        .where('id', '=', id)
        .where('moduleId', '=', moduleId)
        .where('isFolder', '=', 1)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (!f) throw new OpenApiError(OpenCode.BUSINESS, 'push.api.notFound', { what: `id ${str(c.data.id)}` });
      // Torna moved the folder to the root here; Folio keeps it where it is.
      const key = folderKey(moduleId, f.parentId, name);
      const did = dataId(key, '');
      const clash = await tx
        .selectFrom('docs')
        .select(['id', 'isDeleted'])
        .where('moduleId', '=', moduleId)
        .where('dataId', '=', did)
        .executeTakeFirst();
      if (clash && clash.id !== f.id) {
        if (!clash.isDeleted) throw new OpenApiError(OpenCode.BUSINESS, 'push.api.business', { detail: `folder exists: ${name}` });
        await tx.deleteFrom('docs').where('id', '=', clash.id).execute();
      }
      await tx.updateTable('docs').set({ name, docKey: key, dataId: did, updatedAt: Date.now() }).where('id', '=', f.id).execute();
    }),
  );
  return null;
}

async function enumPush(c: Ctx, list: unknown[]) {
  const enums = list.map((e) => normalizeEnum(e as Record<string, unknown>, '')).filter((e): e is NonNullable<typeof e> => !!e);
  if (!enums.length) throw bad('name: cannot be empty');
  await withModuleLock(c.moduleId, () => inTx(c.app.ctx.db, (tx) => upsertEnums(tx, c.app.ctx.dialect, c.moduleId, enums)));
  return null;
}

async function envSet(c: Ctx) {
  const name = str(c.data.name).trim();
  const url = str(c.data.url).trim().replace(/\/+$/, '');
  if (!name) throw bad('name: cannot be empty');
  if (!url) throw bad('url: cannot be empty');
  if (name.length > LIMITS.envName) throw bad(`name: length cannot exceed ${LIMITS.envName}`);
  if (url.length > LIMITS.envUrl) throw bad(`url: length cannot exceed ${LIMITS.envUrl}`);
  const { app, moduleId } = c;
  await inTx(app.ctx.db, async (tx) => {
    const ex = await tx
      .selectFrom('moduleEnvironments')
      .select(['id', 'url'])
      .where('moduleId', '=', moduleId)
      .where('name', '=', name)
      .executeTakeFirst();
    const now = Date.now();
    if (ex) {
      if (ex.url !== url) await tx.updateTable('moduleEnvironments').set({ url, updatedAt: now }).where('id', '=', ex.id).execute();
      return;
    }
    const max = await tx
      .selectFrom('moduleEnvironments')
      .select((eb) => eb.fn.max('orderIndex').as('m'))
      .where('moduleId', '=', moduleId)
      .executeTakeFirst();
    await insertId(tx, app.ctx.dialect, 'moduleEnvironments', {
      moduleId,
      name,
      url,
      isPublic: 0,
      orderIndex: Number(max?.m ?? 0) + 10,
      createdAt: now,
      updatedAt: now,
    });
  });
  return null;
}

async function envDelete(c: Ctx) {
  const name = str(c.data.name).trim();
  if (!name) throw bad('name: cannot be empty');
  const { app, moduleId } = c;
  await inTx(app.ctx.db, async (tx) => {
    const ex = await tx
      .selectFrom('moduleEnvironments')
      .select(['id'])
      .where('moduleId', '=', moduleId)
      .where('name', '=', name)
      .executeTakeFirst();
    if (!ex) return;
    await deleteParams(tx, ParamOwner.ENVIRONMENT, [ex.id]);
    await tx.deleteFrom('shareEnvironments').where('environmentId', '=', ex.id).execute();
    await tx.deleteFrom('moduleEnvironments').where('id', '=', ex.id).execute();
  });
  return null;
}

/** Internal ids of `docIds`/`docId` values (unknown ones dropped). */
const decodeIds = (c: Ctx, values: unknown[]) => values.map((x) => c.app.ctx.ids.tryDecode(str(x))).filter((x): x is number => !!x);

/** Dispatches one open-API call for an application (`prepared`: a big body's push, read on a worker thread). */
export async function dispatch(
  app: FastifyInstance,
  moduleId: number,
  envelope: Record<string, unknown>,
  prepared?: PreparedPush,
): Promise<unknown> {
  const name = str(envelope.name).trim();
  const version = str(envelope.version).trim() || '1.0';
  if (!name) throw new OpenApiError(OpenCode.INVALID_PARAMS, 'push.api.missingName');
  if (version !== '1.0') throw new OpenApiError(OpenCode.UNKNOWN_METHOD, 'push.api.unknownMethod', { name, version });
  if (name === 'doc.push' && prepared) return docPush({ app, moduleId, envelope, data: {} }, { prepared });
  const data = decodeData(envelope.data);
  const c: Ctx = { app, moduleId, envelope, data };
  switch (name) {
    case 'doc.push':
      return docPush(c, { payload: data as unknown as PushPayload });
    case 'doc.category.create':
      return categoryCreate(c);
    case 'doc.category.name.update':
      return categoryRename(c);
    case 'swagger-json.push': {
      const json = data.json ?? data.content;
      if (!json || (typeof json !== 'string' && typeof json !== 'object')) throw bad('json: cannot be empty');
      let converted: Awaited<ReturnType<typeof openApiToPush>>;
      try {
        // No user and no page: the words the conversion writes are in the install's default language.
        converted = await openApiToPush(typeof json === 'string' ? await parseStructuredAsync(json) : json, {
          author: str(data.author).trim() || 'OpenAPI',
          lang: importTextLang(c.app),
        });
      } catch (err) {
        throw bad(`json: ${(err as Error).message}`);
      }
      return docPush(c, { payload: { ...converted.payload, author: str(data.author).trim() || converted.payload.author } });
    }
    case 'enum.push':
      return enumPush(c, [data]);
    case 'enum.batch.push':
      return enumPush(c, arr(data.enums));
    case 'module.debug.env.set':
      return envSet(c);
    case 'module.debug.env.delete':
      return envDelete(c);
    case 'doc.list':
      return tornaDocList(app, moduleId, decodeIds(c, arr(data.docIds)));
    case 'doc.detail': {
      const [d] = await tornaDocDetails(app, moduleId, decodeIds(c, [data.docId ?? data.id]));
      if (!d) throw new OpenApiError(OpenCode.BUSINESS, 'push.api.notFound', { what: `doc ${str(data.docId ?? data.id)}` });
      return d;
    }
    case 'doc.details':
      return tornaDocDetails(app, moduleId, decodeIds(c, arr(data.docIds)));
    case 'module.get': {
      const m = await app.ctx.db.selectFrom('modules').select(['id', 'name']).where('id', '=', moduleId).executeTakeFirstOrThrow();
      return { id: app.ctx.ids.encode(m.id), name: m.name };
    }
    default:
      throw new OpenApiError(OpenCode.UNKNOWN_METHOD, 'push.api.unknownMethod', { name, version });
  }
}

/** A big body read on a worker thread; the envelope's own errors raised here, in the request's order. */
async function prepareBigBody(app: FastifyInstance, body: Buffer, req: FastifyRequest): Promise<PreparedBody> {
  const prepared = await offload('push.prepare', {
    body,
    contentType: String(req.headers['content-type'] ?? ''),
    query: { ...((req.query ?? {}) as Record<string, unknown>) },
    uploadDir: uploadDir(app),
  });
  if (prepared.error) throw new OpenApiError(prepared.error.code, prepared.error.key, prepared.error.params);
  return prepared;
}

/** Handles a whole open-API request and always produces Torna's envelope. */
export async function handleOpenApi(app: FastifyInstance, req: FastifyRequest): Promise<OpenResult> {
  const lang = req.lang || 'zh-CN';
  let prepared: PreparedBody | undefined;
  try {
    const body = req.body;
    if (Buffer.isBuffer(body) && body.length > BIG_BODY_BYTES) prepared = await prepareBigBody(app, body, req);
    const envelope = prepared ? prepared.envelope : readEnvelope(req);
    const token = str(envelope.access_token).trim();
    if (!token) throw new OpenApiError(OpenCode.BAD_TOKEN, 'push.api.missingToken');
    const mod = await app.ctx.db
      .selectFrom('modules as m')
      .innerJoin('projects as p', 'p.id', 'm.projectId')
      .select(['m.id', 'p.spaceId'])
      .where('m.token', '=', token.slice(0, 64))
      .where('m.isDeleted', '=', 0)
      .where('p.isDeleted', '=', 0)
      .executeTakeFirst();
    if (!mod) throw new OpenApiError(OpenCode.BAD_TOKEN, 'push.api.badToken');
    // Only an open user of the application's space signs for it; other app_keys are ignored as Torna does.
    const appKey = str(envelope.app_key).trim();
    const owner = appKey
      ? await app.ctx.db
          .selectFrom('openUsers')
          .select('spaceId')
          .where('appKey', '=', appKey)
          .where('isDeleted', '=', 0)
          .executeTakeFirst()
      : undefined;
    const sig = owner && owner.spaceId === mod.spaceId ? await verifyOpenApiSignature(app, envelope) : 'ignored';
    if (typeof sig === 'object') {
      const code = /missing sign/.test(sig.error)
        ? OpenCode.MISSING_SIGN
        : /timestamp format/.test(sig.error)
          ? OpenCode.BAD_TIMESTAMP
          : /out of range/.test(sig.error)
            ? OpenCode.TIMEOUT
            : OpenCode.INVALID_SIGN;
      throw new OpenApiError(code, 'push.api.signError', { detail: sig.error });
    }
    const data = await dispatch(app, mod.id, envelope, prepared?.push);
    // Torna answered pushes with data null; a client whose typed response cannot hold the outcome can
    // have that back (system setting), the push itself is unchanged.
    const name = str(envelope.name).trim();
    const nullResult = (name === 'doc.push' || name === 'swagger-json.push') && app.ctx.settings.getBool('folio.push.null-result');
    return { code: OpenCode.OK, msg: '', data: nullResult ? null : (data ?? null) };
  } catch (err) {
    if (err instanceof OpenApiError) return { code: err.code, msg: pt(lang, err.key, err.params), data: null };
    if (err instanceof PushInputError) {
      return { code: OpenCode.INVALID_PARAMS, msg: pt(lang, 'push.api.invalidParams', { detail: err.message.slice(0, 2000) }), data: null };
    }
    req.log.error({ err }, 'open api call failed');
    return { code: OpenCode.SYSTEM, msg: pt(lang, 'push.api.systemError', { requestId: req.id }), data: null };
  } finally {
    // A big body's payload file lives on only in a queued job.
    const push = prepared?.push;
    if (push && 'file' in push && !push.queued) await removePushFile(uploadDir(app), push.file).catch(() => undefined);
  }
}
