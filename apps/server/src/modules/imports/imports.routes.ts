/**
 * Import API: `POST /api/import` (multipart or JSON) queues a job and returns its id at once;
 * `POST /api/import/refresh` re-imports an application from its stored source; `GET /api/import/status`
 * reports progress, counts, warnings and errors with their location in the source.
 * `POST /api/import` authorises by hand (a dynamic case: its target, an application or a project plus a name,
 * is in a multipart form read after the preHandlers); the others declare it. Contracts: packages/shared/src/schemas/imports.ts.
 */
import { Transform } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ImportJobSchema, ImportModuleInput, ImportSourceSchema, ImportStatusQuery, ImportStatusSchema } from '@folio/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.js';
import { authorizeModule, authorizeProject } from '../../permissions/authorize.js';
import { accessOf } from '../../permissions/declared.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, okResponse } from '../../plugins/envelope.js';
import { type ImportFields, readImportForm, tooLarge } from './import-form.js';
import * as jobs from './import-jobs.service.js';
import { importPushRoutes } from './import-push.routes.js';
import { importTextLang, maxImportBytes, registerImportJob } from './imports.service.js';

/** Hard cap of any import body; the setting folio.import.max-mb applies below it. */
const HARD_BODY_LIMIT = 2048 * 1024 * 1024;
const onModule = (from: 'body.moduleId' | 'query.moduleId') => ({ action: 'module.import', resource: { kind: 'module', from } }) as const;

/** The application to import into, or the project a new one goes in (with a name), authorised for module.import. */
async function authorizeTarget(req: FastifyRequest, f: ImportFields): Promise<{ moduleId: number; projectId: number }> {
  const { ids } = req.server.ctx;
  if (f.moduleId) {
    const moduleId = ids.decode(f.moduleId, 'module');
    const { projectId } = await authorizeModule(req, moduleId, 'module.import');
    return { moduleId, projectId };
  }
  if (f.projectId && (f.name ?? '').trim()) {
    const projectId = ids.decode(f.projectId, 'project');
    await authorizeProject(req, projectId, 'module.import');
    return { moduleId: 0, projectId };
  }
  throw badRequest('import.target_missing');
}

export const importsRoutes: FastifyPluginAsyncTypebox = async (api) => {
  registerImportJob();
  await importPushRoutes(api, {});
  // Multipart is registered in this scope only, so no other route starts accepting uploads.
  await api.register(async (scope) => {
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();
    await app.register(multipart, { limits: { fileSize: HARD_BODY_LIMIT, files: 2 } });
    const importer = (req: FastifyRequest): jobs.Importer => ({
      user: requireUser(req),
      lang: req.lang ?? 'zh-CN',
      textLang: importTextLang(app, req),
    });

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
          response: okResponse(ImportJobSchema),
        },
      },
      async (req) => {
        const by = importer(req);
        const { fields, content } = await readImportForm(app, req);
        const target = await authorizeTarget(req, fields);
        return ok({ jobId: await jobs.queueImport(app, by, target, fields, content) });
      },
    );

    app.post(
      '/import/refresh',
      {
        config: onModule('body.moduleId'),
        schema: {
          tags: ['import'],
          summary: 'Re-import an application from its stored source (docs it no longer has go); returns a job id',
          body: ImportModuleInput,
          response: okResponse(ImportJobSchema),
        },
      },
      async (req) => ok({ jobId: await jobs.queueRefresh(app, importer(req), accessOf(req).id) }),
    );

    app.get(
      '/import/source',
      {
        config: onModule('query.moduleId'),
        schema: {
          tags: ['import'],
          summary: "What an application keeps of its last import's source",
          querystring: ImportModuleInput,
          response: okResponse(ImportSourceSchema),
        },
      },
      async (req) => ok(await jobs.importSource(app, accessOf(req).id)),
    );

    app.get(
      '/import/status',
      {
        schema: {
          tags: ['import'],
          summary: "An import job's progress, counts, warnings and errors",
          querystring: ImportStatusQuery,
          response: okResponse(ImportStatusSchema),
        },
      },
      async (req) => ok(await jobs.importStatus(app, requireUser(req), req.query.jobId, req.lang)),
    );
  });
};
