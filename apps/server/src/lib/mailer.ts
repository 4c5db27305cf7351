/** Outgoing e-mail through the SMTP server configured in system settings (nodemailer). */
import nodemailer from 'nodemailer';
import type { AppContext } from '../context.js';
import { decrypt } from './crypto.js';

/** True when an SMTP host is configured. */
export function smtpConfigured(ctx: AppContext): boolean {
  return !!ctx.settings.get('folio.smtp.host');
}

/** Sends one e-mail; throws when SMTP is not configured or the server refuses. */
export async function sendMail(ctx: AppContext, to: string, subject: string, text: string): Promise<void> {
  const s = ctx.settings;
  const passwordBox = s.get('folio.smtp.password');
  const transport = nodemailer.createTransport({
    host: s.get('folio.smtp.host'),
    port: s.getInt('folio.smtp.port', 587),
    secure: s.getBool('folio.smtp.secure'),
    ignoreTLS: s.getBool('folio.smtp.ignore-tls'),
    auth: s.get('folio.smtp.user') ? { user: s.get('folio.smtp.user'), pass: decrypt(ctx.installKey, passwordBox) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  await transport.sendMail({ from: s.get('folio.smtp.from') || s.get('folio.smtp.user') || 'folio@localhost', to, subject, text });
}
