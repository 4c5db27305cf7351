/** External ids: the memoised single-id encoder must give exactly what Hashids gives, and decode back. */
import Hashids from 'hashids';
import { describe, expect, it } from 'vitest';
import { IdCodec, SingleIdEncoder } from './ids.js';

describe('SingleIdEncoder', () => {
  it('encodes every id exactly as Hashids does (small, large, several salts and lengths)', () => {
    const ids = [
      ...Array.from({ length: 20_000 }, (_, i) => i + 1),
      ...Array.from({ length: 5_000 }, (_, i) => Math.floor(((i * 2654435761) % 1e9) + 1e6)),
      2 ** 31 - 1,
      2 ** 40 + 7,
      Number.MAX_SAFE_INTEGER,
    ];
    for (const [salt, min] of [
      ['folio-salt-1', 8],
      ['another salt with spaces', 8],
      ['', 8],
      ['x', 0],
      ['long-min', 20],
    ] as const) {
      const h = new Hashids(salt, min);
      const fast = new SingleIdEncoder(h as never);
      const wrong = ids.filter((n) => fast.encode(n) !== h.encode(n));
      expect(wrong).toEqual([]);
    }
  });

  it('round-trips through the codec', () => {
    const codec = new IdCodec('round-trip');
    for (const n of [1, 99, 100, 101, 123456, 987654321]) expect(codec.decode(codec.encode(n))).toBe(n);
    expect(codec.encode(0)).toBe('');
  });
});
