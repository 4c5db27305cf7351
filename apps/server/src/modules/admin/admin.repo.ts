/** Queries of the admin console: stored UI languages and the audit log. */
import { sql } from 'kysely';
import type { Conn } from '../../db/database.js';

/** The stored languages (custom ones and overrides of built-in ones). */
export function languages(conn: Conn) {
  return conn.selectFrom('systemI18n').select(['lang', 'description', 'updatedAt']).execute();
}

/** A stored language's description and texts (JSON). */
export function language(conn: Conn, lang: string) {
  return conn.selectFrom('systemI18n').select(['description', 'content']).where('lang', '=', lang).executeTakeFirst();
}

/** Stores a language's description and texts (insert or update). */
export async function saveLanguage(conn: Conn, lang: string, description: string, content: string): Promise<void> {
  const now = Date.now();
  const r = await conn.updateTable('systemI18n').set({ description, content, updatedAt: now }).where('lang', '=', lang).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) await conn.insertInto('systemI18n').values({ lang, description, content, updatedAt: now }).execute();
}

/** Deletes a stored language; false when there was none. */
export async function deleteLanguage(conn: Conn, lang: string): Promise<boolean> {
  const r = await conn.deleteFrom('systemI18n').where('lang', '=', lang).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Filters of the audit log. */
export interface AuditFilter {
  action?: string;
  actor?: string;
  target?: string;
  from?: number;
  to?: number;
}

/** A page of audit entries, newest first, and how many match in all. */
export async function auditPage(conn: Conn, f: AuditFilter, pageIndex: number, pageSize: number) {
  let base = conn.selectFrom('auditLogs');
  const esc = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  if (f.action) base = base.where('action', 'like', `${esc(f.action)}%`);
  if (f.actor) base = base.where(sql`lower(actor_name)`, 'like', `%${esc(f.actor.toLowerCase())}%`);
  if (f.target) base = base.where('target', '=', f.target);
  if (f.from !== undefined) base = base.where('createdAt', '>=', f.from);
  if (f.to !== undefined) base = base.where('createdAt', '<=', f.to);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageIndex - 1) * pageSize)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
