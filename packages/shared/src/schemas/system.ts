/** Health, the UI texts, the view/front config read without login. Request and response schemas. */
import { type Static, Type } from 'typebox';

/** Answer of GET /api/health (HTTP 503 with `degraded` when the database does not answer). */
export const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  database: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  version: Type.String(),
  tornaCompat: Type.String({ description: 'the Torna version whose API this server speaks' }),
});
export type Health = Static<typeof HealthSchema>;

/** Query of GET /api/system/i18n/get. */
export const I18nQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 32 })) });

/** The UI texts of a language: the one asked for, else the user's, else the default. */
export const I18nSchema = Type.Object({
  lang: Type.String({ description: 'the language answered' }),
  content: Type.Record(Type.String(), Type.String()),
  defaultLang: Type.String(),
  userLang: Type.String({ description: "the signed-in user's language, '' for none" }),
});
export type UiTexts = Static<typeof I18nSchema>;

/** A UI language. */
export const LanguageNameSchema = Type.Object({ lang: Type.String(), description: Type.String() });
export type LanguageName = Static<typeof LanguageNameSchema>;

/** The config the web app reads before login. */
export const ViewConfigSchema = Type.Object({
  enableMeterSphere: Type.Boolean(),
  initOrder: Type.Integer(),
  enableRegister: Type.Boolean(),
  defaultLang: Type.String(),
  docSortType: Type.String({ description: 'by_order, by_name or by_url' }),
});
export type ViewConfig = Static<typeof ViewConfigSchema>;

/** Query of GET /api/system/frontConfig. */
export const FrontConfigQuery = Type.Object({ key: Type.String({ minLength: 1, maxLength: 128 }) });

/** What GET /api/openapi.json answers: this document. Sent as JSON text, so the schema never filters it. */
export const OpenApiDocumentResponse = {
  200: {
    description: "Folio's API description (OpenAPI 3.1), generated from the route schemas",
    content: {
      'application/json': {
        schema: Type.Object(
          {
            openapi: Type.String({ examples: ['3.1.0'] }),
            info: Type.Object({ title: Type.String(), version: Type.String() }, { additionalProperties: true }),
            paths: Type.Record(Type.String(), Type.Unknown(), { description: 'every call, by path and method' }),
          },
          { additionalProperties: true, description: 'an OpenAPI 3.1 document (components, tags, servers …)' },
        ),
      },
    },
  },
};
