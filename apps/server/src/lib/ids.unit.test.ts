/** External ids: Hashids with a Map in front; ids round-trip and match the library's own output. */
import Hashids from 'hashids';
import { describe, expect, it } from 'vitest';
import { IdCodec } from './ids.js';

describe('IdCodec', () => {
  it('round-trips through the codec', () => {
    const codec = new IdCodec('round-trip');
    for (const n of [1, 99, 100, 101, 123456, 987654321]) expect(codec.decode(codec.encode(n))).toBe(n);
    expect(codec.encode(0)).toBe('');
  });

  it('encodes as the Hashids library does (min length 8), before and after the Map holds the id', () => {
    const codec = new IdCodec('folio-salt-1');
    const h = new Hashids('folio-salt-1', 8);
    for (const n of [1, 2, 99, 100, 123456, 2 ** 31 - 1]) {
      expect(codec.encode(n)).toBe(h.encode(n));
      expect(codec.encode(n)).toBe(h.encode(n));
    }
  });
});
