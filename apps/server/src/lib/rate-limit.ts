/** A fixed-window in-memory rate limiter (one process), used for logins and password checks. */
import { rateLimited } from './errors.js';

export class RateLimiter {
  private readonly hits = new Map<string, { n: number; start: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts a hit for each key; throws rate_limited when any key is over its limit. */
  hit(...keys: string[]): void {
    const now = Date.now();
    if (this.hits.size > 50_000) this.sweep(now);
    for (const k of keys) {
      const e = this.hits.get(k);
      if (!e || now - e.start > this.windowMs) this.hits.set(k, { n: 1, start: now });
      else if (++e.n > this.limit) throw rateLimited();
    }
  }

  /** Throws rate_limited when any key has already reached its limit (counts nothing). */
  check(...keys: string[]): void {
    const now = Date.now();
    for (const k of keys) {
      const e = this.hits.get(k);
      if (e && now - e.start <= this.windowMs && e.n >= this.limit) throw rateLimited();
    }
  }

  /** Counts a failed attempt for each key (without throwing). */
  fail(...keys: string[]): void {
    const now = Date.now();
    if (this.hits.size > 50_000) this.sweep(now);
    for (const k of keys) {
      const e = this.hits.get(k);
      if (!e || now - e.start > this.windowMs) this.hits.set(k, { n: 1, start: now });
      else e.n++;
    }
  }

  /** Forgets keys (after a success). */
  reset(...keys: string[]): void {
    for (const k of keys) this.hits.delete(k);
  }

  private sweep(now: number): void {
    for (const [k, e] of this.hits) if (now - e.start > this.windowMs) this.hits.delete(k);
  }
}
