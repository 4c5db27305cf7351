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

  it('decodes a well-formed id beyond the 32-bit keys as no id (a random 8-character string sometimes is one)', () => {
    const codec = new IdCodec('beyond');
    const h = new Hashids('beyond', 8);
    expect(codec.tryDecode(h.encode(2 ** 31 - 1))).toBe(2 ** 31 - 1);
    expect(codec.tryDecode(h.encode(2 ** 31))).toBeNull();
    expect(codec.tryDecode(h.encode(267302352276))).toBeNull();
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

describe('IdCodec over a salt read on use', () => {
  it('encodes and decodes with the salt the source gives now, not the one it had before', () => {
    let salt = 'install-salt';
    const codec = new IdCodec(() => salt);
    const before = codec.encode(42);
    expect(before).toBe(new Hashids('install-salt', 8).encode(42));
    salt = '@r9#8e.N$z>09=dG';
    const torna = new Hashids(salt, 8).encode(42);
    expect(codec.encode(42)).toBe(torna);
    expect(codec.decode(torna)).toBe(42);
    expect(codec.tryDecode(before)).not.toBe(42);
  });
});
