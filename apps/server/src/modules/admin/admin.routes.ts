/**
 * Admin console API (super admins only): system settings (secrets write-only, encrypted at rest),
 * SMTP test e-mail, UI languages, and the audit log.
 */
import { BUILTIN_LANGUAGES } from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { encrypt } from '../../lib/crypto.js';
import { badRequest, type FieldError, notFound, validation } from '../../lib/errors.js';
import { sendMail, smtpConfigured } from '../../lib/mailer.js';
import { publicUrlInForce } from '../../lib/public-url.js';
import { MAX_EPOCH_MS, Paging } from '../../lib/schemas.js';
import { ok, okNull } from '../../plugins/envelope.js';
import { AuditAction, audit } from './audit.js';
import { SETTING_DEF_MAP, SETTING_DEFS, type SettingDef } from './setting-defs.js';

const MAX_LANG_JSON = 1_000_000;

/** Checks one value against its definition; returns the normalised value or an error message. */
export function checkSetting(def: SettingDef, raw: string): { value: string } | { error: string } {
  const v = raw.trim();
  switch (def.kind) {
    case 'bool':
      if (v !== 'true' && v !== 'false') return { error: 'must be true or false' };
      return { value: v };
    case 'int': {
      if (!/^-?\d+$/.test(v)) return { error: 'must be an integer' };
      const n = Number(v);
      if (def.min !== undefined && n < def.min) return { error: `must be >= ${def.min}` };
      if (def.max !== undefined && n > def.max) return { error: `must be <= ${def.max}` };
      return { value: String(n) };
    }
    case 'enum':
      if (!def.options?.includes(v)) return { error: `must be one of ${def.options?.join(', ')}` };
      return { value: v };
    default:
      if (def.max !== undefined && raw.length > def.max) return { error: `length must be <= ${def.max}` };
      return { value: def.kind === 'text' || def.kind === 'secret' ? raw : v };
  }
}

/** The settings as the admin page sees them: non-secret values, and for secrets only whether they are set. */
export function settingsView(app: FastifyInstance) {
  const s = app.ctx.settings;
  const values: Record<string, string> = {};
  const secrets: Record<string, boolean> = {};
  for (const d of SETTING_DEFS) {
    if (d.kind === 'secret') secrets[d.key] = !!s.get(d.key);
    else values[d.key] = s.get(d.key);
  }
  // The public URL in force beside its setting, which may be empty while FOLIO_PUBLIC_URL sets it.
  return { values, secrets, publicUrl: publicUrlInForce(app) };
}

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { db, settings } = app.ctx;
  const superOnly = { auth: 'super' as const };

  app.get('/admin/setting/get', { config: superOnly, schema: { tags: ['admin'] } }, async () =>
    ok({
      ...settingsView(app),
      defs: SETTING_DEFS.map((d) => ({ key: d.key, kind: d.kind, group: d.group, options: d.options ?? [], min: d.min, max: d.max })),
    }),
  );

  app.post(
    '/admin/setting/update',
    {
      config: superOnly,
      schema: {
        tags: ['admin'],
        body: Type.Object({
          values: Type.Record(Type.String({ maxLength: 128 }), Type.String({ maxLength: 20_000 }), { maxProperties: 200 }),
          clearSecrets: Type.Optional(Type.Array(Type.String({ maxLength: 128 }), { maxItems: 50 })),
        }),
      },
    },
    async (req) => {
      const b = req.body as { values: Record<string, string>; clearSecrets?: string[] };
      const errors: FieldError[] = [];
      const out: Record<string, string> = {};
      for (const [key, raw] of Object.entries(b.values)) {
        const def = SETTING_DEF_MAP.get(key.toLowerCase());
        if (!def) {
          errors.push({ field: key, message: 'unknown setting' });
          continue;
        }
        // Secrets are write-only: an empty value means "keep the stored one".
        if (def.kind === 'secret' && raw === '') continue;
        const r = checkSetting(def, raw);
        if ('error' in r) errors.push({ field: key, message: r.error });
        else out[def.key] = def.kind === 'secret' ? encrypt(app.ctx.installKey, r.value) : r.value;
      }
      for (const key of b.clearSecrets ?? []) {
        const def = SETTING_DEF_MAP.get(key.toLowerCase());
        if (def?.kind !== 'secret') errors.push({ field: key, message: 'not a secret setting' });
        else out[def.key] = '';
      }
      if (out['folio.default-lang'] !== undefined) {
        const langs = await languageCodes();
        if (!langs.has(out['folio.default-lang'])) errors.push({ field: 'folio.default-lang', message: 'unknown language' });
      }
      if (errors.length) throw validation(errors);
      const changed = Object.keys(out).filter((k) => settings.get(k) !== out[k]);
      if (changed.length) {
        await settings.set(Object.fromEntries(changed.map((k) => [k, out[k]])));
        await audit(app, req, AuditAction.SETTINGS_CHANGE, 'system', { keys: changed });
      }
      return ok(settingsView(app));
    },
  );

  app.post(
    '/admin/setting/smtp/test',
    {
      config: superOnly,
      schema: { tags: ['admin'], body: Type.Object({ to: Type.String({ minLength: 3, maxLength: 255, pattern: '^[^\\s@]+@[^\\s@]+$' }) }) },
    },
    async (req) => {
      if (!smtpConfigured(app.ctx)) return ok({ ok: false, message: 'SMTP host is not set' });
      try {
        await sendMail(app.ctx, (req.body as { to: string }).to, 'Folio test e-mail', 'This is a test e-mail from Folio.');
        return ok({ ok: true, message: '' });
      } catch (e) {
        return ok({ ok: false, message: (e as Error).message.slice(0, 500) });
      }
    },
  );

  // ---- Languages ---------------------------------------------------------------------------
  async function languageCodes(): Promise<Set<string>> {
    const rows = await db.selectFrom('systemI18n').select('lang').execute();
    return new Set([...Object.keys(BUILTIN_LANGUAGES), ...rows.map((r) => r.lang)]);
  }

  app.get('/admin/i18n/lang/list', { config: superOnly, schema: { tags: ['admin'] } }, async () => {
    const rows = await db.selectFrom('systemI18n').select(['lang', 'description', 'updatedAt']).execute();
    const byLang = new Map(rows.map((r) => [r.lang, r]));
    const defaultLang = settings.get('folio.default-lang') || 'zh-CN';
    const list = Object.entries(BUILTIN_LANGUAGES).map(([lang, v]) => ({
      lang,
      description: byLang.get(lang)?.description ?? v.description,
      builtin: true,
      custom: byLang.has(lang),
      isDefault: lang === defaultLang,
      updatedAt: byLang.get(lang)?.updatedAt ?? 0,
    }));
    for (const r of rows) {
      if (BUILTIN_LANGUAGES[r.lang]) continue;
      list.push({
        lang: r.lang,
        description: r.description,
        builtin: false,
        custom: true,
        isDefault: r.lang === defaultLang,
        updatedAt: r.updatedAt,
      });
    }
    return ok(list);
  });

  /** The current content of a language (built-in merged with the stored overrides): the file to start from. */
  app.get(
    '/admin/i18n/get',
    { config: superOnly, schema: { tags: ['admin'], querystring: Type.Object({ lang: Type.String({ minLength: 1, maxLength: 32 }) }) } },
    async (req) => {
      const lang = (req.query as { lang: string }).lang;
      const row = await db.selectFrom('systemI18n').select(['description', 'content']).where('lang', '=', lang).executeTakeFirst();
      const builtin = BUILTIN_LANGUAGES[lang];
      if (!row && !builtin) throw notFound('language');
      let stored: Record<string, string> = {};
      try {
        stored = row ? JSON.parse(row.content) : {};
      } catch {
        stored = {};
      }
      const base = builtin?.content ?? BUILTIN_LANGUAGES.en.content;
      return ok({ lang, description: row?.description ?? builtin?.description ?? lang, content: { ...base, ...stored } });
    },
  );

  app.post(
    '/admin/i18n/save',
    {
      config: superOnly,
      schema: {
        tags: ['admin'],
        body: Type.Object({
          lang: Type.String({ minLength: 2, maxLength: 32, pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$' }),
          description: Type.String({ minLength: 1, maxLength: 128 }),
          content: Type.String({ minLength: 2, maxLength: MAX_LANG_JSON }),
        }),
        response: okNull,
      },
    },
    async (req) => {
      const b = req.body as { lang: string; description: string; content: string };
      let parsed: unknown;
      try {
        parsed = JSON.parse(b.content);
      } catch {
        throw validation([{ field: 'content', message: 'not valid JSON' }]);
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw validation([{ field: 'content', message: 'must be a JSON object of texts' }]);
      }
      const clean: Record<string, string> = {};
      for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
        if (typeof v !== 'string' || k.length > 200)
          throw validation([{ field: 'content', message: `"${k.slice(0, 60)}" must be a string` }]);
        clean[k] = v;
      }
      const now = Date.now();
      const content = JSON.stringify(clean);
      const r = await db
        .updateTable('systemI18n')
        .set({ description: b.description.trim(), content, updatedAt: now })
        .where('lang', '=', b.lang)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) {
        await db.insertInto('systemI18n').values({ lang: b.lang, description: b.description.trim(), content, updatedAt: now }).execute();
      }
      await audit(app, req, AuditAction.LANGUAGE_CHANGE, b.lang, { op: 'save', keys: Object.keys(clean).length });
      return ok(null);
    },
  );

  app.post(
    '/admin/i18n/delete',
    {
      config: superOnly,
      schema: { tags: ['admin'], body: Type.Object({ lang: Type.String({ minLength: 1, maxLength: 32 }) }), response: okNull },
    },
    async (req) => {
      const { lang } = req.body as { lang: string };
      if (!BUILTIN_LANGUAGES[lang] && (settings.get('folio.default-lang') || 'zh-CN') === lang) {
        throw badRequest('error.lang_is_default');
      }
      const r = await db.deleteFrom('systemI18n').where('lang', '=', lang).executeTakeFirst();
      if (Number(r.numDeletedRows) === 0) throw notFound('language');
      await audit(app, req, AuditAction.LANGUAGE_CHANGE, lang, { op: 'delete' });
      return ok(null);
    },
  );

  app.post(
    '/admin/i18n/setDefault',
    {
      config: superOnly,
      schema: { tags: ['admin'], body: Type.Object({ lang: Type.String({ minLength: 1, maxLength: 32 }) }), response: okNull },
    },
    async (req) => {
      const { lang } = req.body as { lang: string };
      if (!(await languageCodes()).has(lang)) throw notFound('language');
      await settings.set({ 'folio.default-lang': lang });
      await audit(app, req, AuditAction.SETTINGS_CHANGE, 'system', { keys: ['folio.default-lang'] });
      return ok(null);
    },
  );

  // ---- Audit log ---------------------------------------------------------------------------
  app.get(
    '/admin/audit/page',
    {
      config: superOnly,
      schema: {
        tags: ['admin'],
        querystring: Type.Object({
          ...Paging,
          action: Type.Optional(Type.String({ maxLength: 64 })),
          actor: Type.Optional(Type.String({ maxLength: 128 })),
          target: Type.Optional(Type.String({ maxLength: 255 })),
          from: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_EPOCH_MS })),
          to: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_EPOCH_MS })),
        }),
      },
    },
    async (req) => {
      const q = req.query as {
        pageIndex?: number;
        pageSize?: number;
        action?: string;
        actor?: string;
        target?: string;
        from?: number;
        to?: number;
      };
      const pageIndex = q.pageIndex ?? 1;
      const pageSize = q.pageSize ?? 20;
      let base = db.selectFrom('auditLogs');
      const esc = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
      if (q.action) base = base.where('action', 'like', `${esc(q.action)}%`);
      if (q.actor) base = base.where(sql`lower(actor_name)`, 'like', `%${esc(q.actor.toLowerCase())}%`);
      if (q.target) base = base.where('target', '=', q.target);
      if (q.from !== undefined) base = base.where('createdAt', '>=', q.from);
      if (q.to !== undefined) base = base.where('createdAt', '<=', q.to);
      const [rows, total] = await Promise.all([
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageIndex - 1) * pageSize)
          .execute(),
        base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return ok({
        list: rows.map((r) => ({
          id: r.id,
          createdAt: Number(r.createdAt),
          actorId: r.actorId ? app.ctx.ids.encode(r.actorId) : '',
          actorName: r.actorName,
          action: r.action,
          target: r.target,
          detail: r.detail,
          ip: r.ip,
        })),
        total: Number(total.n),
        pageIndex,
        pageSize,
      });
    },
  );

  app.get('/admin/audit/actions', { config: superOnly, schema: { tags: ['admin'] } }, async () => ok(Object.values(AuditAction)));
}
