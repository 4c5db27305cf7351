/** Opaque external ids (Hashids, min length 8) over internal integer keys. */
import Hashids from 'hashids';
import { shuffle, toAlphabet } from 'hashids/util';
import { notFound } from './errors.js';

/** The parts of a Hashids instance its encoder uses (private in its types, stable in its code). */
interface HashidsState {
  alphabet: string[];
  salt: string[];
  guards: string[];
  minLength: number;
}

/**
 * Hashids#encode for one number, the same output with the alphabet shuffles memoised: for a single
 * number the shuffled alphabet depends only on the lottery character (n % 100), and the padding
 * shuffles only on that alphabet, so each is computed once instead of on every call.
 */
export class SingleIdEncoder {
  /** Per lottery character: the shuffled alphabet, then per padding round its two halves as text. */
  private readonly memo = new Map<string, { alphabet: string[]; pads: [string, string][]; chain: string[][] }>();
  constructor(private readonly h: HashidsState) {}

  encode(n: number): string {
    const { alphabet, salt, guards, minLength } = this.h;
    const idInt = n % 100;
    const lottery = alphabet[idInt % alphabet.length];
    let m = this.memo.get(lottery);
    if (!m) {
      const shuffled = shuffle(alphabet, [lottery, ...salt, ...alphabet]);
      m = { alphabet: shuffled, pads: [], chain: [shuffled] };
      this.memo.set(lottery, m);
    }
    let ret = lottery + toAlphabet(n, m.alphabet).join('');
    if (ret.length < minLength) {
      ret = guards[(idInt + (ret.codePointAt(0) ?? 0)) % guards.length] + ret;
      if (ret.length < minLength) ret += guards[(idInt + (ret.codePointAt(2) ?? 0)) % guards.length];
    }
    const half = Math.floor(m.alphabet.length / 2);
    for (let k = 1; ret.length < minLength; k++) {
      if (!m.pads[k]) {
        const a = shuffle(m.chain[k - 1], m.chain[k - 1]);
        m.chain[k] = a;
        m.pads[k] = [a.slice(half).join(''), a.slice(0, half).join('')];
      }
      const [left, right] = m.pads[k];
      ret = left + ret + right;
      const excess = ret.length - minLength;
      if (excess > 0) ret = ret.slice(excess / 2, excess / 2 + minLength);
    }
    return ret;
  }
}

export class IdCodec {
  private readonly h: Hashids;
  private readonly single: SingleIdEncoder;
  constructor(salt: string) {
    this.h = new Hashids(salt, 8);
    this.single = new SingleIdEncoder(this.h as unknown as HashidsState);
  }
  /** Encoded ids seen recently: Hashids costs microseconds per id, and trees encode every doc of a space. */
  private readonly cache = new Map<number, string>();

  /** Encodes an integer id; 0 (root / none) encodes as ''. */
  encode(id: number | null | undefined): string {
    if (!id) return '';
    let s = this.cache.get(id);
    if (s === undefined) {
      s = Number.isSafeInteger(id) && id > 0 ? this.single.encode(id) : this.h.encode(id);
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
