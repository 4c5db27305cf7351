/**
 * Admin console API (super admins only, `auth: 'super'`): system settings (secrets write-only, encrypted at rest),
 * SMTP test e-mail, UI languages, and the audit log. Contracts: packages/shared/src/schemas/admin.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AuditPageQuery,
  AuditPageSchema,
  LangInput,
  LanguageItemSchema,
  LanguageSaveInput,
  LanguageSchema,
  SettingsPageSchema,
  SettingsUpdateInput,
  SettingsViewSchema,
  SmtpTestInput,
  SmtpTestSchema,
} from '@folio/shared';
import { Type } from 'typebox';
import { ok, okNull, okResponse } from '../../plugins/envelope.js';
import * as admin from './admin.service.js';
import { AuditAction, audit } from './audit.js';

const tags = ['admin'];
const superOnly = { auth: 'super' as const };

export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/setting/get',
    { config: superOnly, schema: { tags, summary: 'The system settings and their definitions', response: okResponse(SettingsPageSchema) } },
    async () => ok(admin.settingsPage(app)),
  );

  app.post(
    '/admin/setting/update',
    {
      config: superOnly,
      schema: { tags, summary: 'Change system settings', body: SettingsUpdateInput, response: okResponse(SettingsViewSchema) },
    },
    async (req) => {
      const changed = await admin.updateSettings(app, req.body);
      if (changed.length) await audit(app, req, AuditAction.SETTINGS_CHANGE, 'system', { keys: changed });
      return ok(admin.settingsView(app));
    },
  );

  app.post(
    '/admin/setting/smtp/test',
    {
      config: superOnly,
      schema: { tags, summary: 'Send a test e-mail with the SMTP settings', body: SmtpTestInput, response: okResponse(SmtpTestSchema) },
    },
    async (req) => ok(await admin.smtpTest(app, req.body.to)),
  );

  // ---- Languages ---------------------------------------------------------------------------
  app.get(
    '/admin/i18n/lang/list',
    { config: superOnly, schema: { tags, summary: 'The UI languages', response: okResponse(Type.Array(LanguageItemSchema)) } },
    async () => ok(await admin.languageList(app)),
  );

  app.get(
    '/admin/i18n/get',
    {
      config: superOnly,
      schema: {
        tags,
        summary: "A language's texts (built-in merged with overrides)",
        querystring: LangInput,
        response: okResponse(LanguageSchema),
      },
    },
    async (req) => ok(await admin.languageOf(app, req.query.lang)),
  );

  app.post(
    '/admin/i18n/save',
    { config: superOnly, schema: { tags, summary: "Store a language's texts", body: LanguageSaveInput, response: okNull } },
    async (req) => {
      const keys = await admin.saveLanguage(app, req.body);
      await audit(app, req, AuditAction.LANGUAGE_CHANGE, req.body.lang, { op: 'save', keys });
      return ok(null);
    },
  );

  app.post(
    '/admin/i18n/delete',
    { config: superOnly, schema: { tags, summary: "Delete a language's stored texts", body: LangInput, response: okNull } },
    async (req) => {
      await admin.deleteLanguage(app, req.body.lang);
      await audit(app, req, AuditAction.LANGUAGE_CHANGE, req.body.lang, { op: 'delete' });
      return ok(null);
    },
  );

  app.post(
    '/admin/i18n/setDefault',
    { config: superOnly, schema: { tags, summary: 'Make a language the default', body: LangInput, response: okNull } },
    async (req) => {
      await admin.setDefaultLanguage(app, req.body.lang);
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
        tags,
        summary: 'A page of the audit log, newest first',
        querystring: AuditPageQuery,
        response: okResponse(AuditPageSchema),
      },
    },
    async (req) => ok(await admin.auditLog(app, req.query)),
  );

  app.get(
    '/admin/audit/actions',
    { config: superOnly, schema: { tags, summary: 'The audit action names', response: okResponse(Type.Array(Type.String())) } },
    async () => ok(Object.values(AuditAction)),
  );
};
