/**
 * The admin console's rules: settings checked against their definitions (secrets write-only, encrypted at rest),
 * UI languages (built-in ones merged with stored overrides) and the audit log. Super admins only (declared on the
 * routes). No HTTP types.
 */
import {
  type AuditPage,
  type AuditPageInput,
  BUILTIN_LANGUAGES,
  type LanguageItem,
  type LanguageSaveRequest,
  type SettingsUpdateRequest,
  type SettingsView,
} from '@folio/shared';
import type { FastifyInstance } from 'fastify';
import { encrypt } from '../../lib/crypto.js';
import { badRequest, type FieldError, notFound, validation } from '../../lib/errors.js';
import { sendMail, smtpConfigured } from '../../lib/mailer.js';
import { publicUrlInForce } from '../../lib/public-url.js';
import * as repo from './admin.repo.js';
import { SETTING_DEF_MAP, SETTING_DEFS, type SettingDef } from './setting-defs.js';

type App = FastifyInstance;

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
export function settingsView(app: App): SettingsView {
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

/** The settings with their definitions (the admin settings page). */
export function settingsPage(app: App) {
  return {
    ...settingsView(app),
    defs: SETTING_DEFS.map((d) => ({ key: d.key, kind: d.kind, group: d.group, options: [...(d.options ?? [])], min: d.min, max: d.max })),
  };
}

/** The language codes in use: built-in and stored. */
async function languageCodes(app: App): Promise<Set<string>> {
  const rows = await repo.languages(app.ctx.db);
  return new Set([...Object.keys(BUILTIN_LANGUAGES), ...rows.map((r) => r.lang)]);
}

/** Checks and stores changed settings; returns the keys that changed (every error at once, nothing stored then). */
export async function updateSettings(app: App, b: SettingsUpdateRequest): Promise<string[]> {
  const { settings, installKey } = app.ctx;
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
    else out[def.key] = def.kind === 'secret' ? encrypt(installKey, r.value) : r.value;
  }
  for (const key of b.clearSecrets ?? []) {
    const def = SETTING_DEF_MAP.get(key.toLowerCase());
    if (def?.kind !== 'secret') errors.push({ field: key, message: 'not a secret setting' });
    else out[def.key] = '';
  }
  if (out['folio.default-lang'] !== undefined && !(await languageCodes(app)).has(out['folio.default-lang'])) {
    errors.push({ field: 'folio.default-lang', message: 'unknown language' });
  }
  if (errors.length) throw validation(errors);
  const changed = Object.keys(out).filter((k) => settings.get(k) !== out[k]);
  if (changed.length) await settings.set(Object.fromEntries(changed.map((k) => [k, out[k]])));
  return changed;
}

/** Sends a test e-mail with the SMTP settings in force; says why when it cannot. */
export async function smtpTest(app: App, to: string): Promise<{ ok: boolean; message: string }> {
  if (!smtpConfigured(app.ctx)) return { ok: false, message: 'SMTP host is not set' };
  try {
    await sendMail(app.ctx, to, 'Folio test e-mail', 'This is a test e-mail from Folio.');
    return { ok: true, message: '' };
  } catch (e) {
    return { ok: false, message: (e as Error).message.slice(0, 500) };
  }
}

/** Built-in languages (with their stored overrides), then custom ones. */
export async function languageList(app: App): Promise<LanguageItem[]> {
  const rows = await repo.languages(app.ctx.db);
  const byLang = new Map(rows.map((r) => [r.lang, r]));
  const defaultLang = app.ctx.settings.get('folio.default-lang') || 'zh-CN';
  const list: LanguageItem[] = Object.entries(BUILTIN_LANGUAGES).map(([lang, v]) => ({
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
  return list;
}

/** The current content of a language (built-in merged with the stored overrides): the file to start from. */
export async function languageOf(app: App, lang: string) {
  const row = await repo.language(app.ctx.db, lang);
  const builtin = BUILTIN_LANGUAGES[lang];
  if (!row && !builtin) throw notFound('language');
  let stored: Record<string, string> = {};
  try {
    stored = row ? JSON.parse(row.content) : {};
  } catch {
    stored = {};
  }
  const base = builtin?.content ?? BUILTIN_LANGUAGES.en.content;
  return { lang, description: row?.description ?? builtin?.description ?? lang, content: { ...base, ...stored } };
}

/** Stores a language's texts (a JSON object of strings); returns how many texts it has. */
export async function saveLanguage(app: App, b: LanguageSaveRequest): Promise<number> {
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
    if (typeof v !== 'string' || k.length > 200) throw validation([{ field: 'content', message: `"${k.slice(0, 60)}" must be a string` }]);
    clean[k] = v;
  }
  await repo.saveLanguage(app.ctx.db, b.lang, b.description.trim(), JSON.stringify(clean));
  return Object.keys(clean).length;
}

/** Deletes a stored language (not a custom default one). */
export async function deleteLanguage(app: App, lang: string): Promise<void> {
  if (!BUILTIN_LANGUAGES[lang] && (app.ctx.settings.get('folio.default-lang') || 'zh-CN') === lang) {
    throw badRequest('error.lang_is_default');
  }
  if (!(await repo.deleteLanguage(app.ctx.db, lang))) throw notFound('language');
}

/** Makes a language the default one. */
export async function setDefaultLanguage(app: App, lang: string): Promise<void> {
  if (!(await languageCodes(app)).has(lang)) throw notFound('language');
  await app.ctx.settings.set({ 'folio.default-lang': lang });
}

/** A page of the audit log, newest first. */
export async function auditLog(app: App, q: AuditPageInput): Promise<AuditPage> {
  const pageIndex = q.pageIndex ?? 1;
  const pageSize = q.pageSize ?? 20;
  const { rows, total } = await repo.auditPage(app.ctx.db, q, pageIndex, pageSize);
  return {
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
    total,
    pageIndex,
    pageSize,
  };
}
