/** Opaque external ids (Hashids, min length 8) over internal integer keys. */
import Hashids from 'hashids';
import { notFound } from './errors.js';

/** The largest internal key (the tables' ids are 32-bit integers). */
const MAX_KEY = 2_147_483_647;

export class IdCodec {
  private h: Hashids;
  private salt: string;
  /** Encoded ids seen recently (a pure function of salt and id): Hashids costs microseconds per id, and trees encode every doc of a space. */
  private readonly cache = new Map<number, string>();
  /**
   * The same pairs the other way (an id the server encoded or decoded): decoding costs Hashids ~13 µs (it
   * re-encodes to check), once per request for most routes. Emptied with `cache` when the salt changes.
   */
  private readonly decoded = new Map<string, number>();

  /**
   * `salt` is a fixed salt, or a function read on every use: the server passes the install's salt as its
   * settings hold it (checked against the database before every request and job), so a Torna migration that
   * stores Torna's salt through any server changes the ids every server answers at its next request.
   */
  constructor(private readonly source: string | (() => string)) {
    this.salt = typeof source === 'string' ? source : source();
    this.h = new Hashids(this.salt, 8);
  }

  /** The Hashids of the current salt (rebuilt, and the cache emptied, when the salt changed). */
  private hashids(): Hashids {
    if (typeof this.source === 'function') {
      const salt = this.source();
      if (salt !== this.salt) {
        this.salt = salt;
        this.h = new Hashids(salt, 8);
        this.cache.clear();
        this.decoded.clear();
      }
    }
    return this.h;
  }

  /** Encodes an integer id; 0 (root / none) encodes as ''. */
  encode(id: number | null | undefined): string {
    if (!id) return '';
    const h = this.hashids();
    let s = this.cache.get(id);
    if (s === undefined) {
      s = h.encode(id);
      this.remember(id, s);
    }
    return s;
  }
  /** Decodes an external id; throws not_found for anything that is not one of ours. */
  decode(s: string | number | null | undefined, what = 'resource'): number {
    const n = this.tryDecode(s);
    if (n === null) throw notFound(what);
    return n;
  }
  /** Decodes, or null when it is not a valid id. Empty/'0' decode to 0 (root). */
  tryDecode(s: string | number | null | undefined): number | null {
    if (s === null || s === undefined || s === '' || s === '0' || s === 0) return 0;
    if (typeof s === 'number') return null;
    const h = this.hashids();
    const known = this.decoded.get(s);
    if (known !== undefined) return known;
    try {
      const r = h.decode(s);
      if (r.length !== 1) return null;
      const n = Number(r[0]);
      // Keys are 32-bit serials: a larger number names no row (PostgreSQL would refuse it with a 500).
      if (!Number.isSafeInteger(n) || n <= 0 || n > MAX_KEY) return null;
      this.remember(n, s);
      return n;
    } catch {
      return null;
    }
  }

  private remember(id: number, s: string): void {
    if (this.cache.size >= 100_000 || this.decoded.size >= 100_000) {
      this.cache.clear();
      this.decoded.clear();
    }
    this.cache.set(id, s);
    this.decoded.set(s, id);
  }
}
