/**
 * The install's encryption key (AES-GCM at rest for secrets, webhook URLs, share passwords). By default it is a
 * row of system_configs, beside the ciphertexts. With FOLIO_SECRET_KEY set, the row holds it wrapped by a key
 * derived from that variable (`env:` + ciphertext): a copy of the database alone no longer opens the secrets;
 * the trade-off is that losing FOLIO_SECRET_KEY loses them. An existing install is wrapped at its next start.
 */
import { createHash } from 'node:crypto';
import { ConfigError } from '../../config.js';
import type { Db } from '../../db/database.js';
import { decrypt, encrypt } from '../../lib/crypto.js';
import type { Settings } from './settings.js';

const KEY = 'folio.secret.install-key';

export async function loadInstallKey(db: Db, settings: Settings, secretKey: string | undefined): Promise<Buffer> {
  const stored = await settings.ensureSecret(KEY, 32);
  const wrap = secretKey ? createHash('sha256').update(secretKey).digest() : null;
  if (stored.startsWith('env:')) {
    if (!wrap) throw new ConfigError('this install keeps its encryption key wrapped by FOLIO_SECRET_KEY: set FOLIO_SECRET_KEY');
    try {
      return Buffer.from(decrypt(wrap, stored.slice(4)), 'base64');
    } catch {
      throw new ConfigError(
        'FOLIO_SECRET_KEY does not open this install’s encryption key (it is not the key the install was started with)',
      );
    }
  }
  if (wrap) {
    await db
      .updateTable('systemConfigs')
      .set({ configValue: `env:${encrypt(wrap, stored)}`, updatedAt: Date.now() })
      .where('configKey', '=', KEY)
      .execute();
  }
  return Buffer.from(stored, 'base64');
}
