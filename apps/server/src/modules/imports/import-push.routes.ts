/**
 * `POST /api/import/push`: the application-token entry for CI (`folio push`). The body is the file as it is
 * (OpenAPI/Swagger JSON or YAML, Postman collection, YAPI, or a Torna push payload with `format=push`); it is
 * converted like an import and merged like a push (added/updated/unchanged/deleted/skipped-locked), now or as a
 * job polled at `GET /api/push/status`. Conversion warnings come back with the answer. Authorised by the
 * `token` header (the application's push token). Contracts: packages/shared/src/schemas/push.ts.
 */

import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ImportPushAnswer, ImportPushQuery } from '@folio/shared';
import { ok, okResponse } from '../../plugins/envelope.js';
import { pushToken } from '../push/push.routes.js';
import * as files from '../push/push-files.service.js';
import { importTextLang } from './imports.service.js';

const MB = 1024 * 1024;

export const importPushRoutes: FastifyPluginAsyncTypebox = async (api) => {
  await api.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * MB }, (_req, body, done) => done(null, body));
    scope.post(
      '/import/push',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['import'],
          summary: 'Push a file (OpenAPI, Postman, YAPI or a push payload) into the application of the `token` header',
          querystring: ImportPushQuery,
          response: okResponse(ImportPushAnswer),
        },
      },
      async (req) => {
        const lang = req.lang ?? 'zh-CN';
        const moduleId = await files.moduleOfToken(api, pushToken(req), lang);
        return ok(await files.pushImportFile(api, moduleId, String(req.body ?? ''), req.query, lang, importTextLang(api, req)));
      },
    );
  });
};
