/**
 * Health, server-side i18n, view/front config, and the OpenAPI description of Folio's own API. All public.
 * Contracts: packages/shared/src/schemas/system.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FrontConfigQuery,
  HealthSchema,
  I18nQuery,
  I18nSchema,
  LanguageNameSchema,
  OpenApiDocumentResponse,
  PRODUCT_VERSION,
  TORNA_COMPAT_VERSION,
  ViewConfigSchema,
} from '@folio/shared';
import { Type } from 'typebox';
import { ping } from '../../db/database.js';
import { Envelope, ok, okResponse, sendJsonText } from '../../plugins/envelope.js';
import { languages, textsFor } from './system.service.js';

/** Front-end config keys readable without login (never secrets). */
const FRONT_KEYS = new Set([
  'folio.register.enable',
  'folio.default-lang',
  'folio.doc-sort-type',
  'folio.init-order',
  'metershpere.enable',
]);

const tags = ['system'];
const pub = { auth: 'public' as const };

export const systemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const { settings } = ctx;

  app.get(
    '/health',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Whether the server and its database answer (503 when not)',
        response: { 200: Envelope(HealthSchema), 503: Envelope(HealthSchema) },
      },
    },
    async (_req, reply) => {
      const up = await ping(ctx.db);
      if (!up) reply.status(503);
      return ok({
        status: up ? ('ok' as const) : ('degraded' as const),
        database: up ? ('up' as const) : ('down' as const),
        version: PRODUCT_VERSION,
        tornaCompat: TORNA_COMPAT_VERSION,
      });
    },
  );

  app.get(
    '/system/i18n/get',
    {
      config: { auth: 'optional', allowSetPassword: true },
      schema: { tags, summary: 'The UI texts of a language', querystring: I18nQuery, response: okResponse(I18nSchema) },
    },
    async (req) => ok(await textsFor(ctx, req.query.lang, req.user?.lang || '')),
  );

  app.get(
    '/system/i18n/lang/list',
    { config: pub, schema: { tags, summary: 'The UI languages', response: okResponse(Type.Array(LanguageNameSchema)) } },
    async () => ok([...(await languages(ctx)).entries()].map(([lang, v]) => ({ lang, description: v.description }))),
  );

  app.get(
    '/system/viewConfig',
    { config: pub, schema: { tags, summary: 'The config the web app reads before login', response: okResponse(ViewConfigSchema) } },
    async () =>
      ok({
        enableMeterSphere: settings.getBool('metershpere.enable'),
        initOrder: settings.getInt('folio.init-order', 10000),
        enableRegister: settings.getBool('folio.register.enable'),
        defaultLang: settings.get('folio.default-lang') || 'zh-CN',
        docSortType: settings.get('folio.doc-sort-type') || 'by_order',
      }),
  );

  app.get(
    '/system/frontConfig',
    {
      config: pub,
      schema: {
        tags,
        summary: "One front-end setting ('' for a key that is not one)",
        querystring: FrontConfigQuery,
        response: okResponse(Type.String()),
      },
    },
    async (req) => {
      const key = req.query.key.toLowerCase();
      return ok(FRONT_KEYS.has(key) ? settings.get(key) : '');
    },
  );

  app.get(
    '/openapi.json',
    { config: pub, schema: { tags: ['system'], summary: "Folio's API description (OpenAPI 3.1)", response: OpenApiDocumentResponse } },
    async (_req, reply) => sendJsonText(reply, app.swagger()),
  );
};
