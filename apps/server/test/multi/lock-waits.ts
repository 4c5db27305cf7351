/**
 * What PostgreSQL and MariaDB/MySQL show of the sessions waiting on a test's row locks (pg_blocking_pids;
 * information_schema.innodb_lock_waits): the fault suite holds row locks, waits until the server's writes
 * wait on them, and kills the server then.
 */
import { sql } from 'kysely';
import type { Db, Tx } from '../../src/db/database.js';

type Dialect = 'postgres' | 'mysql';

export interface Waiter {
  session: number;
  /** The sessions it waits for. */
  blockers: number[];
  /** The statement it waits in. */
  query: string;
  /** Its transaction has written rows (MariaDB: rows modified; PostgreSQL: it holds a write lock on `docs`). */
  wrote: boolean;
}

/** The database session of a connection (inside a transaction: the transaction's). */
export async function sessionOf(conn: Db | Tx, dialect: Dialect): Promise<number> {
  const q =
    dialect === 'postgres'
      ? sql<{ session: number }>`select pg_backend_pid() as session`
      : sql<{ session: number }>`select connection_id() as session`;
  return Number((await q.execute(conn)).rows[0].session);
}

/** Every session that waits on `holder`, directly or behind another session that does. */
export async function waitersOn(db: Db, dialect: Dialect, holder: number): Promise<Waiter[]> {
  const all = new Map<number, Waiter>();
  if (dialect === 'postgres') {
    const r = await sql<{ session: number; blockers: number[]; query: string; wrote: boolean }>`
      select a.pid as session, pg_blocking_pids(a.pid) as blockers, a.query as query,
        exists (select 1 from pg_locks l join pg_class c on c.oid = l.relation
                where l.pid = a.pid and l.granted and l.mode = 'RowExclusiveLock'
                  and c.relname = 'docs' and c.relnamespace = current_schema()::regnamespace) as wrote
      from pg_stat_activity a where cardinality(pg_blocking_pids(a.pid)) > 0`.execute(db);
    for (const w of r.rows) all.set(Number(w.session), { ...w, session: Number(w.session), blockers: w.blockers.map(Number) });
  } else {
    const r = await sql<{ session: number; blocker: number; query: string | null; modified: number }>`
      select r.trx_mysql_thread_id as session, b.trx_mysql_thread_id as blocker, r.trx_query as query, r.trx_rows_modified as modified
      from information_schema.innodb_lock_waits w
      join information_schema.innodb_trx r on r.trx_id = w.requesting_trx_id
      join information_schema.innodb_trx b on b.trx_id = w.blocking_trx_id`.execute(db);
    for (const w of r.rows) {
      const s = Number(w.session);
      const seen = all.get(s) ?? { session: s, blockers: [], query: w.query ?? '', wrote: Number(w.modified) > 0 };
      seen.blockers.push(Number(w.blocker));
      all.set(s, seen);
    }
  }
  const reached = new Set([holder]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const w of all.values()) {
      if (!reached.has(w.session) && w.blockers.some((b) => reached.has(b))) {
        reached.add(w.session);
        grew = true;
      }
    }
  }
  return [...all.values()].filter((w) => reached.has(w.session));
}

/** Which of these sessions still exist (a killed client's session ends once its statement stops waiting). */
export async function liveSessions(db: Db, dialect: Dialect, sessions: number[]): Promise<number[]> {
  if (!sessions.length) return [];
  const ids = sql.join(sessions.map((s) => sql.lit(s)));
  const q =
    dialect === 'postgres'
      ? sql<{ session: number }>`select pid as session from pg_stat_activity where pid in (${ids})`
      : sql<{ session: number }>`select id as session from information_schema.processlist where id in (${ids})`;
  return (await q.execute(db)).rows.map((r) => Number(r.session));
}
