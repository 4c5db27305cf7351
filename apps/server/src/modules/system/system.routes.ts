/** Health, server-side i18n, view/front config, and the OpenAPI description of Folio's own API. */
import { BUILTIN_LANGUAGES, PRODUCT_VERSION, TORNA_COMPAT_VERSION } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ping } from '../../db/database.js';
import { ok } from '../../plugins/envelope.js';

/** Front-end config keys readable without login (never secrets). */
const FRONT_KEYS = new Set([
  'folio.register.enable',
  'folio.default-lang',
  'folio.doc-sort-type',
  'folio.init-order',
  'metershpere.enable',
]);

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const { db, settings } = app.ctx;

  app.get('/health', { config: { auth: 'public' }, schema: { tags: ['system'] } }, async (_req, reply) => {
    const up = await ping(db);
    if (!up) reply.status(503);
    return ok({
      status: up ? 'ok' : 'degraded',
      database: up ? 'up' : 'down',
      version: PRODUCT_VERSION,
      tornaCompat: TORNA_COMPAT_VERSION,
    });
  });

  /** Languages: built-ins merged with database entries (which may override). */
  async function languages() {
    const rows = await db.selectFrom('systemI18n').select(['lang', 'description', 'content']).execute();
    const map = new Map<string, { description: string; content: Record<string, string> }>();
    for (const [lang, v] of Object.entries(BUILTIN_LANGUAGES)) map.set(lang, { description: v.description, content: { ...v.content } });
    for (const r of rows) {
      let content: Record<string, string> = {};
      try {
        content = JSON.parse(r.content);
      } catch {
        content = {};
      }
      const base = map.get(r.lang)?.content ?? BUILTIN_LANGUAGES.en.content;
      map.set(r.lang, { description: r.description, content: { ...base, ...content } });
    }
    return map;
  }

  app.get(
    '/system/i18n/get',
    {
      config: { auth: 'optional', allowSetPassword: true },
      schema: { tags: ['system'], querystring: Type.Object({ lang: Type.Optional(Type.String({ maxLength: 32 })) }) },
    },
    async (req) => {
      const langs = await languages();
      const defaultLang = settings.get('folio.default-lang') || 'zh-CN';
      const asked = (req.query as { lang?: string }).lang;
      const userLang = req.user?.lang || '';
      const lang = asked && langs.has(asked) ? asked : userLang && langs.has(userLang) ? userLang : defaultLang;
      const entry = langs.get(lang) ?? langs.get('zh-CN');
      return ok({ lang, content: entry?.content ?? {}, defaultLang, userLang });
    },
  );

  app.get('/system/i18n/lang/list', { config: { auth: 'public' }, schema: { tags: ['system'] } }, async () => {
    const langs = await languages();
    return ok([...langs.entries()].map(([lang, v]) => ({ lang, description: v.description })));
  });

  app.get('/system/viewConfig', { config: { auth: 'public' }, schema: { tags: ['system'] } }, async () =>
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
      config: { auth: 'public' },
      schema: { tags: ['system'], querystring: Type.Object({ key: Type.String({ minLength: 1, maxLength: 128 }) }) },
    },
    async (req) => {
      const key = (req.query as { key: string }).key.toLowerCase();
      return ok(FRONT_KEYS.has(key) ? settings.get(key) : '');
    },
  );

  app.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
