/** Opaque external ids (Hashids, min length 8) over internal integer keys. */
import Hashids from 'hashids';
import { shuffle } from 'hashids/util';
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
  /** Per lottery character: the shuffled alphabet (as text), then per padding round its two halves as text. */
  private readonly memo = new Map<string, { alphabet: string; pads: [string, string][]; chain: string[][] }>();
  private readonly guards: string;
  constructor(private readonly h: HashidsState) {
    this.guards = h.guards.join('');
  }

  encode(n: number): string {
    const { alphabet, salt, minLength } = this.h;
    const guards = this.guards;
    const idInt = n % 100;
    const lottery = alphabet[idInt % alphabet.length];
    let m = this.memo.get(lottery);
    if (!m) {
      const shuffled = shuffle(alphabet, [lottery, ...salt, ...alphabet]);
      m = { alphabet: shuffled.join(''), pads: [], chain: [shuffled] };
      this.memo.set(lottery, m);
    }
    // toAlphabet, on text: the digits of n in the shuffled alphabet, most significant first.
    const a = m.alphabet;
    const len = a.length;
    let digits = '';
    let v = n;
    do {
      digits = a[v % len] + digits;
      v = Math.floor(v / len);
    } while (v > 0);
    let ret = lottery + digits;
    if (ret.length < minLength) {
      ret = guards[(idInt + ret.charCodeAt(0)) % guards.length] + ret;
      if (ret.length < minLength) ret += guards[(idInt + ret.charCodeAt(2)) % guards.length];
    }
    const half = Math.floor(len / 2);
    for (let k = 1; ret.length < minLength; k++) {
      if (!m.pads[k]) {
        const s = shuffle(m.chain[k - 1], m.chain[k - 1]);
        m.chain[k] = s;
        m.pads[k] = [s.slice(half).join(''), s.slice(0, half).join('')];
      }
      const [left, right] = m.pads[k];
      ret = left + ret + right;
      const excess = ret.length - minLength;
      if (excess > 0) {
        const from = Math.floor(excess / 2);
        ret = ret.slice(from, from + minLength);
      }
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
