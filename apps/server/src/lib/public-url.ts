/** Folio's public base URL, as links in notices, agents' files and sign-in callbacks name it. */
import type { FastifyInstance } from 'fastify';

/**
 * The public URL in force and where it comes from: the system setting, else FOLIO_PUBLIC_URL, else the
 * server's default (http://localhost:<port>). The admin page shows it next to the setting.
 */
export function publicUrlInForce(app: FastifyInstance): { value: string; source: 'setting' | 'env' | 'default'; env: string } {
  const { config, settings } = app.ctx;
  const env = config.publicUrlFromEnv ? config.publicUrl.replace(/\/+$/, '') : '';
  const setting = settings.get('folio.public-url').trim().replace(/\/+$/, '');
  if (setting) return { value: setting, source: 'setting', env };
  return { value: config.publicUrl.replace(/\/+$/, ''), source: env ? 'env' : 'default', env };
}

/** The public URL an administrator set (the setting, else FOLIO_PUBLIC_URL); '' when neither is set. */
export function configuredPublicUrl(app: FastifyInstance): string {
  const p = publicUrlInForce(app);
  return p.source === 'default' ? '' : p.value;
}
