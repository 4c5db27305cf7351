/**
 * The system settings an administrator edits in /admin/setting: key, kind and limits. Values live in
 * the Settings store (modules/system/settings.ts) and apply without restart. Secret kinds are write-only:
 * stored encrypted with the install key, never returned, only reported as set or not.
 */
import { REQUEST_TIMEOUT_MS } from '@folio/shared';

export type SettingKind = 'bool' | 'int' | 'string' | 'text' | 'enum' | 'secret';

export interface SettingDef {
  key: string;
  kind: SettingKind;
  /** Max length (string/text/secret) or max value (int). */
  max?: number;
  min?: number;
  options?: readonly string[];
  group: 'base' | 'push' | 'robot' | 'upload' | 'smtp' | 'ldap' | 'form' | 'oauth' | 'metersphere' | 'audit' | 'openapi' | 'debug' | 'mock';
}

export const SETTING_DEFS: readonly SettingDef[] = [
  { key: 'folio.register.enable', kind: 'bool', group: 'base' },
  { key: 'folio.default-lang', kind: 'string', max: 32, group: 'base' },
  { key: 'folio.public-url', kind: 'string', max: 512, group: 'base' },
  { key: 'folio.doc-sort-type', kind: 'enum', options: ['by_order', 'by_name', 'by_url'], group: 'base' },
  { key: 'folio.snapshot-size', kind: 'int', min: 1, max: 1000, group: 'base' },
  { key: 'folio.init-order', kind: 'int', min: 0, max: 100_000_000, group: 'base' },
  { key: 'folio.push.override', kind: 'bool', group: 'push' },
  { key: 'folio.push.print-content', kind: 'bool', group: 'push' },
  { key: 'folio.push.allow-same-folder', kind: 'bool', group: 'push' },
  { key: 'folio.push.run-window-seconds', kind: 'int', min: 0, max: 3600, group: 'push' },
  { key: 'folio.push.null-result', kind: 'bool', group: 'push' },
  { key: 'folio.push.dingding-webhook-content', kind: 'text', max: 4000, group: 'robot' },
  { key: 'folio.push.wecom-webhook-content', kind: 'text', max: 4000, group: 'robot' },
  { key: 'folio.upload.max-mb', kind: 'int', min: 1, max: 2048, group: 'upload' },
  { key: 'folio.import.max-mb', kind: 'int', min: 1, max: 2048, group: 'upload' },
  { key: 'folio.outbound.allowlist', kind: 'text', max: 4000, group: 'upload' },
  { key: 'folio.smtp.host', kind: 'string', max: 255, group: 'smtp' },
  { key: 'folio.smtp.port', kind: 'int', min: 1, max: 65535, group: 'smtp' },
  { key: 'folio.smtp.secure', kind: 'bool', group: 'smtp' },
  { key: 'folio.smtp.ignore-tls', kind: 'bool', group: 'smtp' },
  { key: 'folio.smtp.user', kind: 'string', max: 255, group: 'smtp' },
  { key: 'folio.smtp.password', kind: 'secret', max: 512, group: 'smtp' },
  { key: 'folio.smtp.from', kind: 'string', max: 255, group: 'smtp' },
  { key: 'folio.login.ldap.enable', kind: 'bool', group: 'ldap' },
  { key: 'folio.ldap.url', kind: 'string', max: 512, group: 'ldap' },
  { key: 'folio.ldap.starttls', kind: 'bool', group: 'ldap' },
  { key: 'folio.ldap.ca-cert', kind: 'text', max: 20_000, group: 'ldap' },
  { key: 'folio.ldap.bind-dn', kind: 'string', max: 512, group: 'ldap' },
  { key: 'folio.ldap.bind-password', kind: 'secret', max: 512, group: 'ldap' },
  { key: 'folio.ldap.base-dn', kind: 'string', max: 512, group: 'ldap' },
  { key: 'folio.ldap.user-filter', kind: 'string', max: 1024, group: 'ldap' },
  { key: 'folio.ldap.attr-nickname', kind: 'string', max: 64, group: 'ldap' },
  { key: 'folio.ldap.attr-email', kind: 'string', max: 64, group: 'ldap' },
  { key: 'folio.ldap.email-domain', kind: 'string', max: 255, group: 'ldap' },
  { key: 'folio.login.form.enable', kind: 'bool', group: 'form' },
  { key: 'folio.form.button-text', kind: 'string', max: 64, group: 'form' },
  { key: 'folio.form.url', kind: 'string', max: 1024, group: 'form' },
  { key: 'folio.form.method', kind: 'enum', options: ['POST', 'GET'], group: 'form' },
  { key: 'folio.form.content-type', kind: 'enum', options: ['application/json', 'application/x-www-form-urlencoded'], group: 'form' },
  { key: 'folio.form.param-username', kind: 'string', max: 64, group: 'form' },
  { key: 'folio.form.param-password', kind: 'string', max: 64, group: 'form' },
  { key: 'folio.form.result-code', kind: 'string', max: 128, group: 'form' },
  { key: 'folio.form.result-code-value', kind: 'string', max: 128, group: 'form' },
  { key: 'folio.form.result-msg', kind: 'string', max: 128, group: 'form' },
  { key: 'folio.form.result-username', kind: 'string', max: 128, group: 'form' },
  { key: 'folio.form.result-nickname', kind: 'string', max: 128, group: 'form' },
  { key: 'folio.form.result-email', kind: 'string', max: 128, group: 'form' },
  { key: 'folio.login.oauth.enable', kind: 'bool', group: 'oauth' },
  { key: 'folio.login.account.enable', kind: 'bool', group: 'base' },
  { key: 'metershpere.enable', kind: 'bool', group: 'metersphere' },
  { key: 'metersphere.import-url', kind: 'string', max: 255, group: 'metersphere' },
  { key: 'folio.audit.retention-days', kind: 'int', min: 1, max: 3650, group: 'audit' },
  { key: 'folio.openapi.timestamp-tolerance-minutes', kind: 'int', min: 1, max: 1440, group: 'openapi' },
  { key: 'folio.mcp.enable', kind: 'bool', group: 'openapi' },
  { key: 'folio.debug.timeout-ms', kind: 'int', min: 1000, max: 3_600_000, group: 'debug' },
  { key: 'folio.debug.max-response-mb', kind: 'int', min: 1, max: 1024, group: 'debug' },
  { key: 'folio.mock.max-delay-ms', kind: 'int', min: 0, max: 600_000, group: 'mock' },
  { key: 'folio.mock.script-timeout-ms', kind: 'int', min: 10, max: 60_000, group: 'mock' },
  { key: 'folio.mock.script-memory-mb', kind: 'int', min: 8, max: 1024, group: 'mock' },
];

export const SETTING_DEF_MAP = new Map(SETTING_DEFS.map((d) => [d.key, d]));

/** Defaults of the keys this feature adds (merged into SETTING_DEFAULTS). */
export const ADMIN_SETTING_DEFAULTS: Record<string, string> = {
  'folio.push.dingding-webhook-content': '',
  'folio.push.wecom-webhook-content': '',
  'folio.smtp.port': '587',
  'folio.smtp.secure': 'false',
  'folio.login.account.enable': 'true',
  'folio.login.ldap.enable': 'false',
  'folio.ldap.starttls': 'false',
  'folio.ldap.user-filter': '(&(objectClass=*)(uid={username}))',
  'folio.ldap.attr-nickname': 'displayName',
  'folio.ldap.attr-email': 'mail',
  'folio.login.form.enable': 'false',
  'folio.form.method': 'POST',
  'folio.form.content-type': 'application/json',
  'folio.form.param-username': 'username',
  'folio.form.param-password': 'password',
  'folio.form.result-code': 'code',
  'folio.form.result-code-value': '0',
  'folio.form.result-msg': 'msg',
  'folio.form.result-username': 'data.username',
  'folio.form.result-nickname': 'data.nickname',
  'folio.form.result-email': 'data.email',
  'folio.login.oauth.enable': 'false',
  'metersphere.import-url': '/api/definition/import',
  'folio.openapi.timestamp-tolerance-minutes': '10',
  'folio.mcp.enable': 'true',
  // Defaults of the code that reads them (push-runs.ts, open-api.ts, debug-proxy.ts, mock.service.ts).
  'folio.push.run-window-seconds': '60',
  'folio.push.null-result': 'false',
  'folio.debug.timeout-ms': String(REQUEST_TIMEOUT_MS),
  'folio.debug.max-response-mb': '50',
  'folio.mock.max-delay-ms': '10000',
  'folio.mock.script-timeout-ms': '1000',
  'folio.mock.script-memory-mb': '32',
};
