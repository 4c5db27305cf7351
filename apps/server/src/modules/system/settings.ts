/**
 * System settings: key/value rows, keys normalised to lower case (so Torna's mixed-case keys match),
 * cached in memory and applied without restart.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { ADMIN_SETTING_DEFAULTS } from '../admin/setting-defs.js';

/** Known setting keys and their defaults. */
export const SETTING_DEFAULTS: Record<string, string> = {
  'folio.register.enable': 'false',
  'folio.default-lang': 'zh-CN',
  'folio.public-url': '',
  'folio.doc-sort-type': 'by_order',
  'folio.snapshot-size': '50',
  'folio.push.override': 'false',
  'folio.push.print-content': 'false',
  'folio.push.allow-same-folder': 'true',
  'folio.push.async-threshold': '2000',
  'folio.upload.max-mb': '20',
  'folio.outbound.allowlist': '',
  'folio.init-order': '10000',
  'metershpere.enable': 'false',
  'folio.audit.retention-days': '180',
  'torna.password.salt': '@3dG%gm^uu&=.',
  ...ADMIN_SETTING_DEFAULTS,
};

/** Keys whose values are secrets: write-only through the API. */
export const SECRET_KEYS = new Set([
  'folio.secret.install-key',
  'folio.secret.grant-key',
  'folio.secret.hashids-salt',
  'folio.smtp.password',
  'folio.ldap.bind-password',
  'folio.oauth.providers',
]);

export class Settings {
  private cache = new Map<string, string>();
  private loadedAt = 0;

  constructor(private readonly db: Db) {}

  /** Loads every row into the cache. */
  async load(): Promise<void> {
    const rows = await this.db.selectFrom('systemConfigs').select(['configKey', 'configValue']).execute();
    this.cache = new Map(rows.map((r) => [r.configKey.toLowerCase(), r.configValue]));
    this.loadedAt = Date.now();
  }

  /** A setting's value (case-insensitive key), its default, or ''. */
  get(key: string): string {
    const k = key.toLowerCase();
    return this.cache.get(k) ?? SETTING_DEFAULTS[k] ?? '';
  }

  getBool(key: string): boolean {
    return this.get(key).toLowerCase() === 'true';
  }

  getInt(key: string, fallback: number): number {
    const n = Number.parseInt(this.get(key), 10);
    return Number.isFinite(n) ? n : fallback;
  }

  /** Stores values (upsert by lower-case key) and updates the cache. */
  async set(values: Record<string, string>, conn: Db = this.db): Promise<void> {
    const now = Date.now();
    for (const [key, value] of Object.entries(values)) {
      const k = key.toLowerCase();
      const r = await conn
        .updateTable('systemConfigs')
        .set({ configValue: value, updatedAt: now })
        .where('configKey', '=', k)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) {
        await conn.insertInto('systemConfigs').values({ configKey: k, configValue: value, updatedAt: now }).execute();
      }
      this.cache.set(k, value);
    }
  }

  /** Reads (creating at first boot) a per-install secret of n random bytes, base64. */
  async ensureSecret(key: string, bytes: number): Promise<string> {
    const k = key.toLowerCase();
    const existing = this.cache.get(k);
    if (existing) return existing;
    const value = randomBytes(bytes).toString('base64');
    try {
      await this.db.insertInto('systemConfigs').values({ configKey: k, configValue: value, updatedAt: Date.now() }).execute();
      this.cache.set(k, value);
      return value;
    } catch {
      // Another process created it first: read theirs.
      await this.load();
      const v = this.cache.get(k);
      if (!v) throw new Error(`cannot create install secret ${k}`);
      return v;
    }
  }

  get age(): number {
    return Date.now() - this.loadedAt;
  }
}
