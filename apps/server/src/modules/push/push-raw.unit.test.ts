/**
 * The scanned fast path of doc.push (push-raw.ts): what it hands on must be exactly the payload the
 * plain decoder reads, for URL-encoded and raw JSON text, whatever the strings hold; a re-push that
 * differs inside one doc is read as a difference and agrees with a full scan; odd input falls back.
 */
import { describe, expect, it } from 'vitest';
import { javaUrlEncode } from './open-api.helpers.js';
import { normalizePayload } from './push-normalize.js';
import { PushJsonError, type ScannedPush, scanPushData } from './push-raw.js';

const tricky = 'braces { } [ ] , : quotes " \\" backslash \\ percent %7B %22 plus + 中文 😀 <br>';

function doc(name: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    url: `/x/${name}`,
    httpMethod: 'GET',
    description: `${name}: ${tricky}`,
    requestParams: [
      {
        name: 'status',
        type: 'enum',
        // enumInfo has `items` too: they are dictionary entries, never doc items.
        enumInfo: { name: 'Status', items: [{ name: 'ON', type: 'int', value: '1', description: '{ "on" }' }] },
        children: [{ name: 'items', type: 'array', example: '[{"a":1}]' }],
      },
    ],
    ...extra,
  };
}

function payload(changed = '', extraDoc = false) {
  return {
    author: 'ci',
    isReplace: '1',
    debugEnvs: [{ name: 'dev', url: 'http://127.0.0.1:8080' }],
    apis: [
      {
        isFolder: '1',
        name: 'Orders',
        items: [
          doc('list'),
          doc('get', changed === 'get' ? { description: 'changed { "x": [1] }' } : {}),
          { isFolder: '1', name: 'Nested', items: [doc('deep'), ...(extraDoc ? [doc('added')] : [])] },
        ],
      },
      doc('top'),
      { isFolder: '1', name: 'Empty', items: [] },
    ],
  };
}

/** The payload a scan stands for: every marker replaced by its leaf's parsed text. */
function rebuild(s: ScannedPush): unknown {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o[s.marker] === 'number') return JSON.parse(s.leaves[o[s.marker] as number].text());
      return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, walk(x)]));
    }
    return v;
  };
  return walk(s.skeleton);
}

describe('scanPushData', () => {
  it('splits URL-encoded and raw JSON data into a skeleton and doc leaves that rebuild the payload exactly', () => {
    const p = payload();
    for (const text of [javaUrlEncode(JSON.stringify(p)), JSON.stringify(p), JSON.stringify(p, null, 2)]) {
      const s = scanPushData(text);
      expect(s).not.toBeNull();
      if (!s) return;
      // list, get, deep, top: docs only, not folders, not dictionary items.
      expect(s.leaves.map((l) => JSON.parse(l.text()).name)).toEqual(['list', 'get', 'deep', 'top']);
      expect(rebuild(s)).toEqual(p);
      expect(s.full()).toEqual(p);
    }
  });

  it('normalises a scanned push exactly as the plain payload', () => {
    const p = payload();
    const s = scanPushData(javaUrlEncode(JSON.stringify(p)));
    if (!s) throw new Error('not scanned');
    const strip = (x: unknown) =>
      JSON.parse(JSON.stringify(x, (k, v) => (['raw', 'rawText', 'rawFp', 'params'].includes(k) ? undefined : v)));
    const plain = normalizePayload(p);
    const scanned = normalizePayload(s.skeleton, { scanned: s });
    expect(strip(scanned)).toEqual(strip(plain));
  });

  it('hashes leaves by their bytes: the same doc elsewhere hashes alike, a changed doc does not', () => {
    const a = scanPushData(javaUrlEncode(JSON.stringify(payload())));
    const b = scanPushData(javaUrlEncode(JSON.stringify(payload('get'))));
    if (!a || !b) throw new Error('not scanned');
    expect(b.leaves.map((l) => l.hash === a.leaves[b.leaves.indexOf(l)].hash)).toEqual([true, false, true, true]);
  });

  it('reads a re-push that differs inside one doc as a difference, and agrees with a full scan', () => {
    const key = 424242;
    const first = scanPushData(javaUrlEncode(JSON.stringify(payload())), key);
    expect(first?.reused).toBe(false);
    for (const [next, reused] of [
      [payload('get'), true], // one doc edited
      [payload('get'), true], // identical
      [payload('', true), false], // a doc added: the structure changed
      [payload(''), false],
    ] as const) {
      const text = javaUrlEncode(JSON.stringify(next));
      const viaDiff = scanPushData(text, key);
      const full = scanPushData(text);
      if (!viaDiff || !full) throw new Error('not scanned');
      expect(viaDiff.reused).toBe(reused);
      expect(rebuild(viaDiff)).toEqual(next);
      expect(viaDiff.leaves.map((l) => [l.hash, l.text()])).toEqual(full.leaves.map((l) => [l.hash, l.text()]));
    }
  });

  it('does not take an edit that splits one doc into two for a difference inside that doc', () => {
    const key = 434343;
    const before = '{"apis":[{"name":"a","url":"/a","description":"xy"},{"name":"b","url":"/b"}]}';
    const after = '{"apis":[{"name":"a","url":"/a","description":"x"},{"name":"c","url":"/c","description":"y"},{"name":"b","url":"/b"}]}';
    for (const encode of [(x: string) => x, javaUrlEncode]) {
      expect(scanPushData(encode(before), key)?.leaves).toHaveLength(2);
      const s = scanPushData(encode(after), key);
      if (!s) throw new Error('not scanned');
      expect(s.reused).toBe(false);
      expect(rebuild(s)).toEqual(JSON.parse(after));
    }
  });

  it('rebuilds the exact payload over 300 random edits of a pushed text (seeded)', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const alphabet = ['a', 'b', ' ', '"', '\\', '{', '}', '[', ']', ',', ':', '%', '+', '中', '😀', '"},{"name":"z'];
    const word = () => Array.from({ length: 1 + rnd(6) }, () => alphabet[rnd(alphabet.length)]).join('');
    const key = 454545;
    let p = payload() as ReturnType<typeof payload> & { apis: any[] };
    for (let round = 0; round < 300; round++) {
      const next = structuredClone(p);
      const docs = [next.apis[0].items[0], next.apis[0].items[1], next.apis[1]];
      const pick = rnd(4);
      if (pick === 0) docs[rnd(3)].description = word();
      else if (pick === 1) docs[rnd(3)].name = word();
      else if (pick === 2) next.apis[0].items[2].items.push(doc(word()));
      else if (next.apis[0].items[2].items.length > 1) next.apis[0].items[2].items.shift();
      const encode = rnd(2) ? javaUrlEncode : (x: string) => x;
      const text = encode(JSON.stringify(next));
      const s = scanPushData(text, key);
      if (!s) throw new Error(`round ${round}: not scanned`);
      expect(rebuild(s)).toEqual(next);
      p = next;
    }
  });

  it('leaves odd input to the plain decoder', () => {
    expect(scanPushData('%7B%22apis%22%3A%5B%7B%7D%5D%ZZ')).toBeNull(); // malformed escape
    expect(scanPushData(javaUrlEncode('[{"name":"a"}]'))).toBeNull(); // not an object
    expect(scanPushData('%7B%22apis%22:[{"name":"é"}]}')).toBeNull(); // non-ASCII in encoded text
    expect(scanPushData(javaUrlEncode('{"apis":[]}'))).toBeNull(); // nothing to skip
    expect(scanPushData(javaUrlEncode(javaUrlEncode('{"apis":[{"name":"a"}]}')))).toBeNull(); // encoded twice
    expect(scanPushData('{"apis":[{"name":"a"}] trailing')).toBeNull(); // skeleton does not parse
  });

  it('reports a malformed doc with its path when it is read', () => {
    const s = scanPushData('{"apis":[{"name":"a","url":"/a"},{"name":"b",}]}');
    if (!s) throw new Error('not scanned');
    expect(() => normalizePayload(s.skeleton, { scanned: s })).toThrow(PushJsonError);
    expect(() => normalizePayload(s.skeleton, { scanned: s })).toThrow(/apis\[1\]/);
  });
});
