/**
 * Rate limits shared by every server on the database: a counter row per rule, key and fixed window
 * (`rate_limits.bucket`, unique), upserted atomically, so N servers count the same attempts once.
 * Rows are deleted after their window (a worker tick, at most once a minute).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Dialect } from '../config.js';
import type { Db } from '../db/database.js';
import { registerPeriodic } from '../jobs/queue.js';
import { rateLimited } from './errors.js';

export interface Counter {
  hits: number;
  /** Time of the last hit, epoch ms (0 when none). */
  at: number;
}

/** A named limit: at most `limit` hits per key in each window of `windowMs`. */
export class RateLimiter {
  constructor(
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private bucket(key: string, now: number): { bucket: string; windowStart: number } {
    const windowStart = Math.floor(now / this.windowMs) * this.windowMs;
    const raw = `${this.name}:${key}`;
    const id = raw.length > 150 ? `${this.name}:#${createHash('sha256').update(key).digest('hex')}` : raw;
    return { bucket: `${id}:${windowStart}`, windowStart };
  }

  /** The current window's count of a key. */
  async get(db: Db, key: string): Promise<Counter> {
    const row = await db
      .selectFrom('rateLimits')
      .select(['hits', 'updatedAt'])
      .where('bucket', '=', this.bucket(key, Date.now()).bucket)
      .executeTakeFirst();
    return { hits: Number(row?.hits ?? 0), at: Number(row?.updatedAt ?? 0) };
  }

  /** Throws rate_limited when any key has already reached the limit (counts nothing). */
  async check(db: Db, ...keys: string[]): Promise<void> {
    for (const k of keys) if ((await this.get(db, k)).hits >= this.limit) throw rateLimited(this.windowMs / 1000);
  }

  /** Counts a hit for a key (one atomic upsert) and returns the new count. */
  async fail(db: Db, dialect: Dialect, key: string): Promise<number> {
    const now = Date.now();
    const { bucket, windowStart } = this.bucket(key, now);
    const values = { bucket, hits: 1, windowStart, updatedAt: now, expiresAt: windowStart + this.windowMs };
    if (dialect === 'mysql') {
      await db.insertInto('rateLimits').values(values).onDuplicateKeyUpdate({ hits: sql`hits + 1`, updatedAt: now }).execute();
    } else {
      await db
        .insertInto('rateLimits')
        .values(values)
        .onConflict((oc) => oc.column('bucket').doUpdateSet({ hits: sql`rate_limits.hits + 1`, updatedAt: now }))
        .execute();
    }
    return (await this.get(db, key)).hits;
  }

  /** Counts a hit and throws rate_limited when the key went over the limit. */
  async hit(db: Db, dialect: Dialect, key: string): Promise<void> {
    if ((await this.fail(db, dialect, key)) > this.limit) throw rateLimited(this.windowMs / 1000);
  }

  /** Forgets a key's current window (after a success). */
  async reset(db: Db, key: string): Promise<void> {
    await db.deleteFrom('rateLimits').where('bucket', '=', this.bucket(key, Date.now()).bucket).execute();
  }
}

/** Deletes counter rows whose window is over (any server may do it; a worker tick, at most once a minute). */
export async function sweepRateLimits(db: Db): Promise<void> {
  await db.deleteFrom('rateLimits').where('expiresAt', '<', Date.now()).execute();
}

let lastSweep = 0;
registerPeriodic(async (app) => {
  if (Date.now() - lastSweep < 60_000) return;
  lastSweep = Date.now();
  await sweepRateLimits(app.ctx.db);
});
