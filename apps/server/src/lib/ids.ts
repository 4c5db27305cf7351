/** Opaque external ids (Hashids, min length 8) over internal integer keys. */
import Hashids from 'hashids';
import { notFound } from './errors.js';

export class IdCodec {
  private readonly h: Hashids;
  constructor(salt: string) {
    this.h = new Hashids(salt, 8);
  }
  /** Encoded ids seen recently (a pure function of the id): Hashids costs microseconds per id, and trees encode every doc of a space. */
  private readonly cache = new Map<number, string>();

  /** Encodes an integer id; 0 (root / none) encodes as ''. */
  encode(id: number | null | undefined): string {
    if (!id) return '';
    let s = this.cache.get(id);
    if (s === undefined) {
      s = this.h.encode(id);
      if (this.cache.size >= 100_000) this.cache.clear();
      this.cache.set(id, s);
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
    try {
      const r = this.h.decode(s);
      if (r.length !== 1) return null;
      const n = Number(r[0]);
      return Number.isSafeInteger(n) && n > 0 ? n : null;
    } catch {
      return null;
    }
  }
}
