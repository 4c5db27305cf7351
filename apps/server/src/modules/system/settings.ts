/**
 * System settings: key/value rows, keys normalised to lower case (so Torna's mixed-case keys match).
 * Every server reads them from the database when used: every request's first statement (plugins/auth.ts,
 * through `readWith`) and `refresh()` (before every background job) read the revision row that each write
 * replaces in its transaction, and all rows are reloaded when it differs from the copy in hand. So a change made through one server applies on every server at
 * its next request, and no copy is trusted by age.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type Conn, type Db, inTx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
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
  // An API description Folio exported must import again: Stripe's whole API exports as 85.5 MB of JSON.
  'folio.import.max-mb': '100',
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

/** The row every settings write replaces (a random value), so readers know their copy is current. */
export const REVISION_KEY = 'folio.settings.revision';

/** The revision row's value (built once; read on every request). */
const revisionRow = prepared(1, (db: Db, key: string) => db.selectFrom('systemConfigs').select('configValue').where('configKey', '=', key));

export class Settings {
  private cache = new Map<string, string>();
  /** Order of the reads started by this process, so an older read finishing late never replaces a newer one. */
  private started = 0;
  private applied = 0;

  constructor(private readonly db: Db) {}

  /** Loads every row. */
  async load(): Promise<void> {
    const seq = ++this.started;
    const rows = await this.db.selectFrom('systemConfigs').select(['configKey', 'configValue']).execute();
    if (seq < this.applied) return;
    this.applied = seq;
    this.cache = new Map(rows.map((r) => [r.configKey.toLowerCase(), r.configValue]));
  }

  /** Checks the revision row (one indexed read) and reloads every row when another write changed it. */
  async refresh(): Promise<void> {
    await this.readWith(
      () => revisionRow(this.db, REVISION_KEY),
      ([row]) => row?.configValue,
    );
  }

  /**
   * Runs `read`, a statement that reads the revision row among other things (each request's first statement
   * reads it beside the session: plugins/auth.ts), and reloads every row when the revision it saw differs
   * from the copy in hand. Returns what `read` returned.
   */
  async readWith<T>(read: () => Promise<T>, revisionOf: (result: T) => string | null | undefined): Promise<T> {
    const seq = ++this.started;
    const result = await read();
    if ((revisionOf(result) ?? '') !== (this.cache.get(REVISION_KEY) ?? '') || seq <= this.applied) await this.load();
    return result;
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

  /** Stores values (upsert by lower-case key) and a new revision, in one transaction. */
  async set(values: Record<string, string>, conn: Conn = this.db): Promise<void> {
    const now = Date.now();
    const all = { ...values, [REVISION_KEY]: randomUUID() };
    await inTx(conn, async (tx) => {
      for (const [key, value] of Object.entries(all)) {
        const k = key.toLowerCase();
        const r = await tx
          .updateTable('systemConfigs')
          .set({ configValue: value, updatedAt: now })
          .where('configKey', '=', k)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) {
          await tx.insertInto('systemConfigs').values({ configKey: k, configValue: value, updatedAt: now }).execute();
        }
      }
    });
    // Inside a caller's transaction the next refresh() sees the new revision once it commits.
    if (!conn.isTransaction) await this.load();
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
}
