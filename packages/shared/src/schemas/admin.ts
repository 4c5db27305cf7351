/** The admin console (super admins): system settings, SMTP test, UI languages and the audit log. Request and response schemas. */
import { type Static, Type } from 'typebox';
import { EpochMs, MAX_EPOCH_MS } from './common.js';

/** The settings as the admin page sees them: non-secret values, and for secrets only whether they are set. */
export const SettingsViewSchema = Type.Object({
  values: Type.Record(Type.String(), Type.String()),
  secrets: Type.Record(Type.String(), Type.Boolean(), { description: 'secret settings: whether each is set (values are write-only)' }),
  publicUrl: Type.Object(
    {
      value: Type.String({ description: 'the public URL in force' }),
      source: Type.Union([Type.Literal('setting'), Type.Literal('env'), Type.Literal('default')], { description: 'where it comes from' }),
      env: Type.String({ description: "FOLIO_PUBLIC_URL, '' when not set" }),
    },
    { description: 'the public URL in force beside its setting, which may be empty while FOLIO_PUBLIC_URL sets it' },
  ),
});
export type SettingsView = Static<typeof SettingsViewSchema>;

/** A setting's definition: its kind and limits. */
export const SettingDefSchema = Type.Object({
  key: Type.String(),
  kind: Type.String({ description: 'bool, int, string, text, enum or secret' }),
  group: Type.String(),
  options: Type.Array(Type.String(), { description: 'the choices of an enum' }),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number({ description: 'max length (string, text, secret) or max value (int)' })),
});
export type SettingDef = Static<typeof SettingDefSchema>;

/** Answer of GET /api/admin/setting/get: the settings and their definitions. */
export const SettingsPageSchema = Type.Object({ ...SettingsViewSchema.properties, defs: Type.Array(SettingDefSchema) });
export type SettingsPage = Static<typeof SettingsPageSchema>;

/** Body of POST /api/admin/setting/update. */
export const SettingsUpdateInput = Type.Object({
  values: Type.Record(Type.String({ maxLength: 128 }), Type.String({ maxLength: 20_000 }), {
    maxProperties: 200,
    description: "key → value; a secret's empty value keeps the stored one",
  }),
  clearSecrets: Type.Optional(Type.Array(Type.String({ maxLength: 128 }), { maxItems: 50 })),
});
export type SettingsUpdateRequest = Static<typeof SettingsUpdateInput>;

/** Body of POST /api/admin/setting/smtp/test. */
export const SmtpTestInput = Type.Object({ to: Type.String({ minLength: 3, maxLength: 255, pattern: '^[^\\s@]+@[^\\s@]+$' }) });
/** Answer of POST /api/admin/setting/smtp/test: whether the e-mail went out, else why not. */
export const SmtpTestSchema = Type.Object({ ok: Type.Boolean(), message: Type.String() });

/** A UI language in the admin list. */
export const LanguageItemSchema = Type.Object({
  lang: Type.String(),
  description: Type.String(),
  builtin: Type.Boolean(),
  custom: Type.Boolean({ description: 'has stored texts (a custom language, or overrides of a built-in one)' }),
  isDefault: Type.Boolean(),
  updatedAt: EpochMs,
});
export type LanguageItem = Static<typeof LanguageItemSchema>;

/** Body or query naming a language. */
export const LangInput = Type.Object({ lang: Type.String({ minLength: 1, maxLength: 32 }) });

/** Answer of GET /api/admin/i18n/get: a language's texts (built-in merged with the stored overrides). */
export const LanguageSchema = Type.Object({
  lang: Type.String(),
  description: Type.String(),
  content: Type.Record(Type.String(), Type.String()),
});

/** Body of POST /api/admin/i18n/save. */
export const LanguageSaveInput = Type.Object({
  lang: Type.String({ minLength: 2, maxLength: 32, pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$' }),
  description: Type.String({ minLength: 1, maxLength: 128 }),
  content: Type.String({ minLength: 2, maxLength: 1_000_000, description: 'a JSON object of texts' }),
});
export type LanguageSaveRequest = Static<typeof LanguageSaveInput>;

/** Query of GET /api/admin/audit/page. */
export const AuditPageQuery = Type.Object({
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Union([Type.Literal(5), Type.Literal(10), Type.Literal(20), Type.Literal(50), Type.Literal(100)])),
  action: Type.Optional(Type.String({ maxLength: 64, description: 'actions starting with this' })),
  actor: Type.Optional(Type.String({ maxLength: 128, description: 'actor names containing this (any case)' })),
  target: Type.Optional(Type.String({ maxLength: 255 })),
  from: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_EPOCH_MS })),
  to: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_EPOCH_MS })),
});
export type AuditPageInput = Static<typeof AuditPageQuery>;

/** An audit log entry. */
export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  createdAt: EpochMs,
  actorId: Type.String({ description: "the actor's user id, '' for none" }),
  actorName: Type.String(),
  action: Type.String(),
  target: Type.String(),
  detail: Type.String({ description: 'JSON text' }),
  ip: Type.String(),
});

/** A page of the audit log. */
export const AuditPageSchema = Type.Object({
  list: Type.Array(AuditEntrySchema),
  total: Type.Integer(),
  pageIndex: Type.Integer(),
  pageSize: Type.Integer(),
});
export type AuditPage = Static<typeof AuditPageSchema>;
