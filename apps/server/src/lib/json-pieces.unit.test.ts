/** JSON in pieces gives what one JSON.stringify / JSON.parse gives: same text, same value, same key order. */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/fixtures/index.js';
import { parsePieces, stringifyInPieces, toPieces } from './json-pieces.js';

let turns = 0;
const turn = async () => {
  turns++;
};

/** Values at the edges of what JSON.stringify writes. */
const EDGES: unknown[] = [
  { a: 1, b: [1, 2, { c: 'x\ny' }], d: {}, e: [], f: null, g: true },
  { skipped: undefined, fn: () => 1, kept: 'yes', list: [undefined, () => 1, Symbol('s'), 3] },
  { '2': 'b', '1': 'a', z: { '10': 1, '9': 2, k: [[[[[['deep']]]]]] } },
  { date: new Date(0), nested: { toJSON: () => 'custom' }, text: 'é ✓ \u2028 "q" \\ \ud800' },
  JSON.parse('{"__proto__": {"polluted": true}, "x": 1}'),
  [],
  {},
  'just a string',
  42,
  null,
];

describe('stringifyInPieces', () => {
  it('writes exactly what JSON.stringify writes, indented and compact', async () => {
    for (const v of EDGES) {
      expect(await stringifyInPieces(v, 2, turn)).toBe(JSON.stringify(v, null, 2));
      expect(await stringifyInPieces(v, 0, turn)).toBe(JSON.stringify(v));
    }
  });

  it("writes Kubernetes' spec (4 MB, deep and wide) byte for byte, in pieces", async () => {
    const spec = JSON.parse(fixture('openapi/kubernetes-swagger.json.gz'));
    turns = 0;
    expect(await stringifyInPieces(spec, 2, turn)).toBe(JSON.stringify(spec, null, 2));
    expect(turns).toBeGreaterThan(1000);
    expect(await stringifyInPieces(spec, 0, turn)).toBe(JSON.stringify(spec));
  });
});

describe('toPieces + parsePieces', () => {
  it('give back the value JSON.parse gives, keys in the same order', async () => {
    for (const v of EDGES) {
      const text = JSON.stringify(v);
      if (text === undefined) continue;
      const back = await parsePieces(toPieces(JSON.parse(text)), turn);
      expect(isDeepStrictEqual(back, JSON.parse(text))).toBe(true);
      expect(JSON.stringify(back)).toBe(text);
    }
  });

  it('keep a key named __proto__ as an own property (no prototype is set)', async () => {
    const back = (await parsePieces(toPieces(JSON.parse('{"__proto__": {"polluted": true}, "x": {"__proto__": 1}}')), turn)) as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.keys(back)).toEqual(['__proto__', 'x']);
    expect((back as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(back, '__proto__')?.value).toEqual({ polluted: true });
  });

  it("give back Kubernetes' spec exactly, in many small pieces", async () => {
    const text = fixture('openapi/kubernetes-swagger.json.gz');
    const pieces = toPieces(JSON.parse(text));
    const lines = pieces.split('\n');
    expect(lines.length).toBeGreaterThan(1000);
    expect(Math.max(...lines.map((p) => p.length))).toBeLessThan(text.length / 20);
    const back = await parsePieces(pieces, turn);
    expect(JSON.stringify(back)).toBe(JSON.stringify(JSON.parse(text)));
  });
});
