/**
 * `POST /api/import/push`: the application-token entry for CI (`folio push`). The body is the file as it is
 * (OpenAPI/Swagger JSON or YAML, Postman collection, YAPI, or a Torna push payload with `format=push`); it is
 * converted like an import and merged like a push (added/updated/unchanged/deleted/skipped-locked), now or as a
 * job polled at `GET /api/push/status`. Conversion warnings come back with the answer.
 */
import type { PushPayload } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { t } from '../../i18n/messages.js';
import { renderText } from '../../i18n/stored-text.js';
import { AppError } from '../../lib/errors.js';
import { ok } from '../../plugins/envelope.js';
import { flag, PushInputError } from '../push/push-normalize.js';
import { queuePush, runPush } from '../push/push-service.js';
import { pt } from '../push/texts.js';
import { convertSource } from './import-convert.js';
import { maxImportBytes } from './imports.service.js';
import { type ImportFormat, ImportInputError, parseStructured } from './spec-text.js';

const FORMATS = ['openapi', 'postman', 'yapi-md', 'yapi-json', 'push'] as const;
const MB = 1024 * 1024;

export async function importPushRoutes(api: FastifyInstance): Promise<void> {
  await api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * MB }, (_req, body, done) => done(null, body));
    scope.post(
      '/import/push',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['import'],
          summary: 'Push a file (OpenAPI, Postman, YAPI or a push payload) into the application of the `token` header',
          querystring: Type.Object({
            format: Type.Optional(Type.Union(FORMATS.map((f) => Type.Literal(f)))),
            isReplace: Type.Optional(Type.String({ maxLength: 8 })),
            isOverride: Type.Optional(Type.String({ maxLength: 8 })),
            async: Type.Optional(Type.String({ maxLength: 8 })),
            author: Type.Optional(Type.String({ maxLength: 128 })),
          }),
        },
      },
      async (req) => {
        const lang = req.lang ?? 'zh-CN';
        const q = req.query as {
          format?: (typeof FORMATS)[number];
          isReplace?: string;
          isOverride?: string;
          async?: string;
          author?: string;
        };
        const token = (typeof req.headers.token === 'string' ? req.headers.token : '').trim();
        const mod = token
          ? await api.ctx.db
              .selectFrom('modules')
              .select(['id'])
              .where('token', '=', token.slice(0, 64))
              .where('isDeleted', '=', 0)
              .executeTakeFirst()
          : undefined;
        if (!mod) throw new AppError(401, 'unauthorized', pt(lang, token ? 'push.api.badToken' : 'push.api.missingToken'));
        const text = String(req.body ?? '');
        if (Buffer.byteLength(text) > maxImportBytes(api))
          throw new AppError(413, 'payload_too_large', t(lang, 'import.too_large', { max: Math.round(maxImportBytes(api) / MB) }));
        const author = q.author || 'folio push';
        let payload: PushPayload;
        let format: string;
        let warnings: string[] = [];
        try {
          if (q.format === 'push') {
            const parsed = parseStructured(text);
            if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ImportInputError('import.unknown_format');
            payload = parsed as PushPayload;
            format = 'push';
          } else {
            const c = await convertSource(text, (q.format ?? null) as ImportFormat | null, { author });
            payload = c.payload;
            format = c.format;
            warnings = c.warnings.map((w) => renderText(lang, w));
          }
        } catch (err) {
          if (err instanceof ImportInputError) throw new AppError(422, 'validation_failed', t(lang, err.key, err.params));
          throw err;
        }
        const request = {
          moduleId: mod.id,
          payload,
          author,
          isReplace: flag(q.isReplace, 0) === 1,
          isOverride: flag(q.isOverride, 0) === 1,
        };
        if (flag(q.async, 0) === 1) return ok({ format, warnings, jobId: await queuePush(api, request) });
        try {
          return ok({ format, warnings, outcome: await runPush(api, request) });
        } catch (err) {
          if (err instanceof PushInputError)
            throw new AppError(422, 'validation_failed', pt(lang, 'push.api.invalidParams', { detail: err.message }), {}, err.fields);
          throw err;
        }
      },
    );
  });
}
