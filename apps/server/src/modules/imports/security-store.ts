/**
 * Security schemes and requirements of applications (`module_security`, one JSON row per application):
 * written by imports inside their transaction, read by the exports and the doc view.
 */
import type { SecurityData } from '@folio/shared';
import type { Dialect } from '../../config.js';
import { type Conn, insertId } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';

const isEmpty = (s: SecurityData) => !Object.keys(s.schemes).length && !s.requirement && !Object.keys(s.docs).length;

/**
 * Stores what an import brought: its schemes are added (a same-named one replaced), its default requirement
 * replaces the stored one, its docs' requirements are added (`replace`: the stored ones are dropped first).
 */
export async function saveSecurity(tx: Conn, dialect: Dialect, moduleId: number, s: SecurityData, replace: boolean): Promise<void> {
  const row = await tx.selectFrom('moduleSecurity').select(['id', 'body']).where('moduleId', '=', moduleId).executeTakeFirst();
  if (!row && isEmpty(s)) return;
  const now = Date.now();
  const had = row ? (JSON.parse(row.body) as SecurityData) : null;
  const next: SecurityData =
    had && !replace
      ? { schemes: { ...had.schemes, ...s.schemes }, requirement: s.requirement ?? had.requirement, docs: { ...had.docs, ...s.docs } }
      : s;
  const body = JSON.stringify(next);
  if (row) await tx.updateTable('moduleSecurity').set({ body, updatedAt: now }).where('id', '=', row.id).execute();
  else await insertId(tx, dialect, 'moduleSecurity', { moduleId, body, createdAt: now, updatedAt: now });
}

/** The security data of applications (those without any are absent). */
/** One application's schemes (compiled once: every doc read asks). */
const securityOfOne = prepared(1, (db: Conn, moduleId: number) =>
  db.selectFrom('moduleSecurity').select(['moduleId', 'body']).where('moduleId', '=', moduleId),
);

export async function loadSecurity(db: Conn, moduleIds: number[]): Promise<Map<number, SecurityData>> {
  const out = new Map<number, SecurityData>();
  if (!moduleIds.length) return out;
  const rows =
    moduleIds.length === 1
      ? await securityOfOne(db, moduleIds[0])
      : await db.selectFrom('moduleSecurity').select(['moduleId', 'body']).where('moduleId', 'in', moduleIds).execute();
  for (const r of rows) out.set(r.moduleId, JSON.parse(r.body) as SecurityData);
  return out;
}
